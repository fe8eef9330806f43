"""Every spec in examples/ builds: valid ones validate (and kits render), invalid ones fail on their rule.

Generic kits always render; game specs render when they have a `print:` section.

An invalid example (in an `invalid/` folder) says which rule it breaks: `# breaks: rule.id` (or `# expect:`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from pnp.pipeline import layout_document, load_spec, problems, validate_spec
from pnp.render.pdf import render_pdf

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _specs() -> list[Path]:
    specs = []
    for path in sorted(EXAMPLES.rglob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            specs.append(path)  # broken on purpose; must say which rule it breaks
            continue
        if isinstance(data, dict) and ("kit" in data or "game" in data):
            specs.append(path)
    return specs


def _breaks(path: Path) -> str | None:
    m = re.search(r"#\s*(?:breaks|expect):\s*([\w.\-]+)", path.read_text(encoding="utf-8"))
    if m is None and "invalid" in path.parts:
        raise AssertionError(f"{path}: an invalid example must say which rule it breaks (# breaks: rule.id)")
    return m.group(1) if m else None


@pytest.mark.parametrize("spec", _specs(), ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example(spec: Path):
    from pnp.diagnostics import SpecError

    expected = _breaks(spec)
    if expected:  # what `pnp validate` reports, printing problems too; the rule may be a warning (a kit shortage)
        try:
            diagnostics = problems(spec)[1]
        except SpecError as exc:
            diagnostics = exc.diagnostics
        assert expected in {d.rule for d in diagnostics}, [d.format_text() for d in diagnostics]
        return
    try:
        loaded = load_spec(spec)
        diagnostics = validate_spec(loaded)
    except SpecError as exc:
        diagnostics = exc.diagnostics
        loaded = None
    errors = [d for d in diagnostics if d.is_error]
    assert not errors, [d.format_text() for d in errors]
    data = loaded.located.data if loaded is not None else {}
    generic = loaded is not None and loaded.plugin is None
    game_kit = loaded is not None and loaded.plugin is not None and loaded.plugin.components is not None \
        and "print" in data
    if generic or game_kit:
        document, _ = layout_document(loaded)
        assert render_pdf(document).startswith(b"%PDF")
