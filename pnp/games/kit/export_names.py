"""File names of card exports from a deck's `export_name:` template, checked when the deck is drawn.

Input: the template, the card's template context and where the template is written. Output: the name (the
export adds `-front.png` / `-back.png`), or a located `SpecError` when it is not a plain file name: empty, a
path (`/`, `\\`), `.` or `..`, a leading dot, characters Windows refuses, control characters, or too long.
`ExportNames` also refuses the same name for two different cards (their files would overwrite each other).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pnp.diagnostics import Diagnostic, Mark, SpecError

MAX_NAME_BYTES = 150
"""Longest name (UTF-8 bytes) before its `-front.png`: well under the 255 bytes file systems allow."""
_UNSAFE = re.compile(r'[/\\<>:"|?*\x00-\x1f\x7f]')
_HINT = "use letters, digits, - and _ only, e.g. export_name: '{{ deck.name }}-{{ card.index }}'"


def checked_name(name: str, mark: Mark) -> str:
    """`name` when it is a safe, flat file name; else a SpecError at `mark` saying what is wrong."""
    bad = _UNSAFE.search(name)
    if not name.strip():
        problem = "gives an empty file name"
    elif name.strip(".") == "":
        problem = f"gives {name!r}, which names a folder (. or ..), not a file"
    elif bad is not None:
        problem = f"gives {name!r}, with {bad.group()!r}, which a file name cannot hold (a path or reserved sign)"
    elif name.startswith((".", "-")) or name != name.strip():
        problem = f"gives {name!r}, which starts or ends with a space, a dot or a dash"
    elif len(name.encode("utf-8")) > MAX_NAME_BYTES:
        problem = f"gives a name of {len(name.encode('utf-8'))} bytes, over {MAX_NAME_BYTES}"
    else:
        return name
    raise SpecError(Diagnostic.at(mark, "deck.export_name", f"export_name {problem}", _HINT))


class ExportNames:
    """The export names of one kit's cards: rendered, checked, and distinct across the kit's decks."""

    def __init__(self, render: Callable[[str, dict[str, Any], tuple[str | int, ...]], str],
                 mark: Callable[[tuple[str | int, ...]], Mark]):
        self.render = render
        self.mark = mark
        self.taken: dict[str, tuple[str, Any]] = {}
        """Each name given, with whose it is (the card's description) and what it draws."""

    def name(self, template: str | None, context: dict[str, Any], path: tuple[str | int, ...], who: str,
             drawing: Any) -> str:
        """The checked name of one card (or copy) `who`, drawn as `drawing` (which card it is, then its faces:
        only copies of one card that look alike share a file); "" when the deck has no template."""
        if template is None:
            return ""
        name = checked_name(self.render(template, context, path), self.mark(path))
        earlier = self.taken.get(name)
        if earlier is not None and earlier[1] != drawing:
            raise SpecError(Diagnostic.at(self.mark(path), "deck.export_name",
                                          f"export_name gives {name!r} to both {earlier[0]} and {who}: one file would "
                                          "overwrite the other", "put {{ card.index }} (or another value that "
                                          "differs from card to card) into the name"))
        self.taken.setdefault(name, (who, drawing))
        return name
