"""The state of one heat and the actions a driver can take.

Input: nothing (plain frozen records). Output: `HeatState`, `Phase`, the action records and
`HeatResult`, shared by the engine, the strategies, the simulator and the exhaustive search.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class Phase(StrEnum):
    """Which decision (or chance event) the heat is waiting for."""

    TURN = "turn"
    """`actor` advances, challenges the opponent's last move, or (when done racing) waits."""
    DEFEND = "defend"
    """`actor` was challenged and picks how many dice to roll."""
    ROLL = "roll"
    """Chance: `actor` rolls `dice` dice against the counter `pending`."""
    AFTER_FAIL = "after_fail"
    """`actor` challenged and failed: turn in the nitro die and advance, or pass."""
    AFTER_SUCCESS = "after_success"
    """`actor` challenged and won: now advances."""
    OVER = "over"


class HeatState(NamedTuple):
    """One moment of a heat (a named tuple: cheap to copy and hash for the exhaustive search).

    Players are 0 and 1. `pools` are bit masks over the variant's sorted counters: one mask when
    the pool is shared, one per player otherwise. `played` counts the counters each driver has
    played that count toward the result. `pending` is the counter of the move that may be (or is
    being) challenged, 0 when there is none; `dice` is the number of dice chosen for a due roll.
    """

    phase: Phase
    actor: int
    pos: tuple[int, int]
    played: tuple[int, int]
    pools: tuple[int, ...]
    nitro: tuple[bool, bool]
    blown: tuple[bool, bool]
    pending: int = 0
    dice: int = 0


@dataclass(frozen=True, slots=True)
class Advance:
    """Play the counter showing `counter` and move that many spaces."""

    counter: int


@dataclass(frozen=True, slots=True)
class Challenge:
    """Call "Let's Roll" on the opponent's last move."""


@dataclass(frozen=True, slots=True)
class Wait:
    """A driver who has finished racing lets the turn go by without challenging."""


@dataclass(frozen=True, slots=True)
class Roll:
    """The challenged driver rolls this many dice (the free ones, or those plus the nitro die)."""

    dice: int


@dataclass(frozen=True, slots=True)
class Pass:
    """After a failed challenge, hand the turn over: the opponent must advance and cannot challenge."""


Action = Advance | Challenge | Wait | Roll | Pass


class Reason(StrEnum):
    """Why a heat ended the way it did."""

    FEWER_COUNTERS = "fewer counters"
    CLOSER_TO_LINE = "closer to the line"
    ONLY_FINISHER = "only one car crossed"
    CLEAN_FINISH = "the other car broke its chute"
    SAME_FINISH = "same counters and same space"
    BOTH_CHUTES = "both chutes broke"
    BOTH_ENGINES = "both engines blew"
    TURN_LIMIT = "stopped at the turn limit"


@dataclass(frozen=True, slots=True)
class HeatResult:
    """The end of a heat: the winning player, or None for a dead heat that must be re-run."""

    winner: int | None
    reason: Reason
