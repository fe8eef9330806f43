"""What an MDD kit prints (`print:` in a setup file): which parts, as what, on which sheets."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.model.base import SpecModel
from pnp.model.sheets import SheetSettings


class MddPrint(SpecModel):
    """Print options for a Mini Demolition Derby kit; every part can be switched off."""

    kit: str = Field(default="Mini Demolition Derby", min_length=1, max_length=120)
    """Title on every sheet."""
    sheets: SheetSettings = SheetSettings(duplex="none")
    """How the pieces go on paper."""
    preprint: bool = False
    """Print the setup's walls and mines on the track (False: leave cells blank for loose pieces)."""
    cars: Literal["standees", "tokens", "both"] = "standees"
    """Cars as fold-up standees, flat tokens or both."""
    counters: bool = True
    """Print the life counters and the mine (bomb) counters."""
    walls: bool = True
    """Print the fold-up walls."""
    dice: int = Field(default=1, ge=0, le=6)
    """Foldable die nets to print."""
    reference: bool = True
    """Print the reference cards."""
    variants: bool = True
    """Award pawns (v2.1 variant 1) and the card-effects reference (variants 2 and 3)."""
