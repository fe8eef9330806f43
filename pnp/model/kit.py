"""A kit spec: what to print (components) and how (paper, margins, marks, duplex)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from pnp.data import layout_data
from pnp.model.base import SpecModel
from pnp.model.components import Component, Offset
from pnp.model.elements import clean_text
from pnp.model.suggest import HintedValueError, did_you_mean
from pnp.units import NonNegativeLength

Duplex = Literal["none", "long-edge", "short-edge"]


def paper_names() -> list[str]:
    return sorted(layout_data("papers"))


class SheetSettings(SpecModel):
    """How pieces go on paper. Defaults suit home printers (5 mm margins, crop marks, no cut lines)."""

    paper: str = "a4"
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


class Kit(SpecModel):
    """A generic kit: its name, the credit/licence line printed on every sheet, sheet settings, components."""

    kit: str = Field(min_length=1, max_length=120)
    credit: str = Field(default="", max_length=300)
    sheets: SheetSettings = SheetSettings()
    components: list[Component] = Field(min_length=1, max_length=200)

    _clean = field_validator("kit", "credit")(classmethod(lambda cls, v: clean_text(v)))
