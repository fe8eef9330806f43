"""Pockets: three legal walls can close a place a car drives into and never leaves. The generator never
makes one; the validator warns (mdd.track.pocket) and the warning goes when a wall moves by a lane."""

from __future__ import annotations

from pathlib import Path

from pnp.diagnostics import Severity
from pnp.games.mdd.geometry import Cell
from pnp.games.mdd.plugin import PLUGIN
from pnp.games.mdd.setup.generate import random_setup, setup_yaml
from pnp.games.mdd.setup.pockets import trapped
from pnp.source.loader import load_yaml, load_yaml_text

POCKET = Path("examples/mdd-setups/invalid/track-pocket.yaml")


def test_three_walls_close_a_pocket_and_moving_one_opens_it() -> None:
    walls = [Cell(2, 20), Cell(6, 20), Cell(4, 22)]
    starts = [(lane, 9) for lane in range(4, 9)]
    assert trapped(11, 30, walls, starts) == {(4, 19), (5, 19), (4, 20), (5, 20)}
    assert trapped(11, 30, [Cell(2, 20), Cell(6, 20), Cell(5, 22)], starts) == set()


def test_random_setups_never_close_a_pocket() -> None:
    for seed in range(150):
        for lanes, cars in ((11, 25), (7, 25), (11, 36)):
            setup = random_setup("v2.1", cars, seed, lanes=lanes)
            board = PLUGIN.build(load_yaml_text(setup_yaml(setup))).to_board()
            assert trapped(board.lanes, board.rows, board.walls, [(c.lane, c.row) for c in board.cars]) == set()


def test_the_pocket_warning_goes_when_the_wall_ahead_moves(tmp_path: Path) -> None:
    located = load_yaml(POCKET)
    found = [d for d in PLUGIN.check(PLUGIN.build(located), located) if d.rule == "mdd.track.pocket"]
    assert len(found) == 1 and found[0].severity == Severity.WARNING
    assert "lanes 4-5, rows 19-21" in found[0].message
    moved = tmp_path / "moved.yaml"
    moved.write_text(POCKET.read_text(encoding="utf-8").replace("{lane: 4, row: 22}", "{lane: 5, row: 22}"))
    located = load_yaml(moved)
    assert PLUGIN.check(PLUGIN.build(located), located) == []
