"""Drag Rage printed kit: the drag strip, counters with their dice odds, cars, nitro markers, heat score
tracker and reference card. Sizes follow the spec's lane length and counters.

Input: a `DragRageSpec` and its print options. Output: piece groups for the generic layout.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from pnp.games.dragrage.odds import p_at_least
from pnp.layout.cards import reference_card
from pnp.layout.dice import die_net
from pnp.layout.pieces import Piece, PieceGroup
from pnp.layout.scene import Ellipse, Group, Item, Polygon, Rect, Style, Text, Transform
from pnp.layout.text import caps, fill_placeholders, fit_size, text_width_mm

PLAYERS: tuple[tuple[str, str, str], ...] = (("A", "#d55e00", "#ffffff"), ("B", "#0072b2", "#ffffff"))
"""Player letter, car colour, ink."""
ROAD = "#d9d9d4"
INK = "#1f1f1f"
LANE_H = 18.0
COUNTER_ROW = 22.0
CHECK = 1.5
"""Side of the finish line's checks, mm; the line is two checks wide, centred on the line."""
MAX_STRIP = 258.0
"""Longest strip (lane letters aside) that fits an A4 or Letter sheet in landscape (usable 287 / 269 mm)."""


def _pct(p: Fraction) -> str:
    value = float(p) * 100
    if value >= 99.5 and p < 1:
        return ">99%"
    if 0 < value < 0.5:
        return "<1%"
    return f"{value:.0f}%"


def space_width(lane_length: int, space: float | None) -> float:
    """The chosen space width, or the widest that keeps the strip on one landscape sheet."""
    return space if space is not None else min(20.0, MAX_STRIP / lane_length)


def strip(lane_length: int, finish_after: int, space: float, tr: Callable[[str], str] = str) -> Piece:
    """Two parallel lanes of `lane_length` spaces: Start, finish line after `finish_after`, target space,
    run-off shaded, and a counter row along each lane (counters go on or beside the space the car left).
    `tr` translates its words; the Start label shrinks to fit its space when the translation is long."""
    start = caps(tr("Start"))
    width = lane_length * space
    title_h = 9.0
    height = title_h + 2 * COUNTER_ROW + 2 * LANE_H
    note = tr("counters go on or beside the space your car leaves")
    note_size = fit_size(note, "sans-italic", 3.0, width - text_width_mm("DRAG RAGE ", "sans-bold", 6.0))
    items: list[Item] = [Text(0, 6.0, "DRAG RAGE", 6.0, "sans-bold", INK),
                         Text(width, 6.0, note, note_size, "sans-italic", INK, "end")]
    lane_top = {0: title_h + COUNTER_ROW, 1: title_h + COUNTER_ROW + LANE_H}
    for index, (letter, colour, _) in enumerate(PLAYERS):
        y = lane_top[index]
        row_y = title_h if index == 0 else y + LANE_H
        items.append(Rect(0, row_y, width, COUNTER_ROW, Style(fill="#f6f1e4", stroke=None)))
        owner = fill_placeholders(tr("counters of {player}"), {"player": letter})
        items.append(Text(1.5, row_y + (4.0 if index == 0 else COUNTER_ROW - 1.5), owner, 2.6, "sans", "#8a7d5c"))
        for s in range(1, lane_length + 1):
            x = (s - 1) * space
            fill = ROAD
            if s > finish_after:
                fill = "#f3d9c9" if s != finish_after + 1 else "#f0e442"
            if s == 1:
                fill = "#cfe3cf"
            items.append(Rect(x, y, space, LANE_H, Style(fill=fill, stroke="#8c8c86", stroke_width=0.25)))
            label = start if s == 1 else str(s)
            size = min(space * 0.38, 4.0) if s != 1 else min(space * 0.2, 2.6)
            if s == 1:
                size = fit_size(label, "sans-bold", size, (LANE_H if space < 14 else space) - 2.0)
                items.append(Text(x + space / 2, y + LANE_H / 2 + size * 0.36, label, size, "sans-bold", INK,
                                  "middle", -90.0 if space < 14 else 0.0))
            else:  # the spaces either side of the finish line keep their number off its checks
                shift = -CHECK if s == finish_after else CHECK if s == finish_after + 1 else 0.0
                items.append(Text(x + space / 2 + shift, y + LANE_H - 1.8, label, size, "sans", "#555555",
                                  "middle"))
        items.append(Rect(-7, y, 6, LANE_H, Style(fill=colour, stroke=None)))
        items.append(Text(-4, y + LANE_H / 2 + 1.4, letter, 4.0, "sans-bold", "#ffffff", "middle"))
    finish_x = finish_after * space
    top, bottom = lane_top[0], lane_top[1] + LANE_H
    cell = CHECK
    for k in range(int((bottom - top) / cell)):
        for j in range(2):
            if (k + j) % 2 == 0:
                items.append(Rect(finish_x - cell + j * cell, top + k * cell, cell, cell,
                                  Style(fill="#000000", stroke=None)))
    items.append(Text(finish_x, top - 1.5, caps(tr("Finish")), 3.2, "sans-bold", INK, "middle"))
    if finish_after + 1 <= lane_length:
        items.append(Text(finish_x + space / 2, bottom + 4.0, tr("target"), 2.8, "sans-bold", "#7a6a00", "middle"))
    if finish_after + 2 <= lane_length:
        items.append(Text((finish_x + space + width) / 2, bottom - LANE_H - 1.5 + LANE_H + 8.5, tr("run-off"), 2.8,
                          "sans-italic", "#9a5b3c", "middle"))
    return Piece(width + 8, height, (Group(tuple(items), Transform(8, 0)),), name="drag strip")


def counter(value: int, size: float = 20.0, owner: tuple[str, str, str] | None = None) -> Piece:
    """A round counter: the number on the front; on the back, the chance to roll at least it with 2 and 3 dice.
    With an `owner` (player letter, colour, ink), a ring in the player's colour and their letter mark whose
    set it is (separate pools)."""
    front: list[Item] = [Ellipse(size / 2, size / 2, size / 2, size / 2, Style(fill="#fbf6e9", stroke=INK,
                                                                                 stroke_width=0.3)),
                         Text(size / 2, size / 2 + size * 0.16, str(value), size * 0.45, "sans-bold", INK, "middle")]
    back: list[Item] = [Ellipse(size / 2, size / 2, size / 2, size / 2, Style(fill="#efe6cc", stroke=INK,
                                                                                stroke_width=0.3)),
                        Text(size / 2, size * 0.3, str(value), size * 0.2, "sans-bold", INK, "middle"),
                        Text(size / 2, size * 0.55, f"2d {_pct(p_at_least(value, 2))}", size * 0.14, "sans", INK,
                             "middle"),
                        Text(size / 2, size * 0.74, f"3d {_pct(p_at_least(value, 3))}", size * 0.14, "sans", INK,
                             "middle")]
    if owner is not None:
        letter, colour, _ = owner
        ring = size * 0.035
        for side in (front, back):
            side.insert(1, Ellipse(size / 2, size / 2, size / 2 - ring, size / 2 - ring,
                                   Style(fill=None, stroke=colour, stroke_width=2 * ring)))
        front.append(Text(size / 2, size * 0.86, letter, size * 0.14, "sans-bold", colour, "middle"))
        back.append(Text(size / 2, size * 0.9, letter, size * 0.1, "sans-bold", colour, "middle"))
    name = f"counter {value}" if owner is None else f"counter {value} of {owner[0]}"
    return Piece(size, size, tuple(front), tuple(back), outline="round", name=name)


def car(letter: str, colour: str, ink: str, space: float) -> Piece:
    """A flat car token that fits one space of the strip."""
    w, h = min(space - 1.0, 12.0), LANE_H - 3.0
    items: list[Item] = [Rect(0, 0, w, h, Style(fill=colour, stroke=INK, stroke_width=0.25), radius=w * 0.2),
                         Polygon(((w * 0.2, h * 0.1), (w * 0.8, h * 0.1), (w / 2, h * 0.02)),
                                 Style(fill=ink, stroke=None)),
                         Text(w / 2, h * 0.62, letter, min(w * 0.6, 6.0), "sans-bold", ink, "middle")]
    return Piece(w, h, tuple(items), tuple(items), name=f"car {letter}")


def nitro_marker(letter: str, colour: str, ink: str, tr: Callable[[str], str] = str) -> Piece:
    """A two-sided nitro marker: NITRO ready on the front, USED on the back (words translated by `tr`, set
    smaller when a translation is wider than the marker)."""
    nitro, used = caps(tr("Nitro")), caps(tr("Used"))
    d = 18.0
    front: list[Item] = [Ellipse(d / 2, d / 2, d / 2, d / 2, Style(fill=colour, stroke=INK, stroke_width=0.3)),
                         Text(d / 2, d * 0.48, nitro, fit_size(nitro, "sans-bold", d * 0.2, d - 3.0), "sans-bold",
                              ink, "middle"),
                         Text(d / 2, d * 0.72, letter, d * 0.2, "sans-bold", ink, "middle")]
    back: list[Item] = [Ellipse(d / 2, d / 2, d / 2, d / 2, Style(fill="#bdbdbd", stroke=INK, stroke_width=0.3)),
                        Text(d / 2, d * 0.58, used, fit_size(used, "sans-bold", d * 0.22, d - 3.0), "sans-bold", INK,
                             "middle")]
    return Piece(d, d, tuple(front), tuple(back), outline="round", name=f"nitro {letter}")


def score_tracker(heats: int, tr: Callable[[str], str] = str) -> Piece:
    """Heat wins of each player: one box per heat of a best-of series (tick or place a coin); `tr` translates
    its words, set smaller when a translation is wider than the tracker or a player's box."""
    boxes = 2 * heats - 1
    w, h = 30.0 + boxes * 14.0, 34.0
    title = f"{caps(tr('Heats'))} — {fill_placeholders(tr('first to {heats} wins'), {'heats': heats})}"
    items: list[Item] = [Rect(0, 0, w, h, Style(fill="#ffffff", stroke=INK, stroke_width=0.3)),
                         Text(3, 6.5, title, fit_size(title, "sans-bold", 3.6, w - 6.0), "sans-bold", INK)]
    for row, (letter, colour, ink) in enumerate(PLAYERS):
        y = 11 + row * 11
        items.append(Rect(3, y, 20, 8, Style(fill=colour, stroke=None)))
        player = fill_placeholders(tr("Player {player}"), {"player": letter})
        items.append(Text(13, y + 5.6, player, fit_size(player, "sans-bold", 2.8, 19.0), "sans-bold", ink, "middle"))
        for b in range(boxes):
            items.append(Rect(27 + b * 14, y, 10, 8, Style(stroke=INK, stroke_width=0.3)))
            items.append(Text(32 + b * 14, y - 0.8, str(b + 1), 1.8, "sans", "#777777", "middle"))
    return Piece(w, h, tuple(items), name="heat tracker")


TURN_CARD = (
    "Advance: put an unused counter on your car's space and move that many spaces.",
    "Or challenge (Let's Roll!): your rival rolls 2 dice, or 3 once per heat with the nitro die, and must reach "
    "the number just moved. Fail: the car goes back (spun out) and you move. Success: give up your nitro die and "
    "move, or pass; then your rival must move.",
    "Heat: the finish line is after space {finish}. Fewest counters to cross wins; on a tie, the car on or "
    "nearest space {tiebreak}. Never pass space {last} if another move exists.",
    "Best of three heats wins the race.",
)
"""The reference card's paragraphs (our own summary), in English; {finish}, {tiebreak}, {last} are spaces."""


def turn_card(finish_after: int, lane_length: int, credit: str, tr: Callable[[str], str] = str) -> Piece:
    """A poker-size card: what a turn is, the challenge, how a heat is won, in `tr`'s language."""
    spaces: dict[str, object] = {"finish": finish_after, "tiebreak": finish_after + 1, "last": lane_length}
    return reference_card(tr("Drag Rage — a turn"),
                          [("", fill_placeholders(tr(text), spaces)) for text in TURN_CARD],
                          credit, name="reference card")


def dragrage_groups(lane_length: int, finish_after: int, counters: tuple[int, ...], heats: int, credit: str,
                    space: float | None = None, dice: int = 1, separate: bool = False,
                    tr: Callable[[str], str] = str) -> list[PieceGroup]:
    """Every printed part of a Drag Rage kit as piece groups; `separate` prints a set of counters per player,
    each in the player's colour, instead of one shared set; `tr` translates pnp's words on every part."""
    width = space_width(lane_length, space)
    if separate:
        sets = [PieceGroup(f"Counters of {p[0]}", tuple(counter(v, owner=p) for v in counters), kind="counters")
                for p in PLAYERS]
    else:
        sets = [PieceGroup("Counters", tuple(counter(v) for v in counters), kind="counters")]
    groups = [
        PieceGroup("Drag strip", (strip(lane_length, finish_after, width, tr),), crop_marks=False, tile=True,
                   kind="board"),
        *sets,
        PieceGroup("Nitro markers", tuple(nitro_marker(*p, tr) for p in PLAYERS), kind="counters"),
        PieceGroup("Cars", tuple(car(*p, width) for p in PLAYERS), kind="tokens"),
        PieceGroup("Heat tracker", (score_tracker(heats, tr),), kind="tracker"),
        PieceGroup("Reference card", (turn_card(finish_after, lane_length, credit, tr),), kind="cards"),
    ]
    if dice:
        groups.append(PieceGroup("Dice", (die_net(18.0),) * dice, kind="dice"))
    return groups
