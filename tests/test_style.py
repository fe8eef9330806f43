"""The code base stays `ruff` clean (the same check a reviewer runs), with the ruff the test extras installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "pnp", "tests", "benchmarks"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


MAX_FUNCTION_LINES = 80


def long_functions(package: Path) -> list[str]:
    """`path:line: name (N lines)` for every function or method under `package` longer than the limit."""
    import ast

    found = []
    for source in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"), str(source))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    found.append(f"{source.relative_to(ROOT)}:{node.lineno}: {node.name} ({lines} lines)")
    return found


def test_no_function_is_longer_than_80_lines():
    offenders = long_functions(ROOT / "pnp")
    assert not offenders, f"functions over {MAX_FUNCTION_LINES} lines (split them):\n" + "\n".join(offenders)
