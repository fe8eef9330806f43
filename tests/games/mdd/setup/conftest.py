"""Helpers for the MDD setup tests: write a setup to a file, build it and run every rule."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.mdd.plugin import PLUGIN
from pnp.source.loader import load_yaml

WALLS = [(2, 16), (5, 17), (3, 20), (5, 23), (2, 24), (3, 28)]
BOMBS = [
    (4, 15, 2),
    (3, 18, 2),
    (1, 18, 1),
    (7, 19, 2),
    (4, 21, 3),
    (6, 22, 1),
    (1, 25, 2),
    (4, 26, 2),
    (6, 27, 1),
    (2, 29, 3),
    (5, 30, 2),
    (7, 30, 1),
]
"""A legal v2.1 layout for 25 cars on the old default 7 x 30 track (named in the file): 6 walls, 22 bombs."""


def _setup_text(
    ruleset: str = "v2.1",
    walls: list[tuple[int, int]] | None = None,
    mines: list[tuple[int, int, int]] | None = None,
    extra: str = "",
) -> str:
    """A setup file: the legal layout above unless walls or mines are given; `extra` adds top-level keys."""
    walls = WALLS if walls is None else walls
    mines = BOMBS if mines is None else mines
    track = [] if "track:" in extra else ["track: {lanes: 7, rows: 30}"]
    lines = ["game: mdd", f"ruleset: {ruleset}", *extra.splitlines(), "walls:"]
    lines += [f"  - {{lane: {lane}, row: {row}}}" for lane, row in walls]
    lines += ["mines:"] + [f"  - {{lane: {lane}, row: {row}, count: {n}}}" for lane, row, n in mines]
    lines += track
    return "\n".join(lines) + "\n"


@pytest.fixture
def setup_text() -> Callable[..., str]:
    """Build setup texts: `setup_text(ruleset=..., walls=..., mines=..., extra=...)`."""
    return _setup_text


@pytest.fixture
def diagnose(tmp_path: Path) -> Callable[[str], list[Diagnostic]]:
    """Write `text` to a file and return its diagnostics (build errors included)."""

    def run(text: str) -> list[Diagnostic]:
        path = tmp_path / "setup.yaml"
        path.write_text(text, encoding="utf-8")
        located = load_yaml(path)
        try:
            spec = PLUGIN.build(located)
        except SpecError as exc:
            return exc.diagnostics
        return PLUGIN.check(spec, located)

    return run
