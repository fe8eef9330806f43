"""The generic kit's spec: its name, credit line, sheet settings and components (decks, counters, boards)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field, field_validator

from pnp.games.kit.model.components import Component
from pnp.games.kit.model.elements import BUILTIN_FONTS, clean_text
from pnp.games.kit.model.typography import FamilyName, FontFamily, Icons
from pnp.model.base import SpecModel
from pnp.model.press import PressSettings
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
    press: PressSettings = PressSettings()
    """How the PDFs are made for a press: CMYK, the ICC profile, PDF/X (`--colour`, `--profile`, `--pdfx`)."""
    components: list[Component] = Field(min_length=1, max_length=200)
    """The decks, counter sheets and boards of the kit, in print order."""
    icons: Icons = Field(default_factory=dict, description=(
        "icons for `:name:` in texts: a mapping of names to PNG, JPEG or SVG files, or a folder whose image "
        "files are icons named by their file names without the extension"))
    fonts: dict[FamilyName, FontFamily] = Field(default_factory=dict, max_length=20, description=(
        "the kit's own font families, by the name texts use in `font:`; files are TrueType (.ttf) inside the "
        "kit folder"))

    _clean = field_validator("kit", "credit")(classmethod(lambda cls, v: clean_text(v)))

    @field_validator("fonts")
    @classmethod
    def _own_names(cls, fonts: dict[str, FontFamily]) -> dict[str, FontFamily]:
        taken = [name for name in fonts if name in BUILTIN_FONTS]
        if taken:
            raise ValueError(f"{taken[0]!r} is the name of one of pnp's fonts: give the family another name")
        return fonts
