"""The compiled race step (_race.c) against tables no validated setup gives: it refuses them, and such a
board is raced by `play_fast` as before, never read or written out of bounds, never an endless C loop.

Boards the validator refuses still reach `simulate` through the Python API, and `_race.Race` takes any
sequences: the step must check what it relies on (each car holds its two cells, nothing else is held)
and copy what it reads, whatever the caller passes. Risky calls run in a child process, so that a crash
or a hang of the old step fails the test instead of the test run.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

import pytest

from pnp.games.mdd import simulate as simulate_module
from pnp.games.mdd.engine import RaceOptions
from pnp.games.mdd.fastboard import race_tables
from pnp.games.mdd.fastrace import play_fast
from pnp.games.mdd.simulate import RaceResult, compiled_race, race_seed
from tests.games.mdd.engine.mdd_engine_boards import make_board

built = pytest.mark.skipif(not simulate_module.COMPILED, reason="pnp.games.mdd._race is not built")

TABLES = """
from pnp.games.mdd import _race
from pnp.games.mdd.engine import EDGE_DAMAGE
from pnp.games.mdd.fastboard import EDGE
from pnp.games.mdd.fastdice import ONE_DIE

width, rows = 3, 8  # two lanes and a pad a row
n = width * rows
cell = [EDGE if i % width == width - 1 or i >= n - width else 0 for i in range(n)]
occ = [-1] * n
occ[0] = occ[3] = 0  # car 0 at cell 0, car 1 at cell 1
occ[1] = occ[4] = 1
pos = [0, 1]
dice = [x for roll in ONE_DIE for x in roll]
"""


def _child(code: str) -> subprocess.CompletedProcess[str]:
    """Run `code` after TABLES in a fresh interpreter (60 s at most: an endless loop fails the test)."""
    program = textwrap.dedent(TABLES) + textwrap.dedent(code)
    try:
        return subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the compiled race step did not return: an endless loop in C (Ctrl-C cannot stop it)")


@built
def test_tables_whose_cells_name_a_car_that_is_elsewhere_are_refused():
    """A cell held by car 0 away from car 0: the old step took the tables, and once car 0 was gone it
    damaged it again and again (the count of racing cars fell below zero) and never returned."""
    done = _child("""
        occ[9] = 0
        try:
            race = _race.Race(width, n - 3 * width, 2, 0, cell, occ, pos, [0, 0], [0, 1], dice, 50, EDGE,
                              EDGE_DAMAGE)
        except ValueError as exc:
            print("refused:", exc)
        else:
            import random
            for seed in range(50):
                race.play(random.Random(seed).random)
            print("raced")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "refused: not a board the compiled race step races: car cells"


@built
def test_a_list_that_changes_while_the_step_reads_it_changes_nothing():
    """The step reads the sequences it is given; an int whose __index__ empties the list being read made
    the old step read past the list's end (a crash). Now it reads a copy: the race is the one of the
    lists as they were given."""
    done = _child("""
        import random

        class Emptying:
            def __index__(self):
                cell.clear()
                return 0

        given = list(cell)
        given[0] = Emptying()
        cell[:] = given
        first = _race.Race(width, n - 3 * width, 2, 0, cell, occ, pos, [1, 1], [0, 1], dice, 9, EDGE,
                           EDGE_DAMAGE)
        plain = [EDGE if i % width == width - 1 or i >= n - width else 0 for i in range(n)]
        second = _race.Race(width, n - 3 * width, 2, 0, plain, occ, pos, [1, 1], [0, 1], dice, 9, EDGE,
                            EDGE_DAMAGE)
        same = all(first.play(random.Random(s).random) == second.play(random.Random(s).random) for s in range(20))
        print("emptied" if not cell else "kept", same)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "emptied True"


@built
def test_a_board_with_overlapping_cars_is_raced_by_play_fast():
    """Car 2 starts on the front cell of car 1 (the validator refuses this; the API does not): a cell then
    names only one of them, and a push can leave a cell naming a car that has moved on, which the old step
    followed out of the board. The compiled step refuses such tables; the races are play_fast's."""
    board = make_board(3, 12, [(2, 1, 2), (2, 2, 2), (1, 3, 1), (3, 3, 1), (1, 6, 1)],
                       finals=((1, 1), (2, 1), (3, 1), (1, 4), (2, 4)))
    tables = race_tables(board)
    assert tables is not None
    options = RaceOptions(turn_cap=30)
    assert compiled_race(tables, options) is None
    pure = [RaceResult(*play_fast(tables, race_seed(2, i), options)) for i in range(40)]
    assert simulate_module._play_chunk((tables, options, 2, 0, 40, False)) == pure


@built
def test_a_track_too_wide_for_play_fast_ends_as_on_play_fast():
    """1500 lanes in a full row (a setup has at most 30): a sideways wave recurses once a lane, and
    play_fast's recursion ends in RecursionError; the old step raced on and returned numbers play_fast
    never gives. Now such a track is play_fast's, its error included."""
    lanes = 1500
    board = make_board(lanes, 12, [(lane, 1, 7) for lane in range(1, lanes + 1)],
                       finals=tuple((lane, 1) for lane in range(1, 11)))
    tables = race_tables(board)
    assert tables is not None
    options = RaceOptions()
    with pytest.raises(RecursionError):
        play_fast(tables, race_seed(0, 0), options)
    with pytest.raises(RecursionError):
        simulate_module._play_chunk((tables, options, 0, 0, 1, False))


@built
@pytest.mark.parametrize("damage", [-(2**31) + 1, -1])
def test_a_negative_edge_damage_is_refused(damage: int):
    """Lives minus a negative damage could pass the largest int (undefined in C, a number in Python):
    the step takes only the damages a rule can have."""
    tables = race_tables(make_board(3, 12, [(1, 1), (2, 1), (3, 3)], finals=((1, 1), (2, 4), (1, 7))))
    assert tables is not None
    race = compiled_race(tables, RaceOptions())
    assert race is not None
    with pytest.raises(ValueError, match="edge damage"):
        type(race)(tables.width, tables.finish, tables.finalists, tables.blocked, tables.cell, tables.occ,
                   tables.pos, tables.lives, [p for p, _, _ in tables.finals], [0, 1] * 6, 400, -2, damage)


@built
def test_a_random_that_plays_again_on_the_same_race_is_refused():
    """`play(random)` keeps one race's state; a `random` that calls play() on the same Race again made
    the old step mix two races in it. Now the inner call raises, and the error ends the outer race."""
    tables = race_tables(make_board(3, 12, [(1, 1), (2, 1), (3, 3)], finals=((1, 1), (2, 4), (1, 7))))
    assert tables is not None
    race = compiled_race(tables, RaceOptions())
    assert race is not None
    draw = random.Random(1).random

    def again() -> float:
        race.play(random.Random(2).random)  # type: ignore[attr-defined]
        return draw()

    with pytest.raises(RuntimeError, match="called again"):
        race.play(again)  # type: ignore[attr-defined]
    seed = race_seed(0, 3)
    assert race.play(random.Random(seed).random) == play_fast(tables, seed, RaceOptions())  # type: ignore[attr-defined]
