"""The drivers: a style per seat by default, seeded noise, and the reasons they have to pass or hold back."""

from __future__ import annotations

from pathlib import Path

from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.race.drivers import DRIVERS, TABLE
from pnp.games.nitro.race.engine import Race
from pnp.games.nitro.race.simulate import seat_drivers, simulate
from pnp.games.nitro.race.state import Turn
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).parents[3] / "examples" / "nitro-dice"


def track(name: str, players: int):
    return PLUGIN.build(load_yaml(EXAMPLES / name)).model_copy(update={"players": players})


def test_the_default_line_up_gives_the_seats_different_driving_styles():
    seats = seat_drivers(["table"], 6)
    assert seats == list(TABLE) and len(set(seats)) >= 4
    assert len({(DRIVERS[s].top_speed, DRIVERS[s].ease_off, DRIVERS[s].brake_budget) for s in seats}) >= 4
    oval = track("two-lap-loop.yaml", 4)
    assert simulate(oval, 30, seed=5) == simulate(oval, 30, seed=5, drivers=["table"])  # the default
    assert simulate(oval, 30, seed=5) != simulate(oval, 30, seed=6)


def test_styles_per_seat_spread_the_wins_over_the_start_positions():
    eight = track("figure-eight.yaml", 5)
    eight = eight.model_copy(update={"race": eight.race.model_copy(update={"laps": 2})})  # short: lockstep shows
    def front_share(drivers: list[str]) -> float:
        results = simulate(eight, 200, seed=0, drivers=drivers)
        return max(sum(r.winner_start == s for r in results) for s in range(5)) / 200
    assert front_share(["racer"]) > 0.4  # identical drivers in lockstep: the second start wins half the races
    assert front_share(["table"]) < 0.35


def test_a_racer_behind_a_slower_pair_abreast_takes_their_speed_rather_than_run_into_them():
    oval = track("two-lap-loop.yaml", 3)
    race = Race(oval, [DRIVERS["racer"]] * 3, seed=1, order=[0, 1, 2])
    race.relocate(0, 8, 0)
    race.relocate(1, 8, 1)
    race.relocate(2, 4, 0)
    race.speed[:] = [3, 4, 2]
    assert DRIVERS["racer"].wall_speed(race, 2, 9) == 4
    assert DRIVERS["racer"].target_speed(race, 2) <= 4
    race.relocate(1, 3, 1)  # one lane opens: no wall
    assert DRIVERS["racer"].wall_speed(race, 2, 9) is None


def test_a_racer_meeting_a_die_head_on_passes_it_rather_than_spend_a_card_drifting(meeting):
    race = meeting((4, 1), driver="racer")
    assert race.hand[0] and DRIVERS["racer"].step(race, 0, Turn()) == ("move", 0)
    race.speed[0] = 1  # one move left: it cannot pass, so it steers round
    assert DRIVERS["racer"].step(race, 0, Turn()) == ("drift", 0)
