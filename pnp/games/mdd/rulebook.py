"""The MDD rulebook of a kit: the ruleset's Markdown source, the kit's own numbers, track and car figures."""

from __future__ import annotations

from pathlib import Path

from pnp.booklet import mdd_context
from pnp.games.mdd.draw_pieces import car_token
from pnp.games.mdd.draw_track import draw_track, track_frame
from pnp.games.mdd.geometry import Board, CarStart, Cell
from pnp.games.mdd.kit import counters_needed
from pnp.games.mdd.setup import MddSetup
from pnp.kit.rulebook import RulebookRequest
from pnp.layout.pieces import Piece
from pnp.layout.scene import Group, Transform

RULEBOOKS = Path(__file__).resolve().parents[3] / "rulebooks" / "mdd"


def _scale_figure(board: Board, cell: float) -> Piece:
    """A corner of the track with one car (1 x 2 cells) and one wall (2 x 1 cells), to scale."""
    car = CarStart(7, board.cars[0].team if board.cars else "red", 2, 1, board.limits.lives)
    small = Board(4, 4, (Cell(2, 4),), (), (car,), (), board.limits)
    track = draw_track(small, cell, preprint=True)
    frame = track_frame(small, cell)
    token = Group(car_token(car, cell).front, Transform(frame.x(car.lane), frame.y(car.row + 1)))
    return Piece(track.width, track.height, (*track.front, token), name="car and wall to scale")


def mdd_rulebook(setup: MddSetup) -> RulebookRequest:
    """The rulebook for the setup's ruleset, quoting the kit's numbers."""
    board = setup.to_board()
    limits = board.limits
    context = mdd_context(limits.name)
    fives, ones, mines = counters_needed(setup)
    dice = setup.print.dice if setup.print is not None else 1
    context["kit"].update({"cars": len(board.cars), "walls": limits.walls, "dice": dice,
                           "counters": {"five_life": fives, "one_life": ones, "mines": mines}})
    context["rules"].update({"cars": len(board.cars), "lives": limits.lives, "walls": limits.walls,
                             "finalists": len(board.finals)})
    context["rules"]["mines"].update({"min": limits.mines_min, "max": limits.mines_max,
                                      "per_cell": limits.mines_per_cell})
    source = RULEBOOKS / ("rules-v2.1.md" if limits.name == "v2.1" else "rules-current.md")
    figures = {"mdd-track": draw_track(board, setup.track.cell, preprint=True),
               "mdd-car": _scale_figure(board, setup.track.cell)}
    return RulebookRequest(source, context, figures)
