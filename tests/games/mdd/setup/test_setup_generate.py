"""Random setups: always legal, reproducible by seed, written by `pnp mdd setup`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.games.mdd.cli import mdd_cli
from pnp.games.mdd.plugin import PLUGIN
from pnp.games.mdd.setup.generate import random_setup, setup_yaml
from pnp.source.loader import load_yaml

KINDS = [("v2.1", 25), ("v2.1", 30), ("v2.1", 36), ("current", 25)]


def test_one_hundred_seeds_all_validate_clean(tmp_path: Path) -> None:
    path = tmp_path / "setup.yaml"
    for seed in range(100):
        ruleset, cars = KINDS[seed % len(KINDS)]
        path.write_text(setup_yaml(random_setup(ruleset, cars, seed), as_map=seed % 3 == 0), encoding="utf-8")
        located = load_yaml(path)
        found = PLUGIN.check(PLUGIN.build(located), located)
        assert found == [], (seed, found)  # the kit pnp prints has life counters for 30 and 36 cars too


@pytest.mark.parametrize(("ruleset", "cars"), KINDS)
def test_walls_and_mines_follow_the_ruleset_numbers(ruleset: str, cars: int) -> None:
    totals = set()
    for seed in range(20):
        setup = random_setup(ruleset, cars, seed)
        assert len(setup.walls) == 6
        totals.add(sum(n for _, n in setup.mines))
    low, high = (20, 25) if ruleset == "v2.1" else (25, 27)
    assert min(totals) >= low and max(totals) <= high and len(totals) > 1


def test_same_seed_same_bytes_other_seed_other_setup() -> None:
    runner = CliRunner()
    first = runner.invoke(mdd_cli, ["setup", "--seed", "42"])
    again = runner.invoke(mdd_cli, ["setup", "--seed", "42"])
    other = runner.invoke(mdd_cli, ["setup", "--seed", "43"])
    assert first.exit_code == 0 and first.stdout == again.stdout
    assert other.stdout != first.stdout
    assert "--seed 42" in first.stdout


def test_setup_writes_a_file(tmp_path: Path) -> None:
    out = tmp_path / "race.yaml"
    result = CliRunner().invoke(mdd_cli, ["setup", "--ruleset", "current", "--seed", "5", "--map", "-o", str(out)])
    assert result.exit_code == 0 and result.stdout == ""
    located = load_yaml(out)
    spec = PLUGIN.build(located)
    assert spec.ruleset == "current" and spec.map is not None
    assert PLUGIN.check(spec, located) == []


def test_without_a_seed_the_file_says_which_seed_was_used(tmp_path: Path) -> None:
    result = CliRunner().invoke(mdd_cli, ["setup"])
    seed = next(line.split("--seed ")[1].split()[0] for line in result.stdout.splitlines() if "--seed" in line)
    again = CliRunner().invoke(mdd_cli, ["setup", "--seed", seed])
    assert again.stdout == result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--ruleset", "current", "--cars", "30"],
        ["--cars", "31"],
        ["--seed", "-1"],
        ["--lanes", "3"],
        ["--cell", "big"],
        ["--cell", "0mm"],
        ["--spacing", "1"],
        ["--spacing", "a/b"],
        ["--lanes", "5", "--rows", "16"],
        ["--track", "examples/mdd-micro/kit.yaml", "--lanes", "9"],
        ["--balanced", "--no-check"],
    ],
)
def test_bad_options_are_usage_errors(args: list[str]) -> None:
    result = CliRunner().invoke(mdd_cli, ["setup", *args])
    assert result.exit_code == 2
    assert "Error" in result.output


def test_a_track_too_small_for_the_walls_is_refused() -> None:
    with pytest.raises(ValueError, match="no room for 6 walls"):
        random_setup("v2.1", 25, 1, lanes=5, rows=16)


def _board(text: str, tmp_path: Path):
    path = tmp_path / "made.yaml"
    path.write_text(text, encoding="utf-8")
    located = load_yaml(path)
    spec = PLUGIN.build(located)
    assert PLUGIN.check(spec, located) == []
    return spec, spec.to_board()


def test_setup_makes_any_track_lanes_rows_cell(tmp_path: Path) -> None:
    result = CliRunner().invoke(mdd_cli, ["setup", "--lanes", "9", "--rows", "36", "--cell", "15mm", "--seed", "2"])
    assert result.exit_code == 0, result.output
    spec, board = _board(result.stdout, tmp_path)
    assert (board.lanes, board.rows, spec.track.cell) == (9, 36, 15.0)
    # 5 cars a lane apart fit across 9 lanes: the default spacing; the header repeats the command
    assert [c.lane for c in board.cars if c.row == 9] == [1, 3, 5, 7, 9]
    assert "pnp mdd setup --ruleset v2.1 --cars 25 --lanes 9 --rows 36 --cell 15mm --seed 2" in result.stdout
    narrow = CliRunner().invoke(mdd_cli, ["setup", "--lanes", "7", "--seed", "2"])
    assert [c.lane for c in _board(narrow.stdout, tmp_path)[1].cars if c.row == 9] == [2, 3, 4, 5, 6]


def test_the_header_command_makes_the_same_file_again() -> None:
    runner = CliRunner()
    first = runner.invoke(mdd_cli, ["setup", "--lanes", "12", "--spacing", "1/0", "--cell", "2cm", "--seed", "8"])
    command = first.stdout.splitlines()[1].split("pnp mdd ", 1)[1].split()
    assert runner.invoke(mdd_cli, command).stdout == first.stdout


def test_the_default_setup_is_the_default_track_with_its_spacing(tmp_path: Path) -> None:
    made = CliRunner().invoke(mdd_cli, ["setup", "--seed", "4"]).stdout
    _, board = _board(made, tmp_path)
    bare = "game: mdd\nruleset: v2.1\n" + made.split("walls:", 1)[1].join(["walls:", ""])
    _, default = _board(bare, tmp_path)
    assert board == default  # a file without track: or spacing: reads as the generated one


@pytest.mark.parametrize("kit", ["mdd-micro", "mdd-classic"])
def test_the_kits_walls_and_mines_come_from_the_command_they_name(kit: str, tmp_path: Path) -> None:
    text = (Path("examples") / kit / "kit.yaml").read_text(encoding="utf-8")
    command = next(line for line in text.splitlines() if "pnp mdd setup" in line)
    words = command.split("pnp mdd ", 1)[1].strip("`").split("`")[0].split()
    made = CliRunner().invoke(mdd_cli, words)
    assert made.exit_code == 0, made.output
    _, board = _board(made.stdout, tmp_path)
    located = load_yaml(Path("examples") / kit / "kit.yaml")
    kit_board = PLUGIN.build(located).to_board()
    assert (board.lanes, board.rows, board.walls, board.mines, board.cars, board.finals) == (
        kit_board.lanes, kit_board.rows, kit_board.walls, kit_board.mines, kit_board.cars, kit_board.finals)
    # --track reads the same track from the kit itself
    cell = words.index("--cell")
    rest = words[1:cell] + words[cell + 2 :]
    again = CliRunner().invoke(mdd_cli, ["setup", "--track", str(Path("examples") / kit / "kit.yaml"), *rest])
    assert again.exit_code == 0, again.output
    assert _board(again.stdout, tmp_path)[1] == board
