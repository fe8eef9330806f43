"""A spec written in YAML's plainest form, read without a YAML parser's events: the same data, marks and counts
the loader's walk builds (`pnp.source.loader`), or None for anything else, which the walk then reads.

What it reads: block mappings and block lists (a list's `-` indented under its key), one line per key or item;
values that are a plain scalar, a quoted scalar on one line ('it''s', or "text" without escapes) or a flow
mapping on one line of such scalars (`{type: rect, x: 3mm}`); blank and whole-line comment lines. Keys are
simple words. Anything else (anchors, tags, block scalars, flow lists, a `#` or `:` in a value, tabs, an empty
value, `include:`, a duplicate key, a value over a cap) is left to the walk, which reads it or reports it as
before. A deck repeats its lines from card to card: each distinct flow mapping is read once per load.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

from pnp.source.build import NULLS, Budget, Built, rooted
from pnp.source.files import Limits
from pnp.source.located import COLUMNS, Marks

_OUTSIDE = re.compile(r"[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]")
"""A character the plain form leaves to the walk: tabs, carriage returns, controls, YAML's other line breaks (a
next line, and the line and paragraph separators U+2028, U+2029, which end a line for libyaml, even in a comment
or a quoted scalar), a byte-order mark, surrogates, characters past the Basic Multilingual Plane."""
_KEY = r"[A-Za-z0-9_][A-Za-z0-9_-]*"
_FIRST = r"(?:[^\s\-?:,\[\]{}#&*!|>'\"%@`]|-(?=[^\s:#,\[\]{}]))"  # a plain scalar's first character
_QUOTED = r"'(?:[^']|'')*'|\"[^\"\\]*\""
_BLOCK_VALUE = re.compile(rf"(?:{_QUOTED}|{_FIRST}[^\s:#]*(?: +[^\s:#]+)*) *")
_FLOW_VALUE = rf"{_QUOTED}|{_FIRST}[^\s:#,\[\]{{}}]*(?: +[^\s:#,\[\]{{}}]+)*"
_PAIR = re.compile(rf" *({_KEY}): +({_FLOW_VALUE}) *([,}}])")
_LINE = re.compile(rf"( *)(?:(-) +)?(?:({_KEY}):(?: +|$))?")
_FORBIDDEN_KEYS = frozenset({"include"})  # an include replaces its mapping: the walk's
_HALF = 4
"""Bytes of a packed start's line and of its column (`pnp.source.located.COLUMNS` is 1 << 32)."""
FLOWS_KEPT = 256
"""Distinct flow mappings a load keeps read (then it starts again): a deck's repeated lines stay found, and a
deck whose lines all differ keeps no memory per card."""


class _Frame:
    """A block mapping or list being read: where its entries start (column), its data, keys, starts, nodes."""

    __slots__ = ("at", "data", "indent", "key", "kids", "level", "levels", "names", "spots")

    def __init__(self, mapping: bool, indent: int, at: int, level: int) -> None:
        self.data: Any = {} if mapping else []
        self.names: list[str] | None = [] if mapping else None
        self.spots: list[int] = []
        self.kids: list[Any] | None = None
        self.indent, self.at, self.level, self.levels = indent, at, level, 0
        self.key: tuple[str, int] | None = None


class _Refused(Exception):
    """The text is not in the plain form (the walk reads it)."""


def read(text: str, limits: Limits, budget: Budget, depth: int, file: str = "<spec>") -> Built | None:
    """The text's root as the walk builds it (data, node, start, levels) from `file`, counted in `budget`; None when
    the text is not in the plain form (or is empty), with `budget` untouched."""
    if _OUTSIDE.search(text) is not None:
        return None
    try:
        reader = _Reader(limits, budget, depth, file)
        return rooted(reader.read(text), reader.tree)
    except _Refused:
        return None


class _Reader:
    def __init__(self, limits: Limits, budget: Budget, depth: int, file: str) -> None:
        self.limits, self.budget, self.depth = limits, budget, depth
        self.tree = Marks(file)
        self.strings = budget.strings
        self.values = 0
        self.flows: dict[str, tuple[dict[str, Any], tuple[str, ...], list[bytes], int]] = {}
        """Each line of a flow mapping: its data, keys, columns (`_flow`) and values."""

    def read(self, text: str) -> Built | None:
        stack: list[_Frame] = []
        pending = False  # the last line was `key:` with its value on the lines below
        for number, line in enumerate(_lines(text)):
            base = number * COLUMNS
            body = line.lstrip(" ")
            if not body or body[0] == "#":
                continue
            if line.endswith(" ") or (body[0] in "-.%" and line.startswith(("---", "...", "%"))):
                raise _Refused
            match = _LINE.match(line)
            assert match is not None
            indent, dash, key = len(match[1]), match[2], match[3]
            if pending:
                parent = stack[-1]
                if indent <= parent.indent:
                    raise _Refused  # an empty value, or a list indented as its key
                stack.append(_Frame(dash is None, indent, base + indent, parent.level + 1))
                pending = False
            elif not stack:
                if indent or dash is not None or key is None:
                    raise _Refused
                stack.append(_Frame(True, 0, base, self.depth + 1))
            else:
                while stack[-1].indent > indent:
                    built = self._close(stack.pop())
                    if not stack:
                        raise _Refused
                    _put(stack[-1], *built)
                if stack[-1].indent != indent:
                    raise _Refused
            top = stack[-1]
            if top.level >= self.limits.max_depth:
                raise _Refused
            column = match.end()
            if dash is not None:
                if top.names is not None:
                    raise _Refused
                if key is not None:  # `- key: ...`: a mapping in the list, its keys at the key's column
                    column = match.start(3)
                    stack.append(_Frame(True, column, base + column, top.level + 1))
                    top = stack[-1]
                    if top.level >= self.limits.max_depth:
                        raise _Refused
                    column = match.end()
                else:
                    self._value(stack, line, column, base)
                    continue
            elif key is None or top.names is None:
                raise _Refused
            name, at = key, base + match.start(3)
            if name in top.data or name in _FORBIDDEN_KEYS or len(name) > self.limits.max_string:
                raise _Refused
            top.key = (self.strings.setdefault(name, name), at)
            if column == len(line):
                pending = True
            else:
                self._value(stack, line, column, base)
        if pending or not stack:
            raise _Refused
        while len(stack) > 1:
            built = self._close(stack.pop())
            _put(stack[-1], *built)
        built = self._close(stack.pop())
        if self.budget.values + self.values > self.limits.max_nodes:
            raise _Refused
        self.budget.values += self.values
        return built

    def _value(self, stack: list[_Frame], line: str, column: int, base: int) -> None:
        """The value written from `column` to the end of the line, put into the mapping or list on top."""
        if line[column] == "{":
            if stack[-1].level + 2 > self.limits.max_depth:
                raise _Refused
            self._flow(stack[-1], line, column, base)
            return
        match = _BLOCK_VALUE.fullmatch(line, column)
        if match is None:
            raise _Refused
        self.values += 1
        _put(stack[-1], self._text(match[0].rstrip(" ")), None, base + column, 1)

    def _text(self, written: str) -> str | None:
        """A scalar's value as written (quoted, or plain: a null for `null`, `~`)."""
        first = written[0]
        if first == "'":
            value = written[1:-1].replace("''", "'")
        elif first == '"':
            value = written[1:-1]
        else:
            value = written
        if len(value) > self.limits.max_string:  # a null's text too (the walk refuses `null` past a cap of 3)
            raise _Refused
        return None if first != "'" and first != '"' and value in NULLS else self.strings.setdefault(value, value)

    def _flow(self, top: _Frame, line: str, column: int, base: int) -> None:
        """A flow mapping of scalars on one line, from its `{` at `column` (each distinct line read once per load);
        its starts are made as bytes, each column beside the line number, as `pack` makes them."""
        known = self.flows.get(line)
        if known is None:
            if len(self.flows) >= FLOWS_KEPT:
                self.flows.clear()
            known = self.flows[line] = self._read_flow(line, column)
        data, names, columns, values = known
        self.values += values
        at = base + column
        node = self.tree.add_packed(names, (base // COLUMNS).to_bytes(_HALF, sys.byteorder).join(columns))
        _put(top, dict(data), node, at, 2)

    def _read_flow(self, line: str, column: int) -> tuple[dict[str, Any], tuple[str, ...], list[bytes], int]:
        data: dict[str, Any] = {}
        starts: list[int] = []
        position, end = column + 1, ""
        while end != "}":
            match = _PAIR.match(line, position)
            if match is None:
                raise _Refused
            name, end = match[1], match[3]
            if name in data or name in _FORBIDDEN_KEYS or len(name) > self.limits.max_string:
                raise _Refused
            data[self.strings.setdefault(name, name)] = self._text(match[2])
            starts += (match.start(1), match.start(2))
            position = match.end()
        if position != len(line):
            raise _Refused
        columns = [start.to_bytes(_HALF, sys.byteorder) for start in starts]
        columns.insert(len(columns) if sys.byteorder == "little" else 0, b"")  # the line number after or before each
        keys = self.budget.keys_of(data)
        return data, keys, columns, len(data) + 1

    def _close(self, frame: _Frame) -> Built:
        names = frame.names  # mappings of the same keys share one tuple of them, as the walk's do
        keys = None if names is None else self.budget.keys_of(names)
        self.values += 1
        return frame.data, self.tree.add(keys, frame.spots, frame.kids), frame.at, frame.levels + 1


def _lines(text: str) -> Iterator[str]:
    """The lines of `text`, one at a time (a list of them all would hold a copy of the spec while it is read)."""
    start = 0
    while (end := text.find("\n", start)) >= 0:
        yield text[start:end]
        start = end + 1
    yield text[start:]


def _put(top: _Frame, data: Any, node: Any, at: int, levels: int) -> None:
    """As the walk's `_attach`: a value into the mapping (under its waiting key) or list `top`."""
    names = top.names
    if names is not None:
        key = top.key
        if key is None:
            raise _Refused
        top.key = None
        name = key[0]
        names.append(name)
        top.spots += (key[1], at)
        top.data[name] = data
    else:
        top.data.append(data)
        top.spots.append(at)
    kids = top.kids
    if node is not None:
        if kids is None:
            top.kids = kids = [None] * (len(top.data) - 1)
        kids.append(node)
    elif kids is not None:
        kids.append(None)
    if levels > top.levels:
        top.levels = levels
