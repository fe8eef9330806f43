"""The rules of one Drag Rage variant as the engine uses them, independent of YAML.

Input: lane length, finish line, counter values and the four readings we made parameters.
Output: a frozen `Variant` with the derived numbers (finish space, distance, counter bit masks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

START_SPACE = 1
"""Cars start on the first space of their lane."""


class Pool(StrEnum):
    """Whether both drivers draw from one set of counters or each has a set of their own."""

    SHARED = "shared"
    SEPARATE = "separate"


class SpinOut(StrEnum):
    """What happens to the counter of a move that spins out."""

    SPENT = "spent"
    """It stays used and counts among the counters its driver played."""
    RETURNED = "returned"
    """It goes back to the pool and no longer counts."""


class Crossing(StrEnum):
    """Rule 9: whether the move that carries a car across the finish line can still be challenged."""

    CHALLENGEABLE = "challengeable"
    """Always, on the opponent's next turn like any move (even when the heat would otherwise be over);
    a spin-out puts the car back."""
    LITERAL = "literal"
    """As the text reads: only while the opponent has played fewer counters (the race goes on, and the
    opponent's next turn may challenge it); when the opponent has played as many, the heat is over at once."""
    FINAL = "final"
    """Never, whoever makes it: a stricter reading than the text's (a crossing that leaves the opponent
    behind on counters cannot be challenged either)."""


class BlownEngine(StrEnum):
    """Rule 8: what a driver whose engine is blown (the counters left cannot carry the car across) still does."""

    KEEPS_TURNS = "keeps_turns"
    """As the text reads: he takes his turns as before (rule 1: challenge, or advance within rule 7's limits) but
    cannot win the heat; with a shared pool he may take a counter the other car needs and blow its engine too."""
    STOPS = "stops"
    """He lays no more counters: on his turns he may only challenge the last move or let it stand."""


STANDARD_COUNTERS: tuple[int, ...] = tuple(range(2, 13))


@dataclass(frozen=True, slots=True)
class Variant:
    """Numbers and readings of one variant. Counters are kept sorted; index i is bit i of a pool mask."""

    lane_length: int = 26
    finish_after: int = 22
    counters: tuple[int, ...] = STANDARD_COUNTERS
    pool: Pool = Pool.SHARED
    spin_out: SpinOut = SpinOut.SPENT
    crossing: Crossing = Crossing.CHALLENGEABLE
    blown_engine: BlownEngine = BlownEngine.KEEPS_TURNS
    heats_to_win: int = 2
    full_mask: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "counters", tuple(sorted(self.counters)))
        object.__setattr__(self, "full_mask", (1 << len(self.counters)) - 1)

    @property
    def finish_space(self) -> int:
        """The first space beyond the finish line (space 23 in the standard game)."""
        return self.finish_after + 1

    @property
    def distance(self) -> int:
        """Spaces a car must travel from the start to cross the line."""
        return self.finish_space - START_SPACE

    def readings(self) -> str:
        """Its readings of rules 9 and 8, as the reports name them."""
        return f"crossing move: {self.crossing.value}; blown engine: {self.blown_engine.value}"

    def mask_sum(self, mask: int) -> int:
        """Sum of the counters whose bits are set in `mask`."""
        return sum(v for i, v in enumerate(self.counters) if mask >> i & 1)
