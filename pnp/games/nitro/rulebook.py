"""The Nitro Dice track-building guide printed with a track's kit, with the track's own map as its figure."""

from __future__ import annotations

from pathlib import Path

from pnp.booklet import nitro_context
from pnp.games.nitro.draw_map import map_piece
from pnp.games.nitro.geometry import place_track
from pnp.games.nitro.model import NitroTrack
from pnp.kit.rulebook import RulebookRequest
from pnp.layout.pieces import Piece

GUIDE = Path(__file__).resolve().parents[3] / "rulebooks" / "nitro-dice" / "guide.md"
FIGURE_MM = (180.0, 200.0)
"""Size of the map figure (the guide scales it to its page)."""


def nitro_rulebook(track: NitroTrack) -> RulebookRequest:
    """The guide, quoting the players of this track, with this track's map as the `nitro-track` figure."""
    context = nitro_context()
    context["players"]["count"] = track.players
    _, items = map_piece(track, place_track(track), *FIGURE_MM)
    return RulebookRequest(GUIDE, context, {"nitro-track": Piece(*FIGURE_MM, items, name="track map")})
