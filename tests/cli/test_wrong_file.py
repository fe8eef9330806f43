"""A file given to the wrong command gets one clear message, not a list of unknown keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("args", "says"), [
    (["mdd", "play", "examples/mdd-setups/v21-map.yaml"], "`game: mdd` spec, not an MDD scenario"),
    (["mdd", "simulate", "examples/nitro-dice/figure-eight.yaml", "--games", "5"],
     "`game: nitro-dice` spec, not a Mini Demolition Derby setup"),
    (["nitro", "map", "examples/mdd-micro/kit.yaml"], "`game: mdd` spec, not a Nitro Dice track"),
    (["dragrage", "simulate", "examples/generic-deck/kit.yaml", "--games", "5"], "needs a Drag Rage spec"),
])
def test_a_file_for_another_command_is_named_as_such(args: list[str], says: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if "error [" in line]
    assert len(errors) == 1 and "[spec.kind]" in errors[0] and says in errors[0], result.stderr


def test_the_right_file_still_works(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["mdd", "play", "pnp/games/mdd/scenarios/cur-01-mine.yaml"])
    assert result.exit_code == 0, result.output
