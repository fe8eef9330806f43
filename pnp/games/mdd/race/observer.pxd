# Cython declarations of observer.py (pure-Python mode): compiled with the engine where a C compiler is.
# cython: language_level=3

cdef class RaceObserver:
    cpdef on_damage(self, Py_ssize_t turn, Py_ssize_t car, Py_ssize_t amount, Py_ssize_t left, str kind,
                    Py_ssize_t by, bint gone)
    cpdef on_roll(self, Py_ssize_t car)
