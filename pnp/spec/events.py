"""Second pass over one YAML file's events: plain data and marks, without recursion.

Input: a `Survey` of the file (its events, checked for aliases and size), the file name and text, the slot its data
lands in (the document's, or that of the `{include: ...}` that names it), the `Located` whose mark tables
it fills, the caps, the shared value count and a callback that loads `{include: file}`. Output: the
document's plain data (dicts, lists, strings, None); every value's and key's `Mark` is written into the
`Located` by slot (id of the containing list or mapping, key or index), and every `|` or `>` block's style
and text start as a `Block`.

Checked as the events arrive: nesting depth, string length, explicit tags other than YAML's own scalar,
list and mapping tags, merge keys, non-text keys, duplicate keys. Aliases are expanded by replaying the
anchored events at the alias's place, so every value keeps the mark of the text it came from; a cap hit
while replaying is reported at the alias.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from yaml.events import (
    AliasEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from pnp.diagnostics import Mark, SpecError
from pnp.spec.survey import Caps, Survey, error, over_cap

if TYPE_CHECKING:
    from pnp.spec.loader import Located

PathKey = tuple[str | int, ...]
Slot = tuple[int, str | int]
"""Where a value sits: (id of the list or mapping holding it, its key or index)."""
DOCUMENT: Slot = (0, "")
"""The slot of a spec's document."""
Include = Callable[[str, Slot, Mark, int], Any]
"""Loads the file named by `{include: target}` found in a slot (at a mark and nesting depth); returns its data."""

_YAML = "tag:yaml.org,2002:"
SCALAR_TAGS = frozenset(_YAML + name for name in ("str", "int", "float", "bool", "null", "timestamp"))
"""Explicit scalar tags a spec may carry (they change nothing: every scalar stays text)."""
_SEQ_TAG, _MAP_TAG, _MERGE_TAG = _YAML + "seq", _YAML + "map", _YAML + "merge"
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})


@dataclass(frozen=True, slots=True)
class Block:
    """A `|` (literal) or `>` (folded) block scalar: whether literal, and where its text starts (the line
    after the indicator, at the indent of its first non-blank line)."""

    literal: bool
    start: Mark


@dataclass(slots=True)
class NodeCount:
    """Values built so far, shared by a spec and every file it includes."""

    nodes: int = 0


@dataclass(slots=True)
class _Open:
    """A list or mapping whose events are still arriving."""

    value: Any
    slot: Slot
    id: int
    depth: int  # nesting levels above it, counting those of the files that include this one
    mark: Mark
    key: str | None = None
    keys: dict[str, Mark] | None = None  # None for a list

    @property
    def is_map(self) -> bool:
        return self.keys is not None


def _tag_error(mark: Mark, tag: str) -> SpecError:
    return error(
        mark,
        "yaml.tag",
        f"YAML tag {tag!r} is not allowed in a spec",
        "remove the tag; specs hold plain mappings, lists and values",
    )


class EventBuilder:
    """Builds one file's data from its survey; see the module docstring."""

    def __init__(
        self, file: str, text: str, slot: Slot, located: Located, caps: Caps, count: NodeCount, include: Include
    ) -> None:
        self.file = file
        self.text = text
        self.slot = slot
        self.located = located
        self.marks = located.marks
        self.key_marks = located.key_marks
        self.caps = caps
        self.count = count
        self.include = include
        self.open: list[_Open] = []
        self.result: Any = None
        self.replaying_from: Mark | None = None  # the alias being expanded, where cap errors point

    def build(self, surveyed: Survey) -> Any:
        """The data of the surveyed document.

        Plain scalars without tag or anchor (nearly every event of a real spec) take the inlined path at
        the top of the loop; every other event, and every problem, goes through the methods below.
        """
        events = surveyed.events
        sources: list[Iterator[Event]] = [iter(events)]
        file, marks, key_marks, caps, count, opened = (
            self.file,
            self.marks,
            self.key_marks,
            self.caps,
            self.count,
            self.open,
        )
        max_string, max_nodes, max_level = caps.max_string, caps.max_nodes, caps.max_depth - caps.depth
        source = sources[0]
        while True:
            event = next(source, None)
            if event is None:
                sources.pop()
                if not sources:
                    break
                source = sources[-1]
                if len(sources) == 1:
                    self.replaying_from = None
                continue
            kind = type(event)
            if kind is ScalarEvent and event.tag is None and event.anchor is None and opened:
                top = opened[-1]
                value = event.value
                start = event.start_mark
                mark = Mark(file, start.line + 1, start.column + 1)
                if top.key is None and top.keys is not None:  # a key
                    if len(value) > max_string or value in top.keys or value == "<<":
                        self._key(top, event, kind, surveyed)
                        continue
                    top.keys[value] = mark
                    top.key = value
                    key_marks[top.id, value] = mark
                    continue
                count.nodes += 1
                if len(opened) >= max_level or count.nodes > max_nodes or len(value) > max_string:
                    count.nodes -= 1
                    self._node(event, kind, surveyed)
                    continue
                slot = (top.id, top.key if top.keys is not None else len(top.value))
                marks[slot] = mark  # type: ignore[index]
                if event.style == "|" or event.style == ">":
                    self.located.blocks[slot] = self._block(event)  # type: ignore[index]
                if top.keys is not None:
                    top.value[top.key] = None if event.implicit[0] and value in _NULLS else value
                    top.key = None
                else:
                    top.value.append(None if event.implicit[0] and value in _NULLS else value)
                continue
            if kind is MappingEndEvent or kind is SequenceEndEvent:
                self._close()
            elif kind is ScalarEvent or kind is MappingStartEvent or kind is SequenceStartEvent or kind is AliasEvent:
                replay = self._node(event, kind, surveyed)
                if replay is not None:
                    if len(sources) == 1:
                        self.replaying_from = self._mark(event)
                    sources.append(replay)
                    source = replay
        return self.result

    def _block(self, event: ScalarEvent) -> Block:
        start, text = event.start_mark, self.text
        indent, at = 0, text.find("\n", start.index) + 1
        while 0 < at < len(text):  # the first non-blank line after the indicator
            end = text.find("\n", at)
            line = text[at : end if end >= 0 else len(text)]
            if line.strip():
                indent = len(line) - len(line.lstrip(" "))
                break
            at = end + 1 if end >= 0 else 0
        return Block(event.style == "|", Mark(self.file, start.line + 2, indent + 1))

    def _mark(self, event: Event) -> Mark:
        start = event.start_mark
        return Mark(self.file, start.line + 1, start.column + 1)

    def _node(self, event: Any, kind: type, surveyed: Survey) -> Iterator[Event] | None:
        """Handle a scalar, alias or collection start; return the events to replay for an alias."""
        top = self.open[-1] if self.open else None
        if top is not None and top.is_map and top.key is None:
            self._key(top, event, kind, surveyed)
            return None
        slot = self.slot if top is None else (top.id, top.key if top.is_map else len(top.value))
        if kind is AliasEvent:
            start, end = surveyed.spans[id(event)]
            return iter(surveyed.events[start : end + 1])
        mark = self._mark(event)
        caps = self.caps
        if caps.depth + len(self.open) + 1 > caps.max_depth:
            raise over_cap("yaml.depth", self.replaying_from or mark, caps.max_depth)
        self.count.nodes += 1
        if self.count.nodes > caps.max_nodes:
            raise over_cap("yaml.size", self.replaying_from or mark, caps.max_nodes)
        self.marks[slot] = mark  # type: ignore[index]
        if kind is ScalarEvent:
            if event.style == "|" or event.style == ">":
                self.located.blocks[slot] = self._block(event)  # type: ignore[index]
            self._place(self._scalar(event, mark))
            return None
        tag = event.tag
        if tag is not None and tag != "!" and tag != (_MAP_TAG if kind is MappingStartEvent else _SEQ_TAG):
            raise _tag_error(mark, tag)
        collection = self.located.collections[slot] = self.located.new_id()  # type: ignore[index]
        depth = caps.depth + len(self.open)
        if kind is MappingStartEvent:
            self.open.append(_Open({}, slot, collection, depth, mark, None, {}))  # type: ignore[arg-type]
        else:
            self.open.append(_Open([], slot, collection, depth, mark))  # type: ignore[arg-type]
        return None

    def _scalar(self, event: Any, mark: Mark) -> str | None:
        tag = event.tag
        if tag is not None and tag != "!" and tag not in SCALAR_TAGS:
            raise _tag_error(mark, tag)
        value: str = event.value
        self._check_length(value, mark, "a text value", "shorten it, or raise the cap with --max-string")
        if tag is None and event.implicit[0] and value in _NULLS:
            return None
        return value

    def _check_length(self, text: str, mark: Mark, what: str, hint: str) -> None:
        if len(text) > self.caps.max_string:
            raise error(mark, "yaml.string", f"{what} is longer than {self.caps.max_string} characters", hint)

    def _key(self, top: _Open, event: Any, kind: type, surveyed: Survey) -> None:
        mark = self._mark(event)
        if kind is AliasEvent:  # a key written as an alias: the anchored scalar, if it is one
            start, end = surveyed.spans[id(event)]
            if start == end:
                event = surveyed.events[start]
                kind = type(event)
        tag = getattr(event, "tag", None)
        if kind is ScalarEvent and (tag == _MERGE_TAG or (tag is None and event.implicit[0] and event.value == "<<")):
            raise error(
                top.mark,
                "yaml.merge",
                "merge keys (<<) are not supported in specs",
                "write the keys out, or use `include:` for shared parts",
            )
        if kind is not ScalarEvent or (tag is not None and tag != "!" and tag not in SCALAR_TAGS):
            raise error(mark, "yaml.key", "a mapping key must be plain text", "use a simple word as the key")
        key: str = event.value
        self._check_length(key, mark, "a key", "use a short word as the key")
        keys = top.keys
        assert keys is not None
        if key in keys:
            where = f"first defined at line {keys[key].line}, again at line {mark.line}"
            raise error(
                mark,
                "yaml.duplicate_key",
                f"duplicate key {key!r} ({where})",
                "keep one of the two; a later value would silently replace the earlier one",
            )
        keys[key] = mark
        top.key = key
        self.key_marks[top.id, key] = mark

    def _close(self) -> None:
        """Finish the innermost open collection and place it in its parent."""
        done = self.open.pop()
        value = done.value
        if done.is_map and len(value) == 1 and isinstance(value.get("include"), str):
            value = self.include(value["include"], done.slot, self.replaying_from or done.mark, done.depth)
        self._place(value)

    def _place(self, value: Any) -> None:
        """Put a finished value into the open collection (under its waiting key), or make it the document."""
        if not self.open:
            self.result = value
            return
        parent = self.open[-1]
        if parent.is_map:
            parent.value[parent.key] = value
            parent.key = None
        else:
            parent.value.append(value)
