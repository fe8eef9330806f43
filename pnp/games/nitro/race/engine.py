"""The Nitro Dice race engine: rounds (speed, movement, hazards, replenishing) and the finish.

Input: a checked `NitroTrack`, one driver per seat (pnp.games.nitro.race.drivers) and a seed. Output: the
`Race` state at any time (`pnp.games.nitro.race.state`: dice places, speeds, conditions, hands, cards),
counters for the simulator, and `Event`s when recording. A die's turn (moves, lane changes, drafts,
collisions, the Garage) is played by the race's `Movement` (pnp.games.nitro.race.moves). Every reading of
the rulebook made here is in docs/nitro-dice.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.race.moves import Movement
from pnp.games.nitro.race.state import Policy, RaceState
from pnp.games.nitro.track.cards import Cards
from pnp.games.nitro.track.course import Course

DRAW_BY_PLACE = (3, 4, 5)
"""Cards drawn at the end of a round: first place, the others, last place (+1 in the Garage)."""
STALL_ROUNDS = 10


class Race(RaceState):
    """One race; `run()` plays it to the end, `play_round()` one round, `take_turn()` one die's movement."""

    __slots__ = ("movement",)

    def __init__(self, track: NitroTrack, drivers: Sequence[Policy], seed: int | str = 0,
                 record: bool = False, order: Sequence[int] | None = None, course: Course | None = None,
                 deck: Cards | None = None) -> None:
        super().__init__(track, drivers, seed, record, order, course, deck)
        self.movement = Movement(self)

    def take_turn(self, die: int) -> None:
        """Play die `die`'s movement (its driver picks the actions)."""
        self.movement.take_turn(die)

    def run(self) -> Race:
        """Play rounds until the finish or the round cap."""
        standing = self.order()
        while not self.over:
            standing = self.play_round(standing)  # nothing moves between two rounds
        return self

    def play_round(self, before: list[int] | None = None) -> list[int]:
        """One round: speeds furthest forward first, moves fastest first, then cards by position. `before`:
        `order()` now, when the caller has it (`run` passes the last round's); the order at the round's end."""
        self.round += 1
        if self.record:
            self.note("round", -1, self.round)
        for cond in self.cond:
            if cond <= 4:
                self.limping += 1
        if before is None:
            before = self.order()
        for die in before:
            self.set_speed(die)
        self.speeds.append(sum(self.speed) / len(self.speed))
        for die in sorted(before, key=self.speed.__getitem__, reverse=True):  # a stable sort: ties by position
            self.movement.take_turn(die)
            if self.played:
                self.end_turn_cards()
            self.place_hazards(die)
        after = self.order()
        self.counts["overtakes"] += _inversions(before, after)
        self.replenish(after)
        pos, garage, finish = self.pos, self.garage, self.course.finish
        places: list[int] = []
        finished = False  # a die on the track past the finish
        for d in after:  # (one loop: no comprehension, no generator per round)
            if garage[d] < 0:
                places.append(pos[d])
                if pos[d] >= finish:
                    finished = True
            else:
                places.append(self.progress(d))
        self.still = self.still + 1 if places == self._last_places else 0
        self._last_places = places
        stalled = not any(self.cond) or self.still >= STALL_ROUNDS  # every die wrecked, or a jam
        if finished or stalled or self.round >= self.rules.round_cap:
            self.over = True
            self.capped = not finished
            self.standings = after
            self.note("finish", after[0], self.round, "cap" if self.capped else "")
        return after

    def set_speed(self, die: int) -> None:
        """±1 free or ±2 for a card, never above the condition nor below 0."""
        old, cond = self.speed[die], self.cond[die]
        wanted = self.drivers[die].target_speed(self, die)
        wanted = cond if wanted > cond else 0 if wanted < 0 else wanted
        step = 2 if wanted - old > 2 else -2 if wanted - old < -2 else wanted - old
        if (step == 2 or step == -2) and not self.spend_any(die, 1):
            step //= 2
        if self.played:
            self.end_turn_cards()
        new = old + step
        self.speed[die] = cond if new > cond else 0 if new < 0 else new
        if self.record and self.speed[die] != old:
            self.note("speed", die, self.speed[die])

    def replenish(self, standing: list[int]) -> None:
        """3 cards to the leader, 5 to the last, 4 to the others, +1 in the Garage; up to the hand limit."""
        last = len(standing) - 1
        for place, die in enumerate(standing):
            count = DRAW_BY_PLACE[0 if place == 0 else 2 if place == last else 1]
            if self.garage[die] >= 0:  # (a compare before a jump is specialized, one kept as a value is not)
                count += 1
            limit = self.cond[die]
            drawn = self.draw(die, count, limit)
            if self.record and drawn:
                self.note("draw", die, drawn)
            extra = len(self.hand[die]) - limit
            if extra > 0:
                chosen = self.drivers[die].discard(self, die, extra)
                self.drop(die, chosen)
                self.discards.extend(chosen)
                self.note("discard", die, extra, "hand limit")

    def place_hazards(self, die: int) -> None:
        """After moving: swap one section for a same-type card from the hand (the old card is discarded)."""
        choice = self.drivers[die].swap(self, die)
        if choice is None:
            return
        section, card = choice
        cards = self.cards
        old = cards.on_track[section]
        if old < 0 or card not in self.hand[die] or cards.kind[card] != cards.kind[old]:
            raise ValueError(f"driver {self.drivers[die].name} made an illegal swap of section {section + 1}")
        if self.dice_on(section):
            raise ValueError(f"section {section + 1} has a die on it and cannot be replaced")
        self.drop(die, (card,))
        self._mark_hazards(section, old, add=False)
        cards.on_track[section] = card
        self._mark_hazards(section, card, add=True)
        self.discards.append(old)
        self.counts["swaps"] += 1
        if self.record:  # the detail is formatted only when kept
            self.note("swap", die, section + 1, f"{len(cards.hazards[card])} hazard(s)")



def _inversions(before: list[int], after: list[int]) -> int:
    """Pairs of dice whose order changed between two standings."""
    if before == after:
        return 0
    rank = [0] * len(after)
    for place, die in enumerate(after):
        rank[die] = place
    ranks: list[int] = []
    for d in before:  # (a loop: no comprehension per round)
        ranks.append(rank[d])
    count = 0
    for a, ahead in enumerate(ranks):
        for behind in ranks[a + 1:]:
            if ahead > behind:
                count += 1
    return count
