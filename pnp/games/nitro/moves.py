"""A die's movement: moves, handling, hazards, lane changes, drifts, braking, Nitro, drafts, collisions, Garage.

`Movement` is the half of `pnp.games.nitro.engine.Race` that plays one die's turn: the die's driver picks
one `Action` at a time (`Driver.step`) until the die has made as many moves as its speed, stops or is halted.
An action the rules forbid raises `IllegalMove` (drivers never ask for one; scenario files may, by mistake).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.nitro.course import RUN_OFF, START_FINISH, STRAIGHT

if TYPE_CHECKING:
    from pnp.games.nitro.engine import Race

PAYMENTS = ("card", "three", "damage")
GARAGE_CONDITION, GARAGE_SPEED = 8, 5
"""A die may enter the Garage with condition up to 8, at speed up to 5."""
ACTIONS = ("move", "lane", "drift", "garage", "repair", "brake", "nitro", "stop")


class IllegalMove(ValueError):
    """A driver asked for an action the rules forbid here."""


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


class Movement:
    """Movement rules, mixed into `Race` (which holds the state they change)."""

    turn: Turn | None = None
    mover: int = -1

    def take_turn(self: Race, die: int) -> None:
        """Play die `die`'s movement, then let it place a hazard card."""
        turn = self.turn = Turn()
        self.mover = die
        self.note("turn", die, self.speed[die])
        while not turn.over and self.cond[die] > 0 and turn.moves < self.speed[die]:
            name, amount = self.drivers[die].step(self, die, turn)
            self.act(die, turn, name, amount)
        self.turn, self.mover = None, -1

    def act(self: Race, die: int, turn: Turn, name: str, amount: int = 0) -> None:
        """Carry out one action of the moving die."""
        in_garage = self.garage[die] >= 0
        if name == "move":
            if in_garage:
                self._garage_move(die, turn)
            else:
                self.advance(die, turn, flip=False, counted=True)
        elif name == "drift":
            self._need_cards(die, 1, "a drift")
            if in_garage:
                self._leave_garage(die, turn, forward=True)
            else:
                self.spend_any(die, 1)
                self.advance(die, turn, flip=True, counted=True)
        elif name == "lane":
            self._need_cards(die, 1, "a lane change")
            if in_garage:
                self._leave_garage(die, turn, forward=False)
            else:
                self._lane_change(die)
        elif name == "garage":
            self._enter_garage(die)
        elif name == "repair":
            self._repair(die, turn)
        elif name == "brake":
            self._brake(die, turn, amount)
        elif name == "nitro":
            self._nitro(die, turn, amount)
        elif name == "stop":
            if self.rules.full_movement and turn.moves < self.speed[die]:
                raise IllegalMove("a racer moves its whole speed; brake (a card per point) to stop short")
            turn.over = True
        else:
            raise IllegalMove(f"unknown action {name!r}; use one of {', '.join(ACTIONS)}")

    # --- moving along the road ------------------------------------------------------------------------

    def advance(self: Race, die: int, turn: Turn, flip: bool, counted: bool) -> None:
        """One move forward (into the other lane too when `flip`: a drift), with all it triggers."""
        c = self.course
        old, lane = self.pos[die], self.lane[die]
        new, new_lane = old + 1, lane ^ flip
        struck = self.occ.get(c.sid(new, new_lane))
        if struck is not None:
            if flip and c.sid(old, new_lane) not in self.occ:
                self.relocate(die, old, new_lane)
            self._rear_end(die, struck, turn)
            return
        first = not turn.moved
        turn.moved = True
        behind = self._drafted(die, old, lane, self.speed[die]) if first else -1
        self.relocate(die, new, new_lane)
        if counted:
            turn.moves += 1
        self.note("drift" if flip else "move", die, new)
        self.enter(die, old, new)
        if behind >= 0:
            self._pull(behind)

    def enter(self: Race, die: int, old: int, new: int) -> None:
        """A die arrived at `new` from `old`: handling on a new card, damage on a hazard, Lap Leader."""
        if new // self.course.k != old // self.course.k:
            self.pay_handling(die, self.course.kind(new))
        if self.hazard_at(new, self.lane[die]):
            self.hurt(die, "hazard")
        self.lap_boundary(die, old, new)

    def hazard_at(self: Race, pos: int, lane: int) -> bool:
        """Whether the track space at (pos, lane) carries a hazard."""
        return self.course.sid(pos, lane) in self.hazard_sids

    def pay_handling(self: Race, die: int, kind: int) -> None:
        """Entering a card: a card of its type, any three cards, or a point of damage (the driver picks)."""
        if kind == RUN_OFF or (kind == START_FINISH and self.rules.start_finish_handling == "free"):
            return
        kind = STRAIGHT if kind == START_FINISH else kind
        how = self.drivers[die].pay(self, die, kind)
        hand = self.hand[die]
        if how == "card":
            matching = [c for c in hand if self.cards.kind[c] == kind]
            if not matching:
                raise IllegalMove("no card of that type in the hand")
            self.spend(die, [min(matching, key=lambda c: len(self.cards.hazards[c]))])
        elif how == "three":
            if not self.spend_any(die, 3):
                raise IllegalMove("fewer than three cards in the hand")
        elif how != "damage":
            raise IllegalMove(f"unknown handling payment {how!r}")
        self.handling[kind][PAYMENTS.index(how)] += 1
        self.note("handling", die, kind, how)
        if how == "damage":
            self.hurt(die, "handling")

    def hurt(self: Race, die: int, cause: str) -> None:
        """A point of damage: condition and hand limit down, speed down to the condition, maybe halting."""
        if self.cond[die] == 0:
            return
        self.cond[die] -= 1
        self.damage[cause] += 1
        self.speed[die] = min(self.speed[die], self.cond[die])
        self.note("damage", die, self.cond[die], cause)
        if die == self.mover and self.turn is not None and self.turn.moves >= self.speed[die]:
            self.turn.over = True

    def relocate(self: Race, die: int, pos: int, lane: int) -> None:
        """Move a die's marker on the table (no rule applied)."""
        c = self.course
        if self.garage[die] < 0:
            self.occ.pop(c.sid(self.pos[die], self.lane[die]), None)
        self.garage[die] = -1
        self.pos[die], self.lane[die] = pos, lane
        self.occ[c.sid(pos, lane)] = die

    def _rear_end(self: Race, die: int, struck: int, turn: Turn) -> None:
        """The mover stops behind the struck die; both are damaged; the rear slows to the front's speed."""
        self.counts["collisions"] += 1
        self.note("collision", die, 0, "rear-end", struck)
        turn.over = True
        self.speed[die] = min(self.speed[die], self.speed[struck])
        self.hurt(die, "collision")
        self.hurt(struck, "collision")

    def _drafted(self: Race, die: int, pos: int, lane: int, speed: int) -> int:
        """The die directly behind (pos, lane) that a die at `speed` pulls, or -1."""
        for back in range(1, self.rules.draft_reach + 1):
            other = self.occ.get(self.course.sid(pos - back, lane))
            if other is not None:
                return other if other != die and self.speed[other] <= speed else -1
        return -1

    def _pull(self: Race, die: int) -> None:
        """A draft pulls `die` one space ahead in its lane, unless it brakes with a card to resist."""
        if self.hand[die] and self.drivers[die].resist(self, die):
            self.spend_any(die, 1)
            self.note("resist", die)
            return
        old, lane = self.pos[die], self.lane[die]
        if self.course.sid(old + 1, lane) in self.occ:
            return
        behind = self._drafted(die, old, lane, self.speed[die]) if self.rules.draft_chain else -1
        self.relocate(die, old + 1, lane)
        self.counts["drafts"] += 1
        self.note("pulled", die, old + 1)
        self.enter(die, old, old + 1)
        if behind >= 0:
            self._pull(behind)

    def _lane_change(self: Race, die: int) -> None:
        """Into the other lane beside, or a sideswipe when a die is there."""
        c = self.course
        pos, lane = self.pos[die], self.lane[die]
        to = lane ^ 1
        struck = self.occ.get(c.sid(pos, to))
        if struck is None:
            self.spend_any(die, 1)
            self.relocate(die, pos, to)
            self.note("lane", die, to)
            if self.hazard_at(pos, to):
                self.hurt(die, "hazard")
            return
        room = c.sid(pos + 1, to) not in self.occ
        if not room and self.rules.sideswipe_no_room == "block":
            raise IllegalMove("a sideswipe needs an empty space ahead of the struck die to push it into")
        self.spend_any(die, 1)
        self.counts["sideswipes"] += 1
        self.note("sideswipe", die, 0, "pushed" if room else "no room", struck)
        if room:
            self.relocate(struck, pos + 1, to)
            self.relocate(die, pos, to)
            self.enter(struck, pos, pos + 1)
            if self.hazard_at(pos, to):
                self.hurt(die, "hazard")
        self.hurt(die, "sideswipe")
        self.hurt(struck, "sideswipe")

    def _brake(self: Race, die: int, turn: Turn, cards: int) -> None:
        if cards < 1 or self.speed[die] - cards < turn.moves:
            raise IllegalMove(f"braking {cards} would take the speed below the {turn.moves} moves made")
        self._need_cards(die, cards, "braking")
        self.spend_any(die, cards)
        self.speed[die] -= cards
        self.note("brake", die, self.speed[die])

    def _nitro(self: Race, die: int, turn: Turn, boost: int) -> None:
        """Two bonus moves (three, for a point of damage, with Nitro Madness) onto straight spaces."""
        allowed = (2, 3) if self.rules.variants.nitro_madness else (2,)
        if boost not in allowed:
            raise IllegalMove(f"a Nitro card gives {' or '.join(map(str, allowed))} bonus moves")
        if self.nitro[die] == 0 or turn.nitro >= self.rules.nitro_per_turn or self.garage[die] >= 0:
            raise IllegalMove("no Nitro card left to use this turn (or the die is in the Garage)")
        pos = self.pos[die]
        if not all(self.course.is_straight(pos + s) for s in range(1, boost + 1)):
            raise IllegalMove("Nitro moves go only onto consecutive spaces of straight cards")
        self.nitro[die] -= 1
        turn.nitro += 1
        self.counts["nitro"] += 1
        self.note("nitro", die, boost)
        for _ in range(boost):
            if turn.over or self.cond[die] == 0:
                break
            self.advance(die, turn, flip=False, counted=False)
        if boost == 3:
            self.hurt(die, "nitro")

    # --- the Garage -----------------------------------------------------------------------------------

    def _enter_garage(self: Race, die: int) -> None:
        c = self.course
        pos, lane = self.pos[die], self.lane[die]
        if self.garage[die] >= 0 or not c.at_garage(pos, lane):
            raise IllegalMove("the Garage is entered by a lane change from the lane beside it")
        if self.cond[die] > GARAGE_CONDITION or self.speed[die] > GARAGE_SPEED:
            raise IllegalMove(f"only a die with condition {GARAGE_CONDITION} or less, at speed "
                              f"{GARAGE_SPEED} or less, may enter the Garage")
        self._need_cards(die, 1, "a lane change")
        self.spend_any(die, 1)
        self.occ.pop(c.sid(pos, lane))
        self.garage[die] = c.garage_space(pos)
        self.garage_leg[die] = pos // c.k
        self.arrival[die] = self.round * 1000 + len(self.events) + sum(self.counts.values())
        self.counts["garage"] += 1
        self.note("garage", die, self.garage[die] + 1)

    def _garage_move(self: Race, die: int, turn: Turn) -> None:
        if self.garage[die] >= 2:
            raise IllegalMove("the last Garage space: leave by a lane change or a drift")
        self.garage[die] += 1
        self.arrival[die] += 1_000_000
        turn.moves += 1
        self.note("garage_move", die, self.garage[die] + 1)

    def _repair(self: Race, die: int, turn: Turn) -> None:
        if self.garage[die] < 0:
            raise IllegalMove("repairs are made in the Garage")
        turn.moves += 1
        if self.cond[die] < 9:
            self.cond[die] += 1
            self.counts["repairs"] += 1
        self.note("repair", die, self.cond[die])

    def _leave_garage(self: Race, die: int, turn: Turn, forward: bool) -> None:
        """Lane change (or drift, one move) from the Garage back onto the lane beside it."""
        c = self.course
        beside = c.beside_garage(self.garage_leg[die], self.garage[die])
        to = beside + forward
        if c.sid(to, c.garage_lane) in self.occ:
            raise IllegalMove("the space beside the Garage is taken")
        self.spend_any(die, 1)
        self.pos[die] = beside
        self.relocate(die, to, c.garage_lane)
        self.note("leave_garage", die, to)
        if forward:
            turn.moves += 1
            turn.moved = True
            self.enter(die, beside, to)
        elif self.hazard_at(to, c.garage_lane):
            self.hurt(die, "hazard")

    def _need_cards(self: Race, die: int, count: int, what: str) -> None:
        if len(self.hand[die]) < count:
            raise IllegalMove(f"{what} needs {count} card(s) to discard; the hand holds {len(self.hand[die])}")

