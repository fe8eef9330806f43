"""Text maps: which cell each character stands for, and errors pointing at the character in the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.diagnostics import SpecError
from pnp.games.mdd.geometry import Board, Cell
from pnp.games.mdd.plugin import PLUGIN
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.textmap import MapError, board_to_map, draw_map, parse_map
from pnp.source.loader import load_yaml, load_yaml_text


def test_top_line_is_the_last_row_and_left_is_lane_one() -> None:
    parsed = parse_map("2.....\n..==..\n......\n")
    assert (parsed.lanes, parsed.rows) == (6, 3)
    assert [(cell, n) for cell, n, _ in parsed.mines] == [(Cell(1, 3), 2)]
    assert [cell for cell, _ in parsed.walls] == [Cell(3, 2)]


def test_cars_pair_from_the_bottom_up_and_wait_under_the_start_line() -> None:
    parsed = parse_map("....\n.r..\nRR..\nR...\n----\nb...\nB...\n")
    assert [(c.letter, c.cell) for c in parsed.cars] == [("R", Cell(2, 2)), ("R", Cell(1, 1)), ("B", Cell(1, -1))]
    assert parsed.rows == 4


def test_four_equals_signs_are_two_walls() -> None:
    parsed = parse_map(".====.\n......\n")
    assert [cell for cell, _ in parsed.walls] == [Cell(2, 2), Cell(4, 2)]


@pytest.mark.parametrize(
    ("text", "rule", "line", "column"),
    [
        ("...\n.x#\n", "mdd.map.char", 1, 2),
        ("...\n..\n", "mdd.map.shape", 1, 2),
        ("===\n...\n", "mdd.map.wall", 0, 2),
        ("...\n.R.\n", "mdd.map.car", 1, 1),
        ("...\n---\n1..\n", "mdd.map.behind", 2, 0),
        ("...\n\n...\n", "mdd.map.shape", 1, 0),
    ],
)
def test_unreadable_maps_name_the_character(text: str, rule: str, line: int, column: int) -> None:
    with pytest.raises(MapError) as caught:
        parse_map(text)
    assert (caught.value.rule, caught.value.pos.line, caught.value.pos.column) == (rule, line, column)


def test_map_errors_point_at_the_line_and_column_in_the_yaml_file(tmp_path: Path) -> None:
    path = tmp_path / "setup.yaml"
    path.write_text(
        "game: mdd\nruleset: v2.1\ntrack:\n  cell: 15mm\nmap: |\n" + "    .......\n" * 11 + "    ...?...\n",
        encoding="utf-8",
    )
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml(path))
    [found] = caught.value.diagnostics
    assert (found.rule, found.line, found.column) == ("mdd.map.char", 17, 8)
    assert "'?'" in found.message and found.hint


def test_rule_diagnostics_on_a_map_point_at_the_map_character(tmp_path: Path) -> None:
    rows = ["......."] * 30
    rows[30 - 20] = "==....."  # a wall against the left border in row 20
    path = tmp_path / "setup.yaml"
    path.write_text("game: mdd\nruleset: current\nmap: |\n" + "".join(f"   {r}\n" for r in rows), encoding="utf-8")
    located = load_yaml(path)
    border = [d for d in PLUGIN.check(PLUGIN.build(located), located) if d.rule == "mdd.walls.border"]
    assert [(d.line, d.column) for d in border] == [(14, 4)]


def test_without_the_source_file_the_usual_two_space_indent_is_assumed() -> None:
    located = load_yaml_text("game: mdd\nruleset: v2.1\nmap: |\n  ....\n  .%..\n" + "  ....\n" * 10)
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(located)
    assert [(d.line, d.column) for d in caught.value.diagnostics] == [(5, 4)]


def test_a_folded_map_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "setup.yaml"
    path.write_text("game: mdd\nruleset: v2.1\nmap: >\n  ......\n  ......\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml(path))
    assert [(d.rule, d.line) for d in caught.value.diagnostics] == [("mdd.map.style", 3)]


def test_the_map_size_and_track_keys_must_agree(tmp_path: Path) -> None:
    path = tmp_path / "setup.yaml"
    path.write_text("game: mdd\nruleset: v2.1\ntrack: {lanes: 8}\nmap: |\n" + "  .......\n" * 12, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml(path))
    assert [(d.rule, d.line, d.column) for d in caught.value.diagnostics] == [("mdd.map.shape", 5, 3)]
    assert "7 lanes" in caught.value.diagnostics[0].message


def test_a_map_too_small_for_a_track_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "setup.yaml"
    path.write_text("game: mdd\nruleset: v2.1\nmap: |\n" + "  ...\n" * 12, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml(path))
    assert [(d.rule, d.line) for d in caught.value.diagnostics] == [("mdd.map.shape", 4)]
    assert "3 lanes" in caught.value.diagnostics[0].message


def test_board_to_map_draws_what_parse_map_reads() -> None:
    board = Board(7, 12, (Cell(2, 11), Cell(4, 5)), ((Cell(7, 12), 3), (Cell(1, 1), 1)), (), (), limits_for("v2.1"))
    parsed = parse_map(board_to_map(board))
    assert sorted(cell for cell, _ in parsed.walls) == sorted(board.walls)
    assert sorted((cell, n) for cell, n, _ in parsed.mines) == sorted(board.mines)
    assert (parsed.lanes, parsed.rows) == (7, 12)


def test_spaces_between_cells_are_ignored_and_errors_keep_the_column_of_the_text() -> None:
    parsed = parse_map(". 2 . .\n. = = .\n")
    assert (parsed.lanes, [cell for cell, _ in parsed.walls]) == (4, [Cell(2, 1)])
    with pytest.raises(MapError) as caught:
        parse_map(". . . .\n. . # .\n")
    assert (caught.value.pos.line, caught.value.pos.column) == (1, 4)


def test_draw_map_draws_cars_and_the_start_line_that_parse_map_reads() -> None:
    text = draw_map(4, 3, [(2, 3)], [(4, 1, 2)], [("R", 1, 1), ("b", 3, -1)])
    assert text == ".==.\nR...\nR..2\n----\n..b.\n..b.\n"
    parsed = parse_map(text)
    assert [(c.drawn, c.cell) for c in parsed.cars] == [(("R", "R"), Cell(1, 1)), (("b", "b"), Cell(3, -1))]


def test_a_map_with_several_mistakes_reports_them_all_in_one_run() -> None:
    text = "....\n.x#.\n===.\n..\n----\n1...\n"
    with pytest.raises(MapError) as caught:
        parse_map(text)
    found = [(p.rule, p.pos.line, p.pos.column) for p in caught.value.problems if p.pos]
    assert sorted(found) == sorted([
        ("mdd.map.shape", 3, 2),  # a short line
        ("mdd.map.char", 1, 2),  # '#'
        ("mdd.map.wall", 2, 2),  # '===' is one and a half walls
        ("mdd.map.car", 1, 1),  # 'x' alone
        ("mdd.map.behind", 5, 0),  # a mine behind the start line
    ])
    assert caught.value.parsed is not None and caught.value.parsed.lanes == 4  # what could be read


def test_a_setup_map_reports_every_mistake_and_echoes_letters_as_typed(tmp_path: Path) -> None:
    rows = ["......."] * 12
    rows[3], rows[6], rows[9], rows[11] = "..?....", "x......", "...===.", "q......"
    path = tmp_path / "setup.yaml"
    path.write_text("game: mdd\nruleset: v2.1\nmap: |\n" + "".join(f"  {r}\n" for r in rows) + "  q......\n",
                    encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml(path))
    found = sorted((d.rule, d.line, d.column, d.message) for d in caught.value.diagnostics)
    assert [f[:3] for f in found] == [
        ("mdd.map.car", 10, 3), ("mdd.map.char", 7, 5), ("mdd.map.team", 16, 3), ("mdd.map.wall", 13, 8)]
    messages = " ".join(f[3] for f in found)
    assert "this 'x' has no 'x' above it" in messages and "no team's name starts with 'q'" in messages
    assert "'X'" not in messages and "'Q'" not in messages


def test_a_scenario_map_reports_every_mistake(tmp_path: Path) -> None:
    from pnp.games.mdd.race.scenario import load_scenario, scenario_board

    path = tmp_path / "scenario.yaml"
    path.write_text("title: t\nmap: |\n  ..?.\n  .R..\n  .r..\n  ===.\ncars:\n  R: {team: red}\n"
                    "moves:\n  - {car: R, roll: 3}\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        scenario_board(*load_scenario(str(path)))
    found = sorted((d.rule, d.line, d.column) for d in caught.value.diagnostics)
    assert found == [("mdd.map.char", 3, 5), ("mdd.map.wall", 6, 5), ("mdd.scenario.car", 4, 4)]
