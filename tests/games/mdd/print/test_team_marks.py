"""Team marks in the kit's language: each car prints its team's mark, the initial of the colour's name in the
language of the kit (longer where two colours share an initial), in glyphs the kit's font has."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from pnp.games.mdd.printed.draw_common import TEAM_LOOK
from pnp.games.mdd.printed.kit import mdd_print_job
from pnp.i18n.languages import available_languages
from pnp.layout.scene import Group, Item, Text
from pnp.pipeline import load_spec, translator
from pnp.text.fonts import missing_glyphs

ROOT = Path(__file__).resolve().parents[4]
KIT_36 = ROOT / "examples" / "mdd-setups" / "v21-36-cars-map.yaml"
"""A kit of six teams: red, yellow, green, blue, white and purple."""


def _texts(items: tuple[Item, ...]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group):
            found.extend(_texts(item.children))
    return found


def _plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))


def _car_marks(lang: str | None) -> dict[str, set[str]]:
    """Team -> the marks its printed cars carry (the text after the car's number on its sides)."""
    setup = load_spec(KIT_36).spec
    job = mdd_print_job(setup, tr=translator(lang))
    cars = {car.number: car.team for car in setup.to_board().cars}
    [standees] = [g for g in job.groups if g.name == "Cars (fold-up)"]
    marks: dict[str, set[str]] = {}
    for piece in standees.pieces:
        number = int(piece.name.split()[-1])
        sides = [t.text for t in _texts(piece.front) if t.text.startswith(str(number)) and t.text != str(number)]
        marks.setdefault(cars[number], set()).update(side[len(str(number)):] for side in sides)
    return marks


@pytest.mark.parametrize("lang", [None, *available_languages()])
def test_every_team_prints_its_colour_initial_in_the_kit_language(lang: str | None):
    tr = translator(lang)
    marks = _car_marks(lang)
    assert set(marks) == set(TEAM_LOOK)  # the six teams of a 36-car kit
    chosen = {team: next(iter(found)) for team, found in marks.items()}
    assert all(len(found) == 1 for found in marks.values())  # one mark per team, on every car and side
    assert len(set(chosen.values())) == len(chosen), chosen  # two colours never share a mark
    for team, mark in chosen.items():
        name = tr(TEAM_LOOK[team][1])
        assert _plain(name).startswith(_plain(mark)), (team, name, mark)  # the start of the colour's own name
        assert not missing_glyphs(mark, "sans-bold"), mark


def test_english_keeps_one_letter_and_other_languages_use_their_own_names():
    assert {t: m.pop() for t, m in _car_marks(None).items()} == {
        "red": "R", "yellow": "Y", "green": "G", "blue": "B", "white": "W", "purple": "P"}
    german = {t: m.pop() for t, m in _car_marks("de").items()}
    assert (german["yellow"], german["green"], german["purple"]) == ("Ge", "Gr", "L")  # Gelb, Grün, Lila
    greek = {t: m.pop() for t, m in _car_marks("el").items()}
    assert all(unicodedata.name(mark[0]).startswith("GREEK") for mark in greek.values()), greek
    assert greek["red"] != greek["yellow"]  # Κόκκινο, Κίτρινο
