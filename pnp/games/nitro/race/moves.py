"""A die's movement: moves, handling, hazards, lane changes, drifts, braking, Nitro, drafts, collisions, Garage.

A race (`pnp.games.nitro.race.engine.Race`) owns one `Movement`, which plays one die's turn on the race's
state (`pnp.games.nitro.race.state.RaceState`): the die's driver picks one `Action` at a time (`Policy.step`)
until the die has made as many moves as its speed, stops or is halted.
An action the rules forbid raises `IllegalMove` (drivers never ask for one; scenario files may, by mistake).
"""

from __future__ import annotations

from pnp.games.nitro.race.state import RaceState, Turn

PAYMENTS = ("card", "three", "damage")
GARAGE_CONDITION, GARAGE_SPEED = 8, 5
"""A die may enter the Garage with condition up to 8, at speed up to 5."""
ACTIONS = ("move", "lane", "drift", "garage", "repair", "brake", "nitro", "stop")


class IllegalMove(ValueError):
    """A driver asked for an action the rules forbid here."""


class Movement:
    """The movement rules, applied to the state of `race`; `turn` and `mover` are the turn being played."""

    __slots__ = ("_turn", "card_start", "draft_reach", "entry_paid", "hazard_on", "lane", "mover", "occ", "pos",
                 "race", "sids", "turn")
    """Its attributes (read on every move: slots, no instance dict)."""

    def __init__(self, race: RaceState) -> None:
        self.race = race
        self.turn: Turn | None = None
        self.mover = -1
        self._turn = Turn()
        """The one `Turn` every turn of the race reuses (reset as a turn begins)."""
        self.sids, self.entry_paid, self.card_start = race.course.sids, race.course.entry_paid, race.course.card_start
        """The course's `sids`, `entry_paid` and `card_start` tables (a race keeps its course)."""
        self.occ, self.pos, self.lane, self.hazard_on = race.occ, race.pos, race.lane, race.hazard_on
        """The race's occupied spaces, dice places and hazard spaces (the same objects all race long)."""
        self.draft_reach = race.rules.draft_reach
        """`play.draft_reach`, read on every turn's first move (a model's attribute costs more to read)."""

    def take_turn(self, die: int) -> None:
        """Play die `die`'s movement, then let it place a hazard card."""
        r = self.race
        turn = self.turn = self._turn
        turn.moves = turn.nitro = 0
        turn.moved = turn.over = False
        self.mover = die
        if r.record:
            r.note("turn", die, r.speed[die])
        driver, speed, garage = r.drivers[die], r.speed, r.garage  # methods called as such (binding one costs more)
        if r.cond[die] > 0:  # tested once: damage in the turn (hurt) takes the speed down to the condition
            while not turn.over and turn.moves < speed[die]:
                name, amount = driver.step(r, die, turn)
                if name == "move" and garage[die] < 0:
                    self.advance(die, turn)  # act's most common case
                else:
                    self.act(die, turn, name, amount)
        if r.lane_change_after:
            self._after_last_move(die, turn)
        self.turn, self.mover = None, -1

    def _after_last_move(self, die: int, turn: Turn) -> None:
        """`after_last_move: lane_change`: a die that made all its moves (not one stopped by a collision) may
        still change lanes or enter the Garage, until its driver stops."""
        r = self.race
        while not turn.over and r.cond[die] > 0 and r.garage[die] < 0:
            name, amount = r.drivers[die].step(r, die, turn)
            if name not in ("lane", "garage", "stop"):
                raise IllegalMove("after its last move a die may only change lanes or enter the Garage (or stop)")
            self.act(die, turn, name, amount)

    def act(self, die: int, turn: Turn, name: str, amount: int = 0) -> None:
        """Carry out one action of the moving die."""
        r = self.race
        in_garage = r.garage[die] >= 0
        if name == "move":
            if in_garage:
                self._garage_move(die, turn)
            else:
                self.advance(die, turn, False, True)  # flip, counted
        elif name == "drift":
            self._need_cards(die, 1, "a drift")
            if in_garage:
                self._leave_garage(die, turn, forward=True)
            else:
                r.spend_any(die, 1)
                self.advance(die, turn, True, True)
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
            if r.rules.full_movement and turn.moves < r.speed[die]:
                raise IllegalMove("a racer moves its whole speed; brake (a card per point) to stop short")
            turn.over = True
        else:
            raise IllegalMove(f"unknown action {name!r}; use one of {', '.join(ACTIONS)}")

    # --- moving along the road ------------------------------------------------------------------------

    def advance(self, die: int, turn: Turn, flip: bool = False, counted: bool = True) -> None:
        """One move forward (into the other lane too when `flip`: a drift; not one of the speed's moves unless
        `counted`), with all it triggers. It calls `enter` only for the two cases `enter` handles (a card's first
        space, a hazard): a rule added to `enter` must also widen that guard."""
        sids, occ, pos_of = self.sids, self.occ, self.pos
        old, lane = pos_of[die], self.lane[die]
        new = old + 1
        new_lane = lane ^ 1 if flip else lane
        arrival = sids[new_lane][new]
        struck = occ[arrival]
        if struck >= 0:
            r = self.race
            if not flip and counted and self._pass_oncoming(die, struck, turn):
                return
            if flip and occ[sids[new_lane][old]] < 0:
                r.relocate(die, old, new_lane)
                if r.rules.blocked_drift_hazards and r.hazard_at(old, new_lane):
                    self.hurt(die, "hazard")
            self._collide(die, struck, turn, new)
            return
        behind = -1 if turn.moved else self._drafted(die, old, lane, self.race.speed[die])
        turn.moved = True
        occ[sids[lane][old]] = -1  # relocate, for a die on the track (advance moves no Garage die)
        pos_of[die] = new
        if flip:
            self.lane[die] = new_lane
        occ[arrival] = die
        if counted:
            turn.moves += 1
        if self.race.record:
            self.race.note("drift" if flip else "move", die, new)
        if self.card_start[new] or self.hazard_on[arrival]:  # enter's two cases (most moves meet neither)
            self.enter(die, old, new, arrival)
        if behind >= 0:
            self._pull(behind)

    def enter(self, die: int, old: int, new: int, sid: int = -1) -> None:
        """A die arrived at `new` from `old` (= new - 1): handling on a new card, damage on a hazard, Lap Leader.
        `sid`: the space it stands on now, when the caller has it (-1: looked up). Handling, on a card paid for
        by deck type `kind` (`Course.entry_paid`; a free card pays nothing): a card of that type, any three
        cards, or a point of damage (the driver picks; played here, not in a method of its own: one call less
        on every card entered)."""
        r = self.race
        entered = self.card_start[new]
        if entered:
            kind = self.entry_paid[new]
            if kind >= 0:
                how = r.drivers[die].pay(r, die, kind)
                if how == "card":
                    kinds, weight = r.cards.kind, r.cards.hazard_count
                    best = -1
                    for card in r.hand[die]:  # the first of the matching cards with the fewest hazards
                        if kinds[card] == kind:
                            if not weight[card]:
                                best = card
                                break  # none has fewer
                            if best < 0 or weight[card] < weight[best]:
                                best = card
                    if best < 0:
                        raise IllegalMove("no card of that type in the hand")
                    r.spend(die, (best,))
                    way = 0
                elif how == "three":
                    if not r.spend_any(die, 3):
                        raise IllegalMove("fewer than three cards in the hand")
                    way = 1
                elif how == "damage":
                    way = 2
                else:
                    raise IllegalMove(f"unknown handling payment {how!r}")
                r.handling[kind][way] += 1  # way: PAYMENTS.index(how)
                if r.record:
                    r.note("handling", die, kind, how)
                if how == "damage":
                    self.hurt(die, "handling")
        if r.hazard_on[sid if sid >= 0 else self.sids[r.lane[die]][new]]:
            self.hurt(die, "hazard")
        if entered and r.lap_leader:
            r.lap_boundary(die, old, new)

    def hurt(self, die: int, cause: str) -> None:
        """A point of damage: condition and hand limit down, speed down to the condition, maybe halting."""
        r = self.race
        if r.cond[die] == 0:
            return
        r.cond[die] -= 1
        r.damage[cause] += 1
        if r.speed[die] > r.cond[die]:
            r.speed[die] = r.cond[die]
        if r.record:
            r.note("damage", die, r.cond[die], cause)
        if die == self.mover and self.turn is not None and self.turn.moves >= r.speed[die]:
            self.turn.over = True

    def oncoming(self, struck: int, pos: int) -> bool:
        """Whether die `struck` drives the other way from a die arriving at route position `pos` (out and back:
        one on the way out, the other on the way back, on the same physical space)."""
        c = self.race.course
        return c.out_and_back and c.back_at[self.race.pos[struck]] != c.back_at[pos]

    def _collide(self, die: int, struck: int, turn: Turn, pos: int) -> None:
        """The mover stops behind the struck die; both are damaged; the rear slows to the front's speed. Head
        on (a die driving the other way, unless `head_on: rear_end`) neither is the rear: nobody slows."""
        r = self.race
        head_on = r.rules.head_on != "rear_end" and self.oncoming(struck, pos)
        r.counts["collisions"] += 1
        r.note("collision", die, 0, "head-on" if head_on else "rear-end", struck)
        turn.over = True
        if not head_on:
            r.speed[die] = min(r.speed[die], r.speed[struck])
        self.hurt(die, "collision")
        self.hurt(struck, "collision")

    def _pass_oncoming(self, die: int, struck: int, turn: Turn) -> bool:
        """`head_on: pass`: a move onto a die driving the other way goes by it onto the space beyond, when that
        space is free and the mover has the two moves; it pays for both spaces (handling, hazards). False
        (nothing done) when it cannot pass."""
        r = self.race
        old, lane = r.pos[die], r.lane[die]
        beyond = old + 2
        if r.rules.head_on != "pass" or not self.oncoming(struck, old + 1) or turn.moves + 2 > r.speed[die] \
                or r.occ[r.course.sids[lane][beyond]] >= 0:
            return False
        behind = self._drafted(die, old, lane, r.speed[die]) if not turn.moved else -1
        turn.moved = True
        r.relocate(die, beyond, lane)
        turn.moves += 2
        r.counts["passes"] += 1
        r.note("pass", die, beyond, "head-on", struck)
        self.enter(die, old, old + 1)
        self.enter(die, old + 1, beyond)
        if behind >= 0:
            self._pull(behind)
        return True

    def _drafted(self, die: int, pos: int, lane: int, speed: int) -> int:
        """The die directly behind (pos, lane), driving the same way, that a die at `speed` pulls, or -1."""
        r = self.race
        c = r.course
        sids = c.sids[lane]
        for back in range(pos - 1, pos - self.draft_reach - 1, -1):
            other = r.occ[sids[back]]
            if other >= 0:
                same_way = c.back_at[r.pos[other]] == c.back_at[back]
                pulled = other != die and r.speed[other] <= speed and (same_way or r.rules.draft_oncoming)
                return other if pulled else -1
        return -1

    def _pull(self, die: int) -> None:
        """A draft pulls `die` one space ahead in its lane, unless it brakes with a card to resist."""
        r = self.race
        if r.hand[die] and r.drivers[die].resist(r, die):
            r.spend_any(die, 1)
            r.note("resist", die)
            return
        old, lane = r.pos[die], r.lane[die]
        if r.occ[r.course.sids[lane][old + 1]] >= 0:
            return
        behind = self._drafted(die, old, lane, r.speed[die]) if r.rules.draft_chain else -1
        r.relocate(die, old + 1, lane)
        r.counts["drafts"] += 1
        if r.record:  # (most notes of a turn are tested first: no call when not recording)
            r.note("pulled", die, old + 1)
        self.enter(die, old, old + 1)
        if behind >= 0:
            self._pull(behind)

    def _lane_change(self, die: int) -> None:
        """Into the other lane beside, or a sideswipe when a die is there."""
        r = self.race
        c = r.course
        pos, lane = r.pos[die], r.lane[die]
        to = lane ^ 1
        struck = r.occ[c.sids[to][pos]]
        if struck < 0:
            r.spend_any(die, 1)
            r.relocate(die, pos, to)
            r.note("lane", die, to)
            if r.hazard_at(pos, to):
                self.hurt(die, "hazard")
            return
        sideways = r.rules.sideswipe_push == "sideways"
        room = not sideways and r.occ[c.sids[to][pos + 1]] < 0
        """Sideways, the next lane that way is off the track (a card has two lanes): no push."""
        if not sideways and not room and r.rules.sideswipe_no_room == "block":
            raise IllegalMove("a sideswipe needs an empty space ahead of the struck die to push it into")
        r.spend_any(die, 1)
        r.counts["sideswipes"] += 1
        r.note("sideswipe", die, 0, "pushed" if room else "off the track" if sideways else "no room", struck)
        if room:
            r.relocate(struck, pos + 1, to)
            r.relocate(die, pos, to)
            self.enter(struck, pos, pos + 1)
            if r.hazard_at(pos, to):
                self.hurt(die, "hazard")
        self.hurt(die, "sideswipe")
        self.hurt(struck, "sideswipe")

    def _brake(self, die: int, turn: Turn, cards: int) -> None:
        r = self.race
        if cards < 1 or r.speed[die] - cards < turn.moves:
            raise IllegalMove(f"braking {cards} would take the speed below the {turn.moves} moves made")
        self._need_cards(die, cards, "braking")
        r.spend_any(die, cards)
        r.speed[die] -= cards
        r.note("brake", die, r.speed[die])

    def _nitro(self, die: int, turn: Turn, boost: int) -> None:
        """Two bonus moves (three, for a point of damage, with Nitro Madness) onto straight spaces."""
        r = self.race
        allowed = (2, 3) if r.rules.variants.nitro_madness else (2,)
        if boost not in allowed:
            raise IllegalMove(f"a Nitro card gives {' or '.join(map(str, allowed))} bonus moves")
        if r.nitro[die] == 0 or turn.nitro >= r.rules.nitro_per_turn or r.garage[die] >= 0:
            raise IllegalMove("no Nitro card left to use this turn (or the die is in the Garage)")
        pos, straight = r.pos[die], r.course.straight_at
        for space in range(pos + 1, pos + boost + 1):
            if not straight[space]:
                raise IllegalMove("Nitro moves go only onto consecutive spaces of straight cards")
        r.nitro[die] -= 1
        turn.nitro += 1
        r.counts["nitro"] += 1
        if r.record:
            r.note("nitro", die, boost)
        for _ in range(boost):
            if turn.over or r.cond[die] == 0:
                break
            self.advance(die, turn, False, False)
        if boost == 3:
            self.hurt(die, "nitro")

    # --- the Garage -----------------------------------------------------------------------------------

    def _enter_garage(self, die: int) -> None:
        r = self.race
        c = r.course
        pos, lane = r.pos[die], r.lane[die]
        if r.garage[die] >= 0 or not c.at_garage(pos, lane):
            raise IllegalMove("the Garage is entered by a lane change from the lane beside it")
        if r.cond[die] > GARAGE_CONDITION or r.speed[die] > GARAGE_SPEED:
            raise IllegalMove(f"only a die with condition {GARAGE_CONDITION} or less, at speed "
                              f"{GARAGE_SPEED} or less, may enter the Garage")
        self._need_cards(die, 1, "a lane change")
        r.spend_any(die, 1)
        r.occ[c.sids[lane][pos]] = -1
        r.garage[die] = c.garage_space(pos)
        r.garage_leg[die] = pos // c.k
        r.arrival[die] = r.round * 1000 + len(r.events) + sum(r.counts.values())
        r.counts["garage"] += 1
        r.note("garage", die, r.garage[die] + 1)

    def _garage_move(self, die: int, turn: Turn) -> None:
        r = self.race
        if r.garage[die] >= 2:
            raise IllegalMove("the last Garage space: leave by a lane change or a drift")
        r.garage[die] += 1
        r.arrival[die] += 1_000_000
        turn.moves += 1
        r.note("garage_move", die, r.garage[die] + 1)

    def _repair(self, die: int, turn: Turn) -> None:
        r = self.race
        if r.garage[die] < 0:
            raise IllegalMove("repairs are made in the Garage")
        turn.moves += 1
        if r.cond[die] < 9:
            r.cond[die] += 1
            r.counts["repairs"] += 1
        r.note("repair", die, r.cond[die])

    def _leave_garage(self, die: int, turn: Turn, forward: bool) -> None:
        """Lane change (or drift, one move) from the Garage back onto the lane beside it."""
        r = self.race
        c = r.course
        beside = c.beside_garage(r.garage_leg[die], r.garage[die])
        to = beside + forward
        if r.occ[c.sids[c.garage_lane][to]] >= 0:
            raise IllegalMove("the space beside the Garage is taken")
        r.spend_any(die, 1)
        r.pos[die] = beside
        r.relocate(die, to, c.garage_lane)
        r.note("leave_garage", die, to)
        if forward:
            turn.moves += 1
            turn.moved = True
            self.enter(die, beside, to)
        elif r.hazard_at(to, c.garage_lane):
            self.hurt(die, "hazard")

    def _need_cards(self, die: int, count: int, what: str) -> None:
        r = self.race
        if len(r.hand[die]) < count:
            raise IllegalMove(f"{what} needs {count} card(s) to discard; the hand holds {len(r.hand[die])}")

