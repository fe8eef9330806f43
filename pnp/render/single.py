"""`--format single`: `KIT-single.pdf`, every card of the kit's decks one face a page, as print shops ask for
them: each copy's front, then its back, for every copy in deck order.

Each page is the card plus its bleed (MediaBox = BleedBox), its TrimBox the card itself, so a shop's
preflight reads where to cut from the file. Input: a `PrintJob`'s decks (`pnp.layout.singles`); output: an
`Export` whose file is drawn when written, through the PDF backend as `press` says (RGB or CMYK, PDF/X).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from pnp.layout.pieces import PrintJob
from pnp.layout.scene import Document, Page
from pnp.layout.singles import decks_of
from pnp.render.export import Export, export_stem, needs_decks
from pnp.render.formats import Built, Output, RenderOptions
from pnp.render.press import RGB, Press


def single_pages(job: PrintJob) -> list[Page]:
    """Every copy of every card of the job's decks, front then back (when it has one), trim boxes set."""
    pages: list[Page] = []
    for deck in decks_of(job, with_bleed=True):
        if deck.kind != "deck":
            continue
        trim = (deck.bleed, deck.bleed, deck.width, deck.height)
        for card in deck.cards:
            faces = [replace(card.front, trim=trim)]
            if card.back is not None:
                faces.append(replace(card.back, trim=trim))
            pages.extend(faces * card.count)
    return pages


def single_file(job: PrintJob, stem: str, press: Press = RGB) -> Export:
    """`STEM-single.pdf` of the job's decks, and a line per deck saying what it holds."""
    from pnp.render.pdf import write_pdf

    pages = single_pages(job)
    notes = []
    for deck in (d for d in decks_of(job, with_bleed=True) if d.kind == "deck"):
        sides = "front and back" if deck.has_backs else "front"
        notes.append(f'single: deck "{deck.name}": {deck.total} card(s), {sides} of each on its own page, '
                     f"{deck.width + 2 * deck.bleed:g} x {deck.height + 2 * deck.bleed:g} mm "
                     f"(trim {deck.width:g} x {deck.height:g} mm, {deck.bleed:g} mm bleed)")
    document = Document(job.title, tuple(pages), author="pnp", subject="cards one face a page, for a print shop")
    return Export({f"{stem}-single.pdf": partial(write_pdf, document, press=press)}, notes, 0)


def single_output(build: Built, options: RenderOptions) -> Output:
    """The `single` format: `single_file` of the build's decks, written as `--colour`/`--pdfx` say."""
    job, stem = needs_decks(build, "single", ("cards",)), export_stem(build, options)
    export = single_file(job, stem, options.press or RGB)
    return Output(f"{stem} single", export.files, tuple(export.notes), export.pixels)
