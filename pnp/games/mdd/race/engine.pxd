# Cython declarations of engine.py (pure-Python mode): setup.py compiles engine.py with these types where
# a C compiler is. The rules live in engine.py alone; this file only says which values are C integers.
# cython: language_level=3
cimport cython

from pnp.games.mdd.race.awards cimport Awards
from pnp.games.mdd.race cimport c_floor as math


cdef class Race:
    cdef public object board, options, events, grid
    cdef public Awards awards
    cdef public Py_ssize_t lanes, width, finish, finalists, racing
    cdef public object cell, occ, pos, lives, status, kills
    cdef int[:] _cell, _occ, _pos, _lives, _status, _kills, _bumped_in, _full_lives, _order, _moving, _moved_in, _mover
    cdef int[:] _sides, _steps
    cdef public list qualified, finished
    cdef public str phase
    cdef public Py_ssize_t turn, qualifying_turns, finals_turns, hits, exits, mines_taken, stuck, eliminations
    cdef Py_ssize_t _taken, _bumped, _roll_kills, _moves, _wave
    cdef bint two_dice
    cdef Py_ssize_t turn_cap, _mines, _ordered
    cdef list _start, _finals
    cdef object _random, _rng, _dice

    cpdef tuple car_cell(self, Py_ssize_t car)
    @cython.locals(left=Py_ssize_t, gone=bint)
    cdef bint _damage(self, Py_ssize_t car, Py_ssize_t amount, str kind, Py_ssize_t by) except -1
    cdef bint _take_mine(self, Py_ssize_t car, Py_ssize_t q, Py_ssize_t by) except -1
    @cython.locals(p=Py_ssize_t, place=Py_ssize_t)
    cdef void _remove(self, Py_ssize_t car, Py_ssize_t status, str cause, Py_ssize_t by=*) except *
    cdef void _cross(self, Py_ssize_t car) except *
    cdef void _note(self, Py_ssize_t car, str kind=*, Py_ssize_t by=*, str detail=*) except *
    @cython.locals(width=Py_ssize_t, p=Py_ssize_t, c=Py_ssize_t, i=Py_ssize_t, moves=Py_ssize_t, occ=int[:], pos=int[:],
                   cell=int[:], moving=int[:])
    cdef void _shift(self, Py_ssize_t side, Py_ssize_t car) except *
    @cython.locals(occ=int[:], cell=int[:], pos=int[:], width=Py_ssize_t, ahead=Py_ssize_t, front=Py_ssize_t, c=Py_ssize_t,
                   q=Py_ssize_t, other=Py_ssize_t, top=Py_ssize_t, _=Py_ssize_t)
    cdef bint _push(self, Py_ssize_t car) except -1
    @cython.locals(width=Py_ssize_t, cell=int[:], occ=int[:], q=Py_ssize_t, other=Py_ssize_t, free=bint, t=Py_ssize_t,
                   wave=Py_ssize_t)
    cdef bint _resolve(self, Py_ssize_t car, Py_ssize_t side, Py_ssize_t mover) except -1
    cdef bint _sideways(self, Py_ssize_t car, Py_ssize_t side) except -1
    @cython.locals(left=Py_ssize_t)
    cdef void _blocked_by_wall(self, Py_ssize_t car, Py_ssize_t roll, Py_ssize_t straight) except *
    @cython.locals(occ=int[:], cell=int[:], pos=int[:], sides=int[:], steps=int[:], width=Py_ssize_t, p=Py_ssize_t,
                   q=Py_ssize_t, front=Py_ssize_t, end=Py_ssize_t, run=Py_ssize_t, i=Py_ssize_t, two=bint, one=bint,
                   car=Py_ssize_t, k=Py_ssize_t, r=double, side=Py_ssize_t, straight=Py_ssize_t, roll=Py_ssize_t)
    cdef void _play(self, int[:] cars, Py_ssize_t n, Py_ssize_t given) except *
    cdef bint _check_finalists(self) except -1
    @cython.locals(order=int[:], pos=int[:], n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, car=int, p=int, last=int,
                   other=int)
    cdef Py_ssize_t _sort_order(self) except -1
    @cython.locals(qualifying=bint)
    cpdef play_turn(self)
    cdef void _end_qualifying(self) except *
    cdef void _phase_event(self, str phase) except *
