"""`Located`: a spec's plain data and the tree of nodes it came from, which marks every value and key.

The nodes are the YAML composer's (`pnp.source.loader` builds them) or nodes grafted after loading (cards made
from a data table); either kind has `id` ("scalar", "sequence", "mapping"), `value` and a 0-based `start_mark`.
This module reads that tree and nothing else, so the modules that only pass marks around need no YAML parser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.diagnostics import Mark
from pnp.source.files import Block

PathKey = tuple[str | int, ...]
SCANNED_KEYS = 12
"""Mappings of up to this many keys are scanned for a key; larger ones are indexed once (`Located.keys`)."""


@dataclass(slots=True)
class _Start:
    line: int
    column: int


@dataclass(slots=True, eq=False)
class Grafted:
    """A node made after loading, marked where its value came from (a data table's cell)."""

    id: str
    value: Any
    start_mark: _Start


def node_mark(node: Any, file: str) -> Mark:
    """The `Mark` where a node starts."""
    start = node.start_mark
    return Mark(file, start.line + 1, start.column + 1)


@dataclass(slots=True)
class Located:
    """Plain data of a spec and the nodes it came from, for the marks of its values and mapping keys by path
    (`mark`, `key_mark`, `block`, `text_mark`). `included` names the file of each included root node, `inputs`
    every file the spec read (resolved: itself, includes, images, data), which outputs never replace."""

    data: Any
    file: str
    root: Path
    node: Any = None
    included: dict[int, str] = field(default_factory=dict)
    blocks: dict[int, Block] = field(default_factory=dict)
    inputs: set[Path] = field(default_factory=set)
    keys: dict[int, dict[str, tuple[Any, Any]]] = field(default_factory=dict)
    """Per mapping node (by id) of over `SCANNED_KEYS` keys, its keys indexed on first lookup: one scan per
    mapping, not per diagnostic (smaller mappings are scanned, which is as fast and keeps no index)."""

    def mark(self, path: PathKey) -> Mark:
        """Mark of the value at `path`, or of its nearest ancestor that has one."""
        node, file, _, _, _ = self._find(path)
        return node_mark(node, file) if node is not None else Mark(self.file, 1, 1)

    def key_mark(self, path: PathKey) -> Mark:
        """Mark of the key naming `path` (for unknown keys), else of the value."""
        _, _, key, key_file, found = self._find(path)
        return node_mark(key, key_file) if found and key is not None else self.mark(path)

    def block(self, path: PathKey) -> Block | None:
        """The `|` or `>` block at `path` (its style and where its text starts), None for any other value."""
        node, _, _, _, found = self._find(path)
        return self.blocks.get(id(node)) if found else None

    def text_mark(self, path: PathKey) -> Mark:
        """Where the text of the value at `path` starts: its mark, or for a block its first text line."""
        block = self.block(path)
        return block.start if block else self.mark(path)

    def node_at(self, path: PathKey) -> tuple[Any, str]:
        """The node at `path` (None when there is none) and its file: an opaque handle for `graft`."""
        node, file, _, _, found = self._find(path)
        return (node if found else None), file

    def graft(self, value: Any, mark: Mark, children: list[Any] | None = None) -> Grafted:
        """A node for a value made after loading (a scalar, or with `children` a list or a mapping of (key
        node, node) pairs), marked at `mark`, so that `mark(path)` finds it once placed with `place`."""
        kind = "scalar" if children is None else "mapping" if isinstance(value, dict) else "sequence"
        node = Grafted(kind, value if children is None else children, _Start(mark.line - 1, mark.column - 1))
        self.included[id(node)] = mark.file
        return node

    def place(self, path: PathKey, value: Any, node: Grafted) -> None:
        """Put `value` (and its grafted node) at `path`, an item of a list of the data."""
        parent, _ = self.node_at(path[:-1])
        container = self.data
        for step in path[:-1]:
            container = container[step]
        container[path[-1]] = value
        if parent is not None and parent.id == "sequence":
            parent.value[path[-1]] = node

    def _find(self, path: PathKey) -> tuple[Any, str, Any, str, bool]:
        """The node at `path` (or its nearest ancestor) and its file, the key naming it and the key's file, and
        whether it was found. Marks are made by the callers, of the one node they need."""
        node, file, key, key_file = self.node, self.file, None, ""
        for step in path:
            child: tuple[Any, Any] | None = None
            kind = node.id if node is not None else None
            if kind == "mapping" and isinstance(step, str):
                if len(node.value) <= SCANNED_KEYS:
                    child = next((pair for pair in node.value if pair[0].value == step), None)  # the first wins
                else:
                    index = self.keys.get(id(node))
                    if index is None:  # the first key of a name wins, as in a scan
                        index = self.keys[id(node)] = {k.value: (k, v) for k, v in reversed(node.value)}
                    child = index.get(step)
            elif kind == "sequence" and type(step) is int and 0 <= step < len(node.value):
                child = (None, node.value[step])
            if child is None:
                return node, file, key, key_file, False
            key, key_file, node = child[0], file, child[1]
            file = self.included.get(id(node), file)
        return node, file, key, key_file, True
