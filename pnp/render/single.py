"""`--format single`: `KIT-single.pdf`, every card of the kit's decks one face a page, as print shops ask for
them: each copy's front, then its back, for every copy in deck order.

Each page is the card plus its bleed (MediaBox = BleedBox), its TrimBox the card itself, so a shop's
preflight reads where to cut from the file. With a shop (`--shop`) each page is the shop's product plus the
shop's bleed, the card scaled to it when within 1 % (`pnp.layout.shops`). Input: a `PrintJob`'s decks
(`pnp.layout.singles`); output: an `Export` whose file is drawn when written, through the PDF backend as
`press` says (RGB or CMYK, PDF/X).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from pnp.layout.pieces import PrintJob
from pnp.layout.scene import Document, Page
from pnp.layout.singles import decks_of
from pnp.render.export import Export, Where, chosen_shop, export_stem, needs_decks, nowhere, shop_decks
from pnp.render.formats import Built, Output, RenderOptions
from pnp.render.press import RGB, Press

if TYPE_CHECKING:
    from pnp.layout.shops import Shop


def single_pages(job: PrintJob, shop: Shop | None = None, where: Where = nowhere) -> tuple[list[Page], Export]:
    """Every copy of every card of the job's decks, front then back (when it has one), trim boxes set (as the
    shop's product when `shop` is given), and an `Export` of no files with a line and any warning per deck."""
    pages: list[Page] = []
    said = Export({}, [], 0)
    decks = [d for d in decks_of(job, with_bleed=True) if d.kind == "deck"]
    for deck, fitted in zip(decks, shop_decks(decks, shop, where), strict=True):
        trim = (deck.bleed, deck.bleed, deck.width, deck.height)
        for card in deck.cards:
            faces = [card.front] if card.back is None else [card.front, card.back]
            drawn = [replace(f, trim=trim) if fitted is None else fitted.page(f, deck) for f in faces]
            pages.extend(drawn * card.count)
        sides = "front and back" if deck.has_backs else "front"
        size = pages[-1]
        w, h = (deck.width, deck.height) if fitted is None else fitted.shop.cut(fitted.product)
        bleed = (size.width - w) / 2
        what = "" if fitted is None else f", {fitted.shop.name} {fitted.product.name}"
        said.notes.append(f'single: deck "{deck.name}": {deck.total} card(s), {sides} of each on its own page, '
                          f"{_mm(size.width)} x {_mm(size.height)} mm (trim {_mm(w)} x {_mm(h)} mm, {_mm(bleed)} mm "
                          f"bleed{what})")
        if fitted is not None and fitted.warning is not None:
            said.warnings.append(fitted.warning)
    return pages, said


def _mm(value: float) -> str:
    """A length as the shops publish it: to 0.001 mm, no trailing zeros (120.65, 3.175, 63)."""
    return f"{round(value, 3):g}"


def single_file(job: PrintJob, stem: str, press: Press = RGB, shop: Shop | None = None,
                where: Where = nowhere) -> Export:
    """`STEM-single.pdf` of the job's decks (as `shop`'s products when given), and a line per deck saying what
    it holds."""
    from pnp.render.pdf import write_pdf

    pages, said = single_pages(job, shop, where)
    document = Document(job.title, tuple(pages), author="pnp", subject="cards one face a page, for a print shop")
    return Export({f"{stem}-single.pdf": partial(write_pdf, document, press=press)}, said.notes, 0, said.warnings)


def single_output(build: Built, options: RenderOptions) -> Output:
    """The `single` format: `single_file` of the build's decks, written as `--colour`/`--pdfx` say."""
    job, stem = needs_decks(build, "single", ("cards",)), export_stem(build, options)
    export = single_file(job, stem, options.press or RGB, chosen_shop(options), build.component_mark)
    return Output(f"{stem} single", export.files, tuple(export.notes), export.pixels, tuple(export.warnings))
