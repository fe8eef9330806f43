"""The setups users copy play like the game: every examples/mdd-setups/ file but the one labelled old track
meets the calibration targets (docs/mdd-setup.md), and `pnp validate --simulate` warns about the old one.

The docs give each file's figures over 4,000 races; here 1,000 races a file (seed 0, none of the search's
seeds), and each target must hold for the whole 95 % interval, so a file passes only with margin."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main as pnp_cli
from pnp.games.mdd.plugin import PLUGIN
from pnp.games.mdd.race.simulate import simulate
from pnp.games.mdd.setup.search import NO_WINNER_MAX, QUALIFIED_MIN, ROW_MAX, SHORT_MAX, figures
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "mdd-setups"
OLD = "# OLD TRACK, KEPT ONLY FOR COMPARISON"
SHIPPED = [p for p in sorted(EXAMPLES.glob("*.yaml")) if not p.read_text(encoding="utf-8").startswith(OLD)]
RACES = 1000


def test_at_most_one_file_is_on_the_old_track() -> None:
    old = [p.name for p in EXAMPLES.glob("*.yaml") if p.read_text(encoding="utf-8").startswith(OLD)]
    assert old == ["v21-old-track.yaml"]
    assert len(SHIPPED) >= 7


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_setup_meets_the_calibration_targets(path: Path) -> None:
    board = PLUGIN.build(load_yaml(path)).to_board()
    found = figures(board, simulate(board, RACES, seed=0))
    assert found.qualified.low >= QUALIFIED_MIN * found.finalists, "mean qualifiers"
    assert found.no_winner.high <= NO_WINNER_MAX, "races without a winner"
    assert found.short.high <= SHORT_MAX, "races short of finalists"
    assert found.worst_ratio.high <= ROW_MAX, f"start row {found.worst_row} against its fair share"


def _validate(path: Path) -> list[dict[str, object]]:
    result = CliRunner().invoke(pnp_cli, ["validate", str(path), "--simulate", "300", "--format", "json"])
    assert result.exit_code == 0, result.output
    found: list[dict[str, object]] = json.loads(result.output)
    return [d for d in found if d["rule"] == "mdd.balance.targets"]


def test_validate_warns_about_the_old_track_and_names_the_search() -> None:
    [warning] = _validate(EXAMPLES / "v21-old-track.yaml")
    assert warning["severity"] == "warning"
    assert "of 10 qualify (target at least 8.5)" in str(warning["message"])
    assert "short of finalists" in str(warning["message"]) and "no winner" in str(warning["message"])
    assert "pnp mdd setup --balanced --ruleset v2.1 --cars 25" in str(warning["hint"])


def test_validate_is_quiet_about_a_shipped_setup() -> None:
    assert _validate(EXAMPLES / "v21-coords.yaml") == []


@pytest.mark.parametrize("path", [p for p in SHIPPED if "It is the random setup of" in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.name)
def test_a_shipped_setup_is_the_random_setup_its_header_names(path: Path) -> None:
    """The header's `pnp mdd setup ... --seed K` draws the very walls and mines (and grid) of the file."""
    from pnp.games.mdd.cli import mdd_cli
    from pnp.games.mdd.setup.generate import random_setup, setup_yaml
    from pnp.games.mdd.setup.search import board_of

    text = path.read_text(encoding="utf-8")
    named = re.search(r"It is the random setup of\n#   pnp mdd setup --ruleset (\S+) --cars (\d+) --seed (\d+)", text)
    assert named, "the header names the plain command"
    drawn = random_setup(named.group(1), int(named.group(2)), int(named.group(3)))
    assert board_of(drawn) == PLUGIN.build(load_yaml(path)).to_board()
    # the command as written, with the check of plain `pnp mdd setup`, keeps that very draw
    command = re.search(r"It is the random setup of\n#   pnp mdd setup (.+)", text).group(1)  # type: ignore[union-attr]
    made = CliRunner().invoke(mdd_cli, ["setup", *command.split()])
    assert made.exit_code == 0 and made.stderr == "", made.output
    assert f"--games 400 --seed {named.group(3)})" in made.stdout
    plain = setup_yaml(drawn, "--map" in command)
    assert made.stdout.split("\ngame: mdd\n", 1)[1] == plain.split("\ngame: mdd\n", 1)[1]
