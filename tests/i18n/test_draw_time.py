"""Translation happens where pnp draws its own words, never as a pass over the laid-out pages: a designer's
card text is never translated, and a translated label is placed by its own width."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pnp.layout.scene import Group, Item, Text
from pnp.pipeline import layout_document, load_spec
from pnp.text.fonts import text_width_mm
from tests.booklet.conftest import pdf_text
from tests.conftest import KitFactory, PnpRunner

ROOT = Path(__file__).resolve().parents[2]
NITRO = ROOT / "examples" / "nitro-dice" / "figure-eight.yaml"
MDD = ROOT / "examples" / "mdd-micro" / "kit.yaml"
DRAG = ROOT / "examples" / "drag-rage" / "kit.yaml"

DESIGNER_KIT = """\
kit: My kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        elements:
          - {type: text, text: "Start", y: 5mm}
          - {type: text, text: "Lives", y: 15mm}
          - {type: text, text: "FINISH", y: 25mm}
          - {type: text, text: "Press to Start", y: 35mm, width: 12mm, size: 3mm}
"""


def _texts(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0) -> Iterator[tuple[float, float, Text]]:
    """Every text item with its page position (groups that scale are left out)."""
    for item in items:
        if isinstance(item, Text):
            yield item.x + dx, item.y + dy, item
        elif isinstance(item, Group) and (item.transform is None or item.transform.scale == 1):
            t = item.transform
            yield from _texts(item.children, dx + (t.dx if t else 0.0), dy + (t.dy if t else 0.0))


def _words(spec: Path, lang: str | None) -> set[str]:
    document, _ = layout_document(load_spec(spec), "a4", lang=lang)
    return {t.text for page in document.pages for _, _, t in _texts(page.items)}


def test_a_designers_card_text_is_never_translated(run_pnp: PnpRunner, tmp_kit: KitFactory, tmp_path: Path):
    spec = tmp_kit(DESIGNER_KIT)
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--lang", "it")
    assert result.exit_code == 0, result.output
    text = pdf_text((tmp_path / "out" / "my-kit-a4-it.pdf").read_bytes())
    assert "Start" in text and "Lives" in text and "FINISH" in text and "Press to Start" in text
    assert not {"Partenza", "Vite", "ARRIVO"} & set(text.split())
    assert "foglio 1 di 1" in text  # pnp's own words are still translated


def test_pnp_own_words_on_game_components_are_translated(tmp_path: Path):
    assert {"ARRIVO", "corsia", "incolla sotto"} <= _words(MDD, "it")
    assert {"PARTENZA", "ARRIVO"} <= _words(DRAG, "it")
    nitro = _words(NITRO, "it")
    assert {"Partenza/Arrivo", "Rettilineo", "Box", "Box (G)", "traguardo", "partenza"} <= nitro
    assert {"Curva A · sinistra", "Curva B · destra"} & nitro
    assert not {"FINISH", "START", "lane", "glue under", "Straight", "Garage", "finish line", "start"} & (
        _words(MDD, "it") | _words(DRAG, "it") | nitro)


def test_a_translated_label_is_measured_as_itself_and_stays_on_its_piece():
    """The MDD track's lane label sits right-aligned in the 9 mm band left of lane 1 (15 mm cells): the Italian
    word is wider than the English one, so it is set smaller instead of running off the edge of the track."""
    document, _ = layout_document(load_spec(MDD), "a4", lang="it")
    labels = [t for page in document.pages for _, _, t in _texts(page.items) if t.text == "corsia"]
    assert labels
    for label in labels:  # tile groups keep the board's own coordinates: x = 0 is the track's left edge
        assert label.anchor == "end" and label.x - text_width_mm(label.text, label.font, label.size) >= -1e-6
