"""The `--format cards` row: pnp's peak memory writing one PNG per card at 300 dpi, at two deck sizes.

The cards are drawn and written one at a time, so the peak must not grow with the deck: the row's figures are
the peak at the larger deck (target <= 400 MB, which issue 23 asks for 577 cards) and the growth per card
between the two sizes (target <= 100 KB; holding every card cost 3.6 MB per card).
"""

from __future__ import annotations

from pathlib import Path

from rows import PNP, Verdict, alternate

SIZES = (60, 240)


def deck_yaml(count: int) -> str:
    """A poker deck of `count` distinct cards with 3 mm bleed, a text each and one shared back."""
    cards = "".join(f'      - {{name: "Card {i}"}}\n' for i in range(count))
    return ("kit: Card export bench\ncomponents:\n  - type: deck\n    name: Bench\n    size: poker\n"
            "    bleed: 3mm\n    front:\n      fill: \"#aa3322\"\n      elements:\n"
            "        - {type: text, text: \"{{ card.name }}\", x: 5mm, y: 10mm, size: 5mm}\n"
            "    back: {fill: navy}\n    cards:\n" + cards)


def card_export(work: Path, repeat: int) -> list[Verdict]:
    """Peak RSS of `pnp render --format cards` at SIZES cards (300 dpi), and its growth per card."""
    sides = {}
    for count in SIZES:
        spec = work / f"export-{count}.yaml"
        spec.write_text(deck_yaml(count), encoding="utf-8")
        sides[f"cards {count}"] = [*PNP, "render", str(spec), "-o", str(work / f"export-{count}"), "--format",
                                   "cards", "--force"]
    r = alternate(sides, repeat)
    small, large = (r[f"cards {count}"] for count in SIZES)
    per_card_kb = (large.peak_mb - small.peak_mb) / (SIZES[1] - SIZES[0]) * 1024
    measured = (f"{SIZES[0]} cards {small.peak_mb:.0f} MB ({small.wall:.1f} s), {SIZES[1]} cards "
                f"{large.peak_mb:.0f} MB ({large.wall:.1f} s)")
    return [Verdict("card export", measured, f"{large.peak_mb:.0f} MB", "<= 400 MB", large.peak_mb <= 400),
            Verdict("card export", "growth", f"{per_card_kb:.0f} KB/card", "<= 100 KB", per_card_kb <= 100)]
