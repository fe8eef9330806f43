"""Nitro Dice track rules: the rulebook's track advice and the physical checks of a laid-out track.

Input: a built `NitroTrack` and its `Located` source. Output: diagnostics, each at the YAML line of the
offending section (or key), registered under `nitro.*` ids. The bounds are the constants below; the
reasons behind each are in docs/nitro-dice.md.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.nitro.model import Kind, NitroTrack
from pnp.games.nitro.track.geometry import PlacedSection, Polygon, TrackGeometry, normalise, place_track
from pnp.games.nitro.track.grid import start_grid
from pnp.games.nitro.track.overlap import bounding_box, boxes_meet, overlaps
from pnp.games.nitro.track.route import longest_way_to_garage, one_pass, sections_crossed
from pnp.rules import rule
from pnp.source.located import Located

MIN_SECTIONS_CROSSED = 16
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_TYPE_SHARE = 0.5
"""Warn when one card type is more than this share of the track's Track/Handling cards."""
MAX_GARAGE_DISTANCE = 15
"""Warn when some section is more than this many sections ahead of the Garage."""
OVERLAP_TOLERANCE_MM = 0.5
DECK_KINDS = (Kind.STRAIGHT, Kind.TURN_A, Kind.TURN_B)
STRAIGHT_KINDS = (Kind.STRAIGHT, Kind.START_FINISH)
"""Cards a Nitro card's bonus moves may go onto."""


def _section(index: int, *rest: str | int) -> tuple[str | int, ...]:
    return ("sections", index, *rest)


def _name(section: PlacedSection) -> str:
    return f"section {section.number} ({section.kind.label})"


@rule("nitro.start_finish", NitroTrack, "exactly one Start/Finish card, first in the list")
def check_start_finish(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    if not track.sections:
        yield Diagnostic.at(
            located.key_mark(("sections",)),
            "nitro.start_finish",
            "the track has no sections",
            "list the cards in driving order, starting with `- start_finish`",
        )
        return
    found = [i for i, s in enumerate(track.sections) if s.type == Kind.START_FINISH]
    if not found:
        yield Diagnostic.at(
            located.mark(_section(0)),
            "nitro.start_finish",
            "the track has no Start/Finish card; every race starts and ends on it",
            "put `- start_finish` first in `sections:`",
        )
        return
    if found[0] != 0:
        yield Diagnostic.at(
            located.mark(_section(found[0])),
            "nitro.start_finish",
            f"the Start/Finish card is section {found[0] + 1}; the list must begin with it",
            "reorder `sections:` so it starts at the Start/Finish card, in driving order",
        )
    for extra in found[1:]:
        yield Diagnostic.at(
            located.mark(_section(extra)),
            "nitro.start_finish",
            "a second Start/Finish card: the box has only one",
            "replace it with a Straight",
        )


@rule("nitro.garage", NitroTrack, "exactly one Garage, beside a Straight or the Start/Finish card")
def check_garage(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    garage = track.garage
    n = len(track.sections)
    if garage is None:
        yield Diagnostic.at(
            located.mark(()),
            "nitro.garage",
            "the track has no Garage; damaged racers need somewhere to repair",
            "add `garage: {beside: N}` naming a Straight section by its number",
        )
        return
    where = located.mark(("garage", "beside"))
    if not 1 <= garage.beside <= n:
        yield Diagnostic.at(
            where,
            "nitro.garage",
            f"the Garage is beside section {garage.beside}, but the track has sections 1 to {n}",
            "give the number of a Straight section",
        )
        return
    host = track.sections[garage.beside - 1]
    if host.type.is_turn:
        yield Diagnostic.at(
            where,
            "nitro.garage",
            f"the Garage cannot sit beside section {garage.beside}, a {host.type.label}: "
            "it lies flush along a straight card edge",
            "put it beside a Straight or the Start/Finish card",
        )


@rule("nitro.race_length", NitroTrack, f"racers cross at least {MIN_SECTIONS_CROSSED} sections to win")
def check_race_length(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    crossed = sections_crossed(track)
    if crossed < MIN_SECTIONS_CROSSED:
        how = (
            "out and back"
            if track.race.type == "out-and-back"
            else f"{len(track.sections)} sections x {track.race.laps} lap{'s' if track.race.laps != 1 else ''}"
        )
        yield Diagnostic.at(
            located.mark(("race",)),
            "nitro.race_length",
            f"racers cross only {crossed} sections to win ({how}); a race this short leaves "
            f"those at the back no time to pass (aim for {MIN_SECTIONS_CROSSED} or more)",
            "add sections or laps",
        )


@rule("nitro.loop_closed", NitroTrack, "a lap race forms a closed loop back into the Start/Finish card")
def check_loop_closed(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    if track.race.type != "laps" or not track.sections:
        return
    geometry = place_track(track)
    start, end = geometry.sections[0].entry, geometry.sections[-1].exit
    gap = math.hypot(end.x - start.x, end.y - start.y)
    turn = abs(normalise(end.heading - start.heading))
    if gap > track.geometry.closure_tolerance or turn > track.geometry.closure_angle_tolerance:
        yield Diagnostic.at(
            located.mark(_section(len(track.sections) - 1)),
            "nitro.loop_closed",
            f"the loop does not close: the last card ends {gap:.0f} mm from the Start/Finish "
            f"entry, pointing {turn:.0f}° away from it; a lap race must come back round",
            "add, remove or turn cards until the last one leads into the Start/Finish card, "
            "or make it `race: {type: out-and-back}`",
        )


def _declared(track: NitroTrack) -> set[frozenset[int]]:
    return {frozenset((i, t)) for i, s in enumerate(track.sections, start=1) for t in s.over}


def _overlapping(geometry: TrackGeometry) -> Iterator[tuple[int, int]]:
    """(earlier, later) for every pair of cards that overlap; the Garage is number 0 and comes last."""
    items: list[tuple[int, tuple[Polygon, ...]]] = [(s.number, s.parts) for s in geometry.sections]
    if geometry.garage is not None:
        items.append((0, (geometry.garage.outline,)))
    boxes = [bounding_box(parts) for _, parts in items]
    for b in range(len(items)):
        for a in range(b):
            if boxes_meet(boxes[a], boxes[b]) and overlaps(items[a][1], items[b][1], OVERLAP_TOLERANCE_MM):
                yield items[a][0], items[b][0]


def _names(sections: list[PlacedSection]) -> str:
    names = [_name(s) for s in sections]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@rule("nitro.overlap", NitroTrack, "cards do not overlap, except a declared crossing (`over:`)")
def check_overlap(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    geometry = place_track(track)
    declared = _declared(track)
    under: dict[int, list[int]] = {}
    for first, second in _overlapping(geometry):
        if frozenset((first, second)) not in declared:
            under.setdefault(second, []).append(first)
    for later, earlier in under.items():
        others = [geometry.sections[i - 1] for i in earlier]
        if later == 0:
            yield Diagnostic.at(
                located.mark(("garage",)),
                "nitro.overlap",
                f"the Garage lies on top of {_names(others)}",
                "put it on the other side (`side: left` or `right`) or beside another Straight",
            )
            continue
        over = ", ".join(str(i) for i in earlier)
        yield Diagnostic.at(
            located.mark(_section(later - 1)),
            "nitro.overlap",
            f"{_name(geometry.sections[later - 1])} lies on top of {_names(others)}",
            f"reshape the track so the cards lie apart; if this card is a bridge, declare it with `over: [{over}]`",
        )


@rule("nitro.crossing", NitroTrack, "a declared crossing names another section that this card really crosses")
def check_crossing(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    if not any(s.over for s in track.sections):
        return
    geometry = place_track(track)
    crossing = {frozenset(pair) for pair in _overlapping(geometry) if all(pair)}
    n = len(track.sections)
    for i, section in enumerate(track.sections, start=1):
        where = located.mark(_section(i - 1, "over"))
        for target in section.over:
            if not 1 <= target <= n or target == i:
                yield Diagnostic.at(
                    where,
                    "nitro.crossing",
                    f"section {i} is declared as a bridge over section {target}, "
                    f"which is {'itself' if target == i else 'not on the track'}",
                    f"name another section, 1 to {n}",
                )
            elif frozenset((i, target)) not in crossing:
                yield Diagnostic.at(
                    where,
                    "nitro.crossing",
                    f"section {i} is declared as a bridge over section {target}, but the two cards do not cross",
                    "remove `over:` or fix the track so the cards really cross",
                )


def _deck_cards(track: NitroTrack) -> list[tuple[int, Kind]]:
    return [(i, s.type) for i, s in enumerate(track.sections) if s.type in DECK_KINDS]


@rule("nitro.balance", NitroTrack, f"no card type makes up more than {MAX_TYPE_SHARE:.0%} of the track")
def check_balance(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    cards = _deck_cards(track)
    allowed = math.floor(MAX_TYPE_SHARE * len(cards))
    for kind in DECK_KINDS:
        of_kind = [i for i, k in cards if k == kind]
        if len(of_kind) > allowed:
            yield Diagnostic.at(
                located.mark(_section(of_kind[allowed])),
                "nitro.balance",
                f"{len(of_kind)} of the track's {len(cards)} Straight/Turn cards are "
                f"{kind.label} ({len(of_kind) / len(cards):.0%}); one type in excess makes "
                "the track harder and leaves hands short of it",
                f"keep each type to {MAX_TYPE_SHARE:.0%} or less: swap some for the others",
                Severity.WARNING,
            )


def spare(track: NitroTrack, kind: Kind) -> int:
    """Cards of `kind` the track may take: the deck's count less that type's share of the dealt hands."""
    deck = track.deck
    if deck.total == 0:
        return 0
    dealt = deck.hand * max(track.players, 0)
    return deck.count(kind) - math.ceil(dealt * deck.count(kind) / deck.total)


@rule("nitro.deck", NitroTrack, "the track uses no more cards of a type than the deck spares after dealing")
def check_deck(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    cards = _deck_cards(track)
    for kind in DECK_KINDS:
        of_kind = [i for i, k in cards if k == kind]
        limit = max(spare(track, kind), 0)
        if len(of_kind) > limit:
            yield Diagnostic.at(
                located.mark(_section(of_kind[limit])),
                "nitro.deck",
                f"the track uses {len(of_kind)} {kind.label} cards, but the deck of "
                f"{track.deck.count(kind)} can spare only {limit} once {track.players} players "
                f"are dealt {track.deck.hand} cards each",
                f"use at most {limit} {kind.label} cards, or fewer players",
            )


@rule("nitro.garage_distance", NitroTrack, f"no section is more than {MAX_GARAGE_DISTANCE} sections from the Garage")
def check_garage_distance(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    garage = track.garage
    if garage is None or not 1 <= garage.beside <= len(track.sections):
        return
    farthest, distance = longest_way_to_garage(track, garage.beside)
    if distance > MAX_GARAGE_DISTANCE:
        yield Diagnostic.at(
            located.mark(_section(farthest - 1)),
            "nitro.garage_distance",
            f"from section {farthest} a damaged racer drives {distance} sections to reach the "
            f"Garage (more than {MAX_GARAGE_DISTANCE}); slow cars would limp for many rounds",
            "shorten the lap or race out and back past the Garage",
            Severity.WARNING,
        )


@rule("nitro.players", NitroTrack, f"{MIN_PLAYERS} to {MAX_PLAYERS} players")
def check_players(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    if not MIN_PLAYERS <= track.players <= MAX_PLAYERS:
        yield Diagnostic.at(
            located.mark(("players",)),
            "nitro.players",
            f"{track.players} players: the box equips {MIN_PLAYERS} to {MAX_PLAYERS} racers",
            f"set `players:` between {MIN_PLAYERS} and {MAX_PLAYERS}",
        )


@rule("nitro.hazards", NitroTrack, "hazards lie on real spaces, one per space")
def check_hazards(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    per_lane = track.geometry.spaces_per_lane
    for i, section in enumerate(track.sections):
        taken: set[tuple[str, int]] = set()
        for j, hazard in enumerate(section.hazards):
            where = located.mark(_section(i, "hazards", j, "space"))
            if not 1 <= hazard.space <= per_lane:
                yield Diagnostic.at(
                    where,
                    "nitro.hazards",
                    f"section {i + 1} has no space {hazard.space}: each lane has spaces 1 to {per_lane}",
                    f"use a space from 1 to {per_lane}",
                )
            elif (hazard.lane, hazard.space) in taken:
                yield Diagnostic.at(
                    where,
                    "nitro.hazards",
                    f"two hazards on space {hazard.space} of the {hazard.lane} lane of section {i + 1}",
                    "keep one, or move it to another space",
                )
            taken.add((hazard.lane, hazard.space))


@rule("nitro.no_hazards", NitroTrack, "the Start/Finish card and the Garage carry no hazards")
def check_no_hazards(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    for i, section in enumerate(track.sections):
        if section.type == Kind.START_FINISH and section.hazards:
            yield Diagnostic.at(
                located.mark(_section(i, "hazards")),
                "nitro.no_hazards",
                "the Start/Finish card carries no hazards: it is never replaced during a race",
                "move the hazards to a Straight or Turn card",
            )
    if track.garage is not None and track.garage.hazards:
        yield Diagnostic.at(
            located.mark(("garage", "hazards")),
            "nitro.no_hazards",
            "the Garage carries no hazards: it is a safe place to repair",
            "remove `hazards:` from the Garage",
        )


@rule("nitro.start_grid", NitroTrack, "the start grid holds every player")
def check_start_grid(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    if not track.sections or not MIN_PLAYERS <= track.players <= MAX_PLAYERS:
        return
    slots = len(start_grid(track, place_track(track)))
    if slots < track.players:
        laps = track.race.type == "laps"
        where = "the cards of the loop" if laps else "the Start/Finish card, with no card behind it"
        yield Diagnostic.at(
            located.mark(("players",)),
            "nitro.start_grid",
            f"{track.players} players, but the start grid ({where}) has room for only {slots} dice",
            "race fewer players, or give the cards more spaces (`geometry: {spaces_per_lane: N}`)",
        )


@rule("nitro.nitro_useless", NitroTrack, "two consecutive straight spaces somewhere, or Nitro cards are useless")
def check_nitro_useful(track: NitroTrack, located: Located) -> Iterator[Diagnostic]:
    if not track.sections:
        return
    k = track.geometry.spaces_per_lane
    route = one_pass(track)
    spaces = [track.sections[n - 1].type in STRAIGHT_KINDS for n in route for _ in range(k)]
    if track.race.type == "laps":
        spaces.append(spaces[0])
    if not any(a and b for a, b in itertools.pairwise(spaces)):
        yield Diagnostic.at(
            located.mark(("sections",)),
            "nitro.nitro_useless",
            "no two straight spaces follow each other anywhere on the track, so a Nitro card (two moves onto "
            "consecutive straight spaces) can never be used",
            "put two Straight cards (or a Straight and the Start/Finish) one after the other",
            Severity.WARNING,
        )
