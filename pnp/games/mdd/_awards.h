/* The v2.1 award records of the compiled race step (_awards.c), as _race.c calls them. */
#ifndef PNP_MDD_AWARDS_H
#define PNP_MDD_AWARDS_H

#include <Python.h>

typedef struct Awards Awards;
Awards *awards_new(int cars);
void awards_free(Awards *a);
void awards_reset(Awards *a);
void awards_start_roll(Awards *a, int car);
void awards_damage(Awards *a, int car, int amount, int left, long long turn);
void awards_bump(Awards *a, int car);
void awards_roll(Awards *a);
PyObject *awards_holders(const Awards *a);

#endif
