"""Registration marks of cutting machines (`sheets.registration`): where a machine's marks print on a front sheet,
the keep-out nothing else may cover, and the rectangles left for pieces. Every figure comes from
pnp/data/layouts/registration.yaml (with where it comes from); none lives here.

Silhouette ("Type 1"): a filled square at the top-left corner and an L at the top-right and bottom-left corners,
their outer edges `inset` from the page edges; each mark's keep-out is the `keep_out` square at its corner reaching
the page edges, grown by `clearance`. Pieces stay inside the marks' rectangle and out of the three keep-outs: in a
band below the top keep-outs and above the bottom one, in a band between the left and right ones, or right of the
left ones and below the top-right one (`piece_areas`; the packer takes the one that fits more).

Cricut (Print Then Cut): a frame `gap` outside the cut area (centred, its long side along the paper's), a filled
square outside the frame's top-left corner; pieces stay inside the cut area.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.diagnostics import Diagnostic, SpecError
from pnp.layout.paper import FOOTER_MM, Area, Paper, printable_area
from pnp.layout.scene import Rect, Style
from pnp.model.sheets import SheetSettings
from pnp.source.layouts import layout_data

INK = Style(fill="#000000", stroke=None)


class RegistrationError(SpecError):
    """A machine's marks do not fit on the paper (the caller points at `sheets.registration`)."""


@dataclass(frozen=True, slots=True)
class Marks:
    """A machine's marks on one paper: filled black rectangles, the keep-outs nothing else covers (sheet mm), and
    the rectangles pieces may take (their bleed included)."""

    machine: str
    shapes: tuple[Rect, ...]
    keep_out: tuple[Area, ...]
    areas: tuple[Area, ...]


def machine_data(machine: str) -> dict[str, Any]:
    """The figures of `machine` in registration.yaml (mm; its `name` and `source` texts left out)."""
    return {key: value for key, value in layout_data("registration")[machine].items() if key not in ("name", "source")}


@lru_cache(maxsize=32)
def registration_marks(paper: Paper, machine: str) -> Marks | None:
    """The marks of `machine` on `paper` (already oriented); None for `none`."""
    if machine == "none":
        return None
    return _silhouette(paper) if machine == "silhouette" else _cricut(paper)


def _silhouette(paper: Paper) -> Marks:
    d = machine_data("silhouette")
    w, h, i, arm, t, s = paper.width, paper.height, d["inset"], d["length"], d["thickness"], d["square"]
    shapes = (
        Rect(i, i, s, s, INK),
        Rect(w - i - arm, i, arm, t, INK), Rect(w - i - t, i + t, t, arm - t, INK),
        Rect(i, h - i - t, arm, t, INK), Rect(i, h - i - arm, t, arm - t, INK),
    )
    k = i + d["keep_out"] + d["clearance"]
    keep_out = (Area(0, 0, k, k), Area(w - k, 0, w, k), Area(0, h - k, k, h))
    inner = Area(i + d["clearance"], i + d["clearance"], w - i - d["clearance"], h - i - d["clearance"])
    areas = (Area(inner.x0, k, inner.x1, h - k), Area(k, inner.y0, w - k, inner.y1), Area(k, k, inner.x1, inner.y1))
    return Marks("silhouette", shapes, keep_out, areas)


def _cricut(paper: Paper) -> Marks:
    d = machine_data("cricut")
    short, long = sorted(float(side) for side in d["cut_area"])
    cw, ch = (long, short) if paper.landscape else (short, long)
    x0, y0 = (paper.width - cw) / 2, (paper.height - ch) / 2
    cut = Area(x0, y0, x0 + cw, y0 + ch)
    g, t = d["gap"], d["thickness"]
    outer = Area(cut.x0 - g - t, cut.y0 - g - t, cut.x1 + g + t, cut.y1 + g + t)
    s = d["square"]
    square = Rect(outer.x0 - d["square_gap"] - s, outer.y0 - d["square_gap"] - s, s, s, INK)
    shapes = (
        Rect(outer.x0, outer.y0, outer.width, t, INK), Rect(outer.x0, outer.y1 - t, outer.width, t, INK),
        Rect(outer.x0, outer.y0 + t, t, outer.height - 2 * t, INK),
        Rect(outer.x1 - t, outer.y0 + t, t, outer.height - 2 * t, INK), square,
    )
    keep_out = (Area(outer.x0, outer.y0, outer.x1, cut.y0), Area(outer.x0, cut.y1, outer.x1, outer.y1),
                Area(outer.x0, cut.y0, cut.x0, cut.y1), Area(cut.x1, cut.y0, outer.x1, cut.y1),
                Area(square.x, square.y, outer.x0, outer.y0))
    return Marks("cricut", shapes, keep_out, (cut,))


def piece_areas(paper: Paper, settings: SheetSettings) -> tuple[Area, ...]:
    """The rectangles of `paper` pieces may take: inside the margins, above the footer, and with registration
    marks inside each of the machine's areas (the packer takes the one that fits more); a RegistrationError
    when the marks do not fit on the paper."""
    printable = printable_area(paper, settings.margin)
    marks = registration_marks(paper, settings.registration)
    if marks is None:
        return (printable,)
    _check_fits(paper, settings.margin, marks)
    areas = tuple(_meet(printable, area) for area in marks.areas)
    return tuple(area for area in areas if area.width > 0 and area.height > 0) or (Area(0, 0, 0, 0),)


def usable_areas(paper: Paper, settings: SheetSettings) -> tuple[Area, ...]:
    """`piece_areas`, or the printable area alone when the marks do not fit on the paper (the planner reports
    that at `sheets.registration`): for what sizes or checks itself against the sheet before the plan (a track
    map drawn to fill it, a tuck box's net)."""
    try:
        return piece_areas(paper, settings)
    except RegistrationError:
        return (printable_area(paper, settings.margin),)


def largest_area(paper: Paper, settings: SheetSettings) -> Area:
    """The largest of `usable_areas`: where a piece drawn to fill the sheet fits."""
    return max(usable_areas(paper, settings), key=lambda area: area.width * area.height)


def _meet(a: Area, b: Area) -> Area:
    return Area(max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1))


def _check_fits(paper: Paper, margin: float, marks: Marks) -> None:
    """A RegistrationError when a mark leaves the printable paper (the margins) or covers the footer band."""
    footer_top = paper.height - margin - FOOTER_MM
    for shape in marks.shapes:
        off = min(shape.x, shape.y) < margin - 1e-9 or shape.x + shape.w > paper.width - margin + 1e-9 \
            or shape.y + shape.h > paper.height - margin + 1e-9
        on_footer = marks.machine == "cricut" and shape.y + shape.h > footer_top + 1e-9
        if off or on_footer:
            name = layout_data("registration")[marks.machine]["name"]
            where = "inside the margins" if off else "above the footer"
            raise RegistrationError(Diagnostic.at(
                None, "layout.registration",
                f"the {name} do not fit {where} of {paper.name} ({paper.width:g} x {paper.height:g} mm, "
                f"{'landscape' if paper.landscape else 'portrait'}) with {margin:g} mm margins",
                "choose a larger paper (a4, letter), smaller margins, or sheets.registration: none"))


def footer_start(paper: Paper, margin: float, marks: Marks | None) -> float:
    """Where the footer's left end goes: the margin, or right of a keep-out the footer band would cross."""
    start = margin
    top, bottom = paper.height - margin - FOOTER_MM, paper.height - margin
    for zone in marks.keep_out if marks is not None else ():
        if zone.x0 < margin + 1e-9 and zone.y1 > top and zone.y0 < bottom:
            start = max(start, zone.x1)
    return start
