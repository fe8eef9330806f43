"""Every Nitro Dice example: the valid tracks pass all rules; each invalid track breaks exactly the rule its
`# breaks:` comment names, reported on the line marked `# <- here`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.track.geometry import place_track
from pnp.rules import REGISTRY
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).parents[3] / "examples" / "nitro-dice"
VALID = sorted(EXAMPLES.glob("*.yaml"))
INVALID = sorted((EXAMPLES / "invalid").glob("*.yaml"))


def run(path: Path):
    located = load_yaml(path)
    spec = PLUGIN.build(located)
    return spec, PLUGIN.check(spec, located)


def test_there_are_examples_of_each_race_shape():
    names = {p.stem for p in VALID}
    assert {"two-lap-loop", "four-lap-race", "out-and-back", "figure-eight", "joined-loops"} <= names


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_example_passes_every_rule(path):
    spec, diagnostics = run(path)
    assert [d.format_text() for d in diagnostics] == []
    assert len(place_track(spec).sections) == len(spec.sections)


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_example_breaks_exactly_its_rule(path):
    text = path.read_text()
    expected = re.search(r"^# breaks: (\S+)", text, re.MULTILINE)
    assert expected, "an invalid example names the rule it breaks"
    marked = [i for i, line in enumerate(text.splitlines(), start=1) if "# <- here" in line]
    _, diagnostics = run(path)
    assert {d.rule for d in diagnostics} == {expected.group(1)}
    assert marked[0] in {d.line for d in diagnostics}


def test_every_nitro_rule_has_an_invalid_example():
    broken = {re.search(r"^# breaks: (\S+)", p.read_text(), re.MULTILINE).group(1) for p in INVALID}
    assert broken == {r.id for r in REGISTRY.all() if r.id.startswith("nitro.")}


def test_figure_eight_really_crosses_and_joined_loops_do_not(build):
    eight, _ = run(EXAMPLES / "figure-eight.yaml")
    assert any(s.over for s in eight.sections)
    loops, _ = run(EXAMPLES / "joined-loops.yaml")
    assert not any(s.over for s in loops.sections)
    turns = {s.turns_left for s in loops.sections if s.type.is_turn}
    assert turns == {True, False}
