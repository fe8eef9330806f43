"""One preview build: the pipeline `render` runs (a `pnp.pipeline.Build`: load, validate, print job, layout), then
each sheet as a PNG.

A `Builder` keeps the PNG of every sheet it drew, keyed by the sheet's scene (`Page`, a frozen value): a rebuild
rasterises only the sheets whose drawing changed. A build that fails keeps the last good sheets, marked stale.
Everything is held in memory; nothing is written to disk.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp import pipeline
from pnp.diagnostics import Diagnostic, Mark, SpecError, sort_diagnostics
from pnp.pipeline import RunLimits, validate_spec

if TYPE_CHECKING:
    from pnp.layout.imposition import Plan
    from pnp.layout.pieces import PrintJob
    from pnp.layout.scene import Document, Page
    from pnp.source.located import PathKey

REDRAW_SUFFIXES = frozenset({".yaml", ".yml", ".csv", ".tsv", ".txt", ".xlsx", ".json", ".md", ".po"})
"""Inputs whose content reaches the sheets through the scene itself. Any other input (an image, a font) is drawn
from its file, so a change to one redraws every sheet."""


@dataclass(frozen=True, slots=True)
class Card:
    """A piece on a sheet: its deck (piece group), its name, its index in the deck, its 1-based sheet, where on
    that sheet (left, top, width, height as shares of the paper) and the file and line it is printed from."""

    deck: str
    name: str
    index: int
    page: int
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    file: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Anchor:
    """A line of an input that points at a card: the card's own entry, or (`group`) its deck's first line."""

    file: str
    line: int
    card: int
    group: bool = False


@dataclass(frozen=True, slots=True)
class Build:
    """What one build produced. `pages` are the ids of the sheets shown (the last good ones when this build
    failed: then `stale`), `images` their PNG bytes by id."""

    number: int
    ok: bool
    diagnostics: tuple[Diagnostic, ...] = ()
    pages: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    anchors: tuple[Anchor, ...] = ()
    images: Mapping[str, bytes] = field(default_factory=dict)
    stale: bool = False
    seconds: float = 0.0


def page_url(page_id: str) -> str:
    """The URL the server serves a sheet's PNG at."""
    return f"/page/{page_id}.png"


def status(build: Build, root: Path) -> dict[str, Any]:
    """The `/status.json` document of a build; files are shown relative to the spec's folder when inside it.
    A diagnostic's `card` is the index in `cards` of the card it points at (None: no card), `page` its sheet."""
    diagnostics = []
    for d in build.diagnostics:
        card = card_of(d, build.anchors)
        diagnostics.append({"file": d.file, "where": _where(d, root), "line": d.line, "column": d.column,
                            "severity": str(d.severity), "rule": d.rule, "message": d.message, "hint": d.hint,
                            "card": card, "page": None if card is None else build.cards[card].page})
    return {
        "build": build.number, "ok": build.ok, "stale": build.stale, "seconds": round(build.seconds, 3),
        "diagnostics": diagnostics,
        "pages": [page_url(p) for p in build.pages],
        "labels": list(build.labels),
        "cards": [{"deck": c.deck, "name": c.name, "index": c.index, "page": c.page,
                   "box": [round(v, 6) for v in c.box], "line": c.line} for c in build.cards],
    }


def card_of(d: Diagnostic, anchors: tuple[Anchor, ...]) -> int | None:
    """The card a diagnostic points at: the one whose entry (or whose deck) starts last at or before its line
    in its file; a card's own entry wins over its deck's first line."""
    best: Anchor | None = None
    for anchor in anchors:
        if anchor.file == d.file and anchor.line <= d.line and (
                best is None or (anchor.line, not anchor.group) > (best.line, not best.group)):
            best = anchor
    return None if best is None else best.card


def _where(d: Diagnostic, root: Path) -> str:
    if not d.file:
        return ""
    path = Path(d.file)
    shown = path.relative_to(root) if path.is_relative_to(root) else path
    return f"{shown}:{d.line}:{d.column}"


def cards_of(job: PrintJob, plan: Plan, mark: Callable[[PathKey], Mark]) -> tuple[tuple[Card, ...],
                                                                         tuple[Anchor, ...]]:
    """Every piece placed on a front sheet of `plan`, in sheet order, and the input lines that point at them."""
    cards: list[Card] = []
    anchors: list[Anchor] = []
    firsts: dict[int, int] = {}
    w, h = plan.paper.width, plan.paper.height
    for number, sheet in enumerate(plan.sheets, start=1):
        for placement in sheet.placements if sheet.back_of is None else ():
            group = job.groups[placement.group]
            piece = group.pieces[placement.piece]
            at = mark(piece.where) if piece.where else None
            firsts.setdefault(placement.group, len(cards))
            cards.append(Card(group.label or group.name, piece.name, placement.piece, number,
                              (placement.x / w, placement.y / h, piece.width / w, piece.height / h),
                              at.file if at else "", at.line if at else 0))
            if at is not None:
                anchors.append(Anchor(at.file, at.line, len(cards) - 1))
    for index, first in firsts.items():
        at = mark(job.groups[index].where)
        anchors.append(Anchor(at.file, at.line, first, group=True))
    return tuple(cards), tuple(anchors)


class Builder:
    """Builds the preview of one spec again and again, reusing the PNG of every sheet that did not change."""

    def __init__(self, spec: Path, limits: RunLimits, paper: str | None = None, lang: str | None = None,
                 rasterise: Callable[[Document], list[bytes]] | None = None) -> None:
        self.spec = spec.resolve()
        self.limits = limits
        self.paper = paper
        self.lang = lang
        self.inputs: set[Path] = {self.spec}
        self._rasterise = rasterise or _rasterise
        self._drawn: dict[Page, str] = {}
        self._last = Build(0, False)

    def build(self, changed: set[Path] | None = None) -> Build:
        """Run the pipeline once; `changed` are the inputs that changed since the last build (None: unknown)."""
        start = time.perf_counter()
        if changed is None or any(path.suffix.lower() not in REDRAW_SUFFIXES for path in changed):
            self._drawn.clear()
        number = self._last.number + 1
        try:
            built = self._run(number)
        except SpecError as exc:
            built = self._failed(number, exc.diagnostics)
        except (RecursionError, MemoryError) as exc:
            built = self._failed(number, [Diagnostic.at(None, "input.limits", f"the input is too big: {exc!r}")])
        except Exception as exc:  # a bug in pnp must not end the preview: it is shown like any other problem
            built = self._failed(number, [Diagnostic.at(None, "internal", f"{type(exc).__name__}: {exc}",
                                                        "This is a bug in pnp, not in your spec; please report it")])
        self._last = replace(built, seconds=time.perf_counter() - start)
        return self._last

    def _run(self, number: int) -> Build:
        kit = pipeline.Build(self.spec, self.limits, self.paper, self.lang)
        loaded = kit.loaded
        self.inputs |= loaded.located.inputs
        diagnostics = validate_spec(loaded)
        if any(d.is_error for d in diagnostics):
            return self._failed(number, diagnostics)
        job, document, plan = kit.job, kit.document, kit.plan
        self.inputs |= loaded.located.inputs  # images and fonts are read while the pieces are drawn
        diagnostics.extend(document.warnings)
        new = [page for page in dict.fromkeys(document.pages) if page not in self._drawn]
        images = dict(self._last.images)
        if new:
            for page, png in zip(new, self._rasterise(replace(document, pages=tuple(new))), strict=True):
                page_id = hashlib.sha256(png).hexdigest()[:24]
                self._drawn[page] = page_id
                images[page_id] = png
        self._drawn = {page: self._drawn[page] for page in document.pages}
        ids = tuple(self._drawn[page] for page in document.pages)
        cards, anchors = cards_of(job, plan, loaded.located.mark)
        return Build(number, True, tuple(sort_diagnostics(diagnostics)), ids,
                     tuple(page.label for page in document.pages), cards, anchors,
                     {page_id: images[page_id] for page_id in ids})

    def _failed(self, number: int, diagnostics: list[Diagnostic]) -> Build:
        last = self._last
        return Build(number, False, tuple(sort_diagnostics(diagnostics)), last.pages, last.labels, last.cards,
                     last.anchors, last.images, stale=bool(last.pages))


def _rasterise(document: Document) -> list[bytes]:
    """Each page of `document` as the PNG `render --format png` writes."""
    from pnp.render.outputs import PNG_DPI, pdf_to_png
    from pnp.render.pdf import render_pdf

    return pdf_to_png(render_pdf(document), PNG_DPI)
