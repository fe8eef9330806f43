"""`--format cards` and `--format tts`: the card PNGs a print-on-demand service or Tabletop Simulator takes, and
the resolution every PNG states (pHYs), read back from the files pnp wrote."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from PIL import Image

from pnp.render.images import _png_chunks

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _deck(count: int, bleed: str = "3mm", size: str = "poker", back: bool = True, name: str = "Monsters") -> str:
    back_yaml = """
    back:
      fill: navy
      elements:
        - {type: text, text: "BACK", x: 0, y: 40mm, size: 8mm, colour: gold, align: center}""" if back else ""
    return f"""\
kit: Export test
components:
  - type: deck
    name: {name}
    size: {size}
    bleed: {bleed}
    front:
      fill: "#ff0000"
      elements:
        - {{type: text, text: "{{{{ card.name }}}}", x: 5mm, y: 10mm, size: 5mm}}
    cards:
      - {{name: Dragon, count: 3}}
      - {{name: Goblin king}}
{"".join(f'      - {{name: "Card {i}"}}' + chr(10) for i in range(count - 4))}{back_yaml}
"""


def _render(run_pnp, spec: Path, out: Path, *args: str):
    result = run_pnp("render", str(spec), "-o", str(out), *args)
    assert result.exit_code == 0, result.stderr
    return result


def _phys(path: Path) -> tuple[int, int, int]:
    payload = next(data for kind, data in _png_chunks(path.read_bytes()) if kind == b"pHYs")
    return struct.unpack(">IIB", payload)


def _expected(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@pytest.mark.parametrize("dpi", [300, 150])
def test_card_pngs_have_the_print_size_with_bleed_and_say_their_dpi(tmp_kit, run_pnp, tmp_path, dpi):
    out = tmp_path / "out"
    args = ["--format", "cards"] + ([] if dpi == 300 else ["--dpi", str(dpi)])
    result = _render(run_pnp, tmp_kit(_deck(6)), out, *args)
    fronts = sorted(out.glob("*-front.png"))
    assert [p.name for p in fronts] == [
        "export-test-cards-monsters-001-dragon-x3-front.png",
        "export-test-cards-monsters-002-goblin-king-front.png",
        "export-test-cards-monsters-003-card-0-front.png",
        "export-test-cards-monsters-004-card-1-front.png",
    ]
    assert [p.name for p in out.glob("*-back.png")] == ["export-test-cards-monsters-back.png"]
    size = (_expected(63 + 6, dpi), _expected(88 + 6, dpi))
    assert size == ((815, 1110) if dpi == 300 else (407, 555))
    for path in [*fronts, out / "export-test-cards-monsters-back.png"]:
        with Image.open(path) as image:
            assert image.size == size
        assert _phys(path) == (round(dpi / 0.0254), round(dpi / 0.0254), 1)
    with Image.open(fronts[0]) as image:  # the red fill reaches into the bleed, up to the corner
        assert image.convert("RGB").getpixel((1, 1)) == (255, 0, 0)
    with Image.open(out / "export-test-cards-monsters-back.png") as image:
        assert image.convert("RGB").getpixel((1, 1)) == (0x1F, 0x2A, 0x44)  # navy
    assert f"{size[0]} x {size[1]} px at {dpi} dpi (3 mm bleed)" in result.stderr


def _tts(out: Path) -> dict:
    [grid_file] = out.glob("*-tts-*.json")
    return json.loads(grid_file.read_text(encoding="utf-8"))


def test_a_70_card_deck_needs_two_tts_sheets_within_the_limits(tmp_kit, run_pnp, tmp_path):
    out = tmp_path / "out"
    result = _render(run_pnp, tmp_kit(_deck(70)), out, "--format", "tts")
    grid = _tts(out)
    assert grid["cards"] == 70  # Dragon x3 counts three times: TTS wants every card
    sheets = grid["sheets"]
    # the last card alone: a 1 x 2 grid (Tabletop Simulator's importer needs two rows)
    assert [(s["columns"], s["rows"], s["cards"]) for s in sheets] == [(10, 7, 69), (1, 2, 1)]
    w, h = grid["card_px"]
    dpi = grid["dpi"]
    assert (w, h) == (_expected(63, dpi), _expected(88, dpi))  # trimmed: no bleed
    assert 10 * w <= 4096 and 7 * h <= 4096 and 10 * _expected(63, dpi + 1) > 4096
    for sheet in sheets:
        path = out / sheet["file"]
        with Image.open(path) as image:
            assert image.size == (sheet["columns"] * w, sheet["rows"] * h) == (sheet["width_px"], sheet["height_px"])
            assert max(image.size) <= 4096
            rgb = image.convert("RGB")
            assert rgb.getpixel((w // 2, 2)) == (255, 0, 0)  # a red face in the first slot
            hidden = ((sheet["columns"] - 1) * w + w // 2, (sheet["rows"] - 1) * h + 2)
            assert rgb.getpixel(hidden) == (0x1F, 0x2A, 0x44)  # the back in the hidden-card slot
        assert _phys(path)[:2] == (round(dpi / 0.0254),) * 2
    with Image.open(out / grid["back"]) as back:
        assert back.size == (w, h)
    assert f"70 card(s) on 2 sheet(s) of up to 10 x 7 at {dpi} dpi" in result.stderr


def test_a_small_deck_gets_one_sheet_at_the_asked_dpi(tmp_kit, run_pnp, tmp_path):
    out = tmp_path / "out"
    _render(run_pnp, tmp_kit(_deck(5, bleed="0mm", back=False)), out, "--format", "tts", "--dpi", "200")
    grid = _tts(out)
    assert grid["dpi"] == 200 and grid["cards"] == 5
    assert [(s["columns"], s["rows"]) for s in grid["sheets"]] == [(3, 2)]  # 5 faces and the hidden slot, 2 rows
    with Image.open(out / grid["sheets"][0]["file"]) as image:
        assert image.size == (3 * _expected(63, 200), 2 * _expected(88, 200))


def test_a_kit_without_a_deck_is_told_so_and_nothing_is_written(run_pnp, tmp_path):
    out = tmp_path / "out"
    for fmt in ("tts", "cards", "pdf,cards"):
        result = run_pnp("render", str(EXAMPLES / "tiled-board" / "kit.yaml"), "-o", str(out), "--format", fmt)
        assert result.exit_code == 1
        assert "error [render.no_decks]" in result.stderr and "no deck of cards or counters" in result.stderr
        assert not out.exists() or not any(out.iterdir())


def test_game_kits_export_their_cards_in_another_language(run_pnp, tmp_path):
    out = tmp_path / "out"
    _render(run_pnp, EXAMPLES / "nitro-dice" / "four-lap-race.yaml", out, "--format", "tts,cards", "--lang", "it",
            "--rulebook", "none")
    names = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    assert any(n.endswith("-front.png") and "-it-cards-" in n for n in names)
    assert any(n.endswith(".json") and "-it-tts-" in n for n in names)


def test_a_new_card_export_replaces_exactly_its_own_old_files(tmp_kit, run_pnp, tmp_path):
    out = tmp_path / "out"
    spec = tmp_kit(_deck(6))
    _render(run_pnp, spec, out, "--format", "cards,png")
    before = {p.name for p in out.iterdir()}
    spec.write_text(_deck(5), encoding="utf-8")
    _render(run_pnp, spec, out, "--format", "cards")
    after = {p.name for p in out.iterdir()}
    assert "export-test-cards-monsters-004-card-1-front.png" in before - after  # the deck lost that card
    assert {n for n in before if n.endswith("-p01.png")} <= after  # previews are another job's files


def test_page_previews_carry_their_resolution(run_pnp, tmp_path, tmp_kit):
    out = tmp_path / "out"
    _render(run_pnp, tmp_kit(), out, "--format", "png")
    [page] = out.glob("*.png")
    assert _phys(page) == (3937, 3937, 1)  # 100 dpi


UNIQUE_BACKS = """\
kit: Backs
components:
  - type: deck
    name: Heroes
    size: mini
    cards:
      - {name: Red, fill: "#ff0000", back: {fill: "#00ff00"}, count: 2}
      - {name: Blue, fill: "#0000ff", back: {fill: "#ffff00"}}
"""


def test_cards_with_their_own_backs_get_back_sheets_and_back_files(tmp_kit, run_pnp, tmp_path):
    out = tmp_path / "out"
    _render(run_pnp, tmp_kit(UNIQUE_BACKS), out, "--format", "tts,cards")
    grid = _tts(out)
    assert grid["unique_backs"] is True and grid["cards"] == 3
    [sheet] = grid["sheets"]
    w, h = grid["card_px"]
    with Image.open(out / sheet["file"]) as faces, Image.open(out / sheet["backs_file"]) as backs:
        assert faces.size == backs.size == (2 * w, 2 * h)
        slots = [((i % 2) * w + w // 2, (i // 2) * h + h // 2) for i in range(3)]
        assert [faces.convert("RGB").getpixel(p) for p in slots] == [(255, 0, 0), (255, 0, 0), (0, 0, 255)]
        assert [backs.convert("RGB").getpixel(p) for p in slots] == [(0, 255, 0), (0, 255, 0), (255, 255, 0)]
    names = sorted(p.name for p in out.glob("backs-cards-*"))
    assert names == ["backs-cards-heroes-001-red-x2-back.png", "backs-cards-heroes-001-red-x2-front.png",
                     "backs-cards-heroes-002-blue-back.png", "backs-cards-heroes-002-blue-front.png"]


def test_dpi_without_a_card_export_is_a_usage_error(tmp_kit, run_pnp, tmp_path):
    result = run_pnp("render", str(tmp_kit()), "-o", str(tmp_path / "out"), "--format", "png", "--dpi", "300")
    assert result.exit_code == 2 and "--dpi sets the resolution of --format tts and cards" in result.stderr


def test_counters_are_exported_like_cards(run_pnp, tmp_path):
    out = tmp_path / "out"
    result = _render(run_pnp, EXAMPLES / "counter-sheet" / "kit.yaml", out, "--format", "tts,cards", "--dpi", "200")
    life = sorted(p.name for p in out.glob("demo-counter-sheet-cards-life-tokens-*"))
    assert [name.rsplit("-", 2)[-2:] for name in life] == [["x12", "back.png"], ["x12", "front.png"],
                                                           ["x24", "back.png"], ["x24", "front.png"]]
    with Image.open(out / life[1]) as front:
        assert front.size == (_expected(16, 200),) * 2
    grid = json.loads((out / "demo-counter-sheet-tts-life-tokens.json").read_text(encoding="utf-8"))
    assert grid["cards"] == 36 and grid["unique_backs"] is True
    assert 'counters "Life tokens": 36 counter(s) on 1 sheet(s)' in result.stderr


def test_an_export_over_the_pixel_budget_is_one_error_before_any_work(tmp_kit, run_pnp, tmp_path):
    out = tmp_path / "out"
    spec = tmp_kit(_deck(20))  # 18 distinct cards and a shared back of 815 x 1110 px at 300 dpi: 17,188,350 px
    result = run_pnp("render", str(spec), "-o", str(out), "--format", "pdf,cards", "--max-export-pixels", "17000000")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if "error [" in line]
    assert len(errors) == 1 and "error [limits.export_pixels]" in errors[0] and "17,188,350 pixels" in errors[0]
    assert "--max-export-pixels" in result.stderr and "cards:" not in result.stderr
    assert not out.exists()
    assert run_pnp("render", str(spec), "-o", str(out), "--format", "cards",
                   "--max-export-pixels", "17188350").exit_code == 0
