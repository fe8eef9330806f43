"""What a Drag Rage kit's rulebook says about the kit itself: its table of pieces and its "How to build" steps.

The texts and steps are data (data/rulebook/build.yaml); this module adds the dice the game needs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from pnp.booklet.guide import KitExtras, KitGuide, kit_guide
from pnp.data import resource_path
from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE
from pnp.layout.imposition import Plan
from pnp.layout.pieces import PrintJob
from pnp.rulebook.steps import BuildGuideData, parse_build

BUILD = resource_path("pnp.games.dragrage", "data", "rulebook", "build.yaml")
DICE_NEEDED = FREE_DICE + 2 * NITRO_DICE
"""The two shared dice and one nitro die per driver."""


@cache
def build_data() -> BuildGuideData:
    """The Drag Rage build guide data."""
    return parse_build(BUILD.read_text(encoding="utf-8"), str(BUILD))


def dragrage_guide() -> Callable[[PrintJob, Plan], KitGuide]:
    """The maker of the kit's sections, from the kit's print job and plan."""
    extras = KitExtras({"dice": DICE_NEEDED, "tools": 0})
    return lambda job, plan: kit_guide(build_data(), job, plan, extras)
