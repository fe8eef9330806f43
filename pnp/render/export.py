"""Card exports: one PNG per card face (`cards`, with bleed, for print-on-demand services) and Tabletop Simulator
deck sheets (`tts`, trimmed faces on a grid, the back alone, a JSON file of the grid per deck).

Input: a `PrintJob`'s decks and counter sheets (`pnp.layout.singles`). Output: named files, each drawn when it
is written (one card or one sheet in memory at a time), one line per deck saying what they hold, and the pixels
they take (checked against `--max-export-pixels` before anything is drawn). Faces are drawn through the PDF
backend, one card per page, and rasterised with pdfium, so they match the printed sheets exactly. Every PNG
carries its resolution (pHYs).

File names are flat (no subfolders), so the output manifest handles them like every other file:
`KIT-cards-DECK-NNN-CARD-front.png` (and `-back.png`, or `KIT-cards-DECK-back.png` for a back every card
shares; KIT is the kit's name and `--lang`); a card printed several times is written once, `-xCOUNT` before `-front`
(print-on-demand services take a quantity per image). A deck's `export_name:` template names its cards' files
instead (`NAME-front.png`, `NAME-back.png`; checked safe and distinct when the deck is drawn). TTS files are
`KIT-tts-DECK-sheetN.png`, `KIT-tts-DECK-back.png` and `KIT-tts-DECK.json`.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, BinaryIO

from PIL import Image as PILImage

from pnp.diagnostics import Diagnostic, SpecError
from pnp.layout.pieces import PrintJob
from pnp.layout.scene import Document, Page
from pnp.layout.singles import EXPORTED_KINDS, CardFaces, DeckFaces, decks_of
from pnp.render.formats import Built, Output, Payload, RenderOptions
from pnp.render.outputs import save_png, slug
from pnp.render.pdf import render_pdf

if TYPE_CHECKING:
    from pnp.diagnostics import Mark
    from pnp.layout.shops import Shop, ShopDeck

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


class Faces:
    """Pages drawn through the PDF backend (once, when first needed) and rasterised a few at a time at `dpi`,
    each exactly `pixels(page size)` wide and high: an export holds one card's or one sheet's pixels at a time."""

    def __init__(self, pages: list[Page], title: str, dpi: int):
        self.pages = pages
        self.title = title
        self.dpi = dpi
        self._pdf: bytes | None = None

    def images(self, indices: Iterable[int]) -> Iterator[PILImage.Image]:
        """The pages at `indices` (repeats allowed), rasterised one at a time, in order."""
        import pypdfium2 as pdfium

        if self._pdf is None:
            self._pdf = render_pdf(Document(self.title, tuple(self.pages)))
        document = pdfium.PdfDocument(self._pdf)
        try:
            for index in indices:
                sheet = document[index]
                image = sheet.render(scale=self.dpi / 72).to_pil().convert("RGB")
                sheet.close()  # pdfium sizes up (ceil): keep the rounded size, losing at most a partial pixel
                page = self.pages[index]
                yield image.crop((0, 0, pixels(page.width, self.dpi), pixels(page.height, self.dpi)))
        finally:
            document.close()

    def png(self, index: int) -> Payload:
        """The file of page `index`, rasterised when it is written."""
        return partial(_write_page, self, index)


def _write_page(faces: Faces, index: int, handle: BinaryIO) -> None:
    save_png(next(faces.images([index])), faces.dpi, handle)


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
    """The files of one export (drawn when written), a line per deck telling what they hold, their pixels, and
    warnings about what was not made exactly as asked (a deck scaled to a shop's product)."""

    files: dict[str, Payload]
    notes: list[str]
    pixels: int
    warnings: list[Diagnostic] = field(default_factory=list)


Where = Callable[[str], "Mark | None"]
"""Where a deck (by name) is in the spec, for a shop's refusal or warning."""


def nowhere(_name: str) -> Mark | None:
    return None


def chosen_shop(options: RenderOptions) -> Shop | None:
    """The shop the render follows (`--shop`, else the spec's `press: {shop:}`; None: the kit's own sizes)."""
    from pnp.layout.shops import shops

    return None if options.shop is None else shops()[options.shop]


def shop_decks(decks: list[DeckFaces], shop: Shop | None, where: Where) -> list[ShopDeck | None]:
    """Each deck of cards as the shop's product (None for counters, and for every deck without a shop);
    a SpecError at the deck when it is none of the shop's products."""
    from pnp.layout.shops import fit

    return [fit(d, shop, where(d.name)) if shop is not None and d.kind == "deck" else None for d in decks]


def export_stem(build: Built, options: RenderOptions) -> str:
    """The name an export's files start with: `KIT` (and `-LANG`)."""
    return slug(build.job.title) + (f"-{options.lang}" if options.lang else "")


def needs_decks(build: Built, fmt: str, kinds: tuple[str, ...]) -> PrintJob:
    """The build's print job; a SpecError when it has no piece of `kinds` for `--format fmt`."""
    job = build.job
    if not any(g.kind in kinds and g.pieces for g in job.groups):
        raise SpecError(Diagnostic.at(build.top, "render.no_decks",
                                      f"--format {fmt}: {job.title!r} has no deck of cards"
                                      f"{' or counters' if 'counters' in kinds else ''} to export",
                                      "add a `type: deck` component, or choose pdf, svg or png"))
    return job


def tts_output(build: Built, options: RenderOptions) -> Output:
    """The `tts` format: `tts_files` of the build's decks and counters, at most `--dpi`."""
    job, stem = needs_decks(build, "tts", EXPORTED_KINDS), export_stem(build, options)
    return _output(f"{stem} tts", tts_files(job, stem, options.dpi or CARD_DPI))


def cards_output(build: Built, options: RenderOptions) -> Output:
    """The `cards` format: `card_files` of the build's decks and counters at `--dpi`."""
    job, stem = needs_decks(build, "cards", EXPORTED_KINDS), export_stem(build, options)
    export = card_files(job, stem, options.dpi or CARD_DPI, chosen_shop(options), build.component_mark)
    return _output(f"{stem} cards", export)


def proof_output(build: Built, options: RenderOptions) -> Output:
    """The `proof` format: `proof_file` of the build's decks, on the build's paper."""
    job, stem = needs_decks(build, "proof", ("cards",)), export_stem(build, options)
    return _output(f"{stem} proof", proof_file(job, stem, build.paper_name, chosen_shop(options),
                                               build.component_mark))


def _output(job: str, export: Export) -> Output:
    return Output(job, export.files, tuple(export.notes), export.pixels, tuple(export.warnings))


def card_files(job: PrintJob, stem: str, dpi: int = CARD_DPI, shop: Shop | None = None,
               where: Where = nowhere) -> Export:
    """One PNG per distinct card front and per back (one for the deck when all share it), bleed included; as
    `shop`'s templates want them when given (its product's size, its bleed and dpi)."""
    files: dict[str, Payload] = {}
    notes = []
    total = 0
    decks = decks_of(job, with_bleed=True)
    fitted = shop_decks(decks, shop, where)
    for deck, deck_slug, as_shop in zip(decks, _deck_slugs(decks), fitted, strict=True):
        digits = max(3, len(str(len(deck.cards))))
        pages, names = [], []
        for card in deck.cards:
            name = card.export or _default_name(stem, deck_slug, card, digits, deck.name)
            pages.append(card.front)
            names.append(f"{name}-front.png")
            if card.back is not None and deck.shared_back is None:
                pages.append(card.back)
                names.append(f"{name}-back.png")
        if deck.shared_back is not None:
            pages.append(deck.shared_back)
            names.append(f"{stem}-cards-{deck_slug}-back.png")
        at = dpi if as_shop is None else as_shop.shop.dpi
        faces = Faces(pages if as_shop is None else [as_shop.page(p, deck) for p in pages], job.title, at)
        files.update((name, faces.png(index)) for index, name in enumerate(names))
        w, h = (pixels(deck.width + 2 * deck.bleed, at), pixels(deck.height + 2 * deck.bleed, at)) if (
            as_shop is None) else as_shop.product.px
        total += len(names) * w * h
        noun = _noun(deck)
        notes.append(f'cards: {deck.kind} "{deck.name}": {len(deck.cards)} {noun} file(s) for {deck.total} {noun}(s) '
                     f"and {_backs(deck)}, {w} x {h} px at {at} dpi ({_bleed_of(deck, as_shop, shop)})")
    return Export(files, notes, total, [f.warning for f in fitted if f is not None and f.warning is not None])


def _bleed_of(deck: DeckFaces, as_shop: ShopDeck | None, shop: Shop | None) -> str:
    if as_shop is not None:
        s = as_shop.shop
        return f"{s.name} {as_shop.product.name}, {s.bleed:.2f} mm bleed"
    if shop is not None:
        return f"{deck.bleed:g} mm bleed; {shop.name} has no product for {_noun(deck)}s: at their own size"
    return f"{deck.bleed:g} mm bleed"


def proof_file(job: PrintJob, stem: str, paper: str, shop: Shop | None = None, where: Where = nowhere) -> Export:
    """`STEM-proof.pdf`: every distinct card face of the kit's decks, reduced, named and numbered
    (`pnp.layout.proof`), on portrait sheets of `paper`; with `shop`'s cut and safe zone over each face."""
    from pnp.layout.paper import get_paper
    from pnp.layout.proof import proof_document, proof_faces
    from pnp.render.pdf import write_pdf

    sheet = get_paper(paper)
    decks = [d for d in decks_of(job, with_bleed=False) if d.kind == "deck"]
    fitted = shop_decks(decks, shop, where)
    overlays = {d.name: f for d, f in zip(decks, fitted, strict=True) if f is not None}
    document = proof_document(job, (sheet.width, sheet.height), overlays=overlays)
    notes = [f'proof: deck "{d.name}": {len(proof_faces(d))} face(s) of {d.total} card(s)'
             + (f", {shop.name}'s {overlays[d.name].product.name} cut (solid) and safe zone (dashed) over each"
                if shop is not None else "") for d in decks]
    return Export({f"{stem}-proof.pdf": partial(write_pdf, document)}, notes, 0,
                  [f.warning for f in fitted if f is not None and f.warning is not None])


def _default_name(stem: str, deck_slug: str, card: CardFaces, digits: int, deck: str) -> str:
    """`KIT-cards-DECK-NNN-CARD-xCOUNT`, the name of a card's files when its deck has no `export_name`."""
    name = f"{stem}-cards-{deck_slug}-{card.number:0{digits}d}"
    name += (f"-{short_slug(card.name)}" if card.name and card.name != deck else "")
    return name + (f"-x{card.count}" if card.count > 1 else "")


def _noun(deck: DeckFaces) -> str:
    return "card" if deck.kind == "deck" else "counter"


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
    """Columns and rows of a sheet holding `cards` faces plus the hidden-card slot (its last slot): at least two
    rows, which Tabletop Simulator's deck importer needs."""
    slots = cards + 1
    columns = TTS_COLUMNS if slots > TTS_COLUMNS else math.ceil(slots / 2)
    return columns, math.ceil(slots / columns)


TTS_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1
"""Faces per full sheet: the last of the 70 slots is the hidden card (see `tts_files`)."""


@dataclass(frozen=True, slots=True)
class _Grid:
    """A TTS sheet's grid: which pages go in its slots (`hidden` in the last), columns, rows, card pixels."""

    slots: tuple[int, ...]
    hidden: int
    columns: int
    rows: int
    w: int
    h: int


def tts_files(job: PrintJob, stem: str, most_dpi: int = CARD_DPI) -> Export:
    """Tabletop Simulator deck sheets of every deck: trimmed faces, every copy, at most 69 per sheet.

    The last slot of each sheet (bottom right of its grid) holds the back: Tabletop Simulator shows that slot
    for cards in another player's hand unless "Back is hidden" is ticked, so either way hands look right. A
    deck whose cards have different backs also gets back sheets on the same grid ("Unique backs").
    """
    files: dict[str, Payload] = {}
    notes = []
    total = 0
    decks = decks_of(job, with_bleed=False)
    for deck, deck_slug in zip(decks, _deck_slugs(decks), strict=True):
        copies = [i for i, card in enumerate(deck.cards) for _ in range(card.count)]
        chunks = [copies[i:i + TTS_PER_SHEET] for i in range(0, len(copies), TTS_PER_SHEET)]
        columns, rows = tts_grid(len(chunks[0]))
        dpi = tts_dpi(deck.width, deck.height, columns, rows, most_dpi)
        w, h = pixels(deck.width, dpi), pixels(deck.height, dpi)
        unique_backs = deck.shared_back is None and deck.has_backs
        blank = Page(deck.width, deck.height, ())
        own_backs = [card.back or blank for card in deck.cards] if unique_backs else []
        faces = Faces([*(card.front for card in deck.cards), *own_backs, deck.shared_back or blank], job.title, dpi)
        hidden = len(faces.pages) - 1
        base = f"{stem}-tts-{deck_slug}"
        sheets = []
        for number, chunk in enumerate(chunks, start=1):
            cols, rws = tts_grid(len(chunk))
            name = f"{base}-sheet{number}.png"
            files[name] = partial(_write_sheet, faces, _Grid(tuple(chunk), hidden, cols, rws, w, h))
            sheet = {"file": name, "columns": cols, "rows": rws, "cards": len(chunk),
                     "width_px": cols * w, "height_px": rws * h}
            total += cols * w * rws * h * (2 if unique_backs else 1)
            if unique_backs:
                back_name = f"{base}-sheet{number}-backs.png"
                own = tuple(len(deck.cards) + i for i in chunk)
                files[back_name] = partial(_write_sheet, faces, _Grid(own, hidden, cols, rws, w, h))
                sheet["backs_file"] = back_name
            sheets.append(sheet)
        back_name = f"{base}-back.png"
        files[back_name] = faces.png(hidden)
        total += w * h
        grid = {"deck": deck.name, "cards": len(copies), "dpi": dpi, "card_px": [w, h],
                "card_mm": [deck.width, deck.height], "back": back_name, "unique_backs": unique_backs,
                "hidden_card": "last slot of each sheet (the back)", "sheets": sheets}
        files[f"{base}.json"] = (json.dumps(grid, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        backs = "" if deck.has_backs else " (no back: a blank back was written)"
        noun = _noun(deck)
        notes.append(f'tts: {deck.kind} "{deck.name}": {len(copies)} {noun}(s) on {len(chunks)} sheet(s) of up to '
                     f"{columns} x {rows} at {dpi} dpi ({w} x {h} px per {noun}){backs}")
    return Export(files, notes, total)


def _write_sheet(faces: Faces, grid: _Grid, handle: BinaryIO) -> None:
    """One TTS sheet: its faces left to right, top to bottom, the hidden card in the grid's last slot."""
    sheet = PILImage.new("RGB", (grid.columns * grid.w, grid.rows * grid.h), "white")
    last = grid.columns * grid.rows - 1
    for slot, image in zip([*range(len(grid.slots)), last], faces.images([*grid.slots, grid.hidden]), strict=True):
        sheet.paste(image, ((slot % grid.columns) * grid.w, (slot // grid.columns) * grid.h))
    save_png(sheet, faces.dpi, handle)
