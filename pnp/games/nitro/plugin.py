"""The Nitro Dice plugin: `game: nitro-dice` custom tracks are built, checked and get `pnp nitro` commands.

Input: located YAML. Output: a `NitroTrack` and its diagnostics from the `nitro.*` rules; the placed
geometry for drawing comes from `pnp.games.nitro.track.geometry.place_track`, the printable kit (track map,
numbered cards, racers' cards) from `pnp.games.nitro.printed.kit.track_print_job`.
"""

from __future__ import annotations

from pnp.diagnostics import Diagnostic, sort_diagnostics
from pnp.games.base import GamePlugin, PrintContext
from pnp.games.nitro import rules
from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.printed.kit import track_print_job
from pnp.games.nitro.printed.rulebook import nitro_rulebook
from pnp.games.nitro.search.hint import balance_with_search
from pnp.layout.pieces import PrintJob
from pnp.model.base import build_model
from pnp.rules import check_rules
from pnp.source.located import Located


def build_track(located: Located) -> NitroTrack:
    """Located YAML to a `NitroTrack`; SpecError with located diagnostics on schema problems."""
    return build_model(NitroTrack, located)


def check_track(spec: NitroTrack, located: Located) -> list[Diagnostic]:
    """Every `nitro.*` rule's diagnostics for a built track, in file order."""
    return sort_diagnostics(check_rules(spec, located))


def print_track(spec: NitroTrack, context: PrintContext) -> PrintJob:
    """The track's printable kit (map, numbered cards, racers' cards)."""
    return track_print_job(spec, context.paper, context.tr, context.registration)


PLUGIN = GamePlugin(
    name="nitro-dice",
    title="Nitro Dice",
    build=build_track,
    noun="track",
    check=check_track,
    components=print_track,
    model=NitroTrack,
    rulebook=nitro_rulebook,
    simulate=balance_with_search,
)

__all__ = ["PLUGIN", "build_track", "check_track", "rules"]
