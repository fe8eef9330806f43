"""A second solver of one heat, written from the rule text (and GAMES.md's readings) alone, with none of the engine's
code: plain recursion with a memo over (spaces, counters played, pool, nitro dice, who moves, the move open to a
challenge). On small variants it must give the exhaustive search's value under each reading of rules 8 and 9."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import product

import pytest

from pnp.games.dragrage.solver.optimal import solve_heat
from pnp.games.dragrage.variant import BlownEngine, Crossing, Variant

START = 1


def p_hold(counter: int, dice: int) -> float:
    """Chance that `dice` six-sided dice total at least `counter`."""
    rolls = list(product(range(1, 7), repeat=dice))
    return sum(1 for r in rolls if sum(r) >= counter) / len(rolls)


Turn = Callable[[tuple[int, int], tuple[int, int], frozenset[int], tuple[bool, bool], int, int], float]


def text_solver(lane: int, finish_after: int, reading: str, blown_rule: str = "keeps_turns", dead_heat: float = 0.5
                ) -> Turn:
    """Player 0's chance with perfect play from a position: `turn(spaces, counters played, pool, nitro dice, who
    moves, the counter open to a challenge or 0)`. Shared counters, spun-out counters stay played, a dead heat is
    worth `dead_heat`. `reading` is rule 9's: "challengeable", "literal" or "final"; `blown_rule` rule 8's:
    "keeps_turns" (a blown driver takes his turns as rule 1 says, but cannot win) or "stops" (he lays no counters)."""
    line = finish_after + 1  # the first space beyond the finish line

    def crossed(pos: int) -> bool:
        return pos >= line

    def blown(pos: int, pool: frozenset[int]) -> bool:  # rule 8: the counters left cannot carry it over
        return not crossed(pos) and sum(pool) < line - pos

    def plays(me: int, you: int, mine: int, yours: int, pool: frozenset[int]) -> bool:
        """Whether the driver at `me` having played `mine` counters still lays counters (rules 8 and 9)."""
        if not pool or crossed(me) or (blown_rule == "stops" and blown(me, pool)):
            return False
        return not (crossed(you) and mine >= yours)  # rule 9: the one behind plays until level

    def score(pos: tuple[int, int], played: tuple[int, int]) -> float:
        """Rules 6-8 for player 0 once nobody plays."""
        over = [crossed(p) for p in pos]
        if over[0] != over[1]:
            return float(over[0])
        if not over[0]:
            return dead_heat  # both engines blew
        clean = [p <= lane for p in pos]  # rule 7: past the 26th space, a broken chute
        if clean[0] != clean[1]:
            return float(clean[0])
        if not clean[0] or (played[0] == played[1] and pos[0] == pos[1]):
            return dead_heat
        if played[0] != played[1]:
            return float(played[0] < played[1])
        return float(pos[0] < pos[1])

    def pick(actor: int, options: list[float]) -> float:
        return max(options) if actor == 0 else min(options)

    @cache
    def turn(pos: tuple[int, int], played: tuple[int, int], pool: frozenset[int], nitro: tuple[bool, bool],
             actor: int, open_move: int) -> float:
        """Player 0's value when `actor` is to move; `open_move` is the counter of the opponent's last move if it
        may be challenged (0 if not)."""
        me, you = actor, 1 - actor
        can = plays(pos[me], pos[you], played[me], played[you], pool)
        if not can and not open_move:
            if plays(pos[you], pos[me], played[you], played[me], pool):
                return turn(pos, played, pool, nitro, you, 0)
            return score(pos, played)
        options = [advance_best(pos, played, pool, nitro, me)] if can else []
        if open_move:
            options.append(challenge(pos, played, pool, nitro, me, open_move))
            if not can:
                options.append(turn(pos, played, pool, nitro, you, 0) if plays(
                    pos[you], pos[me], played[you], played[me], pool) else score(pos, played))
        return pick(me, options)

    def advance_best(pos: tuple[int, int], played: tuple[int, int], pool: frozenset[int], nitro: tuple[bool, bool],
                     me: int) -> float:
        inside = [c for c in pool if pos[me] + c <= lane]  # rule 7
        return pick(me, [advance(pos, played, pool, nitro, me, c) for c in (inside or pool)])

    def advance(pos: tuple[int, int], played: tuple[int, int], pool: frozenset[int], nitro: tuple[bool, bool],
                me: int, counter: int) -> float:
        you = 1 - me
        pos2 = tuple(p + counter if i == me else p for i, p in enumerate(pos))
        played2 = tuple(n + 1 if i == me else n for i, n in enumerate(played))
        open_move = counter
        if reading == "final" and crossed(pos2[me]):
            open_move = 0
        if reading == "literal":
            if crossed(pos2[you]):
                open_move = 0  # the one catching up plays alone
            elif crossed(pos2[me]) and played2[you] >= played2[me]:
                open_move = 0  # the heat is over at once
        return turn(pos2, played2, pool - {counter}, nitro, you, open_move)  # type: ignore[arg-type]

    def challenge(pos: tuple[int, int], played: tuple[int, int], pool: frozenset[int], nitro: tuple[bool, bool],
                  me: int, counter: int) -> float:
        """`me` calls Let's Roll; the other picks two dice, or three with the nitro die (rule 3)."""
        you = 1 - me
        rolls = []
        for dice in (2, 3) if nitro[you] else (2,):
            left = nitro if dice == 2 else tuple(False if i == you else n for i, n in enumerate(nitro))
            hold = p_hold(counter, dice)
            held = turn(pos, played, pool, left, you, 0)  # rule 5: pass, the other must advance
            if left[me] and plays(pos[me], pos[you], played[me], played[you], pool):  # or turn in the nitro die
                spent = tuple(False if i == me else n for i, n in enumerate(left))
                held = pick(me, [held, advance_best(pos, played, pool, spent, me)])  # type: ignore[arg-type]
            back = tuple(p - counter if i == you else p for i, p in enumerate(pos))  # rule 4: spun out
            if plays(back[me], back[you], played[me], played[you], pool):
                spun = advance_best(back, played, pool, left, me)  # type: ignore[arg-type]
            else:
                spun = turn(back, played, pool, left, you, 0)  # type: ignore[arg-type]
            rolls.append(hold * held + (1 - hold) * spun)
        return pick(you, rolls)

    return turn


def text_value(lane: int, finish_after: int, counters: tuple[int, ...], reading: str, blown_rule: str = "keeps_turns",
               dead_heat: float = 0.5) -> float:
    """The first driver's chance with perfect play from the set-up."""
    turn = text_solver(lane, finish_after, reading, blown_rule, dead_heat)
    return turn((START, START), (0, 0), frozenset(counters), (True, True), 0, 0)


VARIANTS = [(10, 7, (1, 2, 3, 4, 5)), (10, 8, (2, 3, 5, 8)), (14, 8, (2, 5, 7, 9, 12)), (9, 6, (1, 2, 3, 4, 6)),
            (12, 9, (2, 3, 4, 5, 6)), (6, 4, (2, 3, 4))]


@pytest.mark.parametrize("blown_rule", [b.value for b in BlownEngine])
@pytest.mark.parametrize("reading", [c.value for c in Crossing])
@pytest.mark.parametrize("lane, finish_after, counters", VARIANTS)
def test_the_search_gives_the_text_solvers_value(lane: int, finish_after: int, counters: tuple[int, ...],
                                                 reading: str, blown_rule: str) -> None:
    variant = Variant(lane_length=lane, finish_after=finish_after, counters=counters, crossing=Crossing(reading),
                      blown_engine=BlownEngine(blown_rule))
    expected = text_value(lane, finish_after, counters, reading, blown_rule)
    assert solve_heat(variant).first_player_wins == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("reading", [c.value for c in Crossing])
def test_a_blown_driver_who_takes_the_last_counter_forces_a_dead_heat(reading: str) -> None:
    # Counters 2-4, line after space 4, lanes of 6. Pool {2}; player 0 on space 1 (needs 4: blown), player 1 on
    # space 4 (needs 1), one counter each, player 0 to move with no challenge open. Rule 1: he lays the 2 (no
    # challenge is open), player 1's engine blows too: a dead heat. If he lays nothing, player 1 crosses with the 2.
    keeps, stops = (text_solver(6, 4, reading, rule) for rule in ("keeps_turns", "stops"))
    position = ((1, 4), (1, 1), frozenset({2}), (True, True), 0, 0)
    assert keeps(*position) == 0.5
    assert stops(*position) == 0.0


def test_the_readings_of_rule_8_give_different_heats() -> None:
    values = {rule: text_value(12, 9, (2, 3, 4, 5, 6), "literal", rule) for rule in ("keeps_turns", "stops")}
    assert values["keeps_turns"] != pytest.approx(values["stops"], abs=1e-6)
