"""A rate with nothing to count is reported as not available, never as 0 %."""

from __future__ import annotations

import json

from pnp.games.dragrage.race.summary import _pct
from pnp.sim.stats import rate_estimate as rate


def test_a_rate_over_no_trials_is_empty_and_prints_as_not_available():
    empty = rate(0, 0)
    assert empty.empty
    assert _pct(empty).startswith("n/a")
    assert json.loads(json.dumps(empty.to_dict())) == {"value": None, "low": None, "high": None}


def test_a_rate_over_trials_prints_its_interval():
    some = rate(3, 10)
    assert not some.empty and some.low < 0.3 < some.high
    assert _pct(some).strip().startswith("30.0 %")
