# Cython declarations of awards.py (pure-Python mode): setup.py compiles awards.py with these types where a
# C compiler is, so that the compiled engine's calls to the awards stay cheap.
# cython: language_level=3


cdef class Awards:
    cdef public Py_ssize_t violent_car, violent_lives, best_hit_car, best_hit_cars, terminator_car, terminator_kills
    cdef public Py_ssize_t first_bump
    cdef public dict first_loss_turn

    cpdef on_first_loss(self, Py_ssize_t car, Py_ssize_t turn)
    cpdef on_roll(self, Py_ssize_t car, Py_ssize_t taken, Py_ssize_t bumped, Py_ssize_t roll_kills, Py_ssize_t kills)
