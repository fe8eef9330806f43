"""What a Nitro Dice track kit's guide says about the kit itself: its table of pieces and its "How to build"
steps. The texts and steps are data (data/rulebook/build.yaml); this module adds what the players take from
the box of the game: a ten-sided die each and the deck of track and handling cards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from pnp.booklet.guide import KitExtras, KitGuide, kit_guide
from pnp.data import resource_path
from pnp.games.nitro.model import NitroTrack
from pnp.layout.imposition import Plan
from pnp.layout.pieces import PrintJob
from pnp.rulebook.steps import BuildGuideData, parse_build

BUILD = resource_path("pnp.games.nitro", "data", "rulebook", "build.yaml")


@cache
def build_data() -> BuildGuideData:
    """The Nitro Dice build guide data."""
    return parse_build(BUILD.read_text(encoding="utf-8"), str(BUILD))


def nitro_guide(track: NitroTrack) -> Callable[[PrintJob, Plan], KitGuide]:
    """The maker of the kit's sections for `track`, from the kit's print job and plan."""
    extras = KitExtras({"dice": track.players, "deck": 1, "tools": 0})
    return lambda job, plan: kit_guide(build_data(), job, plan, extras)
