"""The dice tables of the simulation's fast path (fastrace.py): each roll as (side, straight steps).

Input: none. Output: `ONE_DIE` and `TWO_DICE`, indexed by die faces less one. `play_fast` draws a face
as `floor(random() * 6.0)` from `random.Random(seed)`: the same double product as `engine.Race.roll`'s
`int(random() * 6) + 1` (Python multiplies a float by the int 6 as by 6.0), less one, floor being int
for it (and the cheaper call); in the same order (with the direction die of v2.1 variant 4, the roll and
then its direction). The roll's side and steps are then looked up here, not computed.
"""

from __future__ import annotations

SIDES = (1, 1, 0, 0, -1, -1)
"""The first step's cell offset for each die face less one (1-2 left, 3-4 straight, 5-6 right)."""
ONE_DIE = tuple((SIDES[face], face if SIDES[face] else face + 1) for face in range(6))
"""(first step's offset, straight steps after a sideways first step or all of them) for each face less one."""
TWO_DICE = tuple(tuple((SIDES[way], face if SIDES[way] else face + 1) for way in range(6)) for face in range(6))
"""The same by the roll's face and then the direction die's face, each less one (v2.1 variant 4)."""
