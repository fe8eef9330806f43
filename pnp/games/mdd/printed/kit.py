"""The printable MDD kit of a setup: track, cars, counters, walls, dice, reference and variant cards.

Input: an `MddSetup` with a `print:` section (defaults when absent). Output: a `PrintJob` whose every
sheet credits Giovanni Longoni and the CC BY-NC-SA licence.
"""

from __future__ import annotations

from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.printed.draw_common import CREDIT, team_marks
from pnp.games.mdd.printed.draw_pieces import car_standee, car_token, life_counter, mine_counter, wall_box
from pnp.games.mdd.printed.draw_reference import Translate, award_pawns, reference_cards
from pnp.games.mdd.printed.draw_track import draw_track
from pnp.games.mdd.printed.print_options import MddPrint
from pnp.games.mdd.rulesets import life_counters
from pnp.layout.dice import die_net
from pnp.layout.pieces import PieceGroup, PrintJob


def counters_needed(setup: MddSetup) -> tuple[int, int, int]:
    """(five-life, one-life, mines) counters the kit prints: enough for the start, at least the kit's count.

    A car's lives are made of five-life and one-life counters (7 = 5 + 1 + 1, `life_counters`).
    """
    board = setup.to_board()
    limits = board.limits
    fives = sum(life_counters(car.lives)[0] for car in board.cars)
    ones = sum(life_counters(car.lives)[1] for car in board.cars)
    mines = sum(count for _, count in board.mines)
    return max(fives, limits.kit_five_life), max(ones, limits.kit_one_life), max(mines, limits.kit_mines)


def mdd_print_job(setup: MddSetup, paper: str | None = None, tr: Translate = str) -> PrintJob:
    """Every printable part of the kit, each part in its own group so sizes stay uniform per group.

    Texts go through `tr` (the language asked for). Nothing depends on the paper: `paper` is part of the plugin
    contract, and the layout places the pieces.
    """
    del paper
    options = setup.print or MddPrint()
    layout = setup.layout()
    board = layout.board()
    cell = setup.track.cell
    limits = board.limits
    finalists = len(board.finals)
    groups: list[PieceGroup] = [
        PieceGroup("Track", (draw_track(board, cell, options.preprint, tr),), crop_marks=False, tile=True,
                   kind="board", label=tr("Track")),
    ]
    cars = sorted(board.cars, key=lambda c: c.number)
    marks = team_marks(tr, (car.team for car in cars))
    if options.cars in ("standees", "both"):
        groups.append(PieceGroup("Cars (fold-up)", tuple(car_standee(c, cell, tr, marks) for c in cars), kind="cars"))
    if options.cars in ("tokens", "both"):
        groups.append(PieceGroup("Cars (flat)", tuple(car_token(c, cell, marks) for c in cars), kind="cars"))
    if options.counters:
        fives, ones, mines = counters_needed(setup)
        groups.append(PieceGroup("Life counters", (life_counter(5, cell),) * fives + (life_counter(1, cell),) * ones,
                                 kind="counters"))
        groups.append(PieceGroup(f"{limits.mine_word.capitalize()}s", (mine_counter(cell, limits.mine_word),) * mines,
                                 kind="counters"))
    if options.walls:
        groups.append(PieceGroup("Walls", (wall_box(cell),) * limits.walls, kind="walls"))
    if options.dice:
        groups.append(PieceGroup("Die", (die_net(min(max(cell, 16.0), 22.0)),) * options.dice, kind="dice"))
    variants = options.variants and limits.name == "v2.1"
    cards = reference_cards(limits, finalists, tr(CREDIT), base=options.reference, variants=variants, tr=tr,
                            lives=layout.lives.item)
    if variants:
        groups.append(PieceGroup("Award pawns", tuple(award_pawns(cell, tr)), kind="pawns"))
    if cards:
        groups.append(PieceGroup("Reference cards", tuple(cards), kind="cards"))
    return PrintJob(options.kit, tr(CREDIT), tuple(groups), options.sheets)
