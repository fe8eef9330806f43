/* The v2.1 award records of the compiled race step: awards.py's `record_roll`, `full_lives_holders` and
 * `holders`, and the bookkeeping of fastrace.play_fast's `if awards` branches, for _race.c (setup.py
 * compiles both files into one module).
 *
 * Input: one `Awards` per `_race.Race(..., awards=True)`, reset for each race, and the calls of _race.c in
 * the order play_fast makes them: `awards_damage` from its damage (every life lost), `awards_bump` for
 * each bump, `awards_start_roll` and `awards_roll` around each roll, `awards_holders` for the result.
 * Output: the holders of each pawn of awards.PAWNS, as `holders()` returns them. The records change once
 * per damage and once per roll, as in play_fast; tests/games/mdd/engine/test_compiled_step.py compares
 * both race by race.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_awards.h"

struct Awards {
    int cars;
    /* awards.Awards: the record holders (car, or -1) and record values */
    int violent_car, violent;        /* red: most lives taken from other cars in one roll (5 or more) */
    int best_car, best;              /* green: most cars bumped in one roll (3 or more) */
    int terminator_car, terminator;  /* blue: most cars eliminated in the race (1 or more) */
    int first_bump;                  /* yellow, first part: the car of the race's first bump */
    int *eliminations;               /* by car: the cars it eliminated */
    long long *first_loss;           /* by car: the turn it first lost a life, or -1 */
    /* the roll being played (fastrace's roll_hits, roll_taken, roll_kills) */
    int roller;                      /* the car rolling: every damage of the roll is done `by` it */
    int taken, kills, bumped;        /* lives taken from other cars, cars eliminated, cars bumped */
    int *hit;                        /* by car: bumped in this roll (the set roll_hits) */
    int *hits;                       /* the `bumped` cars bumped in this roll, to clear `hit` */
};

Awards *awards_new(int cars) {  /* NULL with MemoryError */
    Awards *a = PyMem_Calloc(1, sizeof(Awards));
    if (a == NULL)
        return (Awards *)PyErr_NoMemory();
    a->cars = cars;
    a->eliminations = PyMem_Calloc((size_t)cars, sizeof(int));
    a->hit = PyMem_Calloc((size_t)cars, sizeof(int));
    a->hits = PyMem_Calloc((size_t)cars, sizeof(int));
    a->first_loss = PyMem_Calloc((size_t)cars, sizeof(long long));
    if (a->eliminations == NULL || a->hit == NULL || a->hits == NULL || a->first_loss == NULL) {
        awards_free(a);
        return (Awards *)PyErr_NoMemory();
    }
    awards_reset(a);
    return a;
}

void awards_free(Awards *a) {
    if (a == NULL)
        return;
    PyMem_Free(a->eliminations);
    PyMem_Free(a->hit);
    PyMem_Free(a->hits);
    PyMem_Free(a->first_loss);
    PyMem_Free(a);
}

void awards_reset(Awards *a) {  /* a new race: awards.Awards() and no roll going on */
    int c;
    a->violent_car = a->best_car = a->terminator_car = a->first_bump = -1;
    a->violent = 4;
    a->best = 2;
    a->terminator = 0;
    for (c = 0; c < a->cars; c++) {
        a->eliminations[c] = 0;
        a->first_loss[c] = -1;
        a->hit[c] = 0;
    }
    a->roller = -1;
    a->taken = a->kills = a->bumped = 0;
}

void awards_start_roll(Awards *a, int car) {  /* `car` rolls: the counters are clear since the last roll */
    a->roller = car;
}

/* damage(car, amount, hit, by)'s `if awards` parts, before the lives change (`left` of them): the turn of
 * the first loss, and the lives and cars another car's roll takes (`by` is always the car rolling). */
void awards_damage(Awards *a, int car, int amount, int left, long long turn) {
    if (a->first_loss[car] < 0)
        a->first_loss[car] = turn;
    if (car == a->roller)
        return;
    if (amount <= left) {
        a->taken += amount;
    } else {
        a->taken += left;
        a->kills += 1;
    }
}

void awards_bump(Awards *a, int car) {  /* roll_hits.add(car) */
    if (a->hit[car])
        return;
    a->hit[car] = 1;
    a->hits[a->bumped++] = car;
}

/* record_roll(records, car, roll_taken, len(roll_hits), roll_kills), then the roll's counters cleared. */
void awards_roll(Awards *a) {
    int car = a->roller, i, kills;
    kills = a->eliminations[car] + a->kills;
    a->eliminations[car] = kills;  /* record_roll writes it only when it changes */
    if (a->taken > a->violent) {
        a->violent_car = car;
        a->violent = a->taken;
    } else if (a->bumped > a->best) {
        a->best_car = car;
        a->best = a->bumped;
    } else if (kills > a->terminator && a->terminator_car != car) {
        a->terminator_car = car;
        a->terminator = kills;
    } else if (a->first_bump < 0 && a->bumped) {
        a->first_bump = car;
    }
    if (a->terminator_car == car)
        a->terminator = kills;
    for (i = 0; i < a->bumped; i++)
        a->hit[a->hits[i]] = 0;
    a->taken = a->kills = a->bumped = 0;
    a->roller = -1;
}

static PyObject *one_holder(int car) {  /* (car,), or () for nobody */
    return car >= 0 ? Py_BuildValue("(i)", car) : PyTuple_New(0);
}

/* full_lives_holders(): the cars that never lost a life, else those that lost their first the latest. */
static PyObject *full_lives_holders(const Awards *a) {
    PyObject *out, *item;
    long long last = -1;
    int c, never = 0, count = 0, k = 0;
    for (c = 0; c < a->cars; c++) {
        if (a->first_loss[c] < 0)
            never += 1;
        else if (a->first_loss[c] > last)
            last = a->first_loss[c];
    }
    for (c = 0; c < a->cars; c++)
        count += never ? a->first_loss[c] < 0 : a->first_loss[c] == last;
    if ((out = PyTuple_New(count)) == NULL)
        return NULL;
    for (c = 0; c < a->cars; c++) {
        if (never ? a->first_loss[c] >= 0 : a->first_loss[c] != last)
            continue;
        if ((item = PyLong_FromLong(c)) == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k++, item);
    }
    return out;
}

/* holders(): the cars holding each pawn of awards.PAWNS (red, green, blue, yellow first bump, yellow full
 * lives); () without the awards (`a` NULL). A new reference, or NULL with an error. */
PyObject *awards_holders(const Awards *a) {
    if (a == NULL)
        return PyTuple_New(0);
    return Py_BuildValue("(NNNNN)", one_holder(a->violent_car), one_holder(a->best_car),
                         one_holder(a->terminator_car), one_holder(a->first_bump), full_lives_holders(a));
}
