"""A tuck box for one of the kit's decks: its size comes from the deck (card size, card count x thickness, plus
play), its faces are drawn like card faces."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from pnp.games.kit.model.elements import Face
from pnp.model.base import SpecModel
from pnp.model.colour import Colour
from pnp.text.suggest import HintedValueError
from pnp.units import NonNegativeLength, PositiveLength


class TuckBox(SpecModel):
    """A one-piece tuck box for a deck: front, back, two spines, a lid with its tuck flap, dust and glue flaps
    and a thumb notch, with cut lines (solid) and fold lines (dashed)."""

    type: Literal["tuckbox"]
    """A tuck box for a deck of the kit."""
    name: str = Field(default="", max_length=200)
    """Name of the box, for messages (default: the deck's name and "box")."""
    deck: str = Field(min_length=1, max_length=200)
    """The name of the kit's deck the box holds: its card size and card count give the box's inner size."""
    card_thickness: PositiveLength = 0.32
    """Thickness of one card (0.32 mm is a usual printed and sleeved-free card); the box is as deep as the
    deck's cards stacked, plus `play`."""
    play: NonNegativeLength = 1.0
    """Room added to the inner width, height and depth so that the cards slide in and out."""
    fill: Colour = "#ffffff"
    """Background colour of the whole box (every face may have its own `fill`)."""
    front: Face | None = None
    """What is printed on the front (the side with the thumb notch), in mm of the card-sized panel; texts know
    `{{ deck.name }}`, `{{ deck.count }}`, `{{ deck.width }}` and `{{ deck.height }}`."""
    back: Face | None = None
    """What is printed on the back (the side the lid folds from), like `front`."""
    spine: Face | None = None
    """What is printed on both spines, in mm of the spine (the box's depth wide, the card's height high)."""
    lid: Face | None = None
    """What is printed on the lid (the closed box's top, folding from the back's top edge), in mm of the lid
    (the box's width wide, its depth high), the right way up seen from the front: it is turned half a turn on
    the net. Without it the lid shows the box's `fill`."""

    @model_validator(mode="after")
    def _sane(self) -> TuckBox:
        if self.card_thickness > 3:
            raise HintedValueError(f"a card {self.card_thickness:g} mm thick is more like a tile",
                                   "give the thickness of one card, e.g. card_thickness: 0.32mm")
        if self.play > 10:
            raise HintedValueError(f"a play of {self.play:g} mm lets the cards rattle", "use play: 1mm to 3mm")
        return self
