"""The 104 Track/Handling cards of one race: their types, their printed hazards, and which lie on the track.

Input: a checked `NitroTrack` and a seeded `random.Random`. Output: `Cards`: a card is an int id; `kind[id]`
is its type code (0 Straight, 1 Turn A, 2 Turn B) and `hazards[id]` the (lane, card space) pairs printed on
it. The track's own cards come first and carry the spec's hazards; of the rest, `deck.<type>_hazards` less
the track's hazard cards of that type carry one hazard each (lane and space in turn), and the Disaster Area
variant adds hazards to random spaces of the track's cards. The shuffled pile is what is left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.games.nitro.model import Kind, NitroTrack
from pnp.games.nitro.track.course import INSIDE, KIND_CODE, OUTSIDE

DECK_KINDS = (Kind.STRAIGHT, Kind.TURN_A, Kind.TURN_B)
Hazards = frozenset[tuple[int, int]]


@dataclass(slots=True)
class Cards:
    """Every card of the race and where the track's cards lie."""

    kind: list[int]
    hazards: list[Hazards]
    on_track: list[int]
    """Card id lying as each section (-1 for the Start/Finish)."""
    pile: list[int]
    """Face-down draw pile, top last."""
    hazard_count: list[int]
    """`len(hazards[id])` of each card."""


def _lane(name: str) -> int:
    return INSIDE if name == "inside" else OUTSIDE


def build_cards(track: NitroTrack, rng: random.Random, deck: Cards | None = None) -> Cards:
    """The race's cards: the track's, then the rest shuffled into the pile (see the module docstring). `deck`:
    the track's cards before the shuffle (`deck_cards(track)`), when many races share it."""
    deck = deck or deck_cards(track)
    hazards = list(deck.hazards)
    scattered = _disaster_area(track, rng, deck.on_track, hazards)
    pile = list(deck.pile)
    shuffle(rng, pile)
    counts = [len(h) for h in hazards] if scattered else list(deck.hazard_count)
    return Cards(list(deck.kind), hazards, list(deck.on_track), pile, counts)


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """`rng.shuffle(cards)`, in the same order from the same random numbers: Random.shuffle's swaps from the
    top down, each index drawn as its `_randbelow` draws one (`getrandbits` of the bound's bit length until
    below the bound), without a Python call per card."""
    getrandbits, top = rng.getrandbits, len(cards)
    while top > 1:  # the bounds of one bit length at a time: top down to the lowest with top's bit length
        bits = top.bit_length()
        stop = (1 << (bits - 1)) - 1  # bits >= 2: top >= 2
        for i in range(top - 1, stop - 1, -1):  # bound i + 1
            j = getrandbits(bits)
            while j > i:
                j = getrandbits(bits)
            cards[i], cards[j] = cards[j], cards[i]
        top = stop


def deck_cards(track: NitroTrack) -> Cards:
    """The track's cards in deck order, the pile not yet shuffled nor the Disaster Area hazards placed."""
    deck = track.deck
    k = track.geometry.spaces_per_lane
    kind: list[int] = []
    hazards: list[Hazards] = []
    on_track: list[int] = []
    with_hazard = dict.fromkeys(DECK_KINDS, 0)
    used = dict.fromkeys(DECK_KINDS, 0)
    for section in track.sections:
        if section.type not in DECK_KINDS:
            on_track.append(-1)
            continue
        on_track.append(len(kind))
        kind.append(KIND_CODE[section.type])
        hazards.append(frozenset((_lane(h.lane), h.space - 1) for h in section.hazards))
        used[section.type] += 1
        with_hazard[section.type] += bool(section.hazards)
    pile: list[int] = []
    for type_ in DECK_KINDS:
        left = max(0, deck.count(type_) - used[type_])
        printed = min(left, max(0, deck.hazards(type_) - with_hazard[type_]))
        for j in range(left):
            pile.append(len(kind))
            kind.append(KIND_CODE[type_])
            hazards.append(frozenset({(j % 2, j // 2 % k)}) if j < printed else frozenset())
    return Cards(kind, hazards, on_track, pile, [len(h) for h in hazards])


def _disaster_area(track: NitroTrack, rng: random.Random, on_track: list[int], hazards: list[Hazards]) -> bool:
    """Disaster Area: scatter `variants.disaster_area` hazards over free spaces of the track's cards (whether it
    did)."""
    count = track.play.variants.disaster_area
    if not count:
        return False
    k = track.geometry.spaces_per_lane
    free = [(card, lane, space) for card in on_track if card >= 0 for lane in (INSIDE, OUTSIDE)
            for space in range(k) if (lane, space) not in hazards[card]]
    for card, lane, space in rng.sample(free, min(count, len(free))):
        hazards[card] = hazards[card] | {(lane, space)}
    return True
