"""The simulation's fast path (fastrace.py) plays exactly the races of the recording engine.

`pnp mdd simulate` races through `fastrace.play_fast`; `pnp mdd play` and the awards tests through
`engine.Race` / `awards.AwardsRace` with events recorded. The same seed must give the same race on both.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games.mdd.awards import AwardsRace
from pnp.games.mdd.engine import Race, RaceOptions
from pnp.games.mdd.fastboard import race_tables
from pnp.games.mdd.fastrace import play_fast
from pnp.games.mdd.geometry import Board
from pnp.games.mdd.simulate import RaceResult, race_seed, result_of, simulate
from pnp.pipeline import load_checked
from tests.games.mdd.engine.mdd_engine_boards import make_board

SETUPS = Path(__file__).parents[4] / "examples" / "mdd-setups"


def _board(name: str) -> Board:
    return load_checked(str(SETUPS / name), "mdd")[0].spec.to_board()


def _recorded(board: Board, seed: str, options: RaceOptions, awards: bool) -> RaceResult:
    """One race on the recording path, its numbers read from the race state."""
    race = (AwardsRace if awards else Race)(board, RaceOptions(options.two_dice, options.turn_cap, True), seed=seed)
    race.run()
    assert race.events  # the recording path did record
    return result_of(race)


@pytest.mark.parametrize("two_dice", [False, True])
@pytest.mark.parametrize("setup", ["v21-30-cars.yaml", "current-map.yaml"])
def test_fast_path_plays_the_same_races_as_the_recording_engine(setup: str, two_dice: bool):
    board = _board(setup)
    awards = board.limits.awards
    tables = race_tables(board)
    assert tables is not None
    options = RaceOptions(two_dice=two_dice)
    for game in range(150):
        seed = race_seed(11, game)
        fast = RaceResult(*play_fast(tables, seed, options, awards))
        assert fast == _recorded(board, seed, options, awards), f"race {game} of {setup} differs"


def test_fast_path_matches_on_a_crowded_board_with_walls_mines_and_the_turn_cap():
    """Narrow track, long push chains, cars off the edges, boxed-in lanes removed at a short turn cap."""
    cars = [(lane, row, 5) for row in (1, 3, 5) for lane in (1, 2, 3, 4)]
    walls = ((1, 12), (3, 15), (2, 18))
    mines = ((1, 8, 2), (4, 9, 1), (2, 14, 3), (3, 17, 1))
    board = make_board(4, 20, cars, walls, mines, finals=tuple((lane, row) for lane, row, _ in cars))
    tables = race_tables(board)
    assert tables is not None
    for cap in (10, 400):
        options = RaceOptions(two_dice=cap == 10, turn_cap=cap)
        for game in range(100):
            seed = race_seed(5, game)
            try:
                fast: RaceResult | str = RaceResult(*play_fast(tables, seed, options, True))
            except ValueError as exc:
                fast = str(exc)
            try:
                slow: RaceResult | str = _recorded(board, seed, options, True)
            except ValueError as exc:
                slow = str(exc)
            assert fast == slow, f"race {game} with turn cap {cap} differs"


@pytest.mark.parametrize("awards", [False, True])
def test_fast_path_matches_at_the_edges_and_the_line_of_a_narrow_track(awards: bool):
    """Three lanes: cars in the corner cells of the first row step off both sides (the fast path's pad
    cells, one of them reached below index 0), push each other sideways into mines beside, and run
    free up to the line and past the last row."""
    cars = [(1, 1, 3), (3, 1, 3), (2, 2, 4), (1, 4, 2), (3, 4, 2), (2, 6, 3)]
    mines = ((1, 3, 1), (3, 3, 2), (2, 9, 1), (3, 11, 1))
    board = make_board(3, 14, cars, walls=((1, 12),), mines=mines, finals=((1, 1), (3, 1), (2, 3), (1, 5)))
    tables = race_tables(board)
    assert tables is not None
    for two_dice in (False, True):
        options = RaceOptions(two_dice=two_dice)
        for game in range(150):
            seed = race_seed(8, game)
            fast = RaceResult(*play_fast(tables, seed, options, awards))
            assert fast == _recorded(board, seed, options, awards), f"race {game} (two dice: {two_dice}) differs"


def test_board_the_fast_path_refuses_is_simulated_by_the_engine():
    """A car starting off the track (lane 0; validation rejects it) is raced by `engine.Race` alone."""
    board = make_board(3, 12, [(0, 1), (2, 1), (3, 3)], finals=((1, 1), (2, 4), (1, 7)))
    assert race_tables(board) is None
    results = simulate(board, 20, seed=2)
    assert results == [_recorded(board, race_seed(2, i), RaceOptions(), False) for i in range(20)]
