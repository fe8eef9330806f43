"""`Located`: a spec's plain data and a compact tree of where its values and keys start, by path.

The loader (`pnp.source.loader`) writes each file's mappings and lists into a few flat arrays of that file (`Marks`):
per container its keys (one shared tuple per set of names) and where its starts begin, the starts of the keys and
items packed as integers (`pack`), and for a container holding mappings, lists or included files the number of each
(`Marks.kids`); a mapping or list is its file's `Marks` and its number, and a scalar has nothing of its own. Nodes
grafted after loading (cards made from a data table) are `Grafted`, with `id` ("scalar", "sequence", "mapping"),
`value` and a 0-based `start_mark`. This module reads both kinds and imports no YAML parser, so the modules that only
pass marks around stay light.
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
    """A 0-based line and column as one integer (what `Marks.spots` holds)."""
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


class Marks:
    """One file's mappings and lists, numbered in the order they end: per container its keys (`names`, None for a
    list) and where its starts begin in `spots` (`first`, one more than there are containers: a container's starts
    run to the next one's), the packed starts of its items (a mapping's key and value per pair), and where its
    items' nodes begin in `kids` (`kid`; -1 when every item is a scalar). A node in `kids` is a container's number,
    -1 for a scalar, or -2 - its place in `foreign` (another file's root, a grafted node)."""

    __slots__ = ("file", "first", "foreign", "keys", "kid", "kids", "names", "spots")

    def __init__(self, file: str) -> None:
        self.file = file
        self.names: list[tuple[str, ...] | None] = []
        self.first = array("I", (0,))
        self.spots = array("q")
        self.kid = array("i")
        self.kids = array("i")
        self.foreign: list[Any] = []
        self.keys: dict[int, dict[str, int]] = {}
        """Per mapping of over `SCANNED_KEYS` keys, where each key is, indexed on first lookup: one scan per
        mapping, not per diagnostic (smaller mappings are scanned, which is as fast and keeps no index)."""

    def add(self, names: tuple[str, ...] | None, spots: list[int], kids: list[Any] | None) -> int:
        """A container that has ended, its items' starts and nodes (None: all scalars); its number."""
        self.names.append(names)
        self.spots.extend(spots)
        self.first.append(len(self.spots))
        if kids is None:
            self.kid.append(-1)
        else:
            self.kid.append(len(self.kids))
            self.kids.extend([kid if type(kid) is int else -1 if kid is None else self._foreign(kid) for kid in kids])
        return len(self.names) - 1

    def add_packed(self, names: tuple[str, ...] | None, spots: bytes) -> int:
        """A container of scalars whose starts are given as the bytes of packed integers; its number."""
        self.names.append(names)
        self.spots.frombytes(spots)
        self.first.append(len(self.spots))
        self.kid.append(-1)
        return len(self.names) - 1

    def items(self, index: int) -> int:
        """How many items container `index` holds."""
        count = self.first[index + 1] - self.first[index]
        return count if self.names[index] is None else count // 2

    def set_kid(self, index: int, item: int, node: Any) -> None:
        """Make `node` the node of item `item` of container `index`."""
        where = self.kid[index]
        if where < 0:
            where = self.kid[index] = len(self.kids)
            self.kids.extend([-1] * self.items(index))
        self.kids[where + item] = self._foreign(node)

    def _foreign(self, node: Any) -> int:
        self.foreign.append(node)
        return -1 - len(self.foreign)


@dataclass(slots=True, eq=False)
class Node:
    """A handle on a loaded mapping or list: its file's `Marks`, its number there and its packed start."""

    marks: Marks
    index: int
    at: int


@dataclass(slots=True, eq=False)
class Leaf:
    """A loaded scalar given a node of its own: an included file's root, or a handle from `Located.node_at`."""

    at: int


def _start(node: Any) -> int:
    if type(node) is Grafted:
        return pack(node.start_mark.line, node.start_mark.column)
    return node.at  # type: ignore[no-any-return]


def _item(marks: Marks, index: int, step: str | int) -> int | None:
    """Where `step` is among a loaded mapping's keys or a loaded list's items (None: not there)."""
    names = marks.names[index]
    if names is None:
        return step if type(step) is int and 0 <= step < marks.first[index + 1] - marks.first[index] else None
    if not isinstance(step, str):
        return None
    if len(names) <= SCANNED_KEYS:
        return names.index(step) if step in names else None
    keys = marks.keys.get(index)
    if keys is None:
        keys = marks.keys[index] = {name: i for i, name in enumerate(names)}
    return keys.get(step)


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
        if type(parent) is Node and parent.marks.names[parent.index] is None and type(index) is int:
            parent.marks.set_kid(parent.index, index, node)
        elif type(parent) is Grafted and parent.id == "sequence":
            parent.value[index] = node

    def _find(self, path: PathKey) -> tuple[Any, int | None, str, int | None, str, bool]:
        """The node at `path` (or its nearest ancestor; None for a loaded scalar), its packed start and file, the
        start of the key naming it and the key's file, and whether it was found. Marks are made by the callers,
        of the one place they need. A loaded container is followed as its `Marks` and number (`marks`, `index`),
        given a `Node` only at the end."""
        node, file, key, key_file = self.node, self.file, None, ""
        at = None if node is None else _start(node)
        marks: Marks | None = node.marks if type(node) is Node else None
        index = node.index if type(node) is Node else 0
        found = True
        for step in path:
            child: Any = None
            if marks is not None:
                item = _item(marks, index, step)
                if item is None:
                    found = False
                    break
                first = marks.first[index]
                if marks.names[index] is None:
                    key, at = None, marks.spots[first + item]
                else:
                    key, at = marks.spots[first + 2 * item], marks.spots[first + 2 * item + 1]
                key_file, where = file, marks.kid[index]
                code = -1 if where < 0 else marks.kids[where + item]
                if code >= 0:
                    index = code
                    continue
                child = None if code == -1 else marks.foreign[-2 - code]
                marks = None
            elif type(node) is Grafted:
                pair = self._grafted(node, step)
                if pair is None:
                    found = False
                    break
                key, child = (None if pair[0] is None else _start(pair[0])), pair[1]
                key_file = file
            else:
                found = False
                break
            node = child
            if type(child) is Node:  # another file's root, or a handle grafted back
                at, file, marks, index = child.at, child.marks.file, child.marks, child.index
            elif child is not None:
                at, file = _start(child), self.included.get(id(child), file)
        if marks is not None:
            node = Node(marks, index, at or 0)
        return node, at, file, key, key_file, found

    @staticmethod
    def _grafted(node: Grafted, step: str | int) -> tuple[Any, Any] | None:
        """The (key node, node) of `step` in a grafted mapping or list (the first key of a name wins)."""
        if node.id == "mapping" and isinstance(step, str):
            return next((pair for pair in node.value if pair[0].value == step), None)
        if node.id == "sequence" and type(step) is int and 0 <= step < len(node.value):
            return None, node.value[step]
        return None
