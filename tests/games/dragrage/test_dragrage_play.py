"""Whole heats and races: strategies, best of three, dead-heat re-runs, determinism by seed."""

from __future__ import annotations

import random

import pytest

from pnp.games.dragrage.race.dice import RandomDice, ScriptedDice
from pnp.games.dragrage.race.engine import legal_actions
from pnp.games.dragrage.race.play import play_heat, play_race
from pnp.games.dragrage.race.state import Action, HeatState, Reason
from pnp.games.dragrage.race.strategies import Greedy, RandomDriver, builtin_strategies
from pnp.games.dragrage.variant import Pool, SpinOut, Variant

STANDARD = Variant()


def test_greedy_mirror_heat_goes_to_the_first_mover() -> None:
    # greedy never challenges while racing, so no dice are rolled and the first mover gets the
    # same counters one turn earlier
    for first in (0, 1):
        heat = play_heat(STANDARD, (Greedy(), Greedy()), ScriptedDice([]), random.Random(0), first)
        assert heat.result.winner == first


def test_race_ends_when_a_driver_has_won_two_heats() -> None:
    rng = random.Random(5)
    race = play_race(STANDARD, (Greedy(), RandomDriver()), RandomDice(rng), rng)
    wins = [sum(h.result.winner == p for h in race.heats) for p in (0, 1)]
    assert race.winner is not None
    assert wins[race.winner] == 2
    assert wins[1 - race.winner] < 2
    assert race.heats[-1].result.winner == race.winner


def test_dead_heats_are_re_run_until_the_heat_limit() -> None:
    # both cars must overshoot a 23-space lane: every heat ends with two broken chutes
    variant = Variant(lane_length=23, finish_after=22, counters=(9, 11, 12), pool=Pool.SEPARATE)
    rng = random.Random(1)
    race = play_race(variant, (Greedy(), Greedy()), RandomDice(rng), rng, max_heats=4)
    assert race.winner is None
    assert [h.result.reason for h in race.heats] == [Reason.BOTH_CHUTES] * 4


class AlwaysChallenge:
    """Challenges whenever allowed, otherwise plays the biggest counter."""

    name = "always"

    def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], rng: random.Random) -> Action:
        return max(actions, key=lambda a: (type(a).__name__ == "Challenge", getattr(a, "counter", 0)))


def test_endless_spin_outs_stop_at_the_turn_limit() -> None:
    # counters of 20 always spin out and return to the pool: the heat could loop for ever
    variant = Variant(lane_length=30, finish_after=19, counters=(20, 21), spin_out=SpinOut.RETURNED, pool=Pool.SEPARATE)
    heat = play_heat(
        variant, (AlwaysChallenge(), AlwaysChallenge()), RandomDice(random.Random(0)), random.Random(0), 0, max_turns=50
    )
    assert heat.result.reason is Reason.TURN_LIMIT
    assert heat.turns == 50


@pytest.mark.parametrize("name", sorted(builtin_strategies()))
def test_strategies_always_pick_a_legal_action(name: str) -> None:
    strategy = builtin_strategies()[name]
    rng = random.Random(3)

    class Checked:
        def __init__(self) -> None:
            self.name = name

        def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], r: random.Random) -> Action:
            assert actions == legal_actions(variant, state)
            chosen = strategy.choose(variant, state, actions, r)
            assert chosen in actions
            return chosen

    for _ in range(30):
        play_race(STANDARD, (Checked(), RandomDriver()), RandomDice(rng), rng)


def test_same_seed_same_race() -> None:
    def race(seed: int) -> list[tuple[int | None, int]]:
        rng = random.Random(seed)
        played = play_race(STANDARD, (RandomDriver(), Greedy()), RandomDice(rng), rng)
        return [(h.result.winner, h.turns) for h in played.heats]

    assert race(11) == race(11)
    assert any(race(11) != race(s) for s in range(12, 20))
