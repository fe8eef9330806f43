"""MDD reference cards (movement, turn order, bumps) and variant material (award pawns, card effects).

All texts are our own summary of the rules; the numbers come from the ruleset the kit follows.
"""

from __future__ import annotations

from pnp.games.mdd.draw_common import CUT, FOLD, ink_on
from pnp.games.mdd.geometry import RuleLimits
from pnp.layout.pieces import Piece
from pnp.layout.scene import Item, Line, Rect, Style, Text
from pnp.layout.text import text_block

CARD_W, CARD_H = 63.0, 88.0
TITLE = "#1f2a44"


def _card(title: str, lines: list[tuple[str, str]], footer: str) -> Piece:
    """A poker-size reference card: title band, then (heading, text) paragraphs, shrunk until they fit."""
    items: list[Item] = [Rect(0, 0, CARD_W, CARD_H, Style(fill="#fbf6e9", stroke=None)),
                         Rect(0, 0, CARD_W, 11, Style(fill=TITLE, stroke=None)),
                         Text(CARD_W / 2, 7.4, title, 4.2, "sans-bold", "#ffffff", "middle")]
    size = 2.6
    while True:
        body, bottom = _paragraphs(lines, size)
        if bottom <= CARD_H - 8 or size < 1.6:
            break
        size *= 0.94
    items.extend(body)
    items.extend(text_block(footer, 3, CARD_H - 6.5, CARD_W - 6, 1.7, "sans", "#555555", "center", 1.2))
    items.append(Rect(0, 0, CARD_W, CARD_H, Style(stroke="#999999", stroke_width=0.2), radius=3))
    return Piece(CARD_W, CARD_H, tuple(items), corner_radius=3, name=title)


def _paragraphs(lines: list[tuple[str, str]], size: float) -> tuple[list[Item], float]:
    items: list[Item] = []
    y = 14.0
    for heading, body in lines:
        if heading:
            items.append(Text(4, y + size, heading, size * 1.15, "sans-bold", TITLE))
            y += size * 1.55
        block = text_block(body, 4, y, CARD_W - 8, size, "sans", "#000000", "left", 1.25)
        items.extend(block)
        y += len(block) * size * 1.25 + size * 0.6
    return items, y


def reference_cards(limits: RuleLimits, finalists: int, credit: str) -> list[Piece]:
    """Two cards: how a car moves and what hits cost; how a turn, qualifying and the finals go."""
    mine = limits.mine_word
    move = _card("How a car moves", [
        ("Direction (first step)", "Roll one die. 1 or 2: the first step goes one lane left. 3 or 4: straight "
         "ahead. 5 or 6: one lane right."),
        ("Distance", "After the first step the car goes straight ahead, one row per step, for the rest of the "
         "roll (roll minus one steps)."),
        ("Each step", f"Off the side of the track: lose 2 lives, stay put. Into a wall: stay put, no loss. "
         f"Into a car: it loses 1 life and is pushed one cell the same way (chains go on). Into a {mine}: lose "
         f"1 life and remove one {mine}."),
        ("Lives", f"Each car starts with {limits.lives}. A car that must lose a life it does not have is out."),
    ], credit)
    turn = _card("Turn order", [
        ("Who moves first", "Each turn the most advanced car moves first; on a tie, the leftmost. Every car "
         "moves once per turn. On turn 1 the front row goes first, left to right."),
        ("Qualifying", f"A car qualifies when its front passes the last row. Qualifying ends when {finalists} "
         "cars have qualified; the rest are out."),
        ("Finals", "Qualified cars line up on the red finals positions in the order they arrived. Walls, "
         f"{mine}s and lives stay as they are. The first car across the line wins."),
    ], credit)
    return [move, turn]


AWARDS: tuple[tuple[str, str, str], ...] = (
    ("red", "#d62728", "Hardest hit: most lives taken in one roll (5 or more)"),
    ("green", "#009e73", "Best hit: most cars bumped in one roll (3 or more)"),
    ("blue", "#0072b2", "Terminator: most cars eliminated in the race"),
    ("yellow", "#f0e442", "First bump of the race; then the car that keeps all its lives longest"),
)


def award_pawns(cell: float) -> list[Piece]:
    """Fold-in-half standing pawns for the v2.1 awards variant, one per award."""
    pieces = []
    w, h = cell * 1.2, cell * 2.4
    for name, fill, text in AWARDS:
        ink = ink_on(fill)
        items: list[Item] = [Rect(0, 0, w, h, Style(fill=fill, stroke=None)),
                             Line(0, h / 2, w, h / 2, FOLD), Rect(0, 0, w, h, CUT)]
        size = min(cell * 0.3, 4.0)
        items.append(Text(w / 2, h * 0.25, name.upper(), size, "sans-bold", ink, "middle", 180.0))
        items.append(Text(w / 2, h * 0.75 + size * 0.36, name.upper(), size, "sans-bold", ink, "middle"))
        pieces.append(Piece(w, h, tuple(items), name=f"award {name}: {text}"))
    return pieces


def variant_cards(credit: str) -> list[Piece]:
    """Reference cards for the awards and the card variants (v2.1 variants 1 to 3)."""
    awards = _card("Awards (variant)", [("", f"{n.capitalize()} pawn — {t}.") for n, _, t in AWARDS] + [
        ("", "A record must be beaten, not equalled. One car takes at most one award per roll."),
    ], credit)
    cards = _card("Playing cards (variant)", [
        ("", "Each team draws 10 cards from a 108-card deck (two standard decks with jokers). Play one before "
         "rolling for one of your cars."),
        ("♠ Spades", "Roll again once."),
        ("♥ Hearts", "Name one direction (left, straight, right) the car will not take."),
        ("♣ Clubs", "Roll two dice and keep the one you like."),
        ("♦ Diamonds", "Add or take 1 from the roll."),
        ("King / Joker", "King: the car gets 2 lives back. Joker: any card, or swap it for 2 cards."),
    ], credit)
    advanced = _card("Diamonds (advanced)", [
        ("", "Play at the start of a turn, before any car moves; several at once is allowed."),
        ("A-2", "No lives lost to mines or leaving the track this turn."),
        ("3-4", "No lives lost to bumps this turn."),
        ("5-6", "Your bumps do double damage this turn."),
        ("7-8", "One of your cars makes an extra move before the turn."),
        ("9 / 10", "Move one of your cars behind (9) or to the right of (10) a rival car; both cells must be free."),
        ("J / Q / K", "Move a rival car in front of (J) or to the left of (Q) one of yours; K: up to 4 lives back."),
    ], credit)
    return [awards, cards, advanced]
