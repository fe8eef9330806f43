"""The generic kit's glyph rule reads what the kit prints from the model: each text in the font it is drawn in."""

from __future__ import annotations

from pathlib import Path

from pnp.pipeline import load_spec, validate_spec

ALEPH = "\u2135"  # in DejaVu Sans, not in DejaVu Sans Mono

KIT = """\
kit: Fonts
components:
  - type: deck
    name: Deck
    back:
      elements:
        - {{type: text, text: "{{{{ card.note }}}}", font: {back_font}}}
    cards:
      - name: One
        fields: {{note: "{note}"}}
        elements:
          - {{type: text, text: "front"}}
"""


def _glyph_errors(tmp_path: Path, back_font: str, note: str) -> list[tuple[int, str]]:
    spec = tmp_path / "kit.yaml"
    spec.write_text(KIT.format(back_font=back_font, note=note), encoding="utf-8")
    return [(d.line, d.rule) for d in validate_spec(load_spec(spec))]


def test_a_field_printed_on_the_deck_back_is_checked_in_the_back_font(tmp_path: Path):
    assert _glyph_errors(tmp_path, "mono", ALEPH) == [(10, "text.glyphs")]


def test_the_same_field_is_fine_when_the_back_font_has_the_glyph(tmp_path: Path):
    assert _glyph_errors(tmp_path, "sans", ALEPH) == []
