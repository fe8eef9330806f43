"""Helpers for the Nitro Dice tests: build a track from YAML text and run its rules."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pnp.diagnostics import Diagnostic
from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.plugin import PLUGIN
from pnp.source.loader import load_yaml_text

OVAL = """\
game: nitro-dice
race: {laps: 2}
players: 4
sections:
  - start_finish
  - straight
  - turn_a
  - turn_a
  - turn_b
  - straight
  - straight
  - turn_a
  - turn_a
  - turn_b
garage: {beside: 2}
"""


@pytest.fixture
def oval() -> str:
    """A valid two-lap oval (the quick-oval example without its hazard)."""
    return OVAL


@pytest.fixture
def build() -> Callable[[str], NitroTrack]:
    return lambda text: PLUGIN.build(load_yaml_text(text, file="track.yaml"))


@pytest.fixture
def check() -> Callable[[str], list[Diagnostic]]:
    def run(text: str) -> list[Diagnostic]:
        located = load_yaml_text(text, file="track.yaml")
        return PLUGIN.check(PLUGIN.build(located), located)

    return run


@pytest.fixture
def meeting() -> Callable[..., object]:
    """A factory: out-and-back.yaml with 2 dice, A (die 0) on the way back and B (die 1) on the way out on the
    next space of A's strip, facing each other, at `speeds`; `rules` are the `play:` readings."""
    from pathlib import Path

    from pnp.games.nitro.race.drivers import DRIVERS
    from pnp.games.nitro.race.engine import Race
    from pnp.games.nitro.readings import PlayRules
    from pnp.source.loader import load_yaml

    def make(speeds: tuple[int, int], driver: str = "cautious", **rules: object) -> Race:
        spec = PLUGIN.build(load_yaml(Path(__file__).parents[3] / "examples" / "nitro-dice" / "out-and-back.yaml"))
        spec = spec.model_copy(update={"players": 2, "play": PlayRules(**rules)})
        race = Race(spec, [DRIVERS[driver]] * 2, seed=3, order=[0, 1])
        c = race.course
        back = c.sections * c.k + 1
        out = next(p for p in range(c.sections * c.k) if c.sid(p, 0) == c.sid(back + 1, 0))
        race.relocate(0, back, 0)
        race.relocate(1, out, 0)
        race.speed[:] = list(speeds)
        return race

    return make
