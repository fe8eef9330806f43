"""`Located`: a spec's plain data and a compact tree of where its values and keys start, by path.

The loader (`pnp.source.loader`) writes one `Branch` per mapping and list: the start of the container, its
keys, and the starts of its keys and items packed as integers (`pack`); a scalar item has no object of its
own. Nodes grafted after loading (cards made from a data table) are `Grafted`, with `id` ("scalar",
"sequence", "mapping"), `value` and a 0-based `start_mark`. This module reads both kinds and imports no YAML
parser, so the modules that only pass marks around stay light.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.diagnostics import Diagnostic, Mark
from pnp.source.files import Block

PathKey = tuple[str | int, ...]
SCANNED_KEYS = 12
"""Mappings of up to this many keys are scanned for a key; larger ones are indexed once (`Located.keys`)."""
COLUMNS = 1 << 32
"""`pack`'s line unit: a packed start is `line * COLUMNS + column`."""


def pack(line: int, column: int) -> int:
    """A 0-based line and column as one integer (what `Branch.spots` holds)."""
    return line * COLUMNS + column


def mark_of(file: str, at: int) -> Mark:
    """The `Mark` of a packed start in `file`."""
    line, column = divmod(at, COLUMNS)
    return Mark(file, line + 1, column + 1)


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


@dataclass(slots=True, eq=False)
class Branch:
    """A loaded mapping (`names` its keys in order) or list (`names` None): where it starts (`at`), the packed
    starts of its items (a mapping's key and value per pair), and per item the node of a nested mapping, list or
    included file (`kids`; None for a scalar, and no list at all when every item is a scalar)."""

    at: int
    names: tuple[str, ...] | None
    spots: array[int]
    kids: list[Any] | None


@dataclass(slots=True, eq=False)
class Leaf:
    """A loaded scalar given a node of its own: an included file's root, or a handle from `Located.node_at`."""

    at: int


def _start(node: Any) -> int:
    if type(node) is Grafted:
        return pack(node.start_mark.line, node.start_mark.column)
    return node.at  # type: ignore[no-any-return]


@dataclass(slots=True)
class Located:
    """Plain data of a spec and where it was written, for the marks of its values and mapping keys by path
    (`mark`, `key_mark`, `block`, `text_mark`). `node` is the root's node; `included` names the file of each
    included root node, `blocks` the block scalars by (file, packed start), `inputs` every file the spec read
    (resolved: itself, includes, images, data), which outputs never replace."""

    data: Any
    file: str
    root: Path
    node: Any = None
    included: dict[int, str] = field(default_factory=dict)
    blocks: dict[tuple[str, int], Block] = field(default_factory=dict)
    inputs: set[Path] = field(default_factory=set)
    warnings: list[Diagnostic] = field(default_factory=list)
    """Warnings met while reading the spec's inputs (a data table's formula cells that have no saved result),
    reported with the rules' diagnostics."""
    keys: dict[int, dict[str, int]] = field(default_factory=dict)
    """Per mapping node (by id) of over `SCANNED_KEYS` keys, where each key is, indexed on first lookup: one
    scan per mapping, not per diagnostic (smaller mappings are scanned, which is as fast and keeps no index)."""

    def mark(self, path: PathKey) -> Mark:
        """Mark of the value at `path`, or of its nearest ancestor that has one."""
        _, at, file, _, _, _ = self._find(path)
        return mark_of(file, at) if at is not None else Mark(self.file, 1, 1)

    def key_mark(self, path: PathKey) -> Mark:
        """Mark of the key naming `path` (for unknown keys), else of the value."""
        _, _, _, key, key_file, found = self._find(path)
        return mark_of(key_file, key) if found and key is not None else self.mark(path)

    def block(self, path: PathKey) -> Block | None:
        """The `|` or `>` block at `path` (its style and where its text starts), None for any other value."""
        node, at, file, _, _, found = self._find(path)
        return self.blocks.get((file, at)) if found and at is not None and type(node) is not Grafted else None

    def text_mark(self, path: PathKey) -> Mark:
        """Where the text of the value at `path` starts: its mark, or for a block its first text line."""
        block = self.block(path)
        return block.start if block else self.mark(path)

    def node_at(self, path: PathKey) -> tuple[Any, str]:
        """The node at `path` (None when there is none) and its file: an opaque handle for `graft`."""
        node, at, file, _, _, found = self._find(path)
        if not found:
            return None, file
        return (node if node is not None else Leaf(at or 0)), file

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
        index = path[-1]
        container[index] = value
        if type(parent) is Branch and parent.names is None and type(index) is int:
            if parent.kids is None:
                parent.kids = [None] * len(parent.spots)
            parent.kids[index] = node
        elif type(parent) is Grafted and parent.id == "sequence":
            parent.value[index] = node

    def _find(self, path: PathKey) -> tuple[Any, int | None, str, int | None, str, bool]:
        """The node at `path` (or its nearest ancestor; None for a loaded scalar), its packed start and file, the
        start of the key naming it and the key's file, and whether it was found. Marks are made by the callers,
        of the one place they need."""
        node, file, key, key_file = self.node, self.file, None, ""
        at = None if node is None else _start(node)
        for step in path:
            kind = type(node)
            child: Any = None
            if kind is Branch:
                index = self._index(node, step)
                if index is None:
                    return node, at, file, key, key_file, False
                if node.names is None:
                    key, at = None, node.spots[index]
                else:
                    key, at = node.spots[2 * index], node.spots[2 * index + 1]
                child = node.kids[index] if node.kids is not None else None
            elif kind is Grafted:
                pair = self._grafted(node, step)
                if pair is None:
                    return node, at, file, key, key_file, False
                key, child = (None if pair[0] is None else _start(pair[0])), pair[1]
            else:
                return node, at, file, key, key_file, False
            key_file = file
            if child is not None:
                at, file = _start(child), self.included.get(id(child), file)
            node = child
        return node, at, file, key, key_file, True

    def _index(self, node: Branch, step: str | int) -> int | None:
        """Where `step` is among a loaded mapping's keys or a loaded list's items (None: not there)."""
        names = node.names
        if names is None:
            return step if type(step) is int and 0 <= step < len(node.spots) else None
        if not isinstance(step, str):
            return None
        if len(names) <= SCANNED_KEYS:
            return names.index(step) if step in names else None
        index = self.keys.get(id(node))
        if index is None:
            index = self.keys[id(node)] = {name: i for i, name in enumerate(names)}
        return index.get(step)

    @staticmethod
    def _grafted(node: Grafted, step: str | int) -> tuple[Any, Any] | None:
        """The (key node, node) of `step` in a grafted mapping or list (the first key of a name wins)."""
        if node.id == "mapping" and isinstance(step, str):
            return next((pair for pair in node.value if pair[0].value == step), None)
        if node.id == "sequence" and type(step) is int and 0 <= step < len(node.value):
            return None, node.value[step]
        return None
