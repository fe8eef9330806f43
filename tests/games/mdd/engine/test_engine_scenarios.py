"""Every recreated rule example plays out as its rule text says; bad scenarios give located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data import resource_path
from pnp.diagnostics import SpecError
from pnp.games.mdd.race.cells import snapshot
from pnp.games.mdd.race.scenario import draw_board, load_scenario, play_scenario, scenario_board
from pnp.source.loader import load_yaml_text

SCENARIOS = sorted(resource_path("pnp.games.mdd", "scenarios").glob("*.yaml"))


def test_both_rulebooks_examples_are_recreated():
    names = [p.name for p in SCENARIOS]
    assert sum(n.startswith("v21-") for n in names) == 9
    assert sum(n.startswith("cur-") for n in names) == 15


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rule_example_outcome(path: Path):
    scenario, located = load_scenario(str(path))
    assert scenario.expect is not None
    result = play_scenario(scenario, located)
    assert result.unmet == ()


def build(text: str):
    from pnp.games.mdd.race.scenario import Scenario
    from pnp.model.base import build_model

    located = load_yaml_text(text, file="s.yaml")
    return build_model(Scenario, located), located


BASE = """title: t
map: |
  ....
  .R..
  .R..
cars:
  R: {team: red}
moves:
  - {car: R, roll: 3}
"""


def test_a_wrong_stated_outcome_is_reported():
    scenario, located = build(BASE + "expect:\n  lives: {R: 5}\n  at: {R: [2, 9]}\n")
    unmet = play_scenario(scenario, located).unmet
    assert len(unmet) == 2 and "R should have 5 HP, has 7" in unmet[0]  # current rules


def test_the_car_crosses_the_line_at_the_top_of_the_map():
    scenario, located = build(BASE + "expect:\n  qualified: [R]\n")
    assert play_scenario(scenario, located).unmet == ()
    scenario, located = build(BASE.replace("title: t", "title: t\nrows_ahead: 5") + "expect:\n  racing: [R]\n")
    assert play_scenario(scenario, located).unmet == ()


@pytest.mark.parametrize(
    ("text", "line", "rule"),
    [
        (BASE.replace("  .R..\n  .R..", "  .R..\n  .R.", 1), 5, "mdd.map.shape"),
        (BASE.replace("  ....\n", "  .=..\n", 1), 3, "mdd.map.wall"),
        (BASE.replace("  .R..\n  .R..", "  .R..\n  ..R."), 4, "mdd.map.car"),
        (BASE.replace("R: {team: red}", "R: {team: red, lifes: 3}"), 7, "spec.unknown_key"),
        (BASE.replace("{car: R, roll: 3}", "{car: Q, roll: 3}"), 9, "mdd.scenario.move"),
        (BASE.replace("roll: 3", "roll: 7"), 9, "spec.value"),
    ],
)
def test_bad_scenarios_are_located(text: str, line: int, rule: str):
    with pytest.raises(SpecError) as info:
        scenario, located = build(text)
        play_scenario(scenario, located)
    d = info.value.diagnostics[0]
    assert (d.rule, d.file, d.line) == (rule, "s.yaml", line)


def test_board_drawing_shows_walls_mines_and_cars_with_the_finish_on_top():
    scenario, located = build(BASE.replace("  ....\n", "  ==2.\n", 1))
    sb = scenario_board(scenario, located)
    from pnp.games.mdd.race.engine import Race

    text = draw_board(snapshot(Race(sb.board)), sb.letters)
    assert text.splitlines() == ["   ----  finish", "3  ==2.", "2  .R..", "1  .R.."]


def test_a_scenario_that_ends_qualifying_is_refused_at_that_move():
    letters = "ABCDEFGHIJ"
    text = "title: t\nmap: |\n  " + letters + "\n  " + letters + "\n  " + "." * 10 + "\ncars:\n"
    text += "".join(f"  {c}: {{team: a}}\n" for c in letters) + "moves:\n"
    text += "".join(f"  - {{car: {c}, roll: 3}}\n" for c in letters)
    scenario, located = build(text)
    with pytest.raises(SpecError) as info:
        play_scenario(scenario, located)
    d = info.value.diagnostics[0]
    assert d.rule == "mdd.scenario.move" and d.line == text.splitlines().index("  - {car: J, roll: 3}") + 1


def test_a_bad_map_line_is_located_at_its_text_not_at_the_block_indicator():
    with pytest.raises(SpecError) as info:
        scenario, located = build(BASE.replace("  .R..\n  .R..", "  .R..\n  .R.", 1))
        play_scenario(scenario, located)
    d = info.value.diagnostics[0]
    # the map's lines are indented two spaces: the missing fourth cell is column 6
    assert (d.rule, d.line, d.column) == ("mdd.map.shape", 5, 6)


def test_scenario_maps_read_the_setup_grammar_spaces_and_start_line_included():
    text = BASE.replace("  ....\n  .R..\n  .R..", "  . . . .\n  . R . .\n  . R . .\n  - - - -\n  . . b .\n  . . b .")
    scenario, located = build(text.replace("R: {team: red}", "R: {team: red}\n  b: {team: blue}"))
    sb = scenario_board(scenario, located)
    assert [(c.lane, c.row) for c in sb.board.cars] == [(2, 1), (3, -1)]
    from pnp.games.mdd.race.engine import Race

    assert draw_board(snapshot(Race(sb.board)), sb.letters).splitlines() == [
        "    ----  finish",
        " 3  ....",
        " 2  .R..",
        " 1  .R..",
        "    ----  start",
        " 0  ..b.",
        "-1  ..b.",
    ]


@pytest.mark.parametrize(
    ("old", "new", "rule", "line", "column"),
    [
        ("  ....\n", "  ..#.\n", "mdd.map.char", 3, 5),
        ("  .R..\n  .R..", "  .r..\n  .R..", "mdd.scenario.car", 4, 4),
        ("  ....\n", "  ..R.\n  ..R.\n", "mdd.scenario.car", 6, 4),
        ("  ....\n", "  .R..\n", "mdd.map.car", 3, 4),
    ],
)
def test_scenario_map_errors_name_the_character(old: str, new: str, rule: str, line: int, column: int):
    with pytest.raises(SpecError) as info:
        scenario, located = build(BASE.replace(old, new, 1))
        play_scenario(scenario, located)
    d = info.value.diagnostics[0]
    assert (d.rule, d.line, d.column) == (rule, line, column)


def test_a_scenario_map_must_be_a_literal_block():
    with pytest.raises(SpecError) as info:
        scenario, located = build(BASE.replace("map: |\n  ....\n  .R..\n  .R..\n", 'map: "....\\n.R..\\n.R.."\n'))
        play_scenario(scenario, located)
    assert info.value.diagnostics[0].rule == "mdd.map.style"
