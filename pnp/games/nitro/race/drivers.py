"""Drivers: the decisions a Nitro Dice player makes, as policies the engine asks (one per seat).

`racer` plays to win: it runs at its condition unless its hand cannot pay for the cards ahead, keeps the card
types the track ahead needs, drifts round slower dice, uses Nitro on clear straights (keeping one for the last
lap), goes to the Garage when badly damaged with enough race left to make the repairs worth it, and swaps
hazard cards onto the track behind it. `cautious` keeps to speed 6, pays three cards rather than take damage,
brakes rather than collide, repairs early and fully, uses Nitro only near the end and places no hazards.
Both clear hazards from the cards just ahead when they hold a cleaner card of the type. See docs/nitro-dice.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.nitro.race.state import Action, RaceState, Turn
from pnp.games.nitro.track.course import PAID_AHEAD

HORIZON = PAID_AHEAD
"""Cards ahead a driver keeps its hand for (`Course.paid_ahead` counts their handling)."""
LEAST = -(1 << 29)
"""Below any surplus of a type (`spare`); a one-digit int, so its compares stay specialized."""


@dataclass(frozen=True, slots=True)
class Driver:
    """A policy; the fields tune the shared logic (see the module docstring)."""

    name: str
    top_speed: int
    short_ok: int
    """Cards ahead within this turn's reach it will enter without a matching card."""
    brake_budget: int
    """Cards it will spend braking to avoid a rear-end collision."""
    three_cards_from: int
    """Pays handling with three cards (not damage) when the hand holds at least this many."""
    garage_at: int
    """Heads for the Garage at this condition or less..."""
    garage_left: int
    """...when at least this many cards remain to drive after the Garage."""
    leave_at: int
    """Leaves the Garage once repaired to this condition."""
    places_hazards: bool
    nitro_spare: int
    """Nitro cards it uses before the last lap (the rest are kept for it)."""
    ease_off: float
    """Chance of running one below the speed it could (players do not all drive alike; drawn from the race's
    seeded generator, so races stay reproducible)."""

    # --- what the engine asks ---------------------------------------------------------------------

    def target_speed(self, race: RaceState, die: int) -> int:
        """The speed it would like this round (the engine applies the ±1/±2 limits)."""
        cond, top = race.cond[die], self.top_speed  # min() and max() of two ints are written out (no call)
        if cond < top:
            top = cond
        if race.garage[die] >= 0:
            return cond if cond < self.leave_at else top
        c = race.course
        if cond <= self.garage_at and self.wants_garage(race, die):  # (its first test, without a call)
            ahead = c.legs_to(race.pos[die], c.garage_host) * c.k - race.pos[die] % c.k
            if 0 <= ahead <= cond + c.k:
                top = 5 if top > 5 else top
        chasing = 0
        """1 when two rounds from the finish and not in front: a reason to push (one card short more, no easing
        off). Set in an if: a compare kept as a value is not specialized, one before a jump is."""
        if c.finish - race.pos[die] <= 2 * cond and race.leader() != die:
            chasing = 1
        if top > 1:
            top = self.affordable(race, die, top, self.short_ok + chasing)
        wall = self.wall_speed(race, die, top)
        if wall is not None:
            top = wall if wall < top else top
            top = 1 if top < 1 else top
        if top > 1 and not chasing and race.rng.random() < self.ease_off:
            top -= 1
        return top

    def step(self, race: RaceState, die: int, turn: Turn) -> Action:
        """The next action of its turn."""
        if race.garage[die] >= 0:
            return self._garage_step(race, die)
        c = race.course
        pos, lane, speed = race.pos[die], race.lane[die], race.speed[die]
        if turn.moves >= speed:  # after the last move (play.after_last_move: lane_change)
            hand = race.hand[die]
            garage = self.wants_garage(race, die) and hand and c.at_garage(pos, lane) and speed <= 5
            return ("garage", 0) if garage and race.cond[die] <= 8 else ("stop", 0)
        occ = race.occ
        cond = race.cond[die]
        if cond <= 8 and cond <= self.garage_at and speed <= 5 and race.hand[die] and self.wants_garage(race, die):
            if c.at_garage(pos, lane):
                return ("garage", 0)
            if c.section_at[pos + 1] == c.garage_host and lane != c.garage_lane and len(race.hand[die]) >= 2 \
                    and occ[c.sids[lane ^ 1][pos + 1]] < 0:
                return ("drift", 0)
        nitro = race.nitro[die]
        if nitro and turn.nitro < race.nitro_per_turn and (nitro > 2 - self.nitro_spare
                                                            or c.finish - pos <= c.lap_length):
            straight, sids, hazards = c.straight_at, c.sids[lane], race.hazard_on
            one, two = sids[pos + 1], sids[pos + 2]
            if straight[pos + 1] and straight[pos + 2] and occ[one] < 0 and not hazards[one] \
                    and occ[two] < 0 and not hazards[two]:
                return ("nitro", 2)  # one left for this turn, not kept for the last lap, two clear straight spaces
        ahead = c.sids[lane][pos + 1]
        if occ[ahead] < 0:
            if race.hazard_on[ahead] and len(race.hand[die]) > HORIZON:
                beside = c.sids[lane ^ 1][pos + 1]
                if occ[beside] < 0 and not race.hazard_on[beside]:
                    return ("drift", 0)
            return ("move", 0)
        left = speed - turn.moves
        if _can_pass(race, die, left):
            return ("move", 0)
        hand = race.hand[die]
        if hand and occ[c.sids[lane ^ 1][pos + 1]] < 0:
            return ("drift", 0)
        if left <= self.brake_budget and len(hand) >= left:
            return ("brake", left)
        return ("move", 0)

    def pay(self, race: RaceState, die: int, kind: int) -> str:
        """How it pays for entering a card of `kind`: "card", "three" or "damage"."""
        if race.held[die][kind]:
            return "card"
        least = self.three_cards_from
        return "three" if len(race.hand[die]) >= (least if least > 3 else 3) else "damage"

    def discard(self, race: RaceState, die: int, count: int) -> list[int]:
        """The `count` cards it needs least: those of the type it holds most of beyond the needs ahead."""
        kinds, weight = race.cards.kind, race.cards.hazard_count
        sign = -1 if self.places_hazards else 1
        surplus = self.spare(race, die)
        hand = race.hand[die]
        left = hand if count == 1 else list(hand)
        chosen = []
        for _ in range(count):
            best, most, heaviest = -1, LEAST, 0  # below every surplus: the first card is taken
            for card in left:  # the card of greatest (surplus of its type, sign * hazards, -id)
                more = surplus[kinds[card]]
                if more < most:
                    continue
                heavy = sign * weight[card]
                if more > most or heavy > heaviest or (heavy == heaviest and card < best):
                    best, most, heaviest = card, more, heavy
            if count > 1:
                left.remove(best)
            surplus[kinds[best]] -= 1
            chosen.append(best)
        return chosen

    def resist(self, race: RaceState, die: int) -> bool:
        """Brake against a draft that would pull it onto a hazard or onto a card it cannot pay for."""
        c = race.course
        pos, lane = race.pos[die], race.lane[die]
        if race.hazard_at(pos + 1, lane):
            return True
        if (pos + 1) // c.k == pos // c.k:
            return False
        kind = c.paid_at[pos + 1]
        return kind >= 0 and not race.held[die][kind]

    def swap(self, race: RaceState, die: int) -> tuple[int, int] | None:
        """A (section, card) swap: clear a hazard just ahead, or (racer) put one behind it."""
        hazards, placing = race.hazards, self.places_hazards
        if not (hazards or placing):
            return None  # nothing to clear and nothing to place
        spare = self.spare(race, die)
        if spare[0] < 1 and spare[1] < 1 and spare[2] < 1:
            return None  # no card of any type to spare
        c, cards = race.course, race.cards
        kinds, weight, on_track, section_at = cards.kind, cards.hazard_count, cards.on_track, c.section_at
        k, garage = c.k, race.garage
        leg = (race.pos[die] if garage[die] < 0 else race.progress(die)) // k
        places: list[int] = []
        """Sections it could swap, in order: the three cards ahead carrying hazards, then (placing hazards) the
        cards behind it with a die further back free of hazards, of a type it has a card to spare of."""
        if hazards:
            for ahead in (leg + 1, leg + 2, leg + 3):
                section = section_at[ahead * k]
                old = on_track[section] if section >= 0 else -1
                if old >= 0 and weight[old] and spare[kinds[old]] >= 1:
                    places.append(section)
        if placing:
            if garage.count(-1) == len(garage):  # no die in the Garage: the hindmost die's leg (its own among them)
                low = race.pos[die]
                for pos in race.pos:  # a loop, not min(): no call
                    if pos < low:
                        low = pos
                last = low // k
            else:
                last = leg
                for other, pos in enumerate(race.pos):
                    other_leg = (pos if garage[other] < 0 else race.progress(other)) // k
                    if other_leg < last and other != die:
                        last = other_leg
            for back in range(leg - 1, last if last > leg - 5 else leg - 5, -1):  # legs behind, a die further back
                section = section_at[back * k]
                old = on_track[section] if section >= 0 else -1
                if old >= 0 and not weight[old] and spare[kinds[old]] >= 1:
                    places.append(section)
        for section in places:
            old = on_track[section]
            kind, clear = kinds[old], weight[old] > 0
            if not race.dice_on(section):
                card = -1
                for held_card in race.hand[die]:  # the last of the type: clean to clear hazards, else with some
                    if kinds[held_card] == kind and (weight[held_card] == 0) == clear:
                        card = held_card
                if card >= 0:
                    return section, card
        return None

    # --- what it looks at -------------------------------------------------------------------------

    def spare(self, race: RaceState, die: int) -> list[int]:
        """Cards of each type (Straight, Turn A, Turn B) in the hand beyond those the next HORIZON cards ahead
        ask for (negative: too few)."""
        pos = race.pos[die] if race.garage[die] < 0 else race.progress(die)
        held, need = race.held[die], race.course.paid_ahead[pos]
        return [held[0] - need[0], held[1] - need[1], held[2] - need[2]]

    def affordable(self, race: RaceState, die: int, top: int, short_ok: int) -> int:
        """The highest speed up to `top` (at least 1) at which at most `short_ok` of the cards it enters find no
        matching card in the hand (the hand's cards matched to the entries in order)."""
        c = race.course
        pos, k, paid = race.pos[die], c.k, c.paid_at
        have = race.held[die][:]
        short = 0
        for entry in range(pos // k * k + k, pos + top + 1, k):  # the first space of each card within reach
            kind = paid[entry]
            if kind < 0:
                continue
            if have[kind]:
                have[kind] -= 1
            else:
                short += 1
                if short > short_ok:
                    return max(1, entry - pos - 1)  # the speed that stops short of this card
        return top

    def wall_speed(self, race: RaceState, die: int, reach: int) -> int | None:
        """Both lanes ahead within `reach` are blocked by dice driving its way: the faster of their speeds (they
        set theirs first, being further forward), so that it moves after them rather than into them; None when
        a lane is clear."""
        c, occ = race.course, race.occ
        pos = race.pos[die]
        fastest = -1
        for lane in (0, 1):
            sids = c.sids[lane]  # the spaces ahead in one slice (the tables' negative positions lie at their end)
            ahead = sids[pos + 1:pos + reach + 1] if pos >= -1 else [sids[p] for p in range(pos + 1, pos + reach + 1)]
            for sid in ahead:
                blocker = occ[sid]
                if blocker >= 0:
                    break
            else:
                return None  # a clear lane
            if c.back_at[race.pos[blocker]] != c.back_at[pos + 1]:
                return None
            speed = race.speed[blocker]
            fastest = speed if speed > fastest else fastest
        return fastest

    def wants_garage(self, race: RaceState, die: int) -> bool:
        """Badly enough damaged, with enough race left after the Garage to gain from repairs."""
        c = race.course
        if race.cond[die] > self.garage_at or c.garage_host < 0:
            return False
        to_host = c.legs_to(race.pos[die], c.garage_host)
        left = (c.finish - race.pos[die]) // c.k - to_host
        return to_host >= 0 and left >= self.garage_left

    def _garage_step(self, race: RaceState, die: int) -> Action:
        c = race.course
        if race.cond[die] < self.leave_at:
            return ("repair", 0)
        beside = c.beside_garage(race.garage_leg[die], race.garage[die])
        if race.hand[die] and race.occ[c.sids[c.garage_lane][beside]] < 0:
            return ("lane", 0)
        if race.hand[die] and race.occ[c.sids[c.garage_lane][beside + 1]] < 0:
            return ("drift", 0)
        return ("move", 0) if race.garage[die] < 2 else ("repair", 0)


def _can_pass(race: RaceState, die: int, left: int) -> bool:
    """A move would go by a die driving the other way (`head_on: pass`, two moves left, room beyond it)."""
    if race.rules.head_on != "pass" or left < 2:
        return False
    c = race.course
    pos, sids = race.pos[die], c.sids[race.lane[die]]
    other = race.occ[sids[pos + 1]]
    return other >= 0 and race.occ[sids[pos + 2]] < 0 and c.back_at[race.pos[other]] != c.back_at[pos + 1]


DRIVERS = {
    "racer": Driver("racer", top_speed=9, short_ok=1, brake_budget=1, three_cards_from=6, garage_at=4,
                    garage_left=8, leave_at=8, places_hazards=True, nitro_spare=1, ease_off=0.25),
    "cautious": Driver("cautious", top_speed=6, short_ok=0, brake_budget=3, three_cards_from=3, garage_at=6,
                       garage_left=4, leave_at=9, places_hazards=False, nitro_spare=0, ease_off=0.25),
    "charger": Driver("charger", top_speed=9, short_ok=2, brake_budget=0, three_cards_from=7, garage_at=3,
                      garage_left=8, leave_at=7, places_hazards=True, nitro_spare=2, ease_off=0.1),
    "steady": Driver("steady", top_speed=8, short_ok=1, brake_budget=2, three_cards_from=4, garage_at=5,
                     garage_left=6, leave_at=9, places_hazards=True, nitro_spare=1, ease_off=0.3),
}
"""The shipped policies by name."""

TABLE = ("racer", "steady", "charger", "cautious", "racer", "steady")
"""`table`: the default line-up, one driving style per seat (seat i drives TABLE[i]), as players differ."""
