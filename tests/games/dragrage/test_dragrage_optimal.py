"""The exhaustive heat search: a hand-computed value, agreement with a plain search over the
engine's own states, and the guarantee that optimal play gives against a fixed opponent."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pnp.games.dragrage.race.dice import RandomDice
from pnp.games.dragrage.race.engine import (
    hold_chance,
    initial_state,
    legal_actions,
    resolve_roll,
    result,
    start_turn,
    step,
)
from pnp.games.dragrage.race.play import play_heat
from pnp.games.dragrage.race.state import Action, Advance, HeatState, Phase
from pnp.games.dragrage.race.strategies import Greedy, Strategy
from pnp.games.dragrage.solver.optimal import UnsupportedVariant, solve_heat
from pnp.games.dragrage.solver.search_limits import DeadHeat, SearchTooLarge
from pnp.games.dragrage.variant import BlownEngine, Crossing, Pool, SpinOut, Variant

STOPS = BlownEngine.STOPS


class EngineSearch:
    """Reference: plain memoised minimax with chance over `HeatState`s, moves from the engine; a dead heat is
    worth `dead_heat` to player 0."""

    def __init__(self, variant: Variant, dead_heat: float = 0.5) -> None:
        self.variant = variant
        self.dead_heat = dead_heat
        self.values: dict[HeatState, float] = {}

    def value(self, state: HeatState) -> float:
        """Player 0's score from `state` (dead heat 1/2)."""
        if state not in self.values:
            self.values[state] = self._compute(state)
        return self.values[state]

    def _compute(self, state: HeatState) -> float:
        if state.phase is Phase.OVER:
            winner = result(self.variant, state).winner
            return self.dead_heat if winner is None else float(winner == 0)
        if state.phase is Phase.ROLL:
            p = float(hold_chance(state))
            held = self.value(resolve_roll(self.variant, state, True)) if p > 0 else 0.0
            spun = self.value(resolve_roll(self.variant, state, False)) if p < 1 else 0.0
            return p * held + (1 - p) * spun
        scores = [self.value(step(self.variant, state, a)) for a in legal_actions(self.variant, state)]
        return max(scores) if state.actor == 0 else min(scores)

    def best(self, state: HeatState) -> Action:
        pick = max if state.actor == 0 else min
        return pick(legal_actions(self.variant, state), key=lambda a: self.value(step(self.variant, state, a)))


def test_single_counter_heat_has_the_hand_computed_value() -> None:
    # One counter of 13 for a 12-space run. The first driver plays it; the second, engine blown,
    # may challenge: the first holds with three dice (56/216); a spin-out blows both engines (dead
    # heat, worth 1/2). Letting the move stand loses outright, so the second driver challenges.
    odds = solve_heat(Variant(lane_length=20, finish_after=12, counters=(13,)))
    assert odds.first_player_wins == pytest.approx(float(Fraction(56, 216) + Fraction(160, 216) / 2))
    assert odds.best_opening == (Advance(13),)


@pytest.mark.parametrize(
    "variant",
    [
        Variant(lane_length=10, finish_after=7, counters=(1, 2, 3, 4, 5)),
        Variant(lane_length=8, finish_after=5, counters=(1, 2, 3, 4), pool=Pool.SEPARATE),
        Variant(lane_length=10, finish_after=8, counters=(2, 3, 5, 8)),
        Variant(lane_length=8, finish_after=6, counters=(3, 4, 6, 8), pool=Pool.SEPARATE),
        Variant(lane_length=14, finish_after=8, counters=(2, 5, 7, 9, 12)),
        Variant(lane_length=10, finish_after=7, counters=(1, 2, 3, 4, 5), crossing=Crossing.FINAL),
        Variant(lane_length=8, finish_after=6, counters=(3, 4, 6, 8), pool=Pool.SEPARATE, crossing=Crossing.FINAL),
        Variant(lane_length=10, finish_after=7, counters=(1, 2, 3, 4, 5), crossing=Crossing.LITERAL),
        Variant(lane_length=8, finish_after=6, counters=(3, 4, 6, 8), pool=Pool.SEPARATE, crossing=Crossing.LITERAL),
        Variant(lane_length=14, finish_after=8, counters=(2, 5, 7, 9, 12), crossing=Crossing.LITERAL),
        Variant(lane_length=6, finish_after=4, counters=(2, 3, 4), crossing=Crossing.LITERAL),
        Variant(lane_length=10, finish_after=8, counters=(2, 3, 5, 8), blown_engine=STOPS),
        Variant(lane_length=8, finish_after=5, counters=(1, 2, 3, 4), pool=Pool.SEPARATE, blown_engine=STOPS),
        Variant(lane_length=14, finish_after=8, counters=(2, 5, 7, 9, 12), crossing=Crossing.LITERAL,
                blown_engine=STOPS),
    ],
    ids=["shared", "separate", "engines-blow", "chutes-break", "long-counters", "final-crossing",
         "final-crossing-separate", "literal-crossing", "literal-crossing-separate", "literal-long-counters",
         "literal-tiny", "engines-blow-stops", "separate-stops", "literal-long-counters-stops"],
)
def test_search_agrees_with_a_plain_search_over_engine_states(variant: Variant) -> None:
    reference = EngineSearch(variant)
    first_wins = solve_heat(variant).first_player_wins
    assert first_wins == pytest.approx(reference.value(initial_state(variant, 0)))
    assert 1 - first_wins == pytest.approx(reference.value(initial_state(variant, 1)))


@pytest.mark.parametrize(("rule", "value"), [(BlownEngine.KEEPS_TURNS, 0.5), (STOPS, 0.0)])
def test_a_blown_driver_can_force_a_dead_heat_only_when_he_keeps_his_turns(rule: BlownEngine, value: float) -> None:
    # Counters 2-4, line after 4, lanes of 6; the 2 left, driver 0 on space 1 (blown), driver 1 on space 4 (1 to go),
    # one counter each, driver 0 to move: laying the 2 blows driver 1's engine too.
    variant = Variant(lane_length=6, finish_after=4, counters=(2, 3, 4), crossing=Crossing.LITERAL, blown_engine=rule)
    position = HeatState(Phase.TURN, 0, (1, 4), (1, 1), (0b001,), (True, True), (True, False))
    assert EngineSearch(variant).value(start_turn(variant, position)) == value


SPRINT = Variant(lane_length=10, finish_after=7, counters=(1, 2, 3, 4, 5))


@pytest.mark.parametrize("variant", [SPRINT, Variant(lane_length=10, finish_after=8, counters=(2, 3, 5, 8)),
                                     Variant(lane_length=10, finish_after=7, counters=(1, 2, 3, 4, 5),
                                             crossing=Crossing.LITERAL),
                                     Variant(lane_length=10, finish_after=8, counters=(2, 3, 5, 8),
                                             blown_engine=STOPS)],
                         ids=["sprint", "engines-blow", "literal-crossing", "engines-blow-stops"])
def test_a_dead_heat_rerun_with_the_same_first_driver_is_the_values_fixed_point(variant: Variant) -> None:
    # Reference: a dead heat worth x to the first driver gives the heat a value f(x); iterate x = f(x).
    x = 0.5
    for _ in range(40):
        x = EngineSearch(variant, x).value(initial_state(variant, 0))
    rerun = solve_heat(variant, dead_heat=DeadHeat.RERUN)
    assert rerun.dead_heat is DeadHeat.RERUN
    assert rerun.first_player_wins == pytest.approx(x, abs=1e-12)
    assert rerun.first_player_wins != pytest.approx(solve_heat(variant).first_player_wins, abs=1e-9)


class ReferenceDriver:
    """Plays the reference search's best action."""

    name = "optimal"

    def __init__(self, search: EngineSearch) -> None:
        self.search = search

    def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], rng: random.Random) -> Action:
        return self.search.best(state)


def _first_driver_score(drivers: tuple[Strategy, Strategy], heats: int) -> tuple[float, float]:
    """Mean score of player 0 (dead heat = 1/2) over played heats, and its standard error."""
    rng = random.Random(0)
    scores = []
    for _ in range(heats):
        heat = play_heat(SPRINT, drivers, RandomDice(rng), rng, 0)
        scores.append(0.5 if heat.result.winner is None else float(heat.result.winner == 0))
    mean = sum(scores) / heats
    return mean, (sum((s - mean) ** 2 for s in scores) / (heats - 1) / heats) ** 0.5


def test_optimal_value_bounds_play_against_a_fixed_opponent() -> None:
    # The value is what each side can guarantee: the optimal first driver scores at least that much
    # against greedy, and greedy as first driver scores at most that much against optimal play.
    value = solve_heat(SPRINT).first_player_wins
    assert 0 < value < 1
    search = EngineSearch(SPRINT)
    ahead, err = _first_driver_score((ReferenceDriver(search), Greedy()), 600)
    assert ahead >= value - 3 * err
    behind, err = _first_driver_score((Greedy(), ReferenceDriver(search)), 600)
    assert behind <= value + 3 * err


def test_search_budget_and_unsupported_variants() -> None:
    with pytest.raises(SearchTooLarge):
        solve_heat(SPRINT, max_states=50)
    with pytest.raises(UnsupportedVariant):
        solve_heat(Variant(spin_out=SpinOut.RETURNED))
