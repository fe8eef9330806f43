"""The Nitro Dice track-building guide printed with a track's kit, with the track's own map as its figure."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.booklet.request import RulebookRequest
from pnp.data import resource_path
from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.printed.build import nitro_guide
from pnp.games.nitro.printed.draw_map import map_piece
from pnp.games.nitro.rules import MAX_GARAGE_DISTANCE, MAX_PLAYERS, MAX_TYPE_SHARE, MIN_PLAYERS, MIN_SECTIONS_CROSSED
from pnp.games.nitro.track.geometry import place_track
from pnp.layout.pieces import Piece

GUIDE = resource_path("pnp.games.nitro", "data", "rulebook", "guide.md")
FIGURE_MM = (180.0, 200.0)
"""Size of the map figure (the guide scales it to its page)."""


def rulebook_context(players: int | None = None) -> dict[str, Any]:
    """The values the Nitro Dice guide quotes (keys in docs/rulebooks.md): the checks' bounds and the players
    (`players.count`: this track's, when given)."""
    seats: dict[str, Any] = {"min": MIN_PLAYERS, "max": MAX_PLAYERS}
    if players is not None:
        seats["count"] = players
    checks = {
        "min_sections": MIN_SECTIONS_CROSSED,
        "max_type_share": f"{MAX_TYPE_SHARE:.0%}",
        "max_garage_distance": MAX_GARAGE_DISTANCE,
    }
    return {"checks": checks, "players": seats}


def nitro_rulebook(track: NitroTrack, tr: Callable[[str], str] = str) -> RulebookRequest:
    """The guide, quoting the players of this track, with this track's map as the `nitro-track` figure (its
    words translated by `tr`)."""
    _, items = map_piece(track, place_track(track), *FIGURE_MM, tr)
    figure = Piece(*FIGURE_MM, items, name="track map")
    return RulebookRequest(GUIDE, rulebook_context(track.players), {"nitro-track": figure}, nitro_guide(track))
