"""The dice of the simulation's fast path (fastrace.py): each roll as (side, straight steps), no bytecode.

Input: a race's seed and whether the v2.1 direction die is used. Output: `dice`, a function giving the
next roll of that race. The faces are those of `engine.Race.roll` with the same seed, drawn in the same
order (`int(random() * 6) + 1`, the direction die after its roll), by C-level iterators over
`random.Random(seed).random`, each mapped through a table made once.
"""

from __future__ import annotations

import random
from collections.abc import Callable

SIDES = (1, 1, 0, 0, -1, -1)
"""The first step's cell offset for each die face less one (1-2 left, 3-4 straight, 5-6 right)."""
ONE_DIE = tuple((SIDES[face], face if SIDES[face] else face + 1) for face in range(6))
"""(first step's offset, straight steps after a sideways first step or all of them) for each face less one."""
TWO_DICE = {
    (face, way): (SIDES[way], face if SIDES[way] else face + 1) for face in range(6) for way in range(6)
}
"""The same for (the roll's face, the direction die's face), each less one (v2.1 variant 4)."""


def dice(seed: int | str, two: bool) -> Callable[[], tuple[int, int]]:
    """Each call: (side, straight steps) of the next roll of `random.Random(seed)`, its faces computed as
    `engine.Race.roll` does (`int(random() * 6) + 1`; with `two`, the direction die drawn after the
    roll), by C-level iterators: no bytecode runs per roll."""
    faces = map(int, map((6.0).__mul__, iter(random.Random(seed).random, None)))
    if two:
        return map(TWO_DICE.__getitem__, zip(faces, faces, strict=True)).__next__
    return map(ONE_DIE.__getitem__, faces).__next__
