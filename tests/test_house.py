"""The house rules a reviewer checks by hand: small modules, one small YAML reader, one pipeline path."""

from __future__ import annotations

import re
from pathlib import Path

PNP = Path(__file__).resolve().parents[1] / "pnp"
MAX_MODULE_LINES = 450
IMPORTS_YAML = re.compile(r"^\s*(import yaml\b|from yaml\b)", re.MULTILINE)


def _modules() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in sorted(PNP.rglob("*.py"))}


def _lines(text: str) -> int:
    return len(text.splitlines())


def test_no_module_is_over_450_lines():
    long = {str(p.relative_to(PNP)): _lines(t) for p, t in _modules().items() if _lines(t) > MAX_MODULE_LINES}
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"


def test_the_files_that_read_yaml_add_up_to_450_lines_or_fewer():
    readers = {str(p.relative_to(PNP)): _lines(t) for p, t in _modules().items() if IMPORTS_YAML.search(t)}
    assert readers, "no module imports yaml: the pattern no longer finds the loader"
    assert sum(readers.values()) <= MAX_MODULE_LINES, readers


def test_the_yaml_readers_live_in_the_source_stage():
    readers = [p.relative_to(PNP) for p, t in _modules().items() if IMPORTS_YAML.search(t)]
    assert all(p.parts[0] == "source" for p in readers), readers


def test_the_generic_kit_takes_the_same_path_as_the_games():
    special = [str(p.relative_to(PNP)) for p, t in _modules().items() if re.search(r"plugin is None", t)]
    assert not special, special
