"""The track format: what parses, what defaults apply, and where schema mistakes are reported."""

from __future__ import annotations

import pytest

from pnp.diagnostics import SpecError
from pnp.games.nitro.model import Kind


def errors(build, text: str) -> list[tuple[str, int, str]]:
    with pytest.raises(SpecError) as caught:
        build(text)
    return [(d.rule, d.line, d.message) for d in caught.value.diagnostics]


def test_bare_and_detailed_sections_parse_with_defaults(build, oval):
    text = oval.replace("  - turn_b\ngarage", "  - {type: turn_b, direction: right, over: 3}\ngarage")
    spec = build(text)
    assert spec.sections[0].type == Kind.START_FINISH
    assert spec.sections[2].turns_left and spec.sections[2].direction is None
    assert not spec.sections[-1].turns_left and spec.sections[-1].over == (3,)
    assert (spec.geometry.card_width, spec.geometry.card_length, spec.geometry.spaces_per_lane) == (63, 88, 3)
    assert (spec.deck.straight + spec.deck.turn_a + spec.deck.turn_b, spec.deck.hand) == (104, 9)
    assert spec.print is None


def test_lengths_take_units(build, oval):
    spec = build(oval + "geometry: {card_width: 2.5in, card_length: 9cm}\n")
    assert spec.geometry.card_width == pytest.approx(63.5)
    assert spec.geometry.card_length == pytest.approx(90)


def test_a_misspelt_key_is_reported_at_its_line(build, oval):
    found = errors(build, oval.replace("  - turn_b\ngarage", "  - {type: turn_b, hazard: []}\ngarage"))
    assert [(rule, line) for rule, line, _ in found] == [("spec.unknown_key", 14)]


def test_an_unknown_card_kind_is_reported_at_its_line(build, oval):
    found = errors(build, oval.replace("  - straight\n  - turn_a", "  - chicane\n  - turn_a", 1))
    assert [(rule, line) for rule, line, _ in found] == [("spec.value", 6)]


def test_direction_only_on_turns(build, oval):
    found = errors(
        build, oval.replace("  - straight\n  - turn_a", "  - {type: straight, direction: left}\n  - turn_a", 1)
    )
    assert found[0][1] == 6 and "only turn cards" in found[0][2]


@pytest.mark.parametrize(
    ("race", "words"),
    [("{laps: 2, type: out-and-back}", "no laps"), ("{type: laps}", "needs `laps:`"), ("{laps: 0}", "")],
)
def test_race_forms(build, oval, race, words):
    found = errors(build, oval.replace("{laps: 2}", race))
    assert found[0][1] == 2 and words in found[0][2]


def test_turn_radius_must_leave_an_inside_lane(build, oval):
    found = errors(build, oval + "geometry: {turn_radius: 30mm}\n")
    assert "inside lane" in found[0][2]


def test_print_settings_are_accepted_as_given(build, oval):
    assert build(oval + "print: {sheets: {paper: letter}}\n").print.sheets.paper == "letter"
