"""Checking and building one spec file's values as its parser reports them: plain data, the file's `Marks` of its
mappings and lists (`pnp.source.located`), and the checks of the caps, tags, keys and aliases (see
`pnp.source.loader`, which feeds this module the parser's events; it imports no parser itself).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pnp.diagnostics import Mark, SpecError
from pnp.source.files import Limits, block_at, brief, error, over_cap
from pnp.source.located import Located, Marks, Node, mark_of, pack

_YAML = "tag:yaml.org,2002:"
SCALAR_TAGS = frozenset(_YAML + name for name in ("str", "int", "float", "bool", "null", "timestamp"))
"""Explicit scalar tags a spec may carry (they change nothing: every scalar stays text)."""
_MAP_TAG, _SEQ_TAG, _MERGE_TAG = _YAML + "map", _YAML + "seq", _YAML + "merge"
NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_PLAIN = "pnp:plain"  # the tag of an untagged plain scalar (no type guessing: an explicit tag stays visible)
_KEY_HINT = "use a simple word as the key"


@dataclass(slots=True)
class Budget:
    """What one load has used so far, shared by the spec and every file it includes; equal texts share one
    string, and mappings of the same keys in the same order one tuple of their names (`Marks.names`)."""

    values: int = 0
    includes: int = 0
    reparsed: int = 0  # characters given to PyYAML's slow parser (`loader.PYTHON_PARSER_MAX_CHARS`)
    strings: dict[str, str] = field(default_factory=dict)
    names: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)

    def keys_of(self, names: Iterable[str]) -> tuple[str, ...]:
        """The one tuple of these key names (in this order) that every mapping of them shares."""
        keys = tuple(names)
        return self.names.setdefault(keys, keys)


Include = Callable[[str, Mark, int], tuple[Any, Any, int, int]]
"""Loads `{include: target}` found at a mark and nesting level; returns the file's data, root node, start and
levels."""
Built = tuple[Any, Any, int, int]
"""A value's data, its node (None for a loaded scalar; inside a file, a container's number in the file's `Marks`),
its packed start and the levels it nests."""


def rooted(built: Built | None, marks: Marks) -> Built | None:
    """A file's root as the file's readers return it: a container given as its number becomes a `Node`."""
    if built is None or type(built[1]) is not int:
        return built
    data, index, at, levels = built
    return data, Node(marks, index, at), at, levels


class Open:
    """A mapping or list being built: its data, keys, starts and nodes so far, and what its checks need."""

    __slots__ = ("anchor", "at", "before", "data", "key", "kids", "level", "levels", "mark", "names", "spots")

    def __init__(self, mapping: bool, mark: Any, level: int, before: int) -> None:
        self.data: Any = {} if mapping else []
        self.names: list[str] | None = [] if mapping else None
        self.spots: list[int] = []
        self.kids: list[Any] | None = None
        self.at, self.mark, self.level, self.before = pack(mark.line, mark.column), mark, level, before
        self.levels, self.anchor = 0, None
        self.key: tuple[str, int] | None = None  # a mapping's key waiting for its value


class Builder:
    """One file's values, checked and built in document order; each included file's data and root node put in
    place of its `{include: ...}` mapping."""

    def __init__(self, text: str, file: str, limits: Limits, budget: Budget, located: Located, include: Include,
                 depth: int) -> None:  # fmt: skip
        self.text, self.file, self.limits, self.budget = text, file, limits, budget
        self.located, self.include, self.depth, self.strings = located, include, depth, budget.strings
        self.tree = Marks(file)  # its mappings and lists
        self.anchors: dict[str, Any] = {}  # anchor -> the Open being built, or (Built, values, (text, tag) | None)
        self.aliases = 0

    def _open(self, event: Any, mapping: bool, level: int) -> Open:
        if level > self.limits.max_depth:
            raise over_cap("yaml.depth", self._at(event), self.limits.max_depth)
        before = self.budget.values
        self._count(1, event)
        tag = event.tag
        if tag is not None and tag != "!" and tag != (_MAP_TAG if mapping else _SEQ_TAG):
            raise _tag_error(self._at(event), tag)
        frame = Open(mapping, event.start_mark, level, before)
        if event.anchor is not None:
            frame.anchor, self.anchors[event.anchor] = event.anchor, frame
        return frame

    def _close(self, frame: Open) -> Built:
        names, data = frame.names, frame.data
        built: Built
        if names is not None and len(names) == 1 and names[0] == "include" and isinstance(data["include"], str):
            self.before_include()
            self.budget.values = frame.before  # the included file's values replace this mapping's
            built = self.include(data["include"], _mark(frame.mark, self.file), frame.level)
        else:
            keys = None if names is None else self.budget.keys_of(names)
            built = (data, self.tree.add(keys, frame.spots, frame.kids), frame.at, frame.levels + 1)
        if frame.anchor is not None:
            self.anchors[frame.anchor] = (built, self.budget.values - frame.before, None)
        return built

    def before_include(self) -> None:
        """Called before the first and every include of the file (the parser checks the whole text first)."""

    def _scalar(self, event: Any, level: int) -> Built:
        if level > self.limits.max_depth:
            raise over_cap("yaml.depth", self._at(event), self.limits.max_depth)
        self._count(1, event)
        value, tag = event.value, _tag_of(event)
        if tag != _PLAIN and tag != "!" and tag not in SCALAR_TAGS:
            raise _tag_error(self._at(event), tag)
        at = self._text(event, "a text value", "shorten it, or raise the cap with --max-string")
        built = (None if tag == _PLAIN and value in NULLS else self.strings.setdefault(value, value), None, at, 1)
        if event.anchor is not None:
            self.anchors[event.anchor] = (built, 1, (value, tag))
        return built

    def _alias(self, event: Any, level: int) -> Built:
        entry = self._counted_alias(event)
        (data, node, at, levels), values, _ = entry
        if level + levels - 1 > self.limits.max_depth:
            raise over_cap("yaml.depth", self._at(event), self.limits.max_depth)
        self._count(values, event)
        return _copy(data), node, at, levels

    def _key(self, event: Any, kind: str, mapping: Open) -> tuple[str, int]:
        """Check a mapping key; its text and packed start (an alias's: where its anchor's scalar is)."""
        if kind == "alias":
            (_, _, at, _), _, scalar = self._counted_alias(event)
        elif kind == "scalar":
            at, scalar = pack(event.start_mark.line, event.start_mark.column), (event.value, _tag_of(event))
        else:
            at, scalar = 0, None
        if scalar is None:
            raise error(self._at(event), "yaml.key", "a mapping key must be plain text", _KEY_HINT)
        name, tag = scalar
        if (tag == _PLAIN and name == "<<") or tag == _MERGE_TAG:
            raise error(_mark(mapping.mark, self.file), "yaml.merge", "merge keys (<<) are not supported in specs",
                        "write the keys out, or use `include:` for shared parts")  # fmt: skip
        if tag != _PLAIN and tag != "!" and tag not in SCALAR_TAGS:
            raise error(self._at(event), "yaml.key", "a mapping key must be plain text", _KEY_HINT)
        if kind == "scalar":
            self._text(event, "a key", "use a short word as the key")
            if event.anchor is not None:
                self.anchors[event.anchor] = ((None if tag == _PLAIN and name in NULLS else name, None, at, 1), 1,
                                              scalar)  # fmt: skip
        elif len(name) > self.limits.max_string:
            raise error(self._place(at), "yaml.string", f"a key is longer than {self.limits.max_string} characters",
                        "use a short word as the key")  # fmt: skip
        if name in mapping.data:  # at the key as written (an alias's key is marked at its anchor, above)
            mark = self._at(event) if kind == "alias" else self._place(at)
            first = self._place(mapping.spots[2 * mapping.names.index(name)])  # type: ignore[union-attr]
            shown = brief(name)
            raise error(mark, "yaml.duplicate_key",
                        f"duplicate key {shown!r} (first defined at line {first.line}, again at line {mark.line})",
                        "keep one of the two; a later value would silently replace the earlier one")  # fmt: skip
        return self.strings.setdefault(name, name), at

    def _text(self, event: Any, what: str, hint: str) -> int:
        """Check a scalar's length and note where a block scalar's text starts; its packed start."""
        start = event.start_mark
        if len(event.value) > self.limits.max_string:
            raise error(self._at(event), "yaml.string", f"{what} is longer than {self.limits.max_string} characters",
                        hint)  # fmt: skip
        at = pack(start.line, start.column)
        if event.style == "|" or event.style == ">":
            self.located.blocks[(self.file, at)] = block_at(self.text, self.file, start.index, event.style == "|")
        return at

    def _counted_alias(self, event: Any) -> Any:
        """The anchor's entry for an alias, counted; an error for an alias inside its own anchor."""
        entry = self.anchors[event.anchor]
        if type(entry) is Open:
            raise error(_mark(entry.mark, self.file), "yaml.alias_cycle",
                        "an alias refers to the node that contains it",
                        "an anchor cannot be used inside itself; write the value out")  # fmt: skip
        self.aliases += 1
        if self.aliases > self.limits.max_aliases:
            raise over_cap("yaml.aliases", self._at(event), self.limits.max_aliases)
        return entry

    def _count(self, values: int, event: Any) -> None:
        """Add `values` to the load's count; over the cap, the error is at `event` (a node or an alias)."""
        self.budget.values += values
        if self.budget.values > self.limits.max_nodes:
            raise over_cap("yaml.size", self._at(event), self.limits.max_nodes)

    def _at(self, event: Any) -> Mark:
        return _mark(event.start_mark, self.file)

    def _place(self, at: int) -> Mark:
        return mark_of(self.file, at)


def _mark(mark: Any, file: str) -> Mark:
    """The `Mark` of a parser's 0-based mark."""
    return Mark(file, mark.line + 1, mark.column + 1)


def _tag_of(event: Any) -> str:
    """A scalar's tag: `_PLAIN` for an untagged plain scalar, `!` for another untagged one, else as written."""
    tag = event.tag
    if tag is None or tag == "!":
        return _PLAIN if event.implicit[0] else "!"
    return tag  # type: ignore[no-any-return]


def _copy(value: Any) -> Any:
    """A copy of an anchor's data for one of its aliases (strings are shared)."""
    if type(value) is dict:
        return {name: _copy(item) for name, item in value.items()}
    if type(value) is list:
        return [_copy(item) for item in value]
    return value


def _tag_error(mark: Mark, tag: str) -> SpecError:
    return error(mark, "yaml.tag", f"YAML tag {brief(tag)!r} is not allowed in a spec",
                 "remove the tag; specs hold plain mappings, lists and values")  # fmt: skip


