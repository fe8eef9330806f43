"""Single card faces: each deck of a print job as one page per distinct card face, for exports that want a
picture per card (print-on-demand card files, Tabletop Simulator sheets) rather than imposed sheets.

Input: a `PrintJob`. Output: `DeckFaces` per group of cards: its distinct cards (consecutive equal pieces, the
copies of one card, counted once) with a front `Page` each, and the backs (one shared page when every card has
the same back). A page is the card's trim, plus its bleed when asked, drawn from the piece's own items.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.pieces import Piece, PieceGroup, PrintJob
from pnp.layout.scene import Group, Item, Page, Rect, Style, Transform

EXPORTED_KINDS = ("cards", "counters")
"""The `PieceGroup.kind`s exported piece by piece: decks of cards and counter sheets."""


@dataclass(frozen=True, slots=True)
class CardFaces:
    """One distinct card of a deck: its 1-based number, name, how many copies print, its front and back."""

    number: int
    name: str
    count: int
    front: Page
    back: Page | None
    export: str = ""
    """The name the deck's `export_name` gives its files ("" for the default pattern)."""


@dataclass(frozen=True, slots=True)
class DeckFaces:
    """A deck's cards as pages; `shared_back` is the one back every card has (None: none or several)."""

    name: str
    width: float
    height: float
    bleed: float
    cards: tuple[CardFaces, ...]
    shared_back: Page | None
    kind: str = "deck"
    """What the group is called in messages: "deck" or "counters"."""

    @property
    def total(self) -> int:
        """Every printed copy of every card."""
        return sum(card.count for card in self.cards)

    @property
    def has_backs(self) -> bool:
        return any(card.back is not None for card in self.cards)


def face_page(drawing: tuple[Item, ...], width: float, height: float, bleed: float, label: str = "") -> Page:
    """A page of the trim size plus `bleed` on every side, showing `drawing` (piece coordinates) clipped to it."""
    clip = Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, Style())
    group = Group(drawing, Transform(bleed, bleed), clip=clip, label=label)
    return Page(width + 2 * bleed, height + 2 * bleed, (group,), label)


def _distinct(pieces: tuple[Piece, ...]) -> list[tuple[Piece, int]]:
    """Runs of equal consecutive pieces (a card printed `count` times) as (piece, count)."""
    runs: list[tuple[Piece, int]] = []
    for piece in pieces:
        if runs and (runs[-1][0] is piece or runs[-1][0] == piece):
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((piece, 1))
    return runs


def deck_faces(group: PieceGroup, with_bleed: bool) -> DeckFaces:
    """The pages of one deck's distinct cards, with their bleed (`with_bleed`) or trimmed."""
    width, height, bleed = group.size
    margin = bleed if with_bleed else 0.0
    cards = []
    for number, (piece, count) in enumerate(_distinct(group.pieces), start=1):
        front = face_page(piece.front, width, height, margin, piece.name)
        back = face_page(piece.back, width, height, margin, piece.name) if piece.back is not None else None
        cards.append(CardFaces(number, piece.name, count, front, back, piece.export))
    backs = {piece.back for piece in group.pieces}
    shared = None
    if len(backs) == 1 and None not in backs:
        shared = cards[0].back
    return DeckFaces(group.name, width, height, bleed, tuple(cards), shared,
                     "deck" if group.kind == "cards" else group.kind)


def decks_of(job: PrintJob, with_bleed: bool) -> list[DeckFaces]:
    """Every deck of cards and counter sheet in `job` (groups of EXPORTED_KINDS), in order."""
    return [deck_faces(group, with_bleed) for group in job.groups if group.kind in EXPORTED_KINDS and group.pieces]
