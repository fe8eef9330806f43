"""The one build step pyproject.toml cannot declare: the MDD rules engine compiled by Cython.

setup.py compiles pnp/games/mdd/race/engine.py itself, with the v2.1 awards it keeps (awards.py), in Cython's
pure-Python mode with the C types of the .pxd file beside each: the modules pnp runs are the same source
either way, only faster compiled.
`optional=True`: where nothing compiles (no C compiler, no Python headers) the install still succeeds and
pnp runs engine.py as plain Python (the same races, slower). `pnp mdd simulate` says which ran.
"""

import sys

from setuptools import setup

ext_modules = []
try:
    from Cython.Build import cythonize
except ImportError:  # Cython missing from the build environment: pure Python only
    print("Cython is not installed: the MDD engine is not compiled (pure Python)", file=sys.stderr)
else:
    ext_modules = cythonize(
        [f"pnp/games/mdd/race/{name}.py" for name in ("awards", "engine")],
        compiler_directives={"language_level": 3, "annotation_typing": False, "wraparound": False},
        build_dir="build/cython",
        quiet=True,
    )
    for extension in ext_modules:
        extension.optional = True

setup(ext_modules=ext_modules)
