"""`pnp validate TRACK --simulate N` for Nitro Dice: the race engine's balance warnings, and where a lap race is
unfair or runs short of a card type, a hint naming the search that finds a fairer loop of the same size.

Input: a checked track, its source and a number of races. Output: the warnings of
`pnp.games.nitro.race.balance.simulated_balance`, with the `pnp nitro generate --balanced` command added to
the hints of those the search targets (the search keeps every start position within 1.4 times its share and
every type paid with a card 85 % of the time, stricter than these warnings' thresholds).
"""

from __future__ import annotations

from dataclasses import replace

from pnp.diagnostics import Diagnostic
from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.race.balance import simulated_balance
from pnp.source.located import Located

SEARCHED = frozenset({"nitro.sim.start_advantage", "nitro.sim.type_shortage"})
"""Warnings about what the balanced search measures and improves."""


def search_command(track: NitroTrack) -> str:
    """The generate command for a loop of this track's size and players."""
    return f"pnp nitro generate --sections {len(track.sections)} --players {track.players} --balanced"


def balance_with_search(track: NitroTrack, located: Located, games: int) -> list[Diagnostic]:
    """The plugin's `simulate` hook (see the module docstring)."""
    found = simulated_balance(track, located, games)
    if track.race.type != "laps":
        return found
    extra = f"; or let `{search_command(track)}` find a loop of the same size that plays fairer"
    return [replace(d, hint=d.hint + extra) if d.rule in SEARCHED else d for d in found]
