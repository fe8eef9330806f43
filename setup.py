"""The one build step pyproject.toml cannot declare: the compiled race step of `pnp mdd simulate`.

`optional=True`: where the C files do not compile (no compiler, no Python headers) the install still
succeeds, and `pnp mdd simulate` plays every race on its pure-Python path (the same races, slower).
"""

from setuptools import Extension, setup

RACE_STEP = ["pnp/games/mdd/_race.c", "pnp/games/mdd/_awards.c"]
"""The race, and the v2.1 award records it keeps (one module)."""

setup(ext_modules=[Extension("pnp.games.mdd._race", RACE_STEP, optional=True)])
