"""What a Drag Rage kit prints (`print:` in the spec)."""

from __future__ import annotations

from pydantic import Field

from pnp.model.base import SpecModel
from pnp.model.sheets import SheetSettings
from pnp.units import PositiveLength


class DragRagePrint(SpecModel):
    """Print options: space width of the strip (default: the widest that fits one landscape sheet), dice."""

    space: PositiveLength | None = None
    """Width of one space; wider strips are tiled across sheets."""
    dice: int | None = Field(default=None, ge=0, le=4)
    """Foldable d6 nets to print; by default the four dice the game uses (0 if you have your own)."""
    sheets: SheetSettings = SheetSettings()
    """How the pieces go on paper."""
