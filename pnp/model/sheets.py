"""Sheet settings every printable kit shares: paper, orientation, margins, marks, duplex, printer offset."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, field_validator, model_validator

from pnp.model.base import SpecModel
from pnp.model.named import LayoutNames
from pnp.model.paper_names import CUSTOM, custom_paper
from pnp.source.layouts import layout_data
from pnp.text.suggest import HintedValueError, did_you_mean
from pnp.units import NonNegativeLength, PositiveLength, parse_length

Duplex = Literal["none", "long-edge", "short-edge"]
Registration = Literal["none", "silhouette", "cricut"]
"""The cutting machines whose registration marks the sheets print (pnp/data/layouts/registration.yaml)."""


class Offset(SpecModel):
    x: float = 0.0
    """Shift of the backs to the right (negative: left), as `pnp calibrate` measures it."""
    y: float = 0.0
    """Shift of the backs downwards (negative: up), as `pnp calibrate` measures it."""

    @field_validator("x", "y", mode="before")
    @classmethod
    def _length(cls, value: object) -> float:
        mm = parse_length(value)
        if abs(mm) > 20:
            raise ValueError("a printer offset over 20 mm means something else is wrong; print the calibration sheet")
        return mm


def paper_names() -> list[str]:
    return sorted(layout_data("papers"))


MIN_PAPER, MAX_PAPER = 100.0, 1500.0
"""The sides a kit's own paper may have (mm): room for the footer and scale bar, and what a plotter takes."""


class PaperSize(SpecModel):
    """A paper of the kit's own size; as every paper, printed portrait (the shorter side across) or landscape
    as `orientation` says."""

    width: PositiveLength
    """Width of the sheet (e.g. 320mm)."""
    height: PositiveLength
    """Height of the sheet (e.g. 450mm)."""

    @model_validator(mode="after")
    def _printable(self) -> PaperSize:
        for side, value in (("width", self.width), ("height", self.height)):
            if not MIN_PAPER <= value <= MAX_PAPER:
                raise HintedValueError(f"a paper {value:g} mm {'wide' if side == 'width' else 'high'} is outside "
                                       f"{MIN_PAPER:g} mm to {MAX_PAPER:g} mm",
                                       "give the sheet's real size, e.g. paper: {width: 320mm, height: 450mm}")
        return self


def _paper_value(value: object) -> object:
    """`{width, height}` as the name of that paper (`320x450mm`, read back by `pnp.layout.paper.get_paper`)."""
    if isinstance(value, dict):
        size = PaperSize.model_validate(value)
        return custom_paper(size.width, size.height)
    return value


class SheetSettings(SpecModel):
    """How pieces go on paper. Defaults suit home printers (5 mm margins, crop marks, no cut lines)."""

    paper: Annotated[str, BeforeValidator(_paper_value, json_schema_input_type=Annotated[
        str, LayoutNames("papers")] | PaperSize)] = "a4"
    """Paper size of the sheets: a name of pnp/data/layouts/papers.yaml in any case (a4, letter, sra3, …) or
    {width, height} for a paper of the kit's own size; `--paper` overrides it."""
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    """Sheet orientation; `auto` takes the one that fits more pieces per sheet."""
    margin: NonNegativeLength = 5.0
    """Unprinted border on every side of the sheet; home printers need at least 5 mm."""
    gutter: NonNegativeLength | None = None
    """Space between neighbouring pieces; 0 puts them edge to edge (one cut between two). Not given: twice the
    bleed, so each piece keeps its whole bleed (edge to edge without bleed)."""
    crop_marks: bool = True
    """Short lines outside the pieces that show where to cut; with `registration` marks only when given (the
    machine cuts), and then inside the pieces' area."""
    cut_lines: bool = False
    """Thin lines along every piece's cut outline."""
    duplex: Duplex = "long-edge"
    """How two-sided sheets are printed: `none` (one-sided), or the edge the sheet turns over on."""
    order: Literal["as_listed", "two_sided_first"] = "as_listed"
    """The order components print in: `as_listed` (the spec's order; a change between two-sided and one-sided
    components starts a new sheet) or `two_sided_first` (two-sided components share sheets first, then the
    one-sided ones, then tiled boards: fewer sheets, and a warning names what moved). In a duplex kit every
    one-sided sheet gets a blank back either way."""
    back_offset: Offset = Offset()
    """How far this printer shifts the backs against the fronts; pnp moves them back."""
    tile_overlap: NonNegativeLength = 10.0
    """Overlap between the tiles of a piece larger than the paper, for gluing them together."""
    registration: Registration = "none"
    """A cutting machine's registration marks on every front sheet, pieces kept out of their keep-out:
    `silhouette` (Studio's Type 1: a square and two L corners) or `cricut` (Print Then Cut's frame, pieces inside
    its 6.75 x 9.25 in cut area); `--registration` overrides it (docs/printing-at-a-shop.md)."""

    @property
    def crop_marks_drawn(self) -> bool:
        """Whether crop marks print: as `crop_marks` says; with registration marks only when asked for."""
        return self.crop_marks and (self.registration == "none" or "crop_marks" in self.model_fields_set)

    @field_validator("paper")
    @classmethod
    def _known_paper(cls, value: str) -> str:
        if CUSTOM.match(value):
            return value
        if value.lower() not in layout_data("papers"):
            raise HintedValueError(f"unknown paper {value!r}; use one of {', '.join(paper_names())}, or "
                                   "{width: LEN, height: LEN}", did_you_mean(value, paper_names()))
        return value.lower()

    @field_validator("tile_overlap")
    @classmethod
    def _overlap(cls, value: float) -> float:
        if value > 50:
            raise ValueError("a tile overlap over 50 mm wastes most of each sheet; 10 mm is usual")
        return value

    @field_validator("margin")
    @classmethod
    def _printable(cls, value: float) -> float:
        if value < 5:
            raise ValueError("home printers cannot print closer than 5 mm to the edge; use margin: 5mm or more")
        if value > 40:
            raise ValueError("a margin over 40 mm leaves little room to print")
        return value
