"""Every shipped Nitro Dice track, raced at its own number of players with the default readings and drivers,
gives no start position more than 1.6 times its fair share: the upper end of that position's 95% interval (the
report's, widened for the number of start positions) stays under 1.6 times one race in the number of players.

1000 races settle the long races; a short race with 3 or 4 players sits near 1.45 (the text's inside-lane tie-break,
docs/nitro-dice.md), where 1000 races leave an interval about 0.15 wide either side, so a track whose interval still
reaches 1.6 is raced 4000 times before it is judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.race.simulate import simulate
from pnp.games.nitro.race.summary import summarize
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).parents[3] / "examples" / "nitro-dice"
SHIPPED = sorted(EXAMPLES.glob("*.yaml")) + sorted((EXAMPLES / "generated").glob("*.yaml"))
RACES = 1000
MORE_RACES = 4000
LIMIT = 1.6


def worst_start(path: Path, races: int = RACES, seed: int = 0) -> tuple[int, float, float]:
    """The start position that wins most, its wins and the top of its interval, both against its fair share."""
    track = PLUGIN.build(load_yaml(path))
    summary = summarize(track, ("table",), simulate(track, races, seed=seed))
    best = max(summary.win_rate_by_start, key=lambda s: s.rate.value)
    return best.start, best.rate.value / best.fair, best.rate.high / best.fair


def test_every_shipped_track_is_measured():
    assert len(SHIPPED) >= 6 and {"figure-eight", "four-lap-race"} <= {p.stem for p in SHIPPED}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_no_start_position_wins_more_than_1_6_times_its_share(path):
    start, share, top = worst_start(path)
    if top >= LIMIT:
        start, share, top = worst_start(path, MORE_RACES)
    assert top < LIMIT, f"start {start} wins {share:.2f}x its share (up to {top:.2f}x); see docs/nitro-dice.md"
