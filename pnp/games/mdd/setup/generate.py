"""Random legal MDD setups, reproducible by seed.

Input: a ruleset name, a number of cars and a seed. Output: a `RandomSetup` (walls and mines placed at
random on the default track, ahead of the default start grid, under the ruleset's rules, never closing a
pocket a car could not leave: pockets.py) and its YAML text,
either as coordinates or as a text map. The same inputs always give byte-identical text.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from pnp.games.mdd.geometry import Board, Cell
from pnp.games.mdd.model import DEFAULT_CELL_MM, DEFAULT_LANES, DEFAULT_ROWS, DEFAULT_SPACING
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.setup.formation import TOUCHING, Spacing, cars_per_line, default_grid, default_teams
from pnp.games.mdd.setup.pockets import trapped
from pnp.games.mdd.textmap import board_to_map

KEEP_CLEAR = 5
"""Cells between the front cars and the first wall or mine; the v2.1 distance, kept for `current` too."""


@dataclass(frozen=True, slots=True)
class RandomSetup:
    """A generated setup: what made it and where its walls (left cells) and mines lie."""

    ruleset: str
    cars: int
    seed: int
    lanes: int
    rows: int
    spacing: Spacing
    walls: tuple[Cell, ...]
    mines: tuple[tuple[Cell, int], ...]
    cell: float = DEFAULT_CELL_MM
    """Printed cell size in mm (written in the file; it does not change play)."""


def _touches(a: Cell, b: Cell) -> bool:
    """Two walls (by left cell) touching by a side or a corner."""
    return abs(a.row - b.row) <= 1 and abs(a.lane - b.lane) <= 2


def spacing_for(cars: int, lanes: int) -> Spacing:
    """The default track's start-grid spacing when a line of `cars` cars fits across `lanes` with it,
    else touching cars."""
    width = (1 + DEFAULT_SPACING.lanes) * (cars_per_line(cars) - 1) + 1
    return DEFAULT_SPACING if width <= lanes else TOUCHING


def random_setup(
    ruleset: str,
    cars: int,
    seed: int,
    lanes: int = DEFAULT_LANES,
    rows: int = DEFAULT_ROWS,
    spacing: Spacing | None = None,
    cell: float = DEFAULT_CELL_MM,
) -> RandomSetup:
    """Place the ruleset's walls and a random legal number of mines ahead of the start grid `spacing`
    describes (default: `spacing_for`); ValueError if the track is too small."""
    limits = limits_for(ruleset)
    spacing = spacing_for(cars, lanes) if spacing is None else spacing
    rng = random.Random(f"mdd/{ruleset}/{cars}/{seed}")
    grid = default_grid(cars, lanes, default_teams(cars), limits.lives, spacing)
    first_row = max(c.row + 1 for c in grid) + KEEP_CLEAR
    spots = [Cell(lane, row) for row in range(first_row, rows + 1) for lane in range(2, lanes - 1)]
    rng.shuffle(spots)
    starts = [(c.lane, c.row) for c in grid]
    walls: list[Cell] = []
    for spot in spots:
        if (
            len(walls) < limits.walls
            and not any(_touches(spot, w) for w in walls)
            and not trapped(lanes, rows, [*walls, spot], starts)
        ):
            walls.append(spot)
    if len(walls) < limits.walls:
        raise ValueError(f"a track of {lanes} lanes and {rows} rows has no room for {limits.walls} walls")
    walled = {c for w in walls for c in (w, Cell(w.lane + 1, w.row))}
    free = [
        Cell(lane, row)
        for row in range(first_row, rows + 1)
        for lane in range(1, lanes + 1)
        if Cell(lane, row) not in walled
    ]
    total = rng.randint(limits.mines_min, min(limits.mines_max, limits.kit_mines))
    if total > len(free) * limits.mines_per_cell:
        raise ValueError(f"a track of {lanes} lanes and {rows} rows has no room for {total} mines")
    mines: Counter[Cell] = Counter()
    for _ in range(total):
        spot = rng.choice([c for c in free if mines[c] < limits.mines_per_cell])
        mines[spot] += 1
    return RandomSetup(
        ruleset,
        cars,
        seed,
        lanes,
        rows,
        spacing,
        tuple(sorted(walls, key=_reading)),
        tuple(sorted(mines.items(), key=lambda m: _reading(m[0]))),
        cell,
    )


def _reading(cell: Cell) -> tuple[int, int]:
    return cell.row, cell.lane


def setup_command(setup: RandomSetup, as_map: bool = False, check: bool = True) -> str:
    """The `pnp mdd setup` command line that makes `setup` again (`check`: the checked command, kept when the
    setup meets the targets; else the plain draw, with `--no-check`)."""
    words = [f"pnp mdd setup --ruleset {setup.ruleset} --cars {setup.cars}"]
    if (setup.lanes, setup.rows) != (DEFAULT_LANES, DEFAULT_ROWS):
        words.append(f"--lanes {setup.lanes} --rows {setup.rows}")
    if setup.cell != DEFAULT_CELL_MM:
        words.append(f"--cell {setup.cell:g}mm")
    if setup.spacing != spacing_for(setup.cars, setup.lanes):
        words.append(f"--spacing {setup.spacing.rows}/{setup.spacing.lanes}")
    words.append(f"--seed {setup.seed}")
    if as_map:
        words.append("--map")
    if not check:
        words.append("--no-check")
    return " ".join(words)


def setup_yaml(setup: RandomSetup, as_map: bool = False, comment: list[str] | None = None) -> str:
    """The setup as a YAML file a person can read and edit (coordinates, or a text map with `as_map`), under
    the `comment` lines (default: the `--no-check` command that draws it again)."""
    head = comment or [
        "# A random Mini Demolition Derby setup, made by",
        f"#   {setup_command(setup, as_map, check=False)}",
        "# The same command gives the same setup. Cars stand on the default start grid.",
    ]
    head = [
        *head,
        "game: mdd",
        f"ruleset: {setup.ruleset}",
        f"track: {{lanes: {setup.lanes}, rows: {setup.rows}, cell: {setup.cell:g}mm}}",
        f"cars: {setup.cars}",
        f"spacing: {{rows: {setup.spacing.rows}, lanes: {setup.spacing.lanes}}}",
    ]
    if as_map:
        board = Board(setup.lanes, setup.rows, setup.walls, setup.mines, (), (), limits_for(setup.ruleset))
        drawing = board_to_map(board)
        body = ["# top line: the last row, at the finish; bottom line: row 1, at the start", "map: |"]
        body += [f"  {line}" for line in drawing.splitlines()]
    else:
        body = ["walls:"] + [f"  - {{lane: {w.lane}, row: {w.row}}}" for w in setup.walls]
        body += ["mines:"] + [f"  - {{lane: {c.lane}, row: {c.row}, count: {n}}}" for c, n in setup.mines]
    return "\n".join(head + body) + "\n"
