"""The numbers an MDD kit's rulebook quotes come from the kit's own setup and its ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games.mdd.plugin import PLUGIN
from pnp.games.mdd.printed.rulebook import mdd_rulebook
from pnp.source.loader import load_yaml

SETUPS = Path(__file__).resolve().parents[4] / "examples" / "mdd-setups"


@pytest.mark.parametrize(
    ("setup", "cars", "teams", "finalists"),
    [("v21-coords.yaml", 25, 5, 10), ("v21-30-cars.yaml", 30, 6, 12)],
)
def test_rulebook_quotes_the_kits_cars_teams_and_finalists(setup: str, cars: int, teams: int, finalists: int) -> None:
    context = mdd_rulebook(PLUGIN.build(load_yaml(SETUPS / setup))).context
    assert (context["kit"]["cars"], context["kit"]["teams"]) == (cars, teams)
    rules = context["rules"]
    assert (rules["cars"], rules["teams"], rules["finalists"]) == (cars, teams, finalists)
    assert context["rules"]["wall_gap"] == 5  # v2.1: walls at least 5 cells ahead of the front row
