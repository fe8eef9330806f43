"""Random setups: always legal, reproducible by seed, written by `pnp mdd setup`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.diagnostics import Severity
from pnp.games.mdd.cli import mdd_cli
from pnp.games.mdd.generate import random_setup, setup_yaml
from pnp.games.mdd.plugin import PLUGIN
from pnp.source.loader import load_yaml

KINDS = [("v2.1", 25), ("v2.1", 30), ("v2.1", 36), ("current", 25)]


def test_one_hundred_seeds_all_validate_clean(tmp_path: Path) -> None:
    path = tmp_path / "setup.yaml"
    for seed in range(100):
        ruleset, cars = KINDS[seed % len(KINDS)]
        path.write_text(setup_yaml(random_setup(ruleset, cars, seed), as_map=seed % 3 == 0), encoding="utf-8")
        located = load_yaml(path)
        found = PLUGIN.check(PLUGIN.build(located), located)
        # the only thing allowed is the kit's shortage of life counters for 30 or 36 cars
        assert all(d.severity == Severity.WARNING and d.rule == "mdd.kit.lives" for d in found), (seed, found)
        assert (found == []) == (cars == 25)


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
    assert first.exit_code == 0 and first.output == again.output
    assert other.output != first.output
    assert "--seed 42" in first.output


def test_setup_writes_a_file(tmp_path: Path) -> None:
    out = tmp_path / "race.yaml"
    result = CliRunner().invoke(mdd_cli, ["setup", "--ruleset", "current", "--seed", "5", "--map", "-o", str(out)])
    assert result.exit_code == 0 and result.output == ""
    located = load_yaml(out)
    spec = PLUGIN.build(located)
    assert spec.ruleset == "current" and spec.map is not None
    assert PLUGIN.check(spec, located) == []


def test_without_a_seed_the_file_says_which_seed_was_used(tmp_path: Path) -> None:
    result = CliRunner().invoke(mdd_cli, ["setup"])
    seed = next(line.split("--seed ")[1].split()[0] for line in result.output.splitlines() if "--seed" in line)
    again = CliRunner().invoke(mdd_cli, ["setup", "--seed", seed])
    assert again.output == result.output


@pytest.mark.parametrize("args", [["--ruleset", "current", "--cars", "30"], ["--cars", "31"], ["--seed", "-1"]])
def test_bad_options_are_usage_errors(args: list[str]) -> None:
    result = CliRunner().invoke(mdd_cli, ["setup", *args])
    assert result.exit_code == 2
    assert "Error" in result.output


def test_a_track_too_small_for_the_walls_is_refused() -> None:
    with pytest.raises(ValueError, match="no room for 6 walls"):
        random_setup("v2.1", 25, 1, lanes=5, rows=16)
