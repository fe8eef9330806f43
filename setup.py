"""The one build step pyproject.toml cannot declare: the compiled race step of `pnp mdd simulate`.

`optional=True`: where the C files do not compile (no compiler, no Python headers) the install still
succeeds, and `pnp mdd simulate` plays every race on its pure-Python path (the same races, slower).
The step records the SHA-256 of the C files it was built from (`_race.SOURCE`): a checkout whose C files
changed since the last build does not use the stale step (simulate.py).
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup

RACE_STEP = ["pnp/games/mdd/_race.c", "pnp/games/mdd/_awards.c"]
"""The race, and the v2.1 award records it keeps (one module)."""
HEADERS = ["pnp/games/mdd/_awards.h"]
DIGEST = hashlib.sha256(
    b"".join((Path(__file__).parent / source).read_bytes() for source in [*RACE_STEP, *HEADERS])
).hexdigest()
"""simulate.STEP_SOURCES hashes the same files in the same order."""

setup(
    ext_modules=[
        Extension("pnp.games.mdd._race", RACE_STEP, depends=HEADERS, define_macros=[("RACE_SOURCE", f'"{DIGEST}"')],
                  optional=True)
    ]
)
