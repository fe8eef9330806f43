"""Any spec either fails with located diagnostics or, once it passes the checker, can be played."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.diagnostics import SpecError
from pnp.games.dragrage.plugin import PLUGIN
from pnp.games.dragrage.race.dice import RandomDice
from pnp.games.dragrage.race.play import play_race
from pnp.games.dragrage.race.strategies import builtin_strategies
from pnp.source.loader import load_yaml_text

values = st.integers(min_value=-5, max_value=40)


@settings(max_examples=80, deadline=None)
@given(
    lane=st.integers(min_value=-3, max_value=40),
    finish=st.integers(min_value=-3, max_value=40),
    counters=st.lists(values, min_size=0, max_size=8),
    pool=st.sampled_from(["shared", "separate", "both"]),
    spin=st.sampled_from(["spent", "returned"]),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_specs_fail_cleanly_or_play(
    lane: int, finish: int, counters: list[int], pool: str, spin: str, seed: int
) -> None:
    text = (
        f"game: drag-rage\nlane_length: {lane}\nfinish_after: {finish}\ncounters: {counters}\n"
        f"counter_pool: {pool}\nspun_out_counter: {spin}\n"
    )
    located = load_yaml_text(text, file="spec.yaml")
    try:
        spec = PLUGIN.build(located)
    except SpecError as exc:
        assert all(d.file == "spec.yaml" and d.line >= 1 for d in exc.diagnostics)
        return
    found = PLUGIN.check(spec, located)
    assert all(d.line >= 1 for d in found)
    if any(d.is_error for d in found):
        return
    rng = random.Random(seed)
    drivers = builtin_strategies()
    race = play_race(spec.variant(), (drivers["random"], drivers["threshold"]), RandomDice(rng), rng, max_heats=3)
    assert 1 <= len(race.heats) <= 3
