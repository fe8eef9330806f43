"""`play --figure` and `simulate --chart`: the files come out, read back, and say what the user needs."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import click
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.data import resource_path
from pnp.games.mdd.cli import play_command, simulate_command
from pnp.games.mdd.printed.draw_scenario import car_runs
from pnp.games.mdd.race.scenario import load_scenario, play_scenario
from pnp.games.mdd.setup.generate import random_setup, setup_yaml
from pnp.pipeline import load_checked
from tests.svgtext import svg_texts

SCENARIOS = resource_path("pnp.games.mdd", "scenarios")
SVG = "{http://www.w3.org/2000/svg}"


@click.group()
def cli() -> None:
    """Test group."""


cli.add_command(play_command)
cli.add_command(simulate_command)


def _texts(svg: Path) -> list[str]:
    root = ET.fromstring(svg.read_bytes())
    return svg_texts(root)


def _mm(value: str) -> float:
    return float(value.removesuffix("mm"))


@pytest.fixture(scope="module")
def setup_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("setup") / "setup.yaml"
    path.write_text(setup_yaml(random_setup("v2.1", 25, 3)), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name", ["cur-04-three-hits-chain", "v21-09-branching-push", "cur-12-red-qualifies-yellow-out"]
)
def test_play_figure_svg_shows_every_car_and_both_boards(tmp_path: Path, name: str):
    scenario = SCENARIOS / f"{name}.yaml"
    out = tmp_path / "fig.svg"
    result = CliRunner().invoke(cli, ["play", str(scenario), "--figure", str(out)])
    assert result.exit_code == 0, result.output
    assert "Before:" in result.output  # the text report is still printed
    texts = _texts(out)
    spec, _ = load_scenario(str(scenario))
    for number in range(1, len(spec.cars) + 1):
        assert str(number) in texts, f"car {number} is not drawn"
    assert "Before" in texts and "After" in texts
    assert any("rolls" in t for t in texts)


def test_play_figure_pdf_is_one_page_the_size_of_the_svg(tmp_path: Path):
    scenario = str(SCENARIOS / "cur-07-yellow-off-eliminated.yaml")
    runner = CliRunner()
    assert runner.invoke(cli, ["play", scenario, "--figure", str(tmp_path / "f.pdf")]).exit_code == 0
    assert runner.invoke(cli, ["play", scenario, "--figure", str(tmp_path / "f.svg")]).exit_code == 0
    root = ET.fromstring((tmp_path / "f.svg").read_bytes())
    pdf = pdfium.PdfDocument(str(tmp_path / "f.pdf"))
    try:
        assert len(pdf) == 1
        width, height = pdf[0].get_size()
    finally:
        pdf.close()
    assert width == pytest.approx(_mm(root.get("width", "")) * 72 / 25.4, abs=0.1)
    assert height == pytest.approx(_mm(root.get("height", "")) * 72 / 25.4, abs=0.1)
    assert width > height  # the two boards stand side by side


def test_figure_paths_follow_the_stated_outcome():
    spec, located = load_scenario(str(SCENARIOS / "cur-04-three-hits-chain.yaml"))
    result = play_scenario(spec, located)
    runs, outcome = car_runs(result.before, result.events)
    assert spec.expect is not None
    by_letter = {result.letters[run.car]: run for run in runs}
    assert not by_letter["R"].pushed and by_letter["G"].pushed and by_letter["Y"].pushed
    for letter, cell in spec.expect.at.items():
        car = result.letters.index(letter)
        start = result.before.cars[car]
        assert by_letter[letter].cells[0] == (start.lane, start.row)
        assert by_letter[letter].cells[-1] == tuple(cell)
    assert not outcome.eliminated and not outcome.qualified


def test_eliminated_and_qualified_cars_are_marked(tmp_path: Path):
    out = tmp_path / "q.svg"
    result = CliRunner().invoke(
        cli, ["play", str(SCENARIOS / "cur-12-red-qualifies-yellow-out.yaml"), "--figure", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "1st" in _texts(out)
    spec, located = load_scenario(str(SCENARIOS / "cur-12-red-qualifies-yellow-out.yaml"))
    played = play_scenario(spec, located)
    _, outcome = car_runs(played.before, played.events)
    assert [played.letters[c] for c in outcome.qualified] == list(spec.expect.qualified or ())
    assert sorted(played.letters[c] for c in outcome.eliminated) == sorted(spec.expect.eliminated)


def test_same_scenario_gives_the_same_bytes(tmp_path: Path):
    scenario = str(SCENARIOS / "v21-09-branching-push.yaml")
    runner = CliRunner()
    for suffix in ("svg", "pdf"):
        a, b = tmp_path / f"a.{suffix}", tmp_path / f"b.{suffix}"
        assert runner.invoke(cli, ["play", scenario, "--figure", str(a)]).exit_code == 0
        assert runner.invoke(cli, ["play", scenario, "--figure", str(b)]).exit_code == 0
        assert a.read_bytes() == b.read_bytes()


def test_a_bad_suffix_is_a_usage_error_and_writes_nothing(tmp_path: Path, setup_file: Path):
    runner = CliRunner()
    bad = tmp_path / "fig.png"
    result = runner.invoke(cli, ["play", str(SCENARIOS / "cur-01-mine.yaml"), "--figure", str(bad)])
    assert result.exit_code == 2
    assert ".svg" in result.output and not bad.exists()
    result = runner.invoke(cli, ["simulate", str(setup_file), "--games", "2", "--chart", str(tmp_path / "c.txt")])
    assert result.exit_code == 2
    assert not (tmp_path / "c.txt").exists()


def test_a_file_pnp_did_not_write_is_kept_unless_forced(tmp_path: Path):
    mine = tmp_path / "notes.svg"
    mine.write_text("my notes", encoding="utf-8")
    args = ["play", str(SCENARIOS / "cur-01-mine.yaml"), "--figure", str(mine)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert "not written by pnp" in result.output and "Traceback" not in result.output
    assert mine.read_text(encoding="utf-8") == "my notes"
    assert CliRunner().invoke(cli, [*args, "--force"]).exit_code == 0
    assert "Before" in _texts(mine)
    scenario = SCENARIOS / "cur-01-mine.yaml"
    result = CliRunner().invoke(cli, ["play", str(scenario), "--figure", str(tmp_path / "x" / "f.svg"), "--force"])
    assert result.exit_code == 0  # a missing folder is created


def test_simulate_chart_has_one_bar_per_team_and_is_reproducible(tmp_path: Path, setup_file: Path):
    runner = CliRunner()
    charts = []
    for name in ("a.svg", "b.svg"):
        args = ["simulate", str(setup_file), "--games", "40", "--seed", "5", "--format", "json", "--chart"]
        result = runner.invoke(cli, [*args, str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        charts.append((tmp_path / name).read_bytes())
    assert charts[0] == charts[1]
    root = ET.fromstring(charts[0])
    bars = [g for g in root.iter(f"{SVG}g") if g.get("class") == "team-bar"]
    teams = {car.team for car in load_checked(setup_file, "mdd")[0].spec.to_board().cars}
    assert len(bars) == len(teams) == 5
    texts = " ".join(svg_texts(root))
    for title in ("Cars qualified per race", "Turns until qualifying ends", "Eliminations per race"):
        assert title in texts
    for team in teams:
        assert team in texts


def test_simulate_chart_png_and_pdf(tmp_path: Path, setup_file: Path):
    runner = CliRunner()
    for suffix in ("png", "pdf"):
        out = tmp_path / f"chart.{suffix}"
        args = ["simulate", str(setup_file), "--games", "20", "--chart", str(out), "--format", "json"]
        assert runner.invoke(cli, args).exit_code == 0
    with Image.open(tmp_path / "chart.png") as image:
        assert image.format == "PNG" and image.width > image.height > 500
    pdf = pdfium.PdfDocument(str(tmp_path / "chart.pdf"))
    try:
        assert len(pdf) == 1
    finally:
        pdf.close()
