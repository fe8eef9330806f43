"""Helpers for the reliability tests: parse `file:line:col: severity [rule] message` lines from pnp's output
and assert the clean outcome the bar asks for (exit 1, exactly one located error, no traceback)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import Result

_LINE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning) \[(?P<rule>[\w.]+)\] "
    r"(?P<message>.*)$"
)


@dataclass(frozen=True)
class Reported:
    """One diagnostic line as a user reads it."""

    file: str
    line: int
    column: int
    severity: str
    rule: str
    message: str


def reported(text: str) -> list[Reported]:
    """Every diagnostic line in `text` (pnp's stderr)."""
    found = []
    for raw in text.splitlines():
        m = _LINE.match(raw)
        if m:
            found.append(Reported(m["file"], int(m["line"]), int(m["column"]), m["severity"], m["rule"], m["message"]))
    return found


def assert_clean(result: Result) -> None:
    """No traceback and no 'internal error' guard message reached the user."""
    assert "Traceback" not in result.output, result.output
    assert "internal error" not in result.output, result.output


def one_error(result: Result, spec: Path | str | None = None) -> Reported:
    """Assert exit code 1 and exactly one located error (in `spec` when given); return it."""
    assert_clean(result)
    assert result.exit_code == 1, (result.exit_code, result.output)
    errors = [d for d in reported(result.stderr) if d.severity == "error"]
    assert len(errors) == 1, result.stderr
    if spec is not None:
        assert errors[0].file == str(Path(spec).resolve()), errors[0]
    return errors[0]


def values(data: Any) -> int:
    """How many values (scalars, lists and mappings, keys not counted) the data holds."""
    if isinstance(data, dict):
        return 1 + sum(values(v) for v in data.values())
    if isinstance(data, list):
        return 1 + sum(values(v) for v in data)
    return 1


# Output folders: a three-sheet kit and its files.

THREE_SHEETS = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        count: 27
        elements:
          - {type: text, text: "Hello"}
"""
STEM = "test-kit-a4"


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in `folder` (hidden ones too) and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def fail_at_call(n: int, real: object, error: BaseException) -> object:
    """Wrap `real` so that its n-th call raises `error`."""
    calls = {"count": 0}

    def wrapper(*args: object, **kwargs: object) -> object:
        calls["count"] += 1
        if calls["count"] == n:
            raise error
        return real(*args, **kwargs)  # type: ignore[operator]

    return wrapper
