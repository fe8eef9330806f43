"""A deck's bleed over 10 mm is an error at `bleed:` itself, with the usual bleeds in its hint (before, it was
reported at the deck's first line with a hint pointing at `pnp schema`); 10 mm and under are accepted."""

from __future__ import annotations

import json

DECK = """\
kit: T
components:
  - type: deck
    name: D
    size: poker
    bleed: {bleed}
    cards:
      - {{name: A}}
"""


def test_a_bleed_over_10_mm_is_an_error_at_the_bleed_key(run_pnp, tmp_kit):
    result = run_pnp("validate", tmp_kit(DECK.format(bleed="30mm")), "--format", "json")
    assert result.exit_code == 1, result.output
    [error] = json.loads(result.stdout)
    assert (error["line"], error["column"]) == (6, 12) and "30 mm" in error["message"]
    assert "bleed: 3mm" in error["hint"]


def test_a_bleed_of_10_mm_is_accepted(run_pnp, tmp_kit):
    result = run_pnp("validate", tmp_kit(DECK.format(bleed="10mm")), "--format", "json")
    assert result.exit_code == 0, result.output
