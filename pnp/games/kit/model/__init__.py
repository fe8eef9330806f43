"""The generic kit's spec: its name, credit line, sheet settings and components (decks, counters, boards)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field, field_validator

from pnp.games.kit.model.components import Component
from pnp.games.kit.model.elements import clean_text
from pnp.model.base import SpecModel
from pnp.model.sheets import SheetSettings


class Kit(SpecModel):
    """A generic kit: its name, the credit/licence line printed on every sheet, sheet settings, components."""

    TEMPLATED_VALUES: ClassVar[bool] = True
    """For `pnp schema`: a deck's values may be `{{ card.X }}` templates (see `pnp.games.kit.decks`)."""

    kit: str = Field(min_length=1, max_length=120)
    """The kit's name: the PDF title, the start of output file names and every sheet's footer."""
    credit: str = Field(default="", max_length=300)
    """Credit or licence line printed on every sheet."""
    sheets: SheetSettings = SheetSettings()
    """How the pieces go on paper."""
    components: list[Component] = Field(min_length=1, max_length=200)
    """The decks, counter sheets and boards of the kit, in print order."""

    _clean = field_validator("kit", "credit")(classmethod(lambda cls, v: clean_text(v)))
