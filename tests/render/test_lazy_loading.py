"""What a plain render loads: only the fonts it prints with, no image encoders, no translation machinery.

Each check runs in a fresh interpreter, since the test process itself has long loaded everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import MINIMAL_KIT, KitFactory

ROOT = Path(__file__).resolve().parents[2]

RENDER = """
import json, sys
from reportlab.pdfbase import pdfmetrics
from pnp.cli import main
main(["render", sys.argv[1], "-o", sys.argv[2]], standalone_mode=False)
print(json.dumps({"modules": sorted(sys.modules), "fonts": sorted(pdfmetrics.getRegisteredFontNames())}))
"""

FAMILY = """
import json, sys
from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.pdfbase import pdfmetrics
from pnp.text import fonts
for font in sys.argv[1:]:
    fonts.register_fonts() if font == "all" else fonts.reportlab_name(font)
names = ["DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"]
print(json.dumps({"tt2ps": [tt2ps("DejaVuSans", b, i) for b in (0, 1) for i in (0, 1)],
                  "ps2tt": [list(ps2tt(n)) for n in names if n in pdfmetrics.getRegisteredFontNames()]}))
"""


def _fresh(script: str, *args: str | Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_a_vector_render_loads_only_what_it_draws_with(tmp_kit: KitFactory, tmp_path: Path) -> None:
    spec = tmp_kit(MINIMAL_KIT.replace('{type: text, text: "Hello"}', '{type: text, text: "Hello", font: sans-bold}'))
    loaded = _fresh(RENDER, spec, tmp_path / "out")
    assert loaded["fonts"] == ["DejaVuSans", "DejaVuSans-Bold"]  # sans: the page's initial font
    for module in (
        "babel",
        "pnp.i18n.catalogs",
        "pnp.i18n.components",
        "pnp.render.images",
        "svgwrite",
        "pypdfium2",
        "pnp.booklet",
        "pnp.games.mdd",
    ):
        assert module not in loaded["modules"], module


def test_fonts_registered_one_at_a_time_keep_the_dejavu_family() -> None:
    everything = _fresh(FAMILY, "all")
    assert everything["tt2ps"] == ["DejaVuSans", "DejaVuSans-Oblique", "DejaVuSans-Bold", "DejaVuSans-BoldOblique"]
    one_by_one = _fresh(FAMILY, "sans-bold", "sans", "mono", "sans-italic")
    assert one_by_one == everything
    assert _fresh(FAMILY, "sans")["tt2ps"] == everything["tt2ps"]
