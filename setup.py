"""The one build step pyproject.toml cannot declare: the compiled race step of `pnp mdd simulate`.

`optional=True`: where the C file does not compile (no compiler, no Python headers) the install still
succeeds, and `pnp mdd simulate` plays every race on its pure-Python path (the same races, slower).
The step records the SHA-256 of the `_race.c` it was built from (`_race.SOURCE`): a checkout whose
`_race.c` changed since the last build does not use the stale step (simulate.py).
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup

SOURCE = "pnp/games/mdd/_race.c"
DIGEST = hashlib.sha256((Path(__file__).parent / SOURCE).read_bytes()).hexdigest()

setup(
    ext_modules=[
        Extension("pnp.games.mdd._race", [SOURCE], define_macros=[("RACE_SOURCE", f'"{DIGEST}"')], optional=True)
    ]
)
