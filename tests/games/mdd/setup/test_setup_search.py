"""`pnp mdd setup --balanced`: the search finds a setup that validates and plays better than the plain random
setup of its seed, on fresh races; the same seed and brackets give the same file; bad options exit 2."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main as pnp_cli
from pnp.games.mdd.geometry import Board
from pnp.games.mdd.plugin import PLUGIN
from pnp.games.mdd.race.simulate import RaceResult, simulate
from pnp.games.mdd.setup.search import (
    UNTIMED,
    Racer,
    Request,
    balanced_setup,
    board_of,
    figures,
    search_seeds,
)
from pnp.sim.search import Limits, Schedule, TooShort
from pnp.source.loader import load_yaml

SMALL = Schedule(size=4, first=50, playoff=2, replay=1)
"""Brackets of 4 setups, 50 to 200 races, a play-off of the 2 best winners on 200 races more: enough to
exercise the search in tests."""


def _race_clock(monkeypatch: pytest.MonkeyPatch, per_race: float = 1 / 40) -> list[float]:
    """A fake clock's time, `[seconds]`, that moves `per_race` seconds for each race the search plays."""
    now, play = [0.0], Racer.play

    def timed(racer: Racer, boards: Sequence[Board], start: int, stop: int) -> list[list[RaceResult]]:
        now[0] += per_race * len(boards) * (stop - start)
        return play(racer, boards, start, stop)

    monkeypatch.setattr(Racer, "play", timed)
    return now


def request(seed: int, ruleset: str = "v2.1") -> Request:
    return Request(ruleset, 25, seed, 11, 30, None, 18.0)


def test_the_same_seed_gives_the_same_setup_whatever_the_workers() -> None:
    runs = [balanced_setup(request(7), Limits(brackets=2), 200, jobs, schedule=SMALL) for jobs in (1, 2, 1)]
    assert runs[0].chosen == runs[1].chosen == runs[2].chosen
    assert runs[0].chosen_figures == runs[1].chosen_figures
    other = balanced_setup(request(8), Limits(brackets=2), 200, schedule=SMALL)
    assert other.chosen != runs[0].chosen


def test_the_printed_figures_are_fresh_races_not_the_search_races() -> None:
    found = balanced_setup(request(3), Limits(brackets=1), 300, schedule=SMALL)
    board = board_of(found.chosen)
    search_seed, fresh_seed = search_seeds(3)
    assert search_seed != fresh_seed == found.fresh_seed
    assert figures(board, simulate(board, 300, seed=fresh_seed)) == found.chosen_figures
    assert figures(board, simulate(board, 300, seed=search_seed)) != found.chosen_figures


@pytest.mark.parametrize("seed", [2, 3])
def test_the_search_beats_the_plain_random_setup_of_its_seed(seed: int) -> None:
    """One bracket of 16 setups (9,600 races), then 2,000 fresh races each: the chosen setup's worst start row
    and short finals lie below the plain setup's, interval against interval."""
    found = balanced_setup(request(seed), Limits(brackets=1), 2000)
    chosen, plain = found.chosen_figures, found.plain_figures
    assert found.plain == balanced_setup(request(seed), Limits(brackets=1), 100, schedule=SMALL).plain
    assert chosen.loss < plain.loss - 0.15
    assert chosen.short.high < plain.short.low
    assert chosen.worst_ratio.value < plain.worst_ratio.value
    assert not chosen.misses()


def test_the_command_writes_a_setup_that_validates_with_its_figures_and_command(tmp_path: Path) -> None:
    out = tmp_path / "balanced.yaml"
    args = ["mdd", "setup", "--balanced", "--seed", "5", "--brackets", "1", "--games", "300", "-o", str(out)]
    result = CliRunner().invoke(pnp_cli, args)
    assert result.exit_code == 0, result.output
    assert "chosen (seed" in result.output and "random (seed 5)" in result.output
    assert re.search(r"worst start row, x its fair share +\d\.\d\d \(\d\.\d\d-\d\.\d\d\)", result.output)
    text = out.read_text(encoding="utf-8")
    assert "#   pnp mdd setup --balanced --ruleset v2.1 --cars 25 --seed 5 --games 300 --brackets 1\n" in text
    assert "Over 300 fresh races (pnp mdd simulate FILE --games 300 --seed 12)" in text
    located = load_yaml(out)
    assert not [d for d in PLUGIN.check(PLUGIN.build(located), located) if d.is_error]
    again = tmp_path / "again.yaml"
    CliRunner().invoke(pnp_cli, [*args[:-1], str(again)])
    assert again.read_bytes() == out.read_bytes()


def test_without_a_file_the_setup_goes_to_stdout_and_the_table_to_stderr() -> None:
    result = CliRunner().invoke(
        pnp_cli, ["mdd", "setup", "--balanced", "--seed", "5", "--brackets", "1", "--games", "100"])
    assert result.exit_code == 0
    assert result.stdout.startswith("# A balanced Mini Demolition Derby setup")
    assert "fresh races each" in result.stderr and "fresh races each" not in result.stdout


@pytest.mark.parametrize("args", [
    ["--balanced", "--budget", "0"],
    ["--balanced", "--games", "5"],
    ["--balanced", "--jobs", "0"],
    ["--budget", "10"],
    ["--games", "1000"],
    ["--balanced", "--brackets", "0"],
])
def test_bad_search_options_exit_2(args: list[str]) -> None:
    result = CliRunner().invoke(pnp_cli, ["mdd", "setup", "--seed", "1", *args])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_the_budget_stops_the_search_and_progress_follows_each_bracket(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves 1/40 s a race played (a bracket of 400 races: 10 s). With 46 s (1 s of it kept for
    start-up and writing, UNTIMED), time is kept for the next bracket, the play-off (2 x 200 races) and 200 fresh
    races: 3 brackets and the play-off end at 30 + 10 = 40 s, the fresh races at 45 s; a fourth bracket would
    have ended everything at 55 s."""
    now = _race_clock(monkeypatch)
    seen: list[int] = []
    found = balanced_setup(request(4), Limits(budget=45.0 + UNTIMED), 100, clock=lambda: now[0],
                           progress=lambda o: seen.append(o.brackets), schedule=SMALL)
    assert SMALL.trials() == 400 and SMALL.playoff_trials() == 400
    assert found.outcome.brackets == 3 and seen == [1, 2, 3]
    assert found.outcome.seconds == 40.0 and found.outcome.candidates == 12
    assert found.outcome.trials == 3 * 400 + 400


def test_a_budget_shorter_than_one_bracket_stops_the_search_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1/40 s a race, a bracket of 400 races takes 10 s: a budget of 3 s (2 s after UNTIMED) stops it once
    3 s are spent (2 s and the 1 s OVERRUN), after 3 setups' 50 races (3.75 s), instead of running on."""
    now = _race_clock(monkeypatch)
    with pytest.raises(TooShort) as caught:
        balanced_setup(request(4), Limits(budget=2.0 + UNTIMED), 100, clock=lambda: now[0], schedule=SMALL)
    assert caught.value.seconds == 3.75 and caught.value.needed == 15.0  # the bracket and 200 fresh races
    result = CliRunner().invoke(pnp_cli, ["mdd", "setup", "--balanced", "--seed", "1", "--budget", "1",
                                          "--lanes", "30", "--rows", "200"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "error [mdd.setup.budget] the budget of 1 s is too short for one bracket of the search" in result.stderr
