"""Proof sheets: every distinct card face of a kit's decks (fronts, and backs once each) at reduced scale in a
grid, with the deck, the card's name, its place in the deck and how many copies print written under each face:
what a designer checks before printing hundreds of cards.

Input: a `PrintJob` (its decks as `pnp.layout.singles.DeckFaces`), a paper and, for `--shop`, each deck as the
shop's product (each face then shows as the shop's file, bleed included, its cut and safe zone drawn over it).
Output: a `Document` of portrait pages of that paper, faces left to right, top to bottom, a deck starting on a
new row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.layout.pieces import PrintJob
from pnp.layout.scene import Document, Group, Item, Page, Rect, Style, Text, Transform
from pnp.layout.singles import DeckFaces, decks_of
from pnp.layout.text import fit_size

if TYPE_CHECKING:
    from pnp.layout.shops import ShopDeck

PROOF_SCALE = 0.5
"""How large a face prints on the proof (smaller when one face would not fit across the page)."""
GAP = 4.0
"""Space between neighbouring faces (mm)."""
LABEL = 8.0
"""Height of the two lines under each face (mm)."""
HEADER = 10.0
"""Height of the title line at the top of every page (mm)."""
EDGE = Style(stroke="#999999", stroke_width=0.2)


@dataclass(frozen=True, slots=True)
class ProofFace:
    """One cell of the proof: the face's page and its two label lines."""

    page: Page
    title: str
    detail: str


def _places(deck: DeckFaces) -> list[str]:
    """The place(s) in the deck of each distinct card: `#4` or `#4-6` for three copies."""
    out, first = [], 1
    for card in deck.cards:
        out.append(f"#{first}" if card.count == 1 else f"#{first}-{first + card.count - 1}")
        first += card.count
    return out


def proof_faces(deck: DeckFaces) -> list[ProofFace]:
    """Every distinct face of `deck`: each card's front (and own back), then the back every card shares. Copies
    drawn one by one (their fronts quote `card.index`) that share the same back show it once, for them all."""
    faces: list[ProofFace] = []
    run: tuple[str, Page, int, int] | None = None
    """The last back shown: the card's name, its page, the first place it stands for and its index in faces."""
    first = 1
    for card, place in zip(deck.cards, _places(deck), strict=True):
        title = f"{deck.name} · {card.name}" if card.name and card.name != deck.name else deck.name
        copies = f"{card.count} copies" if card.count > 1 else "1 copy"
        faces.append(ProofFace(card.front, title, f"{place} · {copies} · front"))
        if card.back is not None and deck.shared_back is None:
            if run is not None and run[0] == card.name and run[1] == card.back:
                last = first + card.count - 1
                faces[run[3]] = ProofFace(card.back, title, f"#{run[2]}-{last} · {last - run[2] + 1} copies · back")
            else:
                run = (card.name, card.back, first, len(faces))
                faces.append(ProofFace(card.back, title, f"{place} · {copies} · back"))
        first += card.count
    if deck.shared_back is not None:
        faces.append(ProofFace(deck.shared_back, f"{deck.name} · back", f"all {deck.total} cards · back"))
    return faces


def _cell(face: ProofFace, x: float, y: float, scale: float, width: float) -> list[Item]:
    page = face.page
    w, h = page.width * scale, page.height * scale
    size = fit_size(face.title, "sans-bold", 2.6, width)
    small = fit_size(face.detail, "sans", 2.3, width)
    return [Group(page.items, Transform(x, y, scale=scale)), Rect(x, y, w, h, EDGE),
            Text(x, y + h + 3.2, face.title, size, "sans-bold"),
            Text(x, y + h + 6.6, face.detail, small, "sans", "#444444")]


def _shown(deck: DeckFaces, bled: DeckFaces, fitted: ShopDeck | None) -> tuple[list[ProofFace], float, float]:
    """The faces a deck shows on the proof and their size (mm): trimmed, or with a shop each face as the shop's
    file (the card scaled to its product, the shop's bleed round it) so the bleed it gets is seen."""
    faces = proof_faces(deck)
    if fitted is None:
        return faces, deck.width, deck.height
    files = [ProofFace(fitted.page(face.page, bled), face.title, face.detail) for face in proof_faces(bled)]
    return files, files[0].page.width, files[0].page.height


def proof_document(job: PrintJob, paper: tuple[float, float], margin: float = 10.0,
                   overlays: Mapping[str, ShopDeck] | None = None) -> Document:
    """The proof sheets of `job`'s decks on portrait pages of `paper` (width, height in mm); each deck in
    `overlays` (by name) shown as the shop's files, its cut and safe zone over every face."""
    from pnp.layout.shops import proof_overlay

    trimmed = [d for d in decks_of(job, with_bleed=False) if d.kind == "deck"]
    bled = [d for d in decks_of(job, with_bleed=True) if d.kind == "deck"]
    shown = [(deck, *_shown(deck, b, (overlays or {}).get(deck.name))) for deck, b in zip(trimmed, bled, strict=True)]
    pw, ph = paper
    room = pw - 2 * margin
    scale = min(PROOF_SCALE, room / max(w for _, _, w, _ in shown),
                (ph - 2 * margin - HEADER - LABEL) / max(h for _, _, _, h in shown))
    pages: list[list[Item]] = [[]]
    y = margin + HEADER
    for deck, faces, width, height in shown:
        cw, chh = width * scale, height * scale + LABEL
        columns = max(1, int((room + GAP) // (cw + GAP)))
        fitted = (overlays or {}).get(deck.name)
        for i, face in enumerate(faces):
            column = i % columns
            if column == 0 and i > 0:
                y += chh + GAP
            if y + chh > ph - margin:
                pages.append([])
                y = margin + HEADER
            x = margin + column * (cw + GAP)
            pages[-1].extend(_cell(face, x, y, scale, cw))
            if fitted is not None:
                pages[-1].extend(proof_overlay(fitted, x, y, scale))
        y += chh + GAP * 2
    total = len(pages)
    faces_count = sum(len(faces) for _, faces, _, _ in shown)
    out = []
    for n, items in enumerate(pages, start=1):
        head = (f"{job.title} — proof: {faces_count} faces of {sum(d.total for d in trimmed)} cards at "
                f"{scale * 100:.0f}% · page {n} of {total}")
        out.append(Page(pw, ph, (Text(margin, margin + 4, head, fit_size(head, "sans-bold", 3.5, room),
                                      "sans-bold"), *items), f"proof {n}"))
    return Document(f"{job.title} proof", tuple(out))
