"""The compiled race step (pnp/games/mdd/_race.c) plays exactly the races of `fastrace.play_fast`.

`pnp mdd simulate` races through the compiled step when it is built, else through `play_fast` (which
test_fast_path.py compares with the recording engine), with the v2.1 awards (v2.1 setups) or without. The
same seed must give the same numbers on both, pawn holders included, on every board and rule option; a race
or a board the step leaves must come out of `play_fast`, errors included. Where a C compiler is available
the step must be built.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

from pnp.games.mdd import simulate as simulate_module
from pnp.games.mdd.awards import PAWNS
from pnp.games.mdd.engine import RaceOptions
from pnp.games.mdd.fastboard import RaceTables, race_tables
from pnp.games.mdd.fastrace import play_fast
from pnp.games.mdd.geometry import Board
from pnp.games.mdd.simulate import (
    RaceResult,
    compiled_race,
    compiled_step,
    example_board,
    race_seed,
    simulate,
)
from pnp.pipeline import load_checked
from tests.games.mdd.engine.mdd_engine_boards import make_board

SETUPS = Path(__file__).parents[4] / "examples" / "mdd-setups"
CLASSIC = Path(__file__).parents[4] / "examples" / "mdd-classic" / "kit.yaml"
MICRO = Path(__file__).parents[4] / "examples" / "mdd-micro" / "kit.yaml"
built = pytest.mark.skipif(not simulate_module.COMPILED, reason="pnp.games.mdd._race is not built (no C compiler "
                           "at install time): pnp races on its pure-Python path")


def _compiler() -> str | None:
    """The C compiler setuptools would use, when it and the Python headers are here."""
    cc = (sysconfig.get_config_var("CC") or "").split()
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(cc[0]) if cc and headers.exists() else None


def _compare(
    tables: RaceTables, options: RaceOptions, seeds: list[str], awards: bool = False
) -> tuple[list[RaceResult], int]:
    """Every seed's race on the compiled step and on play_fast (both keeping the awards or not): the same
    numbers; a race the step leaves is one where play_fast raises ValueError. The results, and how many
    races the step left."""
    race = compiled_race(tables, options, awards)
    assert race is not None
    results = []
    left = 0
    for seed in seeds:
        compiled = race.play(random.Random(seed).random)  # type: ignore[attr-defined]
        if compiled is None:
            with pytest.raises(ValueError):
                play_fast(tables, seed, options, awards)
            left += 1
            continue
        assert compiled == play_fast(tables, seed, options, awards), f"race {seed} differs ({options}, {awards})"
        results.append(RaceResult(*compiled))
    return results, left


def _pawns_held(results: list[RaceResult]) -> list[int]:
    """In how many of `results` each pawn of PAWNS had a holder, then how many races had a tie for the
    yellow full-lives pawn: the awards cases must reach every record."""
    assert all(len(r.pawns) == len(PAWNS) for r in results)
    held = [sum(1 for r in results if r.pawns[k]) for k in range(len(PAWNS))]
    return [*held, sum(1 for r in results if len(r.pawns[-1]) > 1)]


def test_the_compiled_step_is_built_where_a_c_compiler_is():
    """CI cannot lose the compiled step silently: with a compiler, `pip install` must have built it."""
    if _compiler() is None:
        pytest.skip("no C compiler or Python headers here: the pure-Python path is the one that runs")
    assert simulate_module.COMPILED, (
        "a C compiler is here but pnp.games.mdd._race is not built, or built from other C files: pip install -e ."
    )


def test_a_step_built_from_another_race_c_is_not_used():
    """A checkout whose _race.c changed after `pip install -e .` keeps the old step: it may play other
    rules than fastrace.py, so simulate leaves it and races on play_fast (the test above then fails)."""
    program = textwrap.dedent("""
        import sys, types
        sys.modules["pnp.games.mdd._race"] = types.SimpleNamespace(SOURCE="0" * 64, Race=None)
        from pnp.games.mdd import simulate
        from pnp.games.mdd.engine import RaceOptions
        from pnp.games.mdd.fastboard import race_tables
        print(simulate.COMPILED, simulate.compiled_step(race_tables(simulate.example_board()), RaceOptions()))
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "None"]


@built
def test_the_built_step_records_the_c_files_it_was_built_from():
    from pnp.games.mdd import _race

    folder = Path(simulate_module.__file__).parent
    sources = b"".join((folder / name).read_bytes() for name in simulate_module.STEP_SOURCES)
    assert hashlib.sha256(sources).hexdigest() == _race.SOURCE


@built
@pytest.mark.parametrize("two_dice", [False, True])
@pytest.mark.parametrize("cap", [400, 9])
@pytest.mark.parametrize("setup", ["v21-30-cars.yaml", "current-map.yaml"])
def test_the_compiled_step_plays_the_races_of_play_fast_on_example_setups(setup: str, cap: int, two_dice: bool):
    """Both rule sets, one die and two, and a turn cap short enough to leave cars stuck."""
    board = load_checked(str(SETUPS / setup), "mdd")[0].spec.to_board()
    tables = race_tables(board)
    assert tables is not None
    options = RaceOptions(two_dice=two_dice, turn_cap=cap)
    results, left = _compare(tables, options, [race_seed(3, i) for i in range(200)])
    assert left == 0
    if cap == 9:
        assert sum(r.stuck for r in results) > 0


@built
@pytest.mark.parametrize("two_dice", [False, True])
@pytest.mark.parametrize("cap", [400, 9])
@pytest.mark.parametrize("setup", [MICRO, SETUPS / "v21-30-cars.yaml", SETUPS / "v21-36-cars-map.yaml"])
def test_the_compiled_step_plays_the_races_of_play_fast_with_the_awards(setup: Path, cap: int, two_dice: bool):
    """v2.1 setups of 25, 30 and 36 cars as `pnp mdd simulate` races them (the awards kept), one die and
    two, and a turn cap that leaves cars stuck: the same races and the same pawn holders."""
    board = load_checked(str(setup), "mdd")[0].spec.to_board()
    assert board.limits.awards
    tables = race_tables(board)
    assert tables is not None
    results, left = _compare(tables, RaceOptions(two_dice=two_dice, turn_cap=cap), [race_seed(7, i) for i in
                                                                                    range(150)], awards=True)
    assert left == 0
    assert all(_pawns_held(results)), _pawns_held(results)
    if cap == 9:
        assert sum(r.stuck for r in results) > 0


@built
@pytest.mark.parametrize(("ruleset", "awards"), [("v2.1", True), ("v2.1", False), ("current", False)])
def test_the_compiled_step_plays_the_races_of_play_fast_on_random_setups(ruleset: str, awards: bool):
    """Random legal setups of `pnp mdd setup` (mines and walls), 25 to 36 cars, narrow and wide tracks;
    the v2.1 ones also with the awards."""
    for number, (cars, lanes) in enumerate([(25, None), (30, 8), (36, 14), (25, 5)]):
        if ruleset == "current" and cars != 25:
            continue
        board = example_board(cars, seed=number, ruleset=ruleset, lanes=lanes)
        tables = race_tables(board)
        assert tables is not None
        for two_dice in (False, True):
            seeds = [race_seed(number, i) for i in range(60)]
            assert _compare(tables, RaceOptions(two_dice=two_dice), seeds, awards)[1] == 0


def _crowded_boards() -> list[Board]:
    """Crowded narrow tracks: sideways waves across full rows into the edges, chains of straight pushes
    into mines and walls, cars stepping off both sides (one below index 0), boxed-in lanes at a short
    turn cap, and runs past the last row that end qualifying in the middle of a turn; now and then a push
    takes two cars over the line at once, one qualifier too many for the finals positions, and play_fast
    raises. On the last board a wall across the track holds a car that the one behind bumps again at each
    step of its roll (one car bumped, for the awards' count of cars bumped in a roll)."""
    full_rows = [(lane, row, 3) for row in (1, 3, 5) for lane in (1, 2, 3)]
    return [
        make_board(3, 14, full_rows, walls=((1, 12),), mines=((1, 7, 1), (3, 7, 2), (2, 9, 1)),
                   finals=((1, 1), (3, 1), (2, 3), (1, 5))),
        make_board(4, 20, [(lane, row, 5) for row in (1, 3, 5) for lane in (1, 2, 3, 4)],
                   walls=((1, 12), (3, 15), (2, 18)), mines=((1, 8, 2), (4, 9, 1), (2, 14, 3), (3, 17, 1)),
                   finals=tuple((lane, row) for row in (1, 3, 5) for lane in (1, 2, 3, 4))),
        make_board(2, 16, [(1, row, 2) for row in (1, 3, 5, 7)] + [(2, row, 2) for row in (2, 4, 6)],
                   mines=((1, 10, 1), (2, 11, 2)), finals=((1, 1), (2, 1), (1, 4))),
        make_board(2, 12, [(1, 1), (1, 3), (2, 1)], walls=((1, 5),), finals=((1, 1), (2, 1), (1, 3))),
    ]


@built
@pytest.mark.parametrize("awards", [False, True])
def test_the_compiled_step_matches_on_boards_that_reach_every_rule(awards: bool):
    """The crowded boards (`_crowded_boards`), with the v2.1 awards kept and without."""
    totals = dict.fromkeys(("hits", "exits", "mines_taken", "stuck", "eliminations", "qualified", "left"), 0)
    played = []
    for board in _crowded_boards():
        tables = race_tables(board)
        assert tables is not None
        for cap in (6, 400):
            for two_dice in (False, True):
                options = RaceOptions(two_dice=two_dice, turn_cap=cap)
                results, left = _compare(tables, options, [race_seed(cap, i) for i in range(120)], awards)
                totals["left"] += left
                played += results
                for result in results:
                    for key in totals.keys() - {"left"}:
                        totals[key] += getattr(result, key)
    assert all(totals.values()), totals
    if awards:
        assert all(_pawns_held(played)), _pawns_held(played)


@built
@pytest.mark.parametrize("awards", [False, True])
def test_a_race_the_compiled_step_leaves_ends_as_on_play_fast(awards: bool):
    """Too few finals positions: play_fast raises, the compiled step leaves the race, `pnp mdd simulate`
    reports play_fast's error on both paths."""
    board = make_board(3, 12, [(1, 1), (2, 1), (3, 3)], finals=((2, 4),))
    tables = race_tables(board)
    assert tables is not None
    seed = race_seed(0, 0)
    race = compiled_race(tables, RaceOptions(), awards)
    assert race.play(random.Random(seed).random) is None  # type: ignore[union-attr]
    step = compiled_step(tables, RaceOptions(), awards)
    assert step is not None
    with pytest.raises(ValueError) as pure:
        play_fast(tables, seed, RaceOptions(), awards)
    with pytest.raises(ValueError) as compiled:
        step(seed)
    assert str(compiled.value) == str(pure.value) == "the board has 1 finals positions for 2 qualifiers"


@built
def test_a_board_the_compiled_step_refuses_is_raced_by_play_fast():
    """Tables of a shape the step does not know (here the line moved up a row: no car can cross it) are
    raced by play_fast, with the same results."""
    board = make_board(3, 12, [(1, 1), (2, 1), (3, 3)], finals=((1, 1), (2, 4), (1, 7)))
    tables = race_tables(board)
    assert tables is not None
    odd = dataclasses.replace(tables, finish=tables.finish + tables.width)
    options = RaceOptions(turn_cap=15)
    assert compiled_race(odd, options) is None
    assert compiled_step(odd, options) is None
    job = (odd, options, 4, 0, 10, False)
    pure = [RaceResult(*play_fast(odd, race_seed(4, i), options)) for i in range(10)]
    assert simulate_module._play_chunk(job) == pure


@built
def test_the_compiled_step_leaves_dice_that_are_not_faces_and_passes_errors_on():
    tables = race_tables(_classic())
    assert tables is not None
    race = compiled_race(tables, RaceOptions())
    assert race is not None
    assert race.play(lambda: 1.0) is None  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        race.play(lambda: "six")  # type: ignore[attr-defined]


def _classic() -> Board:
    return load_checked(str(CLASSIC), "mdd")[0].spec.to_board()


@built
@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_gives_the_same_results_with_and_without_the_compiled_step(
    monkeypatch: pytest.MonkeyPatch, jobs: int
):
    """`pnp mdd simulate` on the classic kit: the same results on both paths, with one worker or two."""
    board = _classic()
    options = RaceOptions(two_dice=jobs == 2)
    compiled = simulate(board, 300, seed=5, jobs=jobs, options=options)
    monkeypatch.setattr(simulate_module, "_race", None)
    assert compiled_step(race_tables(board), options) is None  # type: ignore[arg-type]
    assert simulate(board, 300, seed=5, jobs=jobs, options=options) == compiled


@built
@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_with_the_awards_gives_the_same_results_with_and_without_the_compiled_step(
    monkeypatch: pytest.MonkeyPatch, jobs: int
):
    """`pnp mdd simulate` on the micro kit (v2.1: the awards kept): the same races and pawns on both paths."""
    board = load_checked(str(MICRO), "mdd")[0].spec.to_board()
    options = RaceOptions(two_dice=jobs == 2)
    compiled = simulate(board, 300, seed=5, jobs=jobs, options=options, awards=True)
    assert all(len(r.pawns) == len(PAWNS) for r in compiled)
    monkeypatch.setattr(simulate_module, "_race", None)
    assert compiled_step(race_tables(board), options, True) is None  # type: ignore[arg-type]
    assert simulate(board, 300, seed=5, jobs=jobs, options=options, awards=True) == compiled


@built
def test_races_with_the_awards_are_played_by_the_compiled_step(monkeypatch: pytest.MonkeyPatch):
    """A v2.1 user gets the compiled step too: no race of the simulation goes to play_fast."""
    board = load_checked(str(SETUPS / "v21-30-cars.yaml"), "mdd")[0].spec.to_board()
    assert board.limits.awards
    tables = race_tables(board)
    assert tables is not None
    expected = [RaceResult(*play_fast(tables, race_seed(1, i), RaceOptions(), True)) for i in range(40)]

    def no_pure_path(*args: object) -> tuple:
        raise AssertionError("a race with the awards went to play_fast")

    monkeypatch.setattr(simulate_module, "play_fast", no_pure_path)
    assert simulate(board, 40, seed=1, awards=True) == expected


def test_a_step_built_from_older_sources_leaves_the_races_with_the_awards_to_play_fast(
    monkeypatch: pytest.MonkeyPatch,
):
    """A compiled step that takes no `awards` argument (not rebuilt since) is not used for such races:
    the simulation still runs, on play_fast, with the same results."""
    board = load_checked(str(MICRO), "mdd")[0].spec.to_board()
    tables = race_tables(board)
    assert tables is not None
    expected = [RaceResult(*play_fast(tables, race_seed(2, i), RaceOptions(), True)) for i in range(20)]

    class OldStep:
        @staticmethod
        def Race(*args: object) -> object:
            if len(args) > 13:
                raise TypeError("Race() takes at most 13 arguments (14 given)")
            raise AssertionError("only races with the awards are played here")

    monkeypatch.setattr(simulate_module, "_race", OldStep)
    assert compiled_race(tables, RaceOptions(), True) is None
    assert simulate(board, 20, seed=2, awards=True) == expected
