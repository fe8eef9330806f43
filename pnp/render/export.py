"""Card exports: one PNG per card face (`cards`, with bleed, for print-on-demand services) and Tabletop Simulator
deck sheets (`tts`, trimmed faces on a grid, the back alone, a JSON file of the grid per deck).

Input: a `PrintJob`'s decks (`pnp.layout.singles`). Output: named files in memory and one line per deck saying
what was written. Faces are drawn through the PDF backend, one card per page, and rasterised with pdfium, so
they match the printed sheets exactly. Every PNG carries its resolution (pHYs).

File names are flat (no subfolders), so the output manifest handles them like every other file:
`KIT-cards-DECK-NNN-CARD-front.png` (and `-back.png`, or `KIT-cards-DECK-back.png` for a back every card
shares; KIT is the kit's name and `--lang`); a card printed several times is written once, `-xCOUNT` before `-front`
(print-on-demand services take a quantity per image). TTS files are `KIT-tts-DECK-sheetN.png`,
`KIT-tts-DECK-back.png` and `KIT-tts-DECK.json`.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass

from PIL import Image as PILImage

from pnp.layout.pieces import PrintJob
from pnp.layout.scene import Document, Page
from pnp.layout.singles import DeckFaces, decks_of
from pnp.output import Payload
from pnp.render.outputs import png_bytes, slug
from pnp.render.pdf import render_pdf

CARD_DPI = 300
"""Resolution of card PNGs unless `--dpi` says otherwise."""
TTS_COLUMNS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
"""Tabletop Simulator's largest deck grid and the largest sheet side it loads well."""
NAME_BYTES = 48
"""Longest deck or card part of a file name, in UTF-8 bytes (a whole name stays well under 255)."""


def pixels(mm: float, dpi: int) -> int:
    """Whole pixels for a length at `dpi`: (mm / 25.4) x dpi, rounded."""
    return round(mm / 25.4 * dpi)


def short_slug(text: str, limit: int = NAME_BYTES) -> str:
    """`slug(text)` cut to `limit` UTF-8 bytes, with 8 hex digits of the text's hash when cut."""
    whole = slug(text)
    if len(whole.encode("utf-8")) <= limit:
        return whole
    cut = whole
    while len(cut.encode("utf-8")) > limit - 9:
        cut = cut[:-1]
    return f"{cut.rstrip('-')}-{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


def rasterise(pages: list[Page], title: str, dpi: int) -> list[PILImage.Image]:
    """Each page drawn through the PDF backend at `dpi`, exactly `pixels(page size)` wide and high."""
    import pypdfium2 as pdfium

    pdf = render_pdf(Document(title, tuple(pages)))
    images: list[PILImage.Image] = []
    document = pdfium.PdfDocument(pdf)
    try:
        for index, page in enumerate(pages):
            sheet = document[index]
            image = sheet.render(scale=dpi / 72).to_pil().convert("RGB")
            sheet.close()  # pdfium sizes up (ceil): keep the rounded size, losing at most a partial pixel
            images.append(image.crop((0, 0, pixels(page.width, dpi), pixels(page.height, dpi))))
    finally:
        document.close()
    return images


def _deck_slugs(decks: list[DeckFaces]) -> list[str]:
    """A distinct file-name part per deck (`-2`, `-3` after repeats)."""
    seen: dict[str, int] = {}
    out = []
    for deck in decks:
        base = short_slug(deck.name) if deck.name else "deck"
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return out


@dataclass(frozen=True, slots=True)
class Export:
    """The files of one export and a line per deck telling what was written."""

    files: dict[str, Payload]
    notes: list[str]


def card_files(job: PrintJob, stem: str, dpi: int = CARD_DPI) -> Export:
    """One PNG per distinct card front and per back (one for the deck when all share it), bleed included."""
    files: dict[str, Payload] = {}
    notes = []
    decks = decks_of(job, with_bleed=True)
    for deck, deck_slug in zip(decks, _deck_slugs(decks), strict=True):
        digits = max(3, len(str(len(deck.cards))))
        pages, names = [], []
        for card in deck.cards:
            name = f"{stem}-cards-{deck_slug}-{card.number:0{digits}d}"
            name += (f"-{short_slug(card.name)}" if card.name and card.name != deck.name else "")
            name += f"-x{card.count}" if card.count > 1 else ""
            pages.append(card.front)
            names.append(f"{name}-front.png")
            if card.back is not None and deck.shared_back is None:
                pages.append(card.back)
                names.append(f"{name}-back.png")
        if deck.shared_back is not None:
            pages.append(deck.shared_back)
            names.append(f"{stem}-cards-{deck_slug}-back.png")
        for name, image in zip(names, rasterise(pages, job.title, dpi), strict=True):
            files[name] = png_bytes(image, dpi)
        w, h = pixels(deck.width + 2 * deck.bleed, dpi), pixels(deck.height + 2 * deck.bleed, dpi)
        notes.append(f'cards: deck "{deck.name}": {len(deck.cards)} card file(s) for {deck.total} card(s) and '
                     f"{_backs(deck)}, {w} x {h} px at {dpi} dpi ({deck.bleed:g} mm bleed)")
    return Export(files, notes)


def _backs(deck: DeckFaces) -> str:
    if deck.shared_back is not None:
        return "one shared back"
    return "a back per card" if deck.has_backs else "no backs"


def tts_dpi(width_mm: float, height_mm: float, columns: int, rows: int, most: int) -> int:
    """The highest whole dpi, at most `most`, at which a grid of `columns` x `rows` cards stays within
    TTS_MAX_PX on each side."""
    dpi = most
    while dpi > 1 and (columns * pixels(width_mm, dpi) > TTS_MAX_PX or rows * pixels(height_mm, dpi) > TTS_MAX_PX):
        dpi -= 1
    return dpi


def tts_grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `cards` faces plus the hidden-card slot (its last slot)."""
    slots = cards + 1
    columns = min(TTS_COLUMNS, slots)
    return columns, math.ceil(slots / columns)


TTS_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1
"""Faces per full sheet: the last of the 70 slots is the hidden card (see `tts_files`)."""


def tts_files(job: PrintJob, stem: str, most_dpi: int = CARD_DPI) -> Export:
    """Tabletop Simulator deck sheets of every deck: trimmed faces, every copy, at most 69 per sheet.

    The last slot of each sheet (bottom right of its grid) holds the back: Tabletop Simulator shows that slot
    for cards in another player's hand unless "Back is hidden" is ticked, so either way hands look right. A
    deck whose cards have different backs also gets back sheets on the same grid ("Unique backs").
    """
    files: dict[str, Payload] = {}
    notes = []
    decks = decks_of(job, with_bleed=False)
    for deck, deck_slug in zip(decks, _deck_slugs(decks), strict=True):
        copies = [card for card in deck.cards for _ in range(card.count)]
        chunks = [copies[i:i + TTS_PER_SHEET] for i in range(0, len(copies), TTS_PER_SHEET)]
        columns, rows = tts_grid(len(chunks[0]))
        dpi = tts_dpi(deck.width, deck.height, columns, rows, most_dpi)
        w, h = pixels(deck.width, dpi), pixels(deck.height, dpi)
        unique_backs = deck.shared_back is None and deck.has_backs
        blank = Page(deck.width, deck.height, ())
        back_page = deck.shared_back or blank
        own_backs = [card.back or blank for card in deck.cards] if unique_backs else []
        images = rasterise([*(card.front for card in deck.cards), *own_backs, back_page], job.title, dpi)
        front_of = {id(card): images[i] for i, card in enumerate(deck.cards)}
        back_of = {id(card): images[len(deck.cards) + i] for i, card in enumerate(deck.cards) if own_backs}
        back_image = images[-1]
        base = f"{stem}-tts-{deck_slug}"
        sheets = []
        for number, chunk in enumerate(chunks, start=1):
            cols, rws = tts_grid(len(chunk))
            name = f"{base}-sheet{number}.png"
            files[name] = png_bytes(_sheet([front_of[id(c)] for c in chunk], back_image, cols, rws, w, h), dpi)
            sheet = {"file": name, "columns": cols, "rows": rws, "cards": len(chunk),
                     "width_px": cols * w, "height_px": rws * h}
            if unique_backs:
                back_name = f"{base}-sheet{number}-backs.png"
                files[back_name] = png_bytes(_sheet([back_of[id(c)] for c in chunk], back_image, cols, rws, w, h),
                                             dpi)
                sheet["backs_file"] = back_name
            sheets.append(sheet)
        back_name = f"{base}-back.png"
        files[back_name] = png_bytes(back_image, dpi)
        grid = {"deck": deck.name, "cards": len(copies), "dpi": dpi, "card_px": [w, h],
                "card_mm": [deck.width, deck.height], "back": back_name, "unique_backs": unique_backs,
                "hidden_card": "last slot of each sheet (the back)", "sheets": sheets}
        files[f"{base}.json"] = (json.dumps(grid, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        backs = "" if deck.has_backs else " (the deck has no back: a blank back was written)"
        notes.append(f'tts: deck "{deck.name}": {len(copies)} card(s) on {len(chunks)} sheet(s) of up to '
                     f"{columns} x {rows} at {dpi} dpi ({w} x {h} px per card){backs}")
    return Export(files, notes)


def _sheet(faces: list[PILImage.Image], hidden: PILImage.Image, columns: int, rows: int, w: int, h: int
           ) -> PILImage.Image:
    """Faces left to right, top to bottom; `hidden` in the grid's last slot."""
    sheet = PILImage.new("RGB", (columns * w, rows * h), "white")
    for i, face in enumerate(faces):
        sheet.paste(face, ((i % columns) * w, (i // columns) * h))
    sheet.paste(hidden, ((columns - 1) * w, (rows - 1) * h))
    return sheet
