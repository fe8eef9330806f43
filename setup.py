"""The one build step pyproject.toml cannot declare: the compiled race step of `pnp mdd simulate`.

`optional=True`: where the C file does not compile (no compiler, no Python headers) the install still
succeeds, and `pnp mdd simulate` plays every race on its pure-Python path (the same races, slower).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("pnp.games.mdd._race", ["pnp/games/mdd/_race.c"], optional=True)])
