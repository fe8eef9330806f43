# The C floor of a double as a C integer, for engine.pxd: compiled, engine.py's `math.floor(x)` of a die is this
# (pure Python's math.floor of a float gives the same int, and costs half of int(x) in Python 3.11).
# engine.pxd cimports this as `math`: compiled, `math` in engine.py has nothing but `floor`; another math
# function the engine uses must be declared here too.
cdef extern from "<math.h>":
    Py_ssize_t floor "(Py_ssize_t)floor" (double)
