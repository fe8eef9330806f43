# Cython declarations of awards.py (pure-Python mode): setup.py compiles awards.py with these types where a
# C compiler is, so that the compiled engine's calls to the observer stay cheap.
# cython: language_level=3

from pnp.games.mdd.race.observer cimport RaceObserver


cdef class Awards(RaceObserver):
    cdef public tuple violent, best_hit, terminator
    cdef public Py_ssize_t first_bump, roll_taken, roll_kills
    cdef public dict eliminations, first_loss_turn
    cdef public set roll_bumped

    cpdef on_damage(self, Py_ssize_t turn, Py_ssize_t car, Py_ssize_t amount, Py_ssize_t left, str kind,
                    Py_ssize_t by, bint gone)
    cpdef on_roll(self, Py_ssize_t car)


cpdef record_roll(Awards a, Py_ssize_t car, Py_ssize_t taken, Py_ssize_t bumped, Py_ssize_t roll_kills)
