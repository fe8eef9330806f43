"""A kit's own fonts and icons: font families of TrueType files and icon images, by name."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from pnp.model.base import SpecModel

FilePath = Annotated[str, StringConstraints(min_length=1, max_length=500)]
IconName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")]
FamilyName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")]

Icons = Annotated[dict[IconName, FilePath] | FilePath, Field(description=(
    "a mapping of icon names to image files, or a folder of image files (each an icon named by its stem)"))]


class FontFamily(SpecModel):
    """One font family: a TrueType file per style; a missing style falls back to `regular` (with a warning)."""

    regular: FilePath = Field(description="the TrueType (.ttf) file of the upright, normal-weight style")
    bold: FilePath | None = Field(default=None, description="the file of the bold style (`**bold**` in texts)")
    italic: FilePath | None = Field(default=None, description="the file of the italic style (`*italic*` in texts)")
    bold_italic: FilePath | None = Field(default=None, description="the file of the bold italic style")
