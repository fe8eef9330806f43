"""Small kits for render tests, rendered through the real pipeline."""

from __future__ import annotations

from pathlib import Path

from pnp.layout.scene import Document
from pnp.pipeline import layout_document, load_spec

MM_PER_PT = 25.4 / 72

DECK = """\
kit: Geometry test
credit: "test credit line"
sheets: {{paper: {paper}, duplex: {duplex}, orientation: {orientation}{gutter}}}
components:
  - type: deck
    name: Cards
    size: {size}
    bleed: {bleed}
    corner_radius: 0mm
    fill: "#ffeeee"
    back: {{fill: "#2233aa"}}
    cards:
      - {{name: A, count: {count}, elements: [{{type: text, text: "Card <b>&amp;", x: 5mm, y: 5mm, size: 4mm}}]}}
"""


def deck_kit(tmp_path: Path, *, paper: str = "a4", duplex: str = "long-edge", orientation: str = "auto",
             size: str = "poker", bleed: str = "0mm", count: int = 9, gutter: str | None = "0mm") -> Path:
    """A deck of `count` cards; `gutter` None leaves `sheets.gutter` out (its default: twice the bleed)."""
    path = tmp_path / "kit.yaml"
    path.write_text(DECK.format(paper=paper, duplex=duplex, orientation=orientation, size=size, bleed=bleed,
                                count=count, gutter="" if gutter is None else f", gutter: {gutter}"),
                    encoding="utf-8")
    return path


def document(path: Path, paper: str | None = None) -> Document:
    doc, _ = layout_document(load_spec(path), paper)
    return doc
