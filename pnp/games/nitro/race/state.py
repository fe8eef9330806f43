"""The state of one Nitro Dice race and the bookkeeping every rule shares: cards, order, hazards, events.

Input: a checked `NitroTrack`, one driver per seat (anything that answers as a `Policy`) and a seed.
Output: `RaceState`, what drivers read and what `pnp.games.nitro.race.moves.Movement` and
`pnp.games.nitro.race.engine.Race` change: dice places, speeds, conditions, hands, cards, counters and the
recorded `Event`s. The rules of a round are in the engine, those of a die's turn in `moves`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.track.cards import Cards, build_cards, shuffle
from pnp.games.nitro.track.course import Course, build_course

TOP_CONDITION = 9
LAP_LEADER_CARDS = 2
DAMAGE_CAUSES = ("handling", "hazard", "collision", "sideswipe", "nitro")


class Event(NamedTuple):
    """Something that happened to die `die` (kinds and details in docs/nitro-dice.md, *play*)."""

    kind: str
    die: int
    amount: int = 0
    detail: str = ""
    other: int = -1


@dataclass(slots=True)
class Turn:
    """The moving die's turn so far."""

    moves: int = 0
    """Moves made (Nitro's bonus moves not counted)."""
    nitro: int = 0
    moved: bool = False
    """The first space has been moved (drafts are pulled then)."""
    over: bool = False


Action = tuple[str, int]
"""(name, amount): name in ACTIONS; amount is the cards for "brake" and the bonus moves for "nitro"."""


class Policy(Protocol):
    """The decisions a player makes, as the engine asks for them (`pnp.games.nitro.race.drivers`)."""

    @property
    def name(self) -> str: ...

    def target_speed(self, race: RaceState, die: int) -> int: ...

    def step(self, race: RaceState, die: int, turn: Turn) -> Action: ...

    def pay(self, race: RaceState, die: int, kind: int) -> str: ...

    def discard(self, race: RaceState, die: int, count: int) -> list[int]: ...

    def resist(self, race: RaceState, die: int) -> bool: ...

    def swap(self, race: RaceState, die: int) -> tuple[int, int] | None: ...


class RaceState:
    """Everything on the table in one race, and the bookkeeping that changes no rule's outcome by itself."""

    __slots__ = ("_last_places", "arrival", "capped", "cards", "cond", "counts", "course", "damage", "discards",
                 "drivers", "events", "garage", "garage_behind", "garage_leg", "hand", "handling", "hazard_on",
                 "hazards", "held", "lane", "lane_change_after", "lap_leader", "lap_led", "limping", "nitro",
                 "nitro_per_turn", "occ", "over", "played", "pos", "record", "rng", "round", "rules", "speed", "speeds",
                 "standings", "start_place", "still", "track")
    """Its attributes (more than an instance dict shares its keys for: without slots every attribute read of
    a race is an unspecialized lookup)."""

    def __init__(self, track: NitroTrack, drivers: Sequence[Policy], seed: int | str = 0,
                 record: bool = False, order: Sequence[int] | None = None, course: Course | None = None,
                 deck: Cards | None = None) -> None:
        """`course` and `deck` (`deck_cards`) are the track's, built once when many races share them."""
        players = len(drivers)
        self.track = track
        self.rules = track.play
        self.course = course or build_course(track)
        self.rng = random.Random(seed)
        self.record = record
        """Whether `note` keeps `Event`s (the hot paths test it before building one)."""
        self.garage_behind = self.rules.garage_rank == "behind_the_card"
        """`play.garage_rank: behind_the_card` (`forward_key`)."""
        self.lap_leader = self.rules.variants.lap_leader and not self.course.out_and_back
        """Whether the Lap Leader rule applies (`lap_boundary`)."""
        self.nitro_per_turn = self.rules.nitro_per_turn
        self.lane_change_after = self.rules.after_last_move == "lane_change"
        """`play.after_last_move: lane_change` (the turn goes on after the last move)."""
        self.events: list[Event] = []
        self.drivers = list(drivers)
        self.cards = build_cards(track, self.rng, deck)
        self.hazard_on = [False] * self.course.spaces
        """Whether each physical space (by `Course.sid`) carries a hazard now."""
        self.hazards = 0  # spaces that carry a hazard now
        for section, card in enumerate(self.cards.on_track):
            self._mark_hazards(section, card, add=True)
        self.discards: list[int] = []
        self.played: list[int] = []
        dealt, pile = track.deck.hand * players, self.cards.pile
        if len(pile) >= dealt:  # one card each in turn from the top (taken in one slice)
            top = pile[:-dealt - 1:-1]
            del pile[len(pile) - dealt:]
            self.hand: list[list[int]] = [top[i::players] for i in range(players)]
        else:
            self.hand = [[] for _ in range(players)]
            for _ in range(track.deck.hand):
                for i in range(players):
                    self.hand[i].append(self._pop())
        self.held: list[list[int]] = []
        for hand in self.hand:  # (loops rather than comprehensions here: each of those is a call per race)
            self.held.append(self._types(hand))
        """Cards of each type (Straight, Turn A, Turn B) in each hand: every change of a hand (`draw`, `spend`,
        `drop`, `set_hand`) keeps them right, so drivers need not count the hand."""
        self.cond = [TOP_CONDITION] * players
        self.speed = [0] * players
        self.nitro = [2] * players
        start = list(order) if order is not None else self._roll_order(players)
        self.start_place = [0] * players
        """Start position of each die (0 = front of the grid)."""
        self.pos = [0] * players
        self.lane = [0] * players
        self.garage = [-1] * players
        """Garage space of each die (0-2), or -1 on the track."""
        self.garage_leg = [0] * players
        self.arrival = [0] * players
        self.occ = [-1] * self.course.spaces
        """The die on each space (by `Course.sid`), or -1."""
        if players > len(self.course.grid):
            raise ValueError(f"the start grid holds {len(self.course.grid)} dice, not {players}")
        for place, die in enumerate(start):
            self.start_place[die] = place
            self.pos[die], self.lane[die] = self.course.grid[place]
            self.occ[self.course.sids[self.lane[die]][self.pos[die]]] = die
        self.round = 0
        self.over = False
        self.capped = False
        self.standings: list[int] = []
        self.lap_led = 0
        self.handling = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        """Section entries by type (Straight, Turn A, Turn B) paid with [a card, three cards, damage]."""
        self.damage = dict.fromkeys(DAMAGE_CAUSES, 0)
        self.counts = dict.fromkeys(("garage", "repairs", "nitro", "collisions", "sideswipes", "drafts",
                                     "overtakes", "swaps", "passes"), 0)
        self.limping = 0
        self.still = 0
        """Rounds in a row in which no die moved (a jam of wrecked dice ends the race after STALL_ROUNDS)."""
        self._last_places: list[int] = []
        """Die-rounds begun at condition 4 or less."""
        self.speeds: list[float] = []
        """Mean speed of the dice at the start of each round's movement."""

    def _roll_order(self, players: int) -> list[int]:
        """Each player rolls a d10; the highest starts in front, ties rolled again (the roll decides the grid)."""
        rolls = []
        for i in range(players):
            rolls.append((self.rng.randint(1, 10), self.rng.random(), i))
        rolls.sort(reverse=True)
        return [i for _, _, i in rolls]

    # --- cards --------------------------------------------------------------------------------------

    def _pop(self) -> int:
        """The top card of the pile; the discards are shuffled into a new pile when it runs out (-1: none)."""
        if not self.cards.pile:
            if not self.discards:
                return -1
            self.cards.pile, self.discards = self.discards, []
            shuffle(self.rng, self.cards.pile)
            self.note("reshuffle", -1, len(self.cards.pile))
        return self.cards.pile.pop()

    def _types(self, cards: Sequence[int]) -> list[int]:
        """Cards of each type (Straight, Turn A, Turn B) among `cards`."""
        kinds, held = self.cards.kind, [0, 0, 0]
        for card in cards:
            held[kinds[card]] += 1
        return held

    def draw(self, die: int, count: int, limit: int | None) -> int:
        """Draw up to `count` cards (not past `limit`, when given); the number drawn."""
        hand, cards, held = self.hand[die], self.cards, self.held[die]
        pile, kinds = cards.pile, cards.kind
        room = count
        if limit is not None and limit - len(hand) < count:
            room = limit - len(hand)
        if room <= 0:
            return 0
        if len(pile) >= room:  # all from the pile, top first
            drawn_cards = pile[-1:-room - 1:-1]
            del pile[-room:]
            hand.extend(drawn_cards)
            for card in drawn_cards:
                held[kinds[card]] += 1
            return room
        drawn = 0
        while drawn < room:
            card = cards.pile.pop() if cards.pile else self._pop()  # _pop: the reshuffle when the pile is out
            if card < 0:
                break
            hand.append(card)
            held[kinds[card]] += 1
            drawn += 1
        return drawn

    def drop(self, die: int, cards: Sequence[int]) -> None:
        """Take `cards` out of the die's hand (the caller puts them where they go)."""
        hand, held, kinds = self.hand[die], self.held[die], self.cards.kind
        for card in cards:
            hand.remove(card)
            held[kinds[card]] -= 1

    def set_hand(self, die: int, cards: Sequence[int]) -> None:
        """Give the die exactly `cards` (a scenario's or a test's setup; the old hand goes nowhere)."""
        self.hand[die][:] = cards
        self.held[die] = self._types(cards)

    def spend(self, die: int, cards: Sequence[int]) -> None:
        """Play `cards` from the die's hand; they are discarded when its turn ends."""
        hand, held, kinds = self.hand[die], self.held[die], self.cards.kind
        for card in cards:
            hand.remove(card)
            held[kinds[card]] -= 1
            self.played.append(card)

    def spend_any(self, die: int, count: int) -> bool:
        """Play `count` cards of the driver's choice; False (nothing played) when the hand is too small."""
        hand = self.hand[die]
        if len(hand) < count:
            return False
        chosen = self.drivers[die].discard(self, die, count)
        if count == 1 and len(chosen) == 1:
            legal = chosen[0] in hand
        else:
            distinct = set(chosen)
            legal = len(distinct) == count and distinct.issubset(hand)
        if not legal:
            raise ValueError(f"driver {self.drivers[die].name} chose cards not in its hand")
        self.spend(die, chosen)
        return True

    def end_turn_cards(self) -> None:
        self.discards.extend(self.played)
        self.played.clear()

    # --- order --------------------------------------------------------------------------------------

    def forward_key(self, die: int) -> tuple[int, ...]:
        """Sort key: furthest forward first: leg, space, then the card's inside lane, its outside lane and
        the Garage beside that space (dice in one Garage space by arrival). With `play.garage_rank:
        behind_the_card` a Garage die ranks behind every track die of its host card instead. (Leg then space
        is route position: -pos orders as (-leg, -space).)"""
        if self.garage[die] >= 0:
            if self.garage_behind:
                return (-self.garage_leg[die], 1, -self.garage[die], self.arrival[die])
            return (-self.course.beside_garage(self.garage_leg[die], self.garage[die]), 2, self.arrival[die])
        pos = self.pos[die]
        card_lane = self.lane[die] ^ self.course.flip_at[pos]
        if self.garage_behind:
            k = self.course.k
            return (-(pos // k), 0, -(pos % k), card_lane)
        return (-pos, card_lane)

    def order(self) -> list[int]:
        """Dice from furthest forward to furthest back."""
        return sorted(range(len(self.pos)), key=self.forward_key)

    def leader(self) -> int:
        """The die furthest forward (`order()[0]`)."""
        return min(range(len(self.pos)), key=self.forward_key)

    def progress(self, die: int) -> int:
        """Route position of a die (a Garage die counts at its space beside the track)."""
        if self.garage[die] >= 0:
            return self.course.beside_garage(self.garage_leg[die], self.garage[die])
        return self.pos[die]

    # --- the table -----------------------------------------------------------------------------------

    def hazard_at(self, pos: int, lane: int) -> bool:
        """Whether the track space at (pos, lane) carries a hazard."""
        return self.hazard_on[self.course.sids[lane][pos]]

    def relocate(self, die: int, pos: int, lane: int) -> None:
        """Move a die's marker on the table (no rule applied)."""
        sids, occ = self.course.sids, self.occ
        if self.garage[die] < 0:
            occ[sids[self.lane[die]][self.pos[die]]] = -1
        else:
            self.garage[die] = -1
        self.pos[die], self.lane[die] = pos, lane
        occ[sids[lane][pos]] = die

    def _mark_hazards(self, section: int, card: int, add: bool) -> None:
        if card < 0:
            return
        hazard_on = self.hazard_on
        for lane, space in self.cards.hazards[card]:
            sid = (section * 2 + lane) * self.course.k + space
            if hazard_on[sid] != add:
                hazard_on[sid] = add
                self.hazards += 1 if add else -1

    def dice_on(self, section: int) -> bool:
        """Whether a die stands on a track space of `section`."""
        per_section = 2 * self.course.k
        first = section * per_section  # the section's sids run from first up; the run-off's lie past them all
        last = first + per_section
        return self.occ[first:last].count(-1) < per_section

    def lap_boundary(self, die: int, old: int, new: int) -> None:
        """Lap Leader: the first to complete each lap (not the last) draws two cards at once."""
        if not self.lap_leader:
            return
        length = self.course.lap_length
        lap = new // length
        if new >= 0 and lap > old // length and lap > self.lap_led and new < self.course.finish:
            self.lap_led = lap
            drawn = self.draw(die, LAP_LEADER_CARDS, None)
            self.note("lap_leader", die, drawn, f"lap {lap}")

    def points(self) -> list[int]:
        """Series points of each die: players less the number who finished before it."""
        players = len(self.pos)
        points = [0] * players
        for place, die in enumerate(self.standings):
            points[die] = players - place
        return points

    def note(self, kind: str, die: int, amount: int = 0, detail: str = "", other: int = -1) -> None:
        if self.record:
            self.events.append(Event(kind, die, amount, detail, other))

    def total_cards(self) -> int:
        """Cards in the pile, hands, discards, played and on the track (the invariant: all of them)."""
        on_track = sum(1 for c in self.cards.on_track if c >= 0)
        return len(self.cards.pile) + sum(map(len, self.hand)) + len(self.discards) + len(self.played) + on_track
