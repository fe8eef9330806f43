"""The Drag Rage rulebook states the kit's readings of rule 9 (can the crossing move be challenged?) and rule 8 (does a
blown driver still lay counters?)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from pnp.booklet.request import render_kit_rulebook
from pnp.games.dragrage.model import DragRageSpec
from pnp.games.dragrage.printed.kit import RULEBOOKS, dragrage_rulebook
from pnp.games.dragrage.variant import BlownEngine, Crossing
from pnp.rulebook.markdown import iter_units, parse_document

SAYS = {
    (Crossing.CHALLENGEABLE, None): "can be challenged on the next turn like any other move",
    (Crossing.LITERAL, None): "only if the other driver has played fewer counters",
    (Crossing.FINAL, None): "cannot be challenged: once across, a car stays across",
    (Crossing.CHALLENGEABLE, "it"): "si può sfidare al turno successivo come qualsiasi",
    (Crossing.LITERAL, "it"): "ha giocato meno segnalini; se",
    (Crossing.FINAL, "it"): "non si può sfidare",
}


def _text(crossing: Crossing, lang: str | None) -> str:
    spec = DragRageSpec(game="drag-rage", crossing_move=crossing)
    pdf = render_kit_rulebook(dragrage_rulebook(spec), lang, "a4", "pages").pdf
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize(("crossing", "lang"), list(SAYS))
def test_the_printed_rulebook_follows_the_crossing_move_option(crossing: Crossing, lang: str | None) -> None:
    text = _text(crossing, lang)
    assert SAYS[crossing, lang] in text
    for other in Crossing:
        if other is not crossing:
            assert SAYS[other, lang] not in text


@pytest.mark.parametrize("crossing", [Crossing.LITERAL, Crossing.FINAL])
def test_the_rulebooks_differ_only_in_the_crossing_paragraph(crossing: Crossing) -> None:
    def units(crossing: Crossing) -> list[str]:
        path = RULEBOOKS[crossing, BlownEngine.KEEPS_TURNS]
        return [u.text for u in iter_units(parse_document(path.read_text(encoding="utf-8"), str(path)))]

    challengeable, other = units(Crossing.CHALLENGEABLE), units(crossing)
    assert len(challengeable) == len(other)
    differ = [(a, b) for a, b in zip(challengeable, other, strict=True) if a != b]
    assert len(differ) == 1
    assert "like any other move" in differ[0][0] and SAYS[crossing, None] in differ[0][1]


STOPS_SAYS = {None: "lays no more counters", "fr": "ne joue plus de jetons", "it": "non gioca più segnalini"}


@pytest.mark.parametrize("crossing", list(Crossing))
def test_the_stops_reading_of_rule_8_adds_one_paragraph_to_each_rulebook(crossing: Crossing) -> None:
    def units(blown: BlownEngine) -> list[str]:
        path = RULEBOOKS[crossing, blown]
        return [u.text for u in iter_units(parse_document(path.read_text(encoding="utf-8"), str(path)))]

    keeps, stops = units(BlownEngine.KEEPS_TURNS), units(BlownEngine.STOPS)
    added = [u for u in stops if u not in keeps]
    assert len(stops) == len(keeps) + 1 and len(added) == 1 and STOPS_SAYS[None] in added[0]


@pytest.mark.parametrize("lang", list(STOPS_SAYS))
def test_the_printed_rulebook_follows_the_blown_engine_option(lang: str | None) -> None:
    def text(blown: BlownEngine) -> str:
        spec = DragRageSpec(game="drag-rage", crossing_move=Crossing.LITERAL, blown_engine=blown)
        pdf = render_kit_rulebook(dragrage_rulebook(spec), lang, "a4", "pages").pdf
        return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages)

    stops, keeps = text(BlownEngine.STOPS), text(BlownEngine.KEEPS_TURNS)
    assert STOPS_SAYS[lang] in stops and STOPS_SAYS[lang] not in keeps
    if (Crossing.LITERAL, lang) in SAYS:  # and it keeps the kit's reading of rule 9
        assert SAYS[Crossing.LITERAL, lang] in stops
