"""What a command loads before it answers: `pnp --version` and the help pages load no pipeline, a validate
loads no PDF writer, jinja2 only for texts that may be templates, the rulebook stack only to print one.

Each check runs in a fresh interpreter, since the test process itself has long loaded everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MINIMAL_KIT, KitFactory

ROOT = Path(__file__).resolve().parents[2]

RUN = """
import json, sys
from click.testing import CliRunner
from pnp.cli import main
result = CliRunner().invoke(main, sys.argv[1:])
print(json.dumps({"code": result.exit_code, "stdout": result.stdout, "stderr": result.stderr,
                  "modules": sorted(sys.modules)}))
"""

PIPELINE = ("pydantic", "reportlab", "jinja2", "yaml", "babel", "pnp.model", "pnp.layout", "pnp.render",
            "pnp.booklet", "pnp.i18n.catalogs")
"""What no help page and no `--version` needs."""


def _fresh(*args: str | Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", RUN, *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


FORMAT_TABLE = ("pnp.render", "pnp.render.formats")
"""The output formats' table, which the render command's options and help are made from: plain data, it names
its writers without importing them."""


def _loaded(result: dict[str, Any], *packages: str) -> list[str]:
    """The modules of `packages` (a package or any module under it) that the run imported, but the formats'
    table."""
    return [m for m in result["modules"] if any(m == p or m.startswith(p + ".") for p in packages)
            and m not in FORMAT_TABLE]


def test_version_loads_no_pipeline() -> None:
    result = _fresh("--version")
    assert result["code"] == 0 and result["stdout"].startswith("pnp, version ")
    assert _loaded(result, *PIPELINE) == []
    assert _loaded(result, "pnp.games.kit", "pnp.games.mdd", "pnp.games.nitro", "pnp.games.dragrage") == []


def test_help_lists_every_command_without_loading_the_pipeline_or_a_game_plugin() -> None:
    result = _fresh("--help")
    assert result["code"] == 0
    for command in ("validate", "render", "info", "schema", "calibrate", "mdd", "nitro", "dragrage", "i18n"):
        assert f"\n  {command} " in result["stdout"], command
    assert "Mini Demolition Derby tools." in result["stdout"]
    assert _loaded(result, *PIPELINE) == []
    assert [m for m in result["modules"] if m.endswith((".plugin", ".model", ".rules"))] == []


@pytest.mark.parametrize("game", ["mdd", "nitro", "dragrage"])
def test_a_game_help_loads_neither_its_models_nor_the_rulebook_stack(game: str) -> None:
    result = _fresh(game, "--help")
    assert result["code"] == 0 and "Commands:" in result["stdout"]
    assert _loaded(result, *PIPELINE) == []
    assert _loaded(result, f"pnp.games.{game}.model", f"pnp.games.{game}.rulebook", f"pnp.games.{game}.plugin") == []


def test_a_render_help_still_lists_the_papers() -> None:
    result = _fresh("render", "--help")
    assert result["code"] == 0 and "a4" in result["stdout"] and "letter" in result["stdout"]
    assert _loaded(result, "pydantic", "reportlab", "pnp.layout", "pnp.render") == []


def test_a_paper_is_still_checked_and_matched_in_any_case(tmp_kit: KitFactory, tmp_path: Path) -> None:
    assert _fresh("calibrate", "--paper", "Letter", "-o", tmp_path)["code"] == 0
    assert (tmp_path / "calibration-letter-long-edge.pdf").is_file()
    refused = _fresh("render", tmp_kit(), "--paper", "a9")
    assert refused["code"] == 2 and "'a9' is not one of" in refused["stderr"]


def test_validating_a_plain_kit_loads_no_pdf_writer_and_no_jinja2(tmp_kit: KitFactory) -> None:
    result = _fresh("validate", tmp_kit())
    assert result["code"] == 0, result["stderr"]
    assert _loaded(result, "jinja2", "reportlab.pdfgen", "reportlab.platypus", "pnp.render", "pnp.booklet") == []


def test_validating_a_kit_measures_its_texts_without_loading_reportlab_or_pillow(tmp_kit: KitFactory) -> None:
    fits = _fresh("validate", tmp_kit())
    assert fits["code"] == 0, fits["stderr"]
    assert _loaded(fits, "reportlab", "PIL", "pnp.source.table", "xml.etree") == []  # nor table readers
    too_long = tmp_kit(MINIMAL_KIT.replace('text: "Hello"', 'text: "Hello ' + "wide " * 40 + '", size: 30pt'))
    overflowing = _fresh("validate", too_long)  # the text is still measured: it runs past the card
    assert "warning [text.overflow]" in overflowing["stderr"], overflowing["stderr"]
    assert _loaded(overflowing, "reportlab", "PIL") == []


def test_a_text_with_a_brace_is_still_a_template(tmp_kit: KitFactory) -> None:
    spec = tmp_kit(MINIMAL_KIT.replace('text: "Hello"', 'text: "Hello {{ kit.nam }}"'))
    result = _fresh("validate", spec)
    assert result["code"] == 1
    assert "error [template]" in result["stderr"] and "did you mean 'kit.name'?" in result["stderr"]
    assert "jinja2" in result["modules"]


def test_validating_an_mdd_kit_loads_no_rulebook_typesetting() -> None:
    result = _fresh("validate", ROOT / "examples" / "mdd-micro" / "kit.yaml")
    assert result["code"] == 0, result["stderr"]
    assert _loaded(result, "reportlab.platypus", "reportlab.pdfgen", "pnp.booklet.render", "pnp.render",
                   "jinja2", "babel") == []


TINY_KIT = "kit: Tiny\ncomponents:\n  - {type: deck, name: D, cards: [{name: A}]}\n"
"""The start-up benchmark's kit (benchmarks/rows.py): one card, no text element."""
HEAVY = ("reportlab", "PIL", "numpy", "fontTools", "jinja2", "babel", "markdown", "pypdfium2", "svgwrite")
"""Libraries a validate of such a kit has no use for."""


def test_validating_a_kit_without_texts_loads_no_drawing_library_and_no_rich_text_layout(tmp_kit: KitFactory) -> None:
    result = _fresh("validate", tmp_kit(TINY_KIT))
    assert result["code"] == 0 and result["stderr"].endswith("0 error(s), 0 warning(s)\n"), result["stderr"]
    assert _loaded(result, *HEAVY, "pnp.layout.rich") == []


def test_a_text_with_an_icon_still_lays_out_as_rich_text(tmp_kit: KitFactory) -> None:
    spec = MINIMAL_KIT.replace('text: "Hello"', 'text: "Hello :star:"') + "icons: {star: star.png}\n"
    result = _fresh("validate", tmp_kit(spec, files={"star.png": _png()}))
    assert result["code"] == 0, result["stderr"]
    assert "pnp.layout.rich" in result["modules"]


def _png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, "PNG")
    return out.getvalue()
