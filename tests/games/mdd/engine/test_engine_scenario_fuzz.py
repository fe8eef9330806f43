"""Any scenario text gives either a played result or located errors, never a traceback or a hang."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.diagnostics import SpecError
from pnp.games.mdd.race.scenario import Scenario, play_scenario
from pnp.model.base import build_model
from pnp.source.loader import load_yaml_text

MAP_LINE = st.text(alphabet=".=123RrWx ", min_size=0, max_size=8)
NUMBER = st.sampled_from(["0", "1", "3", "7", "-2", "40", "99999999999999999999", ".nan", "x", ""])


@st.composite
def scenario_texts(draw: st.DrawFn) -> str:
    lines = ["title: fuzz"]
    if draw(st.booleans()):
        lines.append("map: |")
        lines += ["  " + line for line in draw(st.lists(MAP_LINE, min_size=1, max_size=8))]
    else:
        lines += [f"lanes: {draw(NUMBER)}", f"rows: {draw(NUMBER)}"]
    lines.append("cars:")
    for letter in draw(st.lists(st.sampled_from("RrWxQ"), min_size=0, max_size=4, unique=True)):
        fields = [f"team: {letter.lower()}"]
        for key in draw(st.lists(st.sampled_from(["lives", "lane", "row", "colour"]), max_size=3, unique=True)):
            fields.append(f"{key}: {draw(NUMBER)}")
        lines.append(f"  {letter}: {{{', '.join(fields)}}}")
    for key in draw(st.lists(st.sampled_from(["walls", "mines"]), max_size=2, unique=True)):
        lines.append(f"{key}:")
        lines.append(f"  - {{lane: {draw(NUMBER)}, row: {draw(NUMBER)}}}")
    lines.append("moves:")
    for _ in range(draw(st.integers(0, 3))):
        lines.append(f"  - {{car: {draw(st.sampled_from('RrWxQ'))}, roll: {draw(NUMBER)}}}")
    if draw(st.booleans()):
        lines.append(f"expect: {{lives: {{R: {draw(NUMBER)}}}, mines: {{'{draw(NUMBER)},1': 0}}}}")
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None)
@given(scenario_texts())
def test_any_scenario_text_plays_or_fails_cleanly(text: str) -> None:
    try:
        located = load_yaml_text(text, file="fuzz.yaml")
        scenario = build_model(Scenario, located)
        play_scenario(scenario, located)
    except SpecError as exc:
        assert all(d.file == "fuzz.yaml" and d.line >= 1 for d in exc.diagnostics)
