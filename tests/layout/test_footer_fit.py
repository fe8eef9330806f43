"""The sheet footer cuts a label too long for its band (a kit title or a translated sheet label) at the longest
start that fits with "…": found with a few measurements however long the text (it measured once per character
cut, so a 130 kB label took half a minute)."""

from __future__ import annotations

import pytest

from pnp.layout import furniture
from pnp.layout.furniture import FOOTER_TEXT_MM
from pnp.text.fonts import text_width_mm


def _cut_one_at_a_time(text: str, width: float, font: str) -> str:
    """The cut the footer makes, found the slow way: drop the last character until the rest fits with "…"."""
    if text_width_mm(text, font, FOOTER_TEXT_MM) <= width:
        return text
    while text and text_width_mm(text + "…", font, FOOTER_TEXT_MM) > width:
        text = text[:-1]
    return text + "…"


@pytest.mark.parametrize("text", ["Short", "Mini Demolition Derby · sheet 1 of 3", "Ωμέγα Дракон " * 9,
                                  "W" * 80, "i" * 300 + "W" * 10, "漢字 mixed with Latin " * 5])
@pytest.mark.parametrize("width", [0.5, 5.0, 40.0, 120.0])
def test_the_label_is_cut_where_dropping_characters_would_cut_it(text: str, width: float) -> None:
    for font in ("sans", "sans-bold"):
        assert furniture._fit(text, width, font) == _cut_one_at_a_time(text, width, font)


def test_a_huge_label_is_cut_with_a_handful_of_measurements(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(text: str, font: str, size: float) -> float:
        calls.append(len(text))
        return text_width_mm(text, font, size)

    monkeypatch.setattr(furniture, "text_width_mm", counted)
    label = "Bogen " * 2_000
    cut = furniture._fit(label, 100.0, "sans-bold")
    assert cut.endswith("…") and text_width_mm(cut, "sans-bold", FOOTER_TEXT_MM) <= 100.0
    assert len(calls) <= 20 and sum(calls) < 40 * len(label)
