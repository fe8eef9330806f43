"""What a Nitro Dice track prints: the `print:` options of a `NitroTrack` become a `PrintJob`.

Input: a `NitroTrack` (its `print:` section, or the defaults when it has none). Output: a `PrintJob` with,
in order, the track map (one page, sized to the printable area), the numbered track cards with the
Start/Finish and the Garage, the racers' cards (Vehicle Condition, Player ID, Nitro), and optionally the
whole track at full size as a tiled board. Every sheet credits the game's makers. With `orientation: auto`
the sheets take the orientation that holds more cards (the map turns the track to suit the page).
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.games.nitro.model import NitroPrint, NitroTrack
from pnp.games.nitro.printed.draw_cards import condition_card, garage_card, nitro_card, player_card, track_card
from pnp.games.nitro.printed.draw_map import full_size_drawing, map_piece
from pnp.games.nitro.track.geometry import place_track
from pnp.games.nitro.track.grid import start_grid
from pnp.layout.imposition import gutter_of, most_per_sheet
from pnp.layout.paper import get_paper
from pnp.layout.pieces import Piece, PieceGroup, PrintJob
from pnp.layout.registration import largest_area
from pnp.model.sheets import SheetSettings

CREDIT = (
    "Nitro Dice is a game by Minion Games, designed by David E. Whitcher. Fan-made track aid, not an official product."
)


def _orientation(settings: SheetSettings, width: float, height: float) -> str:
    """The spec's orientation; for `auto`, the one that holds more cards per sheet (portrait on a tie)."""
    if settings.orientation != "auto":
        return settings.orientation
    cards = PieceGroup("Track cards", (Piece(width, height, ()),))  # Nitro's track cards have no bleed
    gutter = gutter_of(0.0, settings)

    def per_sheet(orientation: str) -> int:
        """Cards a sheet holds this way round (none when the registration marks do not fit it)."""
        return most_per_sheet(cards, settings.model_copy(update={"orientation": orientation}), settings.paper,
                              gutter)

    return "landscape" if per_sheet("landscape") > per_sheet("portrait") else "portrait"


def track_print_job(track: NitroTrack, paper: str | None = None, tr: Callable[[str], str] = str,
                    registration: str | None = None) -> PrintJob:
    """Every part the track's `print:` section asks for, as piece groups in print order.

    `paper` (from `pnp render --paper`) replaces the spec's paper and `registration` (`--registration`) its
    cutting machine, so the one-page map is sized for the area the margins, the footer and the machine's marks
    leave. `tr` translates pnp's words on the map legend and the cards as they are drawn.
    """
    options = track.print or NitroPrint()
    update = {"paper": paper, "registration": registration}
    settings = options.sheets.model_copy(update={k: v for k, v in update.items() if v is not None})
    geometry = place_track(track)
    groups: list[PieceGroup] = []
    # Map and full-size track are drawn for the spec's paper and one orientation; the sheets are pinned to
    # it so the page-sized map never has to be tiled.
    orientation = _orientation(settings, track.geometry.card_width, track.geometry.card_length)
    area = largest_area(get_paper(settings.paper, orientation), settings)
    if options.map:
        settings = settings.model_copy(update={"orientation": orientation})
        _, items = map_piece(track, geometry, area.width, area.height, tr)
        piece = Piece(area.width, area.height, items, name="track map")
        groups.append(PieceGroup("Track map", (piece,), crop_marks=False, tile=True, kind="map"))
    if options.cards:
        slots = start_grid(track, geometry)
        cards = [track_card(track, n, slots, tr) for n in range(1, len(track.sections) + 1)]
        if track.garage is not None:
            cards.append(garage_card(track, tr))
        groups.append(PieceGroup("Track cards", tuple(cards)))
    racers = range(1, track.players + 1)
    racer_cards: list[Piece] = []
    if options.condition_cards:
        racer_cards += [condition_card(track, p, tr) for p in racers]
    if options.player_cards:
        racer_cards += [player_card(track, p, tr) for p in racers]
    racer_cards += [nitro_card(track, tr) for _ in range(options.nitro_cards * track.players)]
    if racer_cards:
        groups.append(PieceGroup("Racer cards", tuple(racer_cards)))
    if options.full_size:
        w, h, items = full_size_drawing(track, geometry, area.width, area.height, settings.tile_overlap, tr)
        board = Piece(w, h, items, name="track at full size")
        groups.append(PieceGroup("Track at full size", (board,), crop_marks=False, tile=True, kind="board",
                                 label=tr("Track at full size")))
    title = options.kit or track.name or "Nitro Dice track"
    return PrintJob(title, tr(CREDIT), tuple(groups), settings=settings)
