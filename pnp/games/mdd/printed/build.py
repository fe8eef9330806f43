"""What an MDD kit's rulebook says about the kit itself: its table of pieces and its "How to build" steps.

The texts and steps are data (data/rulebook/build.yaml); this module says which of its rows and notes apply
to a setup: the dice the chosen rules and variants need, the packs of cards of the card variant, and what
to do with walls and mines printed on the track (or left for loose pieces).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from pnp.booklet.guide import KitExtras, KitGuide, kit_guide
from pnp.data import resource_path
from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.printed.print_options import MddPrint
from pnp.layout.imposition import Plan
from pnp.layout.pieces import PrintJob
from pnp.rulebook.steps import BuildGuideData, parse_build

BUILD = resource_path("pnp.games.mdd", "data", "rulebook", "build.yaml")
BASE_DICE = 1
"""Dice the base game needs (one car moves at a time)."""
VARIANT_DICE = 2
"""Dice of the two-dice variant (and of the Diamonds card): one for the direction, one for the steps."""
VARIANT_DECKS = 2
"""Standard packs of playing cards (with jokers) the playing-cards variant deals from."""


@cache
def build_data() -> BuildGuideData:
    """The MDD build guide data."""
    return parse_build(BUILD.read_text(encoding="utf-8"), str(BUILD))


def kit_extras(setup: MddSetup) -> KitExtras:
    """The rows and notes of the kit's sections that depend on the setup's rules, variants and print options."""
    options = setup.print or MddPrint()
    board = setup.to_board()
    limits = board.limits
    needs = {"dice": BASE_DICE}
    if options.variants and limits.name == "v2.1":
        needs |= {"second_die": VARIANT_DICE, "decks": VARIANT_DECKS}
    needs["tools"] = 0
    notes: tuple[str, ...] = ()
    if board.walls or board.mines:
        notes = (f"{'preprinted' if options.preprint else 'loose'}_{limits.mine_word}s",)
    return KitExtras(needs, notes)


def mdd_guide(setup: MddSetup) -> Callable[[PrintJob, Plan], KitGuide]:
    """The maker of the kit's sections for `setup`, from the kit's print job and plan."""
    extras = kit_extras(setup)
    return lambda job, plan: kit_guide(build_data(), job, plan, extras)
