"""A kit's rulebook: the game names its Markdown source, the values it quotes, its figures (as pieces) and
how to make its kit sections from the print job (`guide`); this module typesets the rulebook in the asked
language and format, the figures drawn as vector graphics (a piece holding raster `Image` items is drawn to
PNG first).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.layout.pieces import Piece
from pnp.layout.scene import Document, Group, Image, Item, Page, Transform

if TYPE_CHECKING:
    from pnp.booklet import RulebookResult
    from pnp.booklet.guide import KitGuide
    from pnp.layout.imposition import Plan
    from pnp.layout.pieces import PrintJob

FIGURE_DPI = 200


@dataclass(frozen=True, slots=True)
class RulebookRequest:
    """What a game asks to print with its kit: Markdown source, jinja context, figures by name, and the maker
    of its kit sections (`guide(job, plan)`: "What is in the kit", "How to build") from the kit's print job."""

    source: Path
    context: dict[str, Any]
    figures: dict[str, Piece] = field(default_factory=dict)
    guide: Callable[[PrintJob, Plan], KitGuide] | None = None


def figure_png(piece: Piece, dpi: int = FIGURE_DPI) -> bytes:
    """A piece drawn alone, to scale, as PNG bytes."""
    from pnp.booklet.figure import FIGURE_MARGIN_MM
    from pnp.render.outputs import pdf_to_png
    from pnp.render.pdf import render_pdf

    m = FIGURE_MARGIN_MM
    page = Page(piece.width + 2 * m, piece.height + 2 * m, (Group(piece.front, Transform(m, m)),), "figure")
    return pdf_to_png(render_pdf(Document("figure", (page,))), dpi)[0]


def _has_image(items: tuple[Item, ...]) -> bool:
    return any(isinstance(item, Image) or (isinstance(item, Group) and _has_image(item.children))
               for item in items)


def render_kit_rulebook(request: RulebookRequest, lang: str | None, paper: str, imposition: str,
                        catalogs: Path | None = None, strict: bool = False,
                        kit: Document | None = None, job: PrintJob | None = None,
                        plan: Plan | None = None) -> RulebookResult:
    """The rulebook PDF with the kit's own numbers and figures, and its warnings (translation gaps); with
    `strict` a gap is a SpecError. `catalogs` is a translator's folder searched before the installed ones.
    Its metadata names the author of the kit `kit` (the kit's document) and the kit, as the kit's PDF does.
    With the kit's print `job` and `plan`, the request's `guide` makes its kit sections (table, build steps)."""
    from pnp.booklet import render_rulebook

    about = {} if kit is None else {"author": kit.author, "subject": f"rules of {kit.title} ({kit.subject})"}
    context = dict(request.context)
    pieces = dict(request.figures)
    sections: dict[str, tuple[Any, ...]] = {}
    guide = None
    if request.guide is not None and job is not None and plan is not None:
        guide = request.guide(job, plan)
        context.update(guide.context)
        pieces.update(guide.figures)
        sections = guide.sections
    with tempfile.TemporaryDirectory(prefix="pnp-figures-") as folder:
        figures: dict[str, Path | Piece] = {}
        for name, piece in pieces.items():
            if _has_image(piece.front):
                path = Path(folder) / f"{name}.png"
                path.write_bytes(figure_png(piece))
                figures[name] = path
            else:
                figures[name] = piece
        result = render_rulebook(request.source, lang=lang, paper=paper, imposition=imposition,
                                 context=context, figures=figures, catalogs=catalogs, strict=strict,
                                 sections=sections, **about)
    if guide is not None:
        result.warnings.extend(guide.warnings())
    return result
