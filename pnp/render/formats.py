"""The output formats of `pnp render`, in one table: each format's name, its `--format` help and its writer.

A writer takes what the render has built (a `pnp.pipeline.Build`: its print job, plan and document, each made
once however many formats read them) and the render's options, and returns an `Output`: named files (bytes, or
functions that write into a file, called when the output transaction writes them), the render job they belong
to, lines for stderr and the pixels they will draw. Writers never write to disk: the command hands every output
to one `pnp.output` transaction, after checking the pixel budget, so nothing is drawn or half-written when a
check fails.

A new format is one entry in `FORMATS` and its writer. Writers are named "module:function" and imported when
their format is written, so `pnp --help` and `pnp render --help` load no drawing code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, BinaryIO, Protocol, TypeVar

if TYPE_CHECKING:
    from pnp.diagnostics import Diagnostic, Mark
    from pnp.layout.imposition import Plan
    from pnp.layout.pieces import PrintJob
    from pnp.layout.scene import Document
    from pnp.render.press import Press

T = TypeVar("T")
Payload = bytes | Callable[[BinaryIO], None]
"""A file's content, or a function writing it into an open binary file (as `pnp.output.Payload`)."""


class Built(Protocol):
    """What a writer reads of the render's build (`pnp.pipeline.Build`), each computed once when first read."""

    @property
    def job(self) -> PrintJob: ...

    @property
    def plan(self) -> Plan: ...

    @property
    def document(self) -> Document: ...

    @property
    def paper_name(self) -> str:
        """The paper asked for, or the kit's own."""

    @property
    def top(self) -> Mark:
        """Where the spec starts: the place of problems of the whole kit."""

    def shared(self, key: str, make: Callable[[], T]) -> T:
        """`make()`, made once per build under `key`: what several formats draw alike (the sheets' PDF)."""

    def component_mark(self, name: str) -> Mark:
        """Where the component called `name` is in the spec (its size when given; the spec's top when none is)."""


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """What `pnp render` was asked for, as the writers read it. `formats` are all formats asked (a writer may
    share work with another one), `paper` the paper asked (None: the kit's own; the plan says what was used),
    `dpi` the resolution asked (None: the format's default), `lang` the language of pnp's texts (None: English,
    it names the files too), `svg_text` how SVG pages draw text, `progress` is called with each page drawn, and
    `press` says how PDFs are written (None: RGB; else CMYK through a profile, and PDF/X), `shop` whose card
    templates card files, single pages and proofs follow (`pnp.layout.shops`; None: the kit's own sizes)."""

    formats: tuple[str, ...] = ("pdf",)
    paper: str | None = None
    dpi: int | None = None
    lang: str | None = None
    svg_text: str = "outline"
    progress: Callable[[int], None] | None = None
    press: Press | None = None
    shop: str | None = None


@dataclass(frozen=True, slots=True)
class Output:
    """The files one format makes, all of render job `job` (a new render of the job replaces exactly the files
    it wrote before), lines telling what they hold, the pixels drawing them takes (`--max-export-pixels`) and
    warnings about what they could not make exactly as asked."""

    job: str
    files: Mapping[str, Payload]
    notes: tuple[str, ...] = ()
    pixels: int = 0
    warnings: tuple[Diagnostic, ...] = ()


Writer = Callable[[Built, RenderOptions], Output]


@dataclass(frozen=True, slots=True)
class OutputFormat:
    """A `--format` value: its name, its help, its writer ("module:function"), whether it draws the imposed
    sheets (then render prints how to print them), whether `--dpi` sets its resolution and whether it follows
    `--shop`."""

    name: str
    help: str
    writer: str
    sheets: bool = False
    dpi: bool = False
    shop: bool = False

    def write(self, build: Built, options: RenderOptions) -> Output:
        """This format's files of `build`."""
        return writer(self.writer)(build, options)


@cache
def writer(path: str) -> Writer:
    """The writer named "module:function", imported."""
    module, _, name = path.partition(":")
    found: Writer = getattr(importlib.import_module(module), name)
    return found


FORMATS: tuple[OutputFormat, ...] = (
    OutputFormat("pdf", "the imposed sheets", "pnp.render.outputs:pdf_output", sheets=True),
    OutputFormat("svg", "a file per sheet", "pnp.render.outputs:svg_output", sheets=True),
    OutputFormat("png", "sheet previews at 100 dpi", "pnp.render.outputs:png_output", sheets=True),
    OutputFormat("tts", "Tabletop Simulator deck sheets, a back image and a grid file per deck",
                 "pnp.render.export:tts_output", dpi=True),
    OutputFormat("cards", "a PNG per card face and back, with bleed, for print-on-demand services",
                 "pnp.render.export:cards_output", dpi=True, shop=True),
    OutputFormat("proof", "every distinct card face reduced, named and numbered on proof sheets",
                 "pnp.render.export:proof_output", shop=True),
    OutputFormat("single", "KIT-single.pdf: every card one face a page, its bleed around its TrimBox, for print "
                 "shops", "pnp.render.single:single_output", shop=True),
    OutputFormat("cut", "an SVG and a DXF file a front sheet for cutting machines: its pieces' cut paths and its "
                 "tuck boxes' folds, in mm on layers cut and fold", "pnp.render.cut:cut_output"),
)
"""Every output format, in the order their files are made."""

FORMAT_NAMES = tuple(f.name for f in FORMATS)


def output_format(name: str) -> OutputFormat:
    """The format called `name`; KeyError when there is none."""
    for fmt in FORMATS:
        if fmt.name == name:
            return fmt
    raise KeyError(name)


def formats_help() -> str:
    """The help of `--format`: every format and what it writes."""
    return "Comma-separated: " + "; ".join(f"{f.name} ({f.help})" for f in FORMATS) + "."
