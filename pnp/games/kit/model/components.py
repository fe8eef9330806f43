"""Generic printable components any kit can use: decks of cards, counter sheets and grid boards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from pnp.games.kit.model.elements import Element, Face, SharedKeysModel, clean_text
from pnp.games.kit.model.paint import Fill, LayoutLinearFill, LayoutRadialFill, TemplateText
from pnp.games.kit.model.tuckbox import TuckBox
from pnp.model.base import SpecModel
from pnp.model.colour import Colour
from pnp.model.named import LayoutNames
from pnp.source.layouts import layout_data
from pnp.text.suggest import HintedValueError, Synonyms, did_you_mean
from pnp.units import NonNegativeLength, PositiveLength

MAX_COUNT = 1000
SHAPE_WORDS = Synonyms({"circle": "round", "circular": "round", "disc": "round", "disk": "round",
                        "hexagon": "hex", "hexagonal": "hex"})
"""Other words for the counter shapes, suggested when a spec uses them."""


class Size(SpecModel):
    width: PositiveLength
    """Trim width of the card."""
    height: PositiveLength
    """Trim height of the card."""


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


class Card(SharedKeysModel):
    """One card design printed `count` times; `fields` are values its texts can use as {{ card.NAME }}."""

    name: str = Field(default="", max_length=200)
    """Name of the card, for messages and file names; `{{ card.name }}` in its texts."""
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    """How many copies of this card print."""
    fields: dict[str, str] = Field(default_factory=dict, max_length=50)
    """Values the card's texts can insert as `{{ card.KEY }}`."""
    layout: str | None = Field(default=None, max_length=100,
                               description="the deck's layout (a key of `layouts`) drawn on this card instead of "
                                           "`front`")
    fill: Fill | None = None
    """Background colour or gradient of the front (default: the deck's)."""
    elements: list[Element] = Field(default=[], max_length=200)
    """What is drawn on the front, above the deck's layout."""
    back: Face | None = None
    """This card's own back (default: the deck's)."""

    _clean = field_validator("name")(classmethod(lambda cls, v: clean_text(v)))


class LayoutElement(BaseModel):
    """An element of a layout: a text, rect, ellipse, line, polygon or image whose string properties may be
    templates; checked as that element, card by card, once its templates are rendered."""

    model_config = ConfigDict(extra="allow", defer_build=True)

    type: Literal["text", "rect", "ellipse", "line", "polygon", "image"]
    """The kind of element (its other keys are those of that element, and may be templates)."""
    when: str | None = Field(default=None, max_length=2000, description="a sandboxed expression such as "
                             "card.kind == 'boss': the element is drawn only on cards where it is true")


class Layout(SpecModel):
    """A deck's layout, drawn on each card below its own elements. Any string property of `fill` and of the
    elements may be a `{{ card.X }}` template, rendered and checked per card (`pnp.games.kit.decks` expands a
    deck's layouts into its cards before this model is built, so only the schema reads these two models)."""

    fill: TemplateText | LayoutLinearFill | LayoutRadialFill | None = Field(default=None, union_mode="left_to_right")
    """Background colour or gradient of the front; its colours may be `{{ card.X }}` templates."""
    elements: list[LayoutElement] = Field(default=[], max_length=200)
    """Elements drawn on every card using this layout, below the card's own."""


class DataTable(SpecModel):
    """A deck's data file and how to read it (`data: FILE` is the same as `data: {file: FILE}`)."""

    file: str = Field(max_length=500)
    """The table inside the kit folder (.csv, .tsv, .xlsx, .ods, .yaml, .json)."""
    sheet: str | None = Field(default=None, min_length=1, max_length=200)
    """The worksheet of an .xlsx or .ods file to read, by its name (default: the first)."""
    delimiter: Literal[",", ";", "\t", "|"] | None = None
    """What separates the columns of a .csv or .tsv file (default: found from the header row)."""


class Deck(SpecModel):
    """A deck: card size, corners, bleed, a shared back (or one per card) and the cards.

    `data`, `front` and `layouts` are read by `pnp.games.kit.decks`, which turns them into `cards` before this
    model is built: in a built deck they are unset, and every card holds its layout's elements."""

    type: Literal["deck"]
    """A deck of cards."""
    name: str = Field(max_length=200)
    """Name of the deck, for messages and file names."""
    size: Annotated[Size, BeforeValidator(_card_size, json_schema_input_type=Size | CardPreset)] = Size(
        width=63.0, height=88.0)
    """Card size: a preset name (pnp/data/layouts/cards.yaml) or {width, height}."""
    corner_radius: NonNegativeLength = 3.0
    """Radius of the cards' rounded corners (for cut lines and exports)."""
    bleed: NonNegativeLength = 0.0
    """Extra printed margin outside the trim on every side, cut off later (3 mm is usual; 0: none)."""
    fill: Fill = "#ffffff"
    """Background colour or gradient of every card's front."""
    back: Face | None = None
    """The back every card shares (each card may have its own)."""
    data: Annotated[str, Field(max_length=500)] | DataTable | None = Field(
        default=None, description="a table of cards inside the kit folder (.csv, .tsv, .xlsx, .ods, .yaml, .json), "
                                  "or {file, sheet, delimiter}: a row per card, its columns the card's fields; "
                                  "`count`, `name` and `layout` columns (in any case) set those of the card")
    front: Layout | None = None
    """The layout drawn on every card (its fields come from each card)."""
    layouts: dict[str, Layout] = Field(default_factory=dict, max_length=50)
    """Named layouts a card or data row chooses with `layout:` instead of `front`."""
    cards: list[Card] = Field(default=[], max_length=MAX_COUNT)
    """The cards written out (besides, or instead of, the `data:` rows)."""
    export_name: str | None = Field(default=None, min_length=1, max_length=500, description=(
        "a template naming each card's files in `--format cards` (`NAME-front.png`, `NAME-back.png`), e.g. "
        "'{{ deck.name }}-{{ card.index }}': it knows card.name, card.index, card.copy, card.count, the card's "
        "fields, deck.name and kit.name; each name must be a plain file name (no / or \\, not . or ..) and "
        "differ from card to card (default: KIT-cards-DECK-NNN-CARD)"))

    @model_validator(mode="after")
    def _has_cards(self) -> Deck:
        if not self.cards:
            raise ValueError("a deck needs cards: give `cards:` or a `data:` table with at least one row")
        return self

    @model_validator(mode="after")
    def _radius_fits(self) -> Deck:
        if self.corner_radius * 2 > min(self.size.width, self.size.height):
            raise ValueError("corner_radius is more than half the card's width or height")
        return self

    @field_validator("bleed")
    @classmethod
    def _bleed_sane(cls, bleed: float) -> float:
        if bleed > 10:
            raise HintedValueError(f"a bleed of {bleed:g} mm is over 10 mm, more than any printer needs",
                                   "use bleed: 3mm (or 3.175mm, the 1/8 in most shops ask for)")
        return bleed

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)


class CounterItem(SharedKeysModel):
    """One counter design: label and colours, how many, and an optional back side."""

    label: str = Field(default="", max_length=40)
    """Text in the middle of the counter; markup and icons as in texts (`**bold**`, `:coin:` for an icon of the
    kit's `icons:`)."""
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    """How many of this counter print."""
    fill: Colour = "#ffffff"
    """Background colour."""
    colour: Colour = "#000000"
    """Colour of the label and outline."""
    elements: list[Element] = Field(default=[], max_length=50)
    """Extra elements drawn on the counter."""
    back_label: str | None = Field(default=None, max_length=40)
    """Label on the back (two-sided sheets), with markup and icons as `label`."""
    back_fill: Colour | None = None
    """Background colour of the back (default: `fill`)."""

    _clean = field_validator("label", "back_label")(
        classmethod(lambda cls, v: clean_text(v) if v is not None else v)
    )


class Counters(SpecModel):
    """A sheet of round, square or hexagonal tokens."""

    type: Literal["counters"]
    """A sheet of counters."""
    name: str = Field(max_length=200)
    """Name of the counter sheet, for messages."""
    shape: Annotated[Literal["round", "square", "hex"], SHAPE_WORDS] = "round"
    """Outline of every counter."""
    size: PositiveLength = 20.0
    """Width of a counter, 5 mm to 150 mm."""
    bleed: NonNegativeLength = 0.0
    """Extra printed margin outside the cut line, cut off later."""
    two_sided: bool = False
    """Print backs (each item's `back_label`/`back_fill`)."""
    items: list[CounterItem] = Field(min_length=1, max_length=MAX_COUNT)
    """The counter designs."""

    @field_validator("size")
    @classmethod
    def _sane(cls, value: float) -> float:
        if value < 5 or value > 150:
            raise ValueError("a counter must be between 5 mm and 150 mm across")
        return value

    @property
    def total(self) -> int:
        return sum(c.count for c in self.items)


class BoardCell(SharedKeysModel):
    row: int = Field(ge=1, le=500)
    """Row of the cell, from 1 at the top."""
    column: int = Field(ge=1, le=500)
    """Column of the cell, from 1 at the left."""
    fill: Colour | None = None
    """Background colour of the cell."""
    label: str = Field(default="", max_length=40)
    """Text in the cell."""


SQRT3 = 3 ** 0.5


class Board(SpecModel):
    """A grid board: rows x columns of square or hexagonal cells, over an optional picture and under optional
    elements; tiled across sheets when larger than the paper."""

    type: Literal["board"]
    """A board of square or hexagonal cells."""
    name: str = Field(max_length=200)
    """Name of the board, for messages."""
    rows: int = Field(ge=1, le=500)
    """Number of rows."""
    columns: int = Field(ge=1, le=500)
    """Number of columns."""
    grid: Literal["square", "hex"] = "square"
    """The cells' shape: `square`, or `hex` (hexagons, every other row or column shifted by half a cell)."""
    orientation: Literal["flat", "pointy"] | None = Field(default=None, description=(
        "hex grids only: `pointy` (a corner at the top of each hexagon, rows shifted; the default) or `flat` (a "
        "flat side at the top, columns shifted)"))
    cell: PositiveLength = 25.0
    """Side of one square cell; on a hex grid the hexagon's width from flat side to flat side."""
    fill: Colour = "#ffffff"
    """Background colour of the board (under `image`)."""
    image: str | None = Field(default=None, min_length=1, max_length=500, description=(
        "a PNG or JPEG file inside the kit folder: the board's artwork, stretched over the whole board under the "
        "cells and the grid (make it the board's shape: a warning says when it prints under 150 ppi or is "
        "stretched by more than 2 %)"))
    line_colour: Colour = "#333333"
    """Colour of the grid lines."""
    line_width: NonNegativeLength = 0.3
    """Width of the grid lines."""
    numbers: bool = True
    """Print row and column numbers along the edges."""
    cells: list[BoardCell] = Field(default=[], max_length=250_000)
    """Cells with their own colour or label."""
    elements: list[Element] = Field(default=[], max_length=500)
    """Texts, shapes and images drawn over the board and its grid, in board millimetres from its top-left
    corner."""

    @field_validator("orientation")
    @classmethod
    def _hex_only(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and info.data.get("grid", "square") != "hex":
            raise HintedValueError("`orientation` is for hex grids", "add grid: hex, or remove orientation")
        return value

    @field_validator("cells")
    @classmethod
    def _cells_inside(cls, cells: list[BoardCell], info: ValidationInfo) -> list[BoardCell]:
        rows, columns = info.data.get("rows"), info.data.get("columns")
        if rows is None or columns is None:
            return cells  # their own error is reported
        for n, cell in enumerate(cells, start=1):
            if cell.row > rows or cell.column > columns:
                raise HintedValueError(f"cell {n} (row {cell.row}, column {cell.column}) is outside the {rows} x "
                                       f"{columns} grid", f"rows go from 1 to {rows}, columns from 1 to {columns}")
        return cells

    @model_validator(mode="after")
    def _not_too_large(self) -> Board:
        width, height = self.size
        if width > 5000 or height > 5000:
            raise ValueError("the board is over 5 m on a side")
        return self

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the whole board (mm)."""
        c, rows, columns = self.cell, self.rows, self.columns
        if self.grid == "square":
            return columns * c, rows * c
        radius = c / SQRT3  # centre to corner
        if self.orientation == "flat":
            return 2 * radius + (columns - 1) * 1.5 * radius, rows * c + (c / 2 if columns > 1 else 0)
        return columns * c + (c / 2 if rows > 1 else 0), 2 * radius + (rows - 1) * 1.5 * radius


Component = Annotated[Deck | Counters | Board | TuckBox, Field(discriminator="type")]
