""""Did you mean" for values: the allowed value nearest to a misspelt one, for error hints.

Input: a value written in a spec and the values allowed there (from a pydantic error, a validator's list, or
the words a field names as `Synonyms`). Output: a hint such as "did you mean 'poker'?", or None.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


class HintedValueError(ValueError):
    """A ValueError raised by a validator with the hint its diagnostic prints (e.g. "did you mean 'red'?")."""

    def __init__(self, message: str, hint: str | None) -> None:
        super().__init__(message)
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Synonyms:
    """Words people write for a field's values (`circle` for `round`): suggested in the hint, never accepted."""

    words: Mapping[str, str]


def close_match(word: object, choices: Iterable[str]) -> str | None:
    """The choice nearest to `word` (ignoring case), or None when none is close."""
    if not isinstance(word, str) or not word.strip() or len(word) > 100:
        return None
    import difflib  # only misspelt values need it

    by_lower = {choice.lower(): choice for choice in choices}
    found = difflib.get_close_matches(word.strip().lower(), list(by_lower), n=1)
    return by_lower[found[0]] if found else None


def did_you_mean(word: object, choices: Iterable[str]) -> str | None:
    """"did you mean 'CHOICE'?" for the choice nearest to `word`, or None."""
    found = close_match(word, choices)
    return f"did you mean {found!r}?" if found else None


def enum_hint(err: Mapping[str, Any], synonyms: Synonyms | None = None) -> str | None:
    """The hint for a pydantic literal, enum or union-tag error: the nearest allowed value, if any.

    The allowed values are the quoted ones pydantic lists in the error's context."""
    ctx = err.get("ctx") or {}
    if err["type"] == "union_tag_invalid":
        word, listed = ctx.get("tag"), str(ctx.get("expected_tags", ""))
    else:
        word, listed = err.get("input"), str(ctx.get("expected", ""))
    choices = _QUOTED.findall(listed)
    if synonyms and isinstance(word, str) and synonyms.words.get(word.strip().lower()) in choices:
        return f"did you mean {synonyms.words[word.strip().lower()]!r}?"
    return did_you_mean(word, choices)
