"""Diagnostics: what pnp tells a user about a spec, with where and how to fix it.

Input: rule results and loader/model errors. Output: `Diagnostic` records, formatted as
`file:line:col: severity [rule] message` for people or as JSON objects for machines.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import NamedTuple


class Severity(StrEnum):
    """How bad a diagnostic is: errors block rendering, warnings do not."""

    ERROR = "error"
    WARNING = "warning"


class Mark(NamedTuple):
    """A position in a spec file, 1-based line and column (a tuple: a spec of 500 cards makes 40,000)."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a spec: severity, rule id, message, fix hint and location."""

    severity: Severity
    rule: str
    message: str
    hint: str = ""
    file: str = ""
    line: int = 0
    column: int = 0

    @classmethod
    def at(
        cls, mark: Mark | None, rule: str, message: str, hint: str = "", severity: Severity = Severity.ERROR
    ) -> Diagnostic:
        """Build a diagnostic located at `mark` (or unlocated when mark is None)."""
        if mark is None:
            return cls(severity, rule, message, hint)
        return cls(severity, rule, message, hint, mark.file, mark.line, mark.column)

    @property
    def is_error(self) -> bool:
        return self.severity == Severity.ERROR

    def format_text(self) -> str:
        """Render as `file:line:col: error [rule] message` plus an indented hint line."""
        where = f"{self.file}:{self.line}:{self.column}: " if self.file else ""
        text = f"{where}{self.severity.value} [{self.rule}] {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["severity"] = self.severity.value
        return data


class SpecError(Exception):
    """A user-facing error: the spec (or an input it names) is wrong. Carries diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic):
        self.diagnostics = [diagnostics] if isinstance(diagnostics, Diagnostic) else list(diagnostics)
        super().__init__("\n".join(d.format_text() for d in self.diagnostics))


class PartialResult(SpecError):
    """Errors, and what could still be made despite them (`partial`: a kit built with its broken parts stood
    in for, the pieces drawn without a broken image), so that `validate` checks the rest in the same run."""

    def __init__(self, diagnostics: list[Diagnostic], partial: object):
        super().__init__(diagnostics)
        self.partial = partial


def sort_diagnostics(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Each problem once, ordered by file, line and column (as numbers), then rule and message, so output is
    stable. A mistake inside a YAML anchor is found at every alias that repeats it, always at the anchor's
    place: the same file, line, column, rule and message is one problem (the first found is kept)."""
    unique: dict[tuple[str, int, int, str, str], Diagnostic] = {}
    for d in diagnostics:
        unique.setdefault((d.file, d.line, d.column, d.rule, d.message), d)
    return [unique[key] for key in sorted(unique)]


_INTERNAL_PATH = re.compile(r"^components\.\d+\.(cards|items|cells)\.\d+\.(?:[\w\[\]]+\.)*?([\w\[\]]+): ")
_INNER_PATH = re.compile(r"\bcomponents\.\d+\.(cards|items|cells)\.\d+\.(\S+)")
"""The internal path of one card inside a message (`missing required key 'cx' in components.0.cards.3.elements.0`)."""
_NOUNS = {"cards": "cards", "items": "counters", "cells": "cells"}


def _noun(message: str) -> str:
    found = _INTERNAL_PATH.match(message) or _INNER_PATH.search(message)
    if found:
        return _NOUNS[found[1]]
    return "cards" if 'card "' in message else "uses"


def _shared(message: str) -> str:
    """The message without the internal path of one card ('' when it names none): what the cards that share
    the place of the diagnostic have in common."""
    if _INTERNAL_PATH.match(message):
        return _INTERNAL_PATH.sub(r"\2: ", message)
    return _INNER_PATH.sub(r"\2", message) if _INNER_PATH.search(message) else ""


def merge_shared(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """One diagnostic per place: the diagnostics of one rule and severity at the same file, line and column (a
    shared `front:`, layout or back, repeated on every card that uses it) become the first of them, saying how
    many cards it affects, without the internal path of one card (`components.0.cards.99.elements.3.size`).
    Model errors keep apart by what they say once that path is gone (two properties quoting one bad field)."""
    groups: dict[tuple[str, int, int, str, Severity, str], list[Diagnostic]] = {}
    for d in diagnostics:
        shared = _shared(d.message)
        groups.setdefault((d.file, d.line, d.column, d.rule, d.severity, shared), []).append(d)
    merged = []
    for (file, *_, shared), group in groups.items():
        first = group[0]
        if len(group) == 1 or not file:
            merged.extend(group)
            continue
        count = f"{len(group)} {_noun(first.message)}" + ("" if shared else "; the first is shown")
        merged.append(replace(first, message=f"{shared or first.message} (on {count})"))
    return merged


def format_json(diagnostics: list[Diagnostic]) -> str:
    """Diagnostics as a JSON list of objects with stable keys."""
    return json.dumps([d.to_dict() for d in diagnostics], indent=2, ensure_ascii=False)
