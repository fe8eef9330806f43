"""Mini Demolition Derby board geometry shared by the setup checker, the engine and the kit.

Coordinates: lane 1 is the leftmost lane, row 1 the row nearest the start; the finish line lies after
row `rows`. A car at (lane, row) occupies (lane, row) and (lane, row + 1): `row` is its rear cell,
`row + 1` its front. A wall at (lane, row) occupies (lane, row) and (lane + 1, row).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Cell:
    """One grid cell."""

    lane: int
    row: int


@dataclass(frozen=True, slots=True)
class CarStart:
    """A car at the start: number, team name, rear cell (it also covers the cell in front) and lives."""

    number: int
    team: str
    lane: int
    row: int
    lives: int


@dataclass(frozen=True, slots=True)
class RuleLimits:
    """The numbers a ruleset fixes (see ../rulesets.py for the two MDD rulesets)."""

    name: str
    lives: int
    walls: int
    wall_min_ahead: int | None
    """Walls must be at least this many cells ahead of the front cars (None: no such rule)."""
    mines_min: int
    mines_max: int
    mines_per_cell: int
    mines_min_ahead: int | None
    car_counts: tuple[int, ...]
    finalists: dict[int, int]
    """Number of finalists by number of cars."""
    kit_five_life: int
    kit_one_life: int
    kit_mines: int
    mine_word: str
    """"bomb" (v2.1) or "mine" (current), for messages."""
    damage: str
    """What a car loses: "lives" (v2.1) or "HP" (current, hit points); picks the reference cards' texts."""
    year: int | None
    """Year of the ruleset's text (None: undated)."""
    kit_dice: int
    """Dice the boxed game comes with."""
    awards: bool = False
    """The ruleset has the awards variant (v2.1 variant 1): `pnp mdd simulate` reports who took the pawns."""


@dataclass(frozen=True, slots=True)
class Board:
    """A resolved setup: track size, walls (left cells), mines per cell, cars at the start, finals cells."""

    lanes: int
    rows: int
    walls: tuple[Cell, ...]
    mines: tuple[tuple[Cell, int], ...]
    cars: tuple[CarStart, ...]
    finals: tuple[Cell, ...]
    """Rear cells of the finals start positions, 1st qualifier's first."""
    limits: RuleLimits
