"""The numbers of the MDD race rules: finalists, lives lost, what each die face does.

Input: none. Output: constants read by the rules engine (engine.py) and printed by the rulebook, so the
printed rules and the simulated ones cannot differ.
"""

DEFAULT_FINALISTS = 10
EDGE_DAMAGE = 2
"""Lives a car loses when a step would take it over a side edge of the track."""
HIT_DAMAGE = 1
"""Lives a car loses when another car bumps it."""
MINE_DAMAGE = 1
"""Lives a car loses when it enters a cell with a mine (one mine goes with it)."""
SIDE_OF_FACE = (1, 1, 0, 0, -1, -1)
"""The first step's cell offset for each die face less one (1-2 left, 3-4 straight, 5-6 right)."""
ROLLS = tuple(tuple((f + 1, SIDE_OF_FACE[w], f if SIDE_OF_FACE[w] else f + 1) for w in range(6)) for f in range(6))
"""(roll, first step's offset, straight steps after it) by the roll's face less one, then by the face less
one of the die that gives the direction (the same die, or v2.1 variant 4's direction die)."""
SIDE_NAMES = {1: "left", 0: "straight", -1: "right"}
"""The direction of a cell offset."""
