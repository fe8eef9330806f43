"""Paper sizes (from pnp/data/layouts/papers.yaml, their only source) and the printable area left after margins
and the footer; the page size of a rulebook folded from a paper."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.model.paper_names import CUSTOM
from pnp.source.layouts import layout_data
from pnp.units import parse_length

FOOTER_MM = 12.0
"""Height of the band at the bottom of every sheet: scale bar, kit name, sheet number, credit."""


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper in a given orientation, with its scale-bar length and label."""

    name: str
    width: float
    height: float
    scale_bar: float
    scale_label: str

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def _data(name: str) -> dict[str, object]:
    custom = CUSTOM.match(name)
    if custom is None:
        return dict(layout_data("papers")[name])
    short, long = sorted((float(custom.group(1)), float(custom.group(2))))
    return {"width": short, "height": long, "scale_bar": "50mm", "booklet_page": {"width": long / 2, "height": short}}


def get_paper(name: str, orientation: str = "portrait") -> Paper:
    """Paper `name` (a4, letter, … or a `custom_paper` name) as portrait or landscape."""
    data = _data(name)
    bar_text = str(data["scale_bar"])
    bar = parse_length(bar_text)
    width, height = float(data["width"]), float(data["height"])  # type: ignore[arg-type]
    if orientation == "landscape":
        width, height = height, width
    return Paper(name, width, height, bar, bar_text.replace("in", " in").replace("mm", " mm"))


def is_rulebook_paper(name: str) -> bool:
    """Whether a rulebook prints on paper `name`: one of `rulebook_papers()` or a kit's own paper."""
    return name in rulebook_papers() or CUSTOM.match(name) is not None


def rulebook_papers() -> list[str]:
    """The named papers rulebooks print on (those with a `booklet_page`), in the data file's order."""
    return [name for name, data in layout_data("papers").items() if "booklet_page" in data]


def booklet_page(name: str) -> tuple[float, float]:
    """Portrait page size (mm) of a rulebook folded from paper `name` (see `is_rulebook_paper`): a kit's own
    paper folds in half across its long side."""
    page: dict[str, float] = _data(name)["booklet_page"]  # type: ignore[assignment]
    return float(page["width"]), float(page["height"])


@dataclass(frozen=True, slots=True)
class Area:
    """A rectangle on the sheet: left, top, right, bottom in mm."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def printable_area(paper: Paper, margin: float) -> Area:
    """Where pieces may go: inside the margins and above the footer band."""
    return Area(margin, margin, paper.width - margin, paper.height - margin - FOOTER_MM)
