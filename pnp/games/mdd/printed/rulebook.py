"""The MDD rulebook of a kit: the ruleset's Markdown source, the kit's own numbers, track and car figures,
and a figure for each example, drawn from its scenario as the engine plays it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.booklet.request import RulebookRequest
from pnp.data import resource_path
from pnp.games.mdd.geometry import Board, CarStart, Cell, RuleLimits
from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.printed.build import mdd_guide
from pnp.games.mdd.printed.draw_common import team_marks
from pnp.games.mdd.printed.draw_pieces import car_token
from pnp.games.mdd.printed.draw_scenario import scenario_boards
from pnp.games.mdd.printed.draw_track import draw_track, track_frame
from pnp.games.mdd.printed.kit import counters_needed
from pnp.games.mdd.race.rule_numbers import EDGE_DAMAGE
from pnp.games.mdd.race.scenario import load_scenario, play_scenario
from pnp.games.mdd.rulesets import life_counters
from pnp.games.mdd.setup.formation import ON_TRACK_LINES, cars_per_line
from pnp.layout.pieces import Piece
from pnp.layout.scene import Group, Transform

RULEBOOKS = resource_path("pnp.games.mdd", "data", "rulebook")
SCENARIOS = resource_path("pnp.games.mdd", "scenarios")
_FIGURE_NAME = re.compile(r"\]\(figure:([A-Za-z0-9_.-]+)[\s)]")


def example_figures(source: Path, tr: Callable[[str], str] = str) -> dict[str, Piece]:
    """The figures of the examples in the rulebook `source`: each `figure:NAME` that names a scenario
    (pnp/games/mdd/scenarios/NAME.yaml) is that scenario played by the engine, its board before and after;
    `tr` translates the words drawn on the boards."""
    figures: dict[str, Piece] = {}
    for name in _FIGURE_NAME.findall(source.read_text(encoding="utf-8")):
        path = SCENARIOS / f"{name}.yaml"
        if path.is_file():
            result = play_scenario(*load_scenario(str(path)))
            page = scenario_boards(result.before, result.after, result.events, result.letters, tr)
            figures[name] = Piece(page.width, page.height, page.items, name=name)
    return figures


def _scale_figure(board: Board, cell: float, tr: Callable[[str], str]) -> Piece:
    """A corner of the track with one car (1 x 2 cells) and one wall (2 x 1 cells), to scale."""
    first = board.cars[0] if board.cars else CarStart(7, "red", 2, 1, board.limits.lives)
    car = CarStart(7, first.team, 2, 1, first.lives)
    small = Board(4, 4, (Cell(2, 4),), (), (car,), (), board.limits)
    track = draw_track(small, cell, preprint=True, tr=tr)
    frame = track_frame(small, cell)
    marks = team_marks(tr, (c.team for c in board.cars))
    token = Group(car_token(car, cell, marks).front, Transform(frame.x(car.lane), frame.y(car.row + 1)))
    return Piece(track.width, track.height, (*track.front, token), name="car and wall to scale")


def rulebook_context(
    limits: RuleLimits,
    cars: int | None = None,
    teams: int | None = None,
    finalists: int | None = None,
    counters: tuple[int, int, int] | None = None,
    dice: int | None = None,
    lives: int | None = None,
) -> dict[str, Any]:
    """The values the MDD rulebook quotes (keys in docs/rulebooks.md): the ruleset's numbers, and the kit's
    cars, teams, finalists, lives per car (with the counters that show them on a roof), (five-life, one-life,
    mine) counters and dice, by default the boxed game's."""
    cars = cars or limits.car_counts[0]
    lives = lives or limits.lives
    five_life, one_life = life_counters(lives)
    teams = teams or cars_per_line(cars)
    fives, ones, mines = counters or (limits.kit_five_life, limits.kit_one_life, limits.kit_mines)
    rules: dict[str, Any] = {
        "cars": cars,
        "teams": teams,
        "rows": -(-cars // cars_per_line(cars)) if cars else ON_TRACK_LINES,
        "lives": lives,
        "start": {"five_life": five_life, "one_life": one_life},
        "walls": limits.walls,
        "mines": {"min": limits.mines_min, "max": limits.mines_max, "per_cell": limits.mines_per_cell},
        "edge_damage": EDGE_DAMAGE,
        "finalists": finalists or limits.finalists[cars],
    }
    if limits.wall_min_ahead is not None:
        rules["wall_gap"] = limits.wall_min_ahead
    if limits.mines_min_ahead is not None:
        rules["mines"]["gap"] = limits.mines_min_ahead
    if big := limits.car_counts[1:]:
        rules["big"] = {"cars": list(big), "finalists": limits.finalists[big[0]],
                        "base_finalists": limits.finalists[limits.car_counts[0]]}
    kit = {
        "cars": cars,
        "teams": teams,
        "counters": {"five_life": fives, "one_life": ones, "mines": mines},
        "walls": limits.walls,
        "dice": limits.kit_dice if dice is None else dice,
    }
    return {"ruleset": {"name": limits.name, "year": limits.year}, "kit": kit, "rules": rules}


def mdd_rulebook(setup: MddSetup, tr: Callable[[str], str] = str) -> RulebookRequest:
    """The rulebook for the setup's ruleset, quoting the kit's numbers; `tr` translates its figures' words."""
    layout = setup.layout()
    board = layout.board()
    limits = board.limits
    context = rulebook_context(
        limits,
        cars=len(board.cars),
        teams=len({car.team for car in board.cars}),
        finalists=len(board.finals),
        counters=counters_needed(setup),
        dice=setup.print.dice if setup.print is not None else 1,
        lives=layout.lives.item,
    )
    source = RULEBOOKS / ("rules-v2.1.md" if limits.name == "v2.1" else "rules-current.md")
    figures = {"mdd-track": draw_track(board, setup.track.cell, preprint=True, tr=tr),
               "mdd-car": _scale_figure(board, setup.track.cell, tr), **example_figures(source, tr)}
    return RulebookRequest(source, context, figures, mdd_guide(setup))
