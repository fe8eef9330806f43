"""Every file in examples/mdd-setups/ is checked: valid ones pass, each invalid one breaks its one rule.

Invalid examples name the rule in a `# breaks: RULE` comment and mark the place the diagnostic must
point at: `# expect-line` at the end of that line, or `# expect-at: LINE:COL` for a character of a map. A
`# also: mdd.kit.RULE` line names a kit warning that cannot be avoided (every 36-car setup lacks counters).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.mdd.plugin import PLUGIN
from pnp.rules import REGISTRY
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "mdd-setups"
VALID = sorted(EXAMPLES.glob("*.yaml"))
INVALID = sorted((EXAMPLES / "invalid").glob("*.yaml"))
CANNOT_BREAK_ALONE = {"mdd.track.lanes", "mdd.track.finish", "mdd.track.row_blocked"}
"""Walls that shut a lane or the finish off also touch a border or each other; see test_setup_rules."""


def diagnose(path: Path) -> list[Diagnostic]:
    located = load_yaml(path)
    try:
        spec = PLUGIN.build(located)
    except SpecError as exc:
        return exc.diagnostics
    return PLUGIN.check(spec, located)


def test_there_are_examples_of_each_kind() -> None:
    names = {p.name for p in VALID}
    assert {"v21-coords.yaml", "v21-map.yaml", "current-coords.yaml", "current-map.yaml"} <= names
    assert any("30" in n for n in names) and any("36" in n for n in names)
    assert len(INVALID) >= 25


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_example_has_no_errors(path: Path) -> None:
    errors = [d.format_text() for d in diagnose(path) if d.is_error]
    assert errors == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_example_breaks_exactly_its_rule_at_the_marked_place(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    broken = re.search(r"^# breaks: (\S+)$", text, re.M)
    assert broken, "an invalid example names the rule it breaks"
    also = set(re.findall(r"^# also: (\S+)$", text, re.M))
    assert all(rule.startswith("mdd.kit.") for rule in also), "only a kit warning may come along"
    everything = diagnose(path)
    assert {d.rule for d in everything} == {broken.group(1)} | also, [d.format_text() for d in everything]
    found = [d for d in everything if d.rule == broken.group(1)]
    at = re.search(r"^# expect-at: (\d+):(\d+)$", text, re.M)
    if at:
        assert {(d.line, d.column) for d in found} == {(int(at.group(1)), int(at.group(2)))}
    else:
        marked = {i for i, line in enumerate(text.split("\n"), start=1) if line.endswith("# expect-line")}
        assert len(marked) == 1
        assert {d.line for d in found} == marked
    assert all(d.file == str(path) and d.message and d.hint for d in found)


def test_every_rule_that_can_break_alone_has_an_invalid_example() -> None:
    broken = {re.search(r"^# breaks: (\S+)$", p.read_text(encoding="utf-8"), re.M).group(1) for p in INVALID}
    mdd_rules = {r.id for r in REGISTRY.all() if r.id.startswith("mdd.")}
    assert mdd_rules - CANNOT_BREAK_ALONE <= broken


def test_map_and_coordinates_forms_of_the_same_setup_give_the_same_board() -> None:
    boards = [PLUGIN.build(load_yaml(EXAMPLES / name)).to_board() for name in ("v21-map.yaml", "v21-coords.yaml")]
    assert boards[0] == boards[1]


def test_36_car_map_puts_the_sixth_line_behind_the_start() -> None:
    board = PLUGIN.build(load_yaml(EXAMPLES / "v21-36-cars-map.yaml")).to_board()
    behind = [c for c in board.cars if c.row <= 0]
    assert len(board.cars) == 36
    assert len(behind) == 6 and {c.row for c in behind} == {-1}
    assert {c.number for c in behind} == set(range(31, 37))
