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
    cdef int[::1] _cell, _occ, _pos, _lives, _status, _kills, _bumped_in, _full_lives, _order, _moving, _moved_in
    cdef int[::1] _mover
    cdef int[::1] _sides, _steps, _ahead, _behind
    cdef public list qualified, finished
    cdef public str phase
    cdef public Py_ssize_t turn, qualifying_turns, finals_turns, hits, exits, mines_taken, stuck, eliminations
    cdef Py_ssize_t _taken, _bumped, _roll_kills, _moves, _wave
    cdef bint two_dice
    cdef Py_ssize_t turn_cap, _mines, _ordered
    cdef list _start, _finals, _live
    cdef object _random, _rng, _dice

    cpdef tuple car_cell(self, Py_ssize_t car)
    @cython.locals(left=Py_ssize_t, gone=bint)
    cdef bint _damage(self, Py_ssize_t car, Py_ssize_t amount, str kind, Py_ssize_t by) except -1
    cdef bint _take_mine(self, Py_ssize_t car, Py_ssize_t q, Py_ssize_t by) except -1
    @cython.locals(p=Py_ssize_t, place=Py_ssize_t)
    cdef void _remove(self, Py_ssize_t car, Py_ssize_t status, str cause, Py_ssize_t by=*) except *
    cdef void _cross(self, Py_ssize_t car) except *
    cdef void _note(self, Py_ssize_t car, str kind=*, Py_ssize_t by=*, str detail=*) except *
    @cython.locals(ahead=int[::1], p=Py_ssize_t, c=Py_ssize_t, i=Py_ssize_t, moves=Py_ssize_t, occ=int[::1],
                   pos=int[::1], cell=int[::1], moving=int[::1], q=Py_ssize_t)
    cdef void _shift(self, Py_ssize_t side, Py_ssize_t car) except *
    @cython.locals(occ=int[::1], cell=int[::1], pos=int[::1], ahead=int[::1], behind=int[::1], front=Py_ssize_t,
                   c=Py_ssize_t, q=Py_ssize_t, other=Py_ssize_t, top=Py_ssize_t, last=Py_ssize_t, e=Py_ssize_t)
    cdef bint _push(self, Py_ssize_t car) except -1
    @cython.locals(cell=int[::1], occ=int[::1], q=Py_ssize_t, front=Py_ssize_t, at=Py_ssize_t, other=Py_ssize_t,
                   free=bint, wave=Py_ssize_t)
    cdef bint _resolve(self, Py_ssize_t car, Py_ssize_t side, Py_ssize_t mover) except -1
    cdef bint _sideways(self, Py_ssize_t car, Py_ssize_t side) except -1
    @cython.locals(occ=int[::1], cell=int[::1], pos=int[::1], sides=int[::1], steps=int[::1], ahead=int[::1],
                   behind=int[::1], width=Py_ssize_t, p=Py_ssize_t, q=Py_ssize_t, front=Py_ssize_t, end=Py_ssize_t,
                   run=Py_ssize_t, i=Py_ssize_t, two=bint, one=bint, car=Py_ssize_t, k=Py_ssize_t, r=double,
                   side=Py_ssize_t, straight=Py_ssize_t, roll=Py_ssize_t, left=Py_ssize_t)
    cdef void _play(self, int[::1] cars, Py_ssize_t n, Py_ssize_t given) except *
    @cython.locals(ended=bint)
    cdef bint _check_finalists(self) except -1
    @cython.locals(order=int[::1], pos=int[::1], n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, car=int, p=int, last=int,
                   other=int)
    cdef Py_ssize_t _sort_order(self) except -1
    @cython.locals(qualifying=bint)
    cpdef play_turn(self)
    cdef void _end_qualifying(self) except *
    cdef void _phase_event(self, str phase) except *
