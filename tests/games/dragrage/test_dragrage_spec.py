"""The Drag Rage spec model and its validator rules, on the example kits and on small edits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.diagnostics import Severity, SpecError
from pnp.games.dragrage.plugin import PLUGIN
from pnp.games.dragrage.variant import BlownEngine, Crossing, Pool, SpinOut, Variant
from pnp.rules import REGISTRY
from pnp.source.loader import load_yaml, load_yaml_text

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "drag-rage"
INVALID = sorted((EXAMPLES / "invalid").glob("*.yaml"))
VALID = [EXAMPLES / "kit.yaml", *sorted((EXAMPLES / "variants").glob("*.yaml"))]
HEAD = 'game: drag-rage\nkit:\n  title: T\ncredit: "c"\n'


def diagnostics(text: str) -> list:
    located = load_yaml_text(HEAD + text, file="spec.yaml")
    return PLUGIN.check(PLUGIN.build(located), located)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_example_kits_are_clean(path: Path) -> None:
    located = load_yaml(path)
    assert PLUGIN.check(PLUGIN.build(located), located) == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_each_invalid_example_breaks_its_rule_at_its_line(path: Path) -> None:
    expect = re.match(r"# expect: (\S+) at line (\d+)", path.read_text(encoding="utf-8"))
    assert expect, "invalid examples start with '# expect: RULE at line N'"
    located = load_yaml(path)
    found = PLUGIN.check(PLUGIN.build(located), located)
    assert [(d.rule, d.line) for d in found] == [(expect[1], int(expect[2]))]


def test_every_rule_has_an_invalid_example() -> None:
    ours = {r.id for r in REGISTRY.all() if r.id.startswith("dragrage.")}
    covered = {re.match(r"# expect: (\S+)", p.read_text(encoding="utf-8"))[1] for p in INVALID}
    assert ours == covered


def test_standard_kit_builds_the_standard_variant() -> None:
    spec = PLUGIN.build(load_yaml(EXAMPLES / "kit.yaml"))
    assert spec.variant() == Variant()


def test_values_are_coerced_from_yaml_text() -> None:
    spec = PLUGIN.build(load_yaml_text(HEAD + "lane_length: 30\ncounter_pool: separate\nspun_out_counter: returned\n"))
    variant = spec.variant()
    assert (variant.lane_length, variant.pool, variant.spin_out) == (30, Pool.SEPARATE, SpinOut.RETURNED)


def test_print_section_takes_sheet_settings_and_refuses_unknown_keys() -> None:
    spec = PLUGIN.build(load_yaml_text(HEAD + "print:\n  dice: 2\n  sheets: {paper: letter}\n"))
    assert spec.print is not None and spec.print.dice == 2 and spec.print.sheets.paper == "letter"
    with pytest.raises(SpecError) as info:
        PLUGIN.build(load_yaml_text(HEAD + "print:\n  anything: [1, 2]\n"))
    assert info.value.diagnostics[0].rule == "spec.unknown_key"


@pytest.mark.parametrize(
    ("text", "rule", "line"),
    [
        ("lane_lenght: 26\n", "spec.unknown_key", 5),
        ("counters: [2, x]\n", "spec.value", 5),
        ("counters: [" + "9" * 5000 + "]\n", "spec.value", 5),
        ("counter_pool: both\n", "spec.value", 5),
        ("lane_length: 1\n", "spec.value", 5),
        ("counters: []\n", "spec.value", 5),
    ],
)
def test_schema_errors_are_located(text: str, rule: str, line: int) -> None:
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml_text(HEAD + text, file="spec.yaml"))
    assert {(d.rule, d.line) for d in caught.value.diagnostics} == {(rule, line)}


def test_typo_gets_a_suggestion() -> None:
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml_text(HEAD + "finish_afer: 20\n"))
    assert "finish_after" in caught.value.diagnostics[0].hint


# Each rule: a passing and a failing edit of the standard spec.
@pytest.mark.parametrize(
    ("rule", "failing", "passing"),
    [
        ("dragrage.finish.inside_lane", "finish_after: 26\n", "finish_after: 25\n"),
        ("dragrage.finish.inside_lane", "finish_after: 0\n", "finish_after: 1\n"),
        (
            "dragrage.counters.positive",
            "counters: [-3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n",
            "counters: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n",
        ),
        (
            "dragrage.counters.distinct",
            "counters: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11]\n",
            "counters: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]\n",
        ),
        (
            "dragrage.counters.reach",
            "finish_after: 22\ncounters: [10, 11]\n",
            "finish_after: 21\ncounters: [10, 11]\ncounter_pool: separate\n",
        ),
        (
            "dragrage.chute.unavoidable",
            "lane_length: 23\ncounters: [12, 11, 9]\ncounter_pool: separate\n",
            "lane_length: 24\ncounters: [12, 11, 9]\ncounter_pool: separate\n",
        ),
        (
            "dragrage.engine.unavoidable",
            "counters: [2, 4, 6, 8, 10, 12]\n",
            "counters: [2, 4, 6, 8, 10, 12]\ncounter_pool: separate\n",
        ),
        ("dragrage.engine.unavoidable", "counters: [12, 30, 3, 1]\n", "counters: [12, 30, 10]\n"),
    ],
)
def test_rule_fails_and_passes(rule: str, failing: str, passing: str) -> None:
    assert rule in {d.rule for d in diagnostics(failing)}
    assert rule not in {d.rule for d in diagnostics(passing)}


def test_certainty_rules_are_warnings_and_setup_rules_errors() -> None:
    severities = {d.rule: d.severity for d in diagnostics("counters: [2, 4, 6, 8, 10, 12, 0]\n")}
    assert severities == {"dragrage.engine.unavoidable": Severity.WARNING, "dragrage.counters.positive": Severity.ERROR}


def test_crossing_move_reading_is_a_spec_option() -> None:
    assert PLUGIN.build(load_yaml_text(HEAD)).variant().crossing is Crossing.CHALLENGEABLE
    spec = PLUGIN.build(load_yaml_text(HEAD + "crossing_move: final\n"))
    assert spec.variant().crossing is Crossing.FINAL
    with pytest.raises(SpecError) as info:
        PLUGIN.build(load_yaml_text(HEAD + "crossing_move: never\n"))
    assert "crossing_move" in str(info.value.diagnostics[0].format_text())


def test_the_literal_reading_of_rule_9_is_a_spec_value_and_a_wrong_one_is_located() -> None:
    spec = PLUGIN.build(load_yaml_text(HEAD + "crossing_move: literal\n"))
    assert spec.variant().crossing is Crossing.LITERAL
    with pytest.raises(SpecError) as info:
        PLUGIN.build(load_yaml_text(HEAD + "crossing_move: literally\n", file="spec.yaml"))
    found = info.value.diagnostics[0]
    assert (found.rule, found.line, found.column) == ("spec.value", 5, 16)
    assert all(value in found.format_text() for value in ("challengeable", "literal", "final"))


def test_the_blown_engine_reading_of_rule_8_is_a_spec_value_and_a_wrong_one_is_located() -> None:
    assert PLUGIN.build(load_yaml_text(HEAD)).variant().blown_engine is BlownEngine.KEEPS_TURNS
    spec = PLUGIN.build(load_yaml_text(HEAD + "blown_engine: stops\n"))
    assert spec.variant().blown_engine is BlownEngine.STOPS
    with pytest.raises(SpecError) as info:
        PLUGIN.build(load_yaml_text(HEAD + "blown_engine: stop\n", file="spec.yaml"))
    found = info.value.diagnostics[0]
    assert (found.rule, found.line, found.column) == ("spec.value", 5, 15)
    assert all(value in found.format_text() for value in ("keeps_turns", "stops"))
