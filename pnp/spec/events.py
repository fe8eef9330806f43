"""Plain data and marks from a YAML event stream, in one pass, without recursion.

Input: the parser's events for one file (libyaml's or PyYAML's, the same classes), the file name, the caps
and a callback that loads `{include: file}`. Output: the document's plain data (dicts, lists, strings, None),
with the `Mark` of every value and key written into the `Located` being built.

Caps are enforced as the events arrive, so hostile input stops early: nesting depth, alias count, values
after alias expansion (an alias is refused *before* it is expanded if its anchor would overflow the cap),
string length. Aliases are expanded by replaying the anchored events at the alias's place, so every value
keeps the mark of the text it came from. Explicit tags other than YAML's own scalar, list and mapping tags,
merge keys, non-text keys, duplicate keys and alias cycles are errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from pnp.diagnostics import Diagnostic, Mark, SpecError

PathKey = tuple[str | int, ...]
Include = Callable[[str, PathKey, Mark], Any]
"""Loads the file named by `{include: target}` found at a path and mark; returns its data."""

_YAML = "tag:yaml.org,2002:"
SCALAR_TAGS = frozenset(_YAML + name for name in ("str", "int", "float", "bool", "null", "timestamp"))
"""Explicit scalar tags a spec may carry (they change nothing: every scalar stays text)."""
_SEQ_TAG, _MAP_TAG, _MERGE_TAG = _YAML + "seq", _YAML + "map", _YAML + "merge"
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})


def error(mark: Mark, rule: str, message: str, hint: str) -> SpecError:
    """A SpecError with one located diagnostic."""
    return SpecError(Diagnostic.at(mark, rule, message, hint))


@dataclass(frozen=True, slots=True)
class Caps:
    """The caps the builder enforces, and the nesting depth the file starts at (for included files)."""

    max_depth: int
    max_aliases: int
    max_nodes: int
    max_string: int
    depth: int = 0


@dataclass(slots=True)
class NodeCount:
    """Values built so far, shared by a spec and every file it includes."""

    nodes: int = 0


@dataclass(slots=True)
class _Anchor:
    start: int
    end: int  # -1 while the anchored collection is still open
    mark: Mark
    size: int = 1  # values it expands to


@dataclass(slots=True)
class _Open:
    """A list or mapping whose events are still arriving."""

    value: Any
    path: PathKey
    mark: Mark
    anchor: _Anchor | None
    nodes_before: int
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
    """Builds one file's data from its events; see the module docstring."""

    def __init__(
        self,
        file: str,
        marks: dict[PathKey, Mark],
        key_marks: dict[PathKey, Mark],
        caps: Caps,
        count: NodeCount,
        include: Include,
    ):
        self.file = file
        self.marks = marks
        self.key_marks = key_marks
        self.caps = caps
        self.count = count
        self.include = include
        self.recorded: list[Event] = []
        self.anchors: dict[str, _Anchor] = {}
        self.open: list[_Open] = []
        self.aliases = 0
        self.result: Any = None

    def build(self, events: Iterator[Event]) -> tuple[bool, Any]:
        """Consume the events of one YAML stream: (whether it held a document, that document's data).

        Plain scalars without tag or anchor (nearly every event of a real spec) take the inlined path at
        the top of the loop; every other event, and every problem, goes through the methods below.
        """
        sources = [events]
        documents = 0
        file, marks, key_marks, caps, count, opened = (
            self.file,
            self.marks,
            self.key_marks,
            self.caps,
            self.count,
            self.open,
        )
        max_string, max_nodes, max_level = caps.max_string, caps.max_nodes, caps.max_depth - caps.depth
        record = self.recorded.append
        source = sources[0]
        replaying = False
        while True:
            event = next(source, None)
            if event is None:
                sources.pop()
                if not sources:
                    break
                source = sources[-1]
                replaying = len(sources) > 1
                continue
            if not replaying:
                record(event)
            kind = type(event)
            if kind is ScalarEvent and event.tag is None and event.anchor is None and opened:
                top = opened[-1]
                value = event.value
                start = event.start_mark
                mark = Mark(file, start.line + 1, start.column + 1)
                if top.key is None and top.keys is not None:  # a key
                    if len(value) > max_string or value in top.keys or value == "<<":
                        self._key(top, event, kind, replaying)
                        continue
                    top.keys[value] = mark
                    top.key = value
                    key_marks[(*top.path, value)] = mark
                    continue
                count.nodes += 1
                if len(opened) >= max_level or count.nodes > max_nodes or len(value) > max_string:
                    count.nodes -= 1
                    self._node(event, kind, replaying)
                    continue
                if top.keys is not None:
                    path = (*top.path, top.key)
                    top.value[top.key] = None if event.implicit[0] and value in _NULLS else value
                    top.key = None
                else:
                    path = (*top.path, len(top.value))
                    top.value.append(None if event.implicit[0] and value in _NULLS else value)
                if path not in marks:
                    marks[path] = mark
                continue
            if kind is MappingEndEvent or kind is SequenceEndEvent:
                self._close(replaying)
                continue
            if kind is ScalarEvent or kind is MappingStartEvent or kind is SequenceStartEvent or kind is AliasEvent:
                replay = self._node(event, kind, replaying)
                if replay is not None:
                    sources.append(replay)
                    source, replaying = replay, True
                continue
            if kind is DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise error(
                        self._mark(event),
                        "yaml.syntax",
                        "YAML syntax error: the file holds more than one document (a second '---')",
                        "keep one document per file; split a kit into files with `include:`",
                    )
            elif kind is StreamEndEvent and not replaying:
                break
        return documents > 0, self.result

    def _mark(self, event: Event) -> Mark:
        start = event.start_mark
        return Mark(self.file, start.line + 1, start.column + 1)

    def _node(self, event: Any, kind: type, replaying: bool) -> Iterator[Event] | None:
        """Handle a scalar, alias or collection start; return the events to replay for an alias."""
        top = self.open[-1] if self.open else None
        if top is not None and top.is_map and top.key is None:
            self._key(top, event, kind, replaying)
            return None
        if top is None:
            path: PathKey = ()
        else:
            path = (*top.path, top.key if top.is_map else len(top.value))  # type: ignore[arg-type]
        mark = self._mark(event)
        if kind is AliasEvent:
            return self._alias(event, mark, replaying)
        caps = self.caps
        if caps.depth + len(self.open) + 1 > caps.max_depth:
            raise error(
                mark,
                "yaml.depth",
                f"the spec nests too deep (more than {caps.max_depth} levels)",
                "flatten the structure, or raise the cap with --max-depth",
            )
        self.count.nodes += 1
        if self.count.nodes > caps.max_nodes:
            raise self._too_many(mark)
        if path not in self.marks:
            self.marks[path] = mark
        anchor = None
        if event.anchor is not None and not replaying:
            anchor = self._anchor(event.anchor, mark)
        if kind is ScalarEvent:
            self._place(self._scalar(event, mark))
            return None
        tag = event.tag
        if tag is not None and tag != "!" and tag != (_MAP_TAG if kind is MappingStartEvent else _SEQ_TAG):
            raise _tag_error(mark, tag)
        if anchor is not None:
            anchor.end = -1
        if kind is MappingStartEvent:
            self.open.append(_Open({}, path, mark, anchor, self.count.nodes - 1, None, {}))
        else:
            self.open.append(_Open([], path, mark, anchor, self.count.nodes - 1))
        return None

    def _scalar(self, event: Any, mark: Mark) -> str | None:
        tag = event.tag
        if tag is not None and tag != "!" and tag not in SCALAR_TAGS:
            raise _tag_error(mark, tag)
        value: str = event.value
        self._check_length(value, mark, "a text value", "shorten it, or raise the cap with --max-string")
        if event.implicit[0] and value in _NULLS:
            return None
        return value

    def _check_length(self, text: str, mark: Mark, what: str, hint: str) -> None:
        if len(text) > self.caps.max_string:
            raise error(mark, "yaml.string", f"{what} is longer than {self.caps.max_string} characters", hint)

    def _key(self, top: _Open, event: Any, kind: type, replaying: bool) -> None:
        mark = self._mark(event)
        if kind is AliasEvent:
            anchor = self.anchors.get(event.anchor)
            event = self.recorded[anchor.start] if anchor is not None and anchor.end >= 0 else event
            kind = type(event)
        elif event.anchor is not None and not replaying and kind is ScalarEvent:
            self._anchor(event.anchor, mark)
        tag = getattr(event, "tag", None)
        if kind is ScalarEvent and (tag == _MERGE_TAG or (event.implicit[0] and event.value == "<<")):
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
        self.key_marks[(*top.path, key)] = mark

    def _anchor(self, name: str, mark: Mark) -> _Anchor:
        first = self.anchors.get(name)
        if first is not None:
            raise error(
                mark,
                "yaml.syntax",
                f"YAML syntax error: the anchor &{name} is defined twice (first at line {first.mark.line})",
                "give the second anchor another name",
            )
        index = len(self.recorded) - 1
        anchor = self.anchors[name] = _Anchor(index, index, mark)
        return anchor

    def _alias(self, event: Any, mark: Mark, replaying: bool) -> Iterator[Event]:
        caps = self.caps
        if not replaying:
            self.aliases += 1
            if self.aliases > caps.max_aliases:
                raise error(
                    mark,
                    "yaml.aliases",
                    f"too many aliases (more than {caps.max_aliases})",
                    "write the values out, or raise the cap with --max-aliases",
                )
        anchor = self.anchors.get(event.anchor)
        if anchor is None:
            raise error(
                mark,
                "yaml.syntax",
                f"YAML syntax error: the alias *{event.anchor} names no anchor above it",
                f"define `&{event.anchor}` on an earlier value, or write the value out",
            )
        if anchor.end < 0:
            raise error(
                anchor.mark,
                "yaml.alias_cycle",
                "an alias refers to the node that contains it",
                "an anchor cannot be used inside itself; write the value out",
            )
        if self.count.nodes + anchor.size > caps.max_nodes:
            raise self._too_many(mark)
        return iter(self.recorded[anchor.start : anchor.end + 1])

    def _too_many(self, mark: Mark) -> SpecError:
        return error(
            mark,
            "yaml.size",
            f"the spec expands to more than {self.caps.max_nodes} values (aliases can multiply them)",
            "remove repeated aliases, or raise the cap with --max-nodes",
        )

    def _close(self, replaying: bool) -> None:
        """Finish the innermost open collection and place it in its parent."""
        done = self.open.pop()
        value = done.value
        if done.is_map and len(value) == 1 and isinstance(value.get("include"), str):
            value = self.include(value["include"], done.path, done.mark)
        if done.anchor is not None and not replaying:
            done.anchor.end = len(self.recorded) - 1
            done.anchor.size = self.count.nodes - done.nodes_before
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
