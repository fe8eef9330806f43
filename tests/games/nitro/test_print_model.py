"""The `print:` section of a track: what it accepts, its defaults, and where its mistakes are reported."""

from __future__ import annotations

import pytest

from pnp.diagnostics import SpecError
from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.printed.kit import track_print_job


def _errors(build, text: str) -> list[tuple[int, str]]:
    with pytest.raises(SpecError) as caught:
        build(text)
    return [(d.line, d.message) for d in caught.value.diagnostics]


def test_print_section_takes_parts_and_sheet_settings(build, oval):
    spec = build(oval + "print:\n  kit: Club night\n  full_size: yes\n  nitro_cards: 1\n  sheets: {paper: letter}\n")
    assert spec.print.kit == "Club night"
    assert spec.print.full_size and spec.print.map and spec.print.cards
    assert spec.print.nitro_cards == 1
    assert spec.print.sheets.paper == "letter"


def test_a_misspelt_print_key_is_reported_on_its_line(build, oval):
    found = _errors(build, oval + "print:\n  map: true\n  ful_size: true\n")
    line = (oval + "print:\n  map: true\n").count("\n") + 1
    assert [f[0] for f in found] == [line]
    assert "full_size" in found[0][1] or "ful_size" in found[0][1]


@pytest.mark.parametrize("bad", ["nitro_cards: 7", "nitro_cards: -1", "sheets: {paper: a0}", "sheets: {margin: 1mm}"])
def test_out_of_range_print_values_are_errors(build, oval, bad):
    assert _errors(build, oval + f"print: {{{bad}}}\n")


def test_a_track_without_print_section_still_has_a_default_kit(build, oval):
    job = track_print_job(build(oval))
    assert [g.name for g in job.groups] == ["Track map", "Track cards", "Racer cards"]
    assert "Minion Games" in job.credit and "David E. Whitcher" in job.credit


def test_the_plugin_publishes_the_print_section_in_its_schema():
    assert PLUGIN.model is NitroTrack
    schema = NitroTrack.model_json_schema()
    assert "print" in schema["properties"]
    assert "full_size" in schema["$defs"]["NitroPrint"]["properties"]
