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
