"""Sheet settings every printable kit shares: paper, orientation, margins, marks, duplex, printer offset."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import field_validator

from pnp.data import layout_data
from pnp.model.base import SpecModel
from pnp.model.named import LayoutNames
from pnp.model.suggest import HintedValueError, did_you_mean
from pnp.units import NonNegativeLength, parse_length

Duplex = Literal["none", "long-edge", "short-edge"]


class Offset(SpecModel):
    x: float = 0.0
    y: float = 0.0

    @field_validator("x", "y", mode="before")
    @classmethod
    def _length(cls, value: object) -> float:
        mm = parse_length(value)
        if abs(mm) > 20:
            raise ValueError("a printer offset over 20 mm means something else is wrong; print the calibration sheet")
        return mm


def paper_names() -> list[str]:
    return sorted(layout_data("papers"))


class SheetSettings(SpecModel):
    """How pieces go on paper. Defaults suit home printers (5 mm margins, crop marks, no cut lines)."""

    paper: Annotated[str, LayoutNames("papers")] = "a4"
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    margin: NonNegativeLength = 5.0
    gutter: NonNegativeLength = 0.0
    crop_marks: bool = True
    cut_lines: bool = False
    duplex: Duplex = "long-edge"
    back_offset: Offset = Offset()
    tile_overlap: NonNegativeLength = 10.0

    @field_validator("paper")
    @classmethod
    def _known_paper(cls, value: str) -> str:
        if value.lower() not in layout_data("papers"):
            raise HintedValueError(f"unknown paper {value!r}; use one of {', '.join(paper_names())}",
                                   did_you_mean(value, paper_names()))
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
