"""The default track plays as the rules describe (docs/mdd-setup.md, "Calibration"): random legal setups of
`pnp mdd setup` fill the final, nearly always have a winner, and no start row is strongly favoured."""

from __future__ import annotations

import pytest

from pnp.games.mdd.race.simulate import example_board, simulate

SETUPS, RACES = 100, 3


@pytest.mark.parametrize("ruleset", ["v2.1", "current"])
def test_the_default_setup_holds_the_calibration(ruleset: str) -> None:
    qualified, short, winners, rows = 0, 0, 0, {}
    for seed in range(SETUPS):
        board = example_board(25, seed, ruleset)
        for race in simulate(board, RACES, seed=seed):
            qualified += race.qualified
            short += race.qualified < 10
            if race.winner >= 0:
                winners += 1
                row = board.cars[race.winner].row
                rows[row] = rows.get(row, 0) + 1
    games = SETUPS * RACES
    assert qualified / games >= 8.5, "mean cars qualified, of 10"
    assert short / games <= 0.5, "share of races with fewer than 10 qualified"
    assert winners / games >= 0.95, "share of races with a winner"
    assert len(rows) == 5 and max(rows.values()) / winners <= 1.5 * 0.2, "no start row wins 1.5x its share"
