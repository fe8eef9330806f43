"""Generic printable components any kit can use: decks of cards, counter sheets and grid boards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from pnp.data import layout_data
from pnp.games.kit.model.elements import Element, Face, clean_text
from pnp.model.base import SpecModel
from pnp.model.colour import Colour
from pnp.model.named import LayoutNames
from pnp.model.suggest import HintedValueError, Synonyms, did_you_mean
from pnp.units import NonNegativeLength, PositiveLength

MAX_COUNT = 1000
SHAPE_WORDS = Synonyms({"circle": "round", "circular": "round", "disc": "round", "disk": "round",
                        "hexagon": "hex", "hexagonal": "hex"})
"""Other words for the counter shapes, suggested when a spec uses them."""


class Size(SpecModel):
    width: PositiveLength
    height: PositiveLength


def _card_size(value: object) -> object:
    if isinstance(value, str):
        presets = layout_data("cards")
        if value.lower() in presets:
            return presets[value.lower()]
        raise HintedValueError(f"unknown card size {value!r}; use one of {', '.join(presets)} or {{width:, height:}}",
                               did_you_mean(value, presets))
    return value


CardPreset = Annotated[str, LayoutNames("cards")]
"""The card size presets of pnp/data/layouts/cards.yaml, by name (in any case)."""


class Card(SpecModel):
    """One card design printed `count` times; `fields` are values its texts can use as {{ card.NAME }}."""

    name: str = Field(default="", max_length=200)
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    fields: dict[str, str] = Field(default_factory=dict, max_length=50)
    layout: str | None = Field(default=None, max_length=100,
                               description="the deck's layout (a key of `layouts`) drawn on this card instead of "
                                           "`front`")
    fill: Colour | None = None
    elements: list[Element] = Field(default_factory=list, max_length=200)
    back: Face | None = None

    _clean = field_validator("name")(classmethod(lambda cls, v: clean_text(v)))


class LayoutElement(BaseModel):
    """An element of a layout: a text, rect, ellipse, line, polygon or image whose string properties may be
    templates; checked as that element, card by card, once its templates are rendered."""

    model_config = ConfigDict(extra="allow")

    type: Literal["text", "rect", "ellipse", "line", "polygon", "image"]
    when: str | None = Field(default=None, max_length=2000, description="a sandboxed expression such as "
                             "card.kind == 'boss': the element is drawn only on cards where it is true")


class Layout(SpecModel):
    """A deck's layout, drawn on each card below its own elements. Any string property of `fill` and of the
    elements may be a `{{ card.X }}` template, rendered and checked per card (`pnp.games.kit.decks` expands a
    deck's layouts into its cards before this model is built, so only the schema reads these two models)."""

    fill: str | None = Field(default=None, max_length=500)
    elements: list[LayoutElement] = Field(default_factory=list, max_length=200)


class Deck(SpecModel):
    """A deck: card size, corners, bleed, a shared back (or one per card) and the cards.

    `data`, `front` and `layouts` are read by `pnp.games.kit.decks`, which turns them into `cards` before this
    model is built: in a built deck they are unset, and every card holds its layout's elements."""

    type: Literal["deck"]
    name: str = Field(max_length=200)
    size: Annotated[Size, BeforeValidator(_card_size, json_schema_input_type=Size | CardPreset)] = Size(
        width=63.0, height=88.0)
    corner_radius: NonNegativeLength = 3.0
    bleed: NonNegativeLength = 0.0
    fill: Colour = "#ffffff"
    back: Face | None = None
    data: str | None = Field(default=None, max_length=500,
                             description="a table of cards inside the kit folder (.csv, .tsv, .xlsx, .ods, .yaml, "
                                         ".json): a row per card, its columns the card's fields; `count`, `name` "
                                         "and `layout` columns set those of the card")
    front: Layout | None = None
    layouts: dict[str, Layout] = Field(default_factory=dict, max_length=50)
    cards: list[Card] = Field(default_factory=list, max_length=MAX_COUNT)

    @model_validator(mode="after")
    def _has_cards(self) -> Deck:
        if not self.cards:
            raise ValueError("a deck needs cards: give `cards:` or a `data:` table with at least one row")
        return self

    @model_validator(mode="after")
    def _radius_fits(self) -> Deck:
        if self.corner_radius * 2 > min(self.size.width, self.size.height):
            raise ValueError("corner_radius is more than half the card's width or height")
        if self.bleed > 10:
            raise ValueError("bleed over 10 mm is not useful; 3 mm is usual")
        return self

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)


class CounterItem(SpecModel):
    """One counter design: label and colours, how many, and an optional back side."""

    label: str = Field(default="", max_length=40)
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    fill: Colour = "#ffffff"
    colour: Colour = "#000000"
    elements: list[Element] = Field(default_factory=list, max_length=50)
    back_label: str | None = Field(default=None, max_length=40)
    back_fill: Colour | None = None

    _clean = field_validator("label", "back_label")(
        classmethod(lambda cls, v: clean_text(v) if v is not None else v)
    )


class Counters(SpecModel):
    """A sheet of round, square or hexagonal tokens."""

    type: Literal["counters"]
    name: str = Field(max_length=200)
    shape: Annotated[Literal["round", "square", "hex"], SHAPE_WORDS] = "round"
    size: PositiveLength = 20.0
    bleed: NonNegativeLength = 0.0
    two_sided: bool = False
    items: list[CounterItem] = Field(min_length=1, max_length=MAX_COUNT)

    @field_validator("size")
    @classmethod
    def _sane(cls, value: float) -> float:
        if value < 5 or value > 150:
            raise ValueError("a counter must be between 5 mm and 150 mm across")
        return value

    @property
    def total(self) -> int:
        return sum(c.count for c in self.items)


class BoardCell(SpecModel):
    row: int = Field(ge=1, le=500)
    column: int = Field(ge=1, le=500)
    fill: Colour | None = None
    label: str = Field(default="", max_length=40)


class Board(SpecModel):
    """A grid board: rows x columns of square cells; tiled across sheets when larger than the paper."""

    type: Literal["board"]
    name: str = Field(max_length=200)
    rows: int = Field(ge=1, le=500)
    columns: int = Field(ge=1, le=500)
    cell: PositiveLength = 25.0
    fill: Colour = "#ffffff"
    line_colour: Colour = "#333333"
    line_width: NonNegativeLength = 0.3
    numbers: bool = True
    cells: list[BoardCell] = Field(default_factory=list, max_length=250_000)

    @model_validator(mode="after")
    def _cells_inside(self) -> Board:
        for cell in self.cells:
            if cell.row > self.rows or cell.column > self.columns:
                raise ValueError(f"cell ({cell.row}, {cell.column}) is outside the {self.rows} x {self.columns} grid")
        if self.rows * self.cell > 5000 or self.columns * self.cell > 5000:
            raise ValueError("the board is over 5 m on a side")
        return self


Component = Annotated[Deck | Counters | Board, Field(discriminator="type")]
