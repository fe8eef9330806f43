"""First pass over one YAML file's events: record them, tie every alias to its anchor's events, and count
the values the document expands to, so hostile aliasing is refused before anything is built.

Input: the parser's events (libyaml's or PyYAML's), the file name, the caps and the number of values
already used by the files that include this one. Output: a `Survey` (the events, the span of events each
alias repeats, whether there was a document), or a located `SpecError`: too many aliases, too many values
once aliases are expanded (at the alias that would go over), an alias to no anchor or to the collection
that contains it, nesting deeper than the cap, an anchor defined twice, a second document. Parser errors pass through as
`yaml.YAMLError` before anything is built, so a file is never half-built.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    DocumentStartEvent,
    Event,
    MappingStartEvent,
    ScalarEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from pnp.diagnostics import Diagnostic, Mark, SpecError


@dataclass(frozen=True, slots=True)
class Caps:
    """The caps a file is read under, and the nesting depth it starts at (for included files)."""

    max_depth: int
    max_aliases: int
    max_nodes: int
    max_string: int
    depth: int = 0


@dataclass(frozen=True, slots=True)
class Survey:
    """A file's events, the (first, last) event index each alias event (by id) repeats, and whether the
    stream held a document."""

    events: list[Event]
    spans: dict[int, tuple[int, int]]
    has_document: bool


@dataclass(slots=True)
class _Anchor:
    start: int
    end: int  # -1 while the anchored collection is open
    mark: Mark
    size: int = 1  # values it expands to


@dataclass(slots=True)
class _Open:
    is_map: bool
    key_next: bool  # a mapping's next node is a key
    anchor: _Anchor | None
    before: int  # values counted before this collection


def error(mark: Mark, rule: str, message: str, hint: str) -> SpecError:
    """A SpecError with one located diagnostic."""
    return SpecError(Diagnostic.at(mark, rule, message, hint))


_OVER_CAP = {
    "yaml.size": (
        "the spec expands to more than {cap} values (aliases can multiply them)",
        "remove repeated aliases, or raise the cap with --max-nodes",
    ),
    "yaml.depth": (
        "the spec nests too deep (more than {cap} levels)",
        "flatten the structure, or raise the cap with --max-depth",
    ),
    "yaml.aliases": (
        "too many aliases (more than {cap})",
        "write the values out, or raise the cap with --max-aliases",
    ),
}
"""Message and hint of each cap's error."""


def over_cap(rule: str, mark: Mark, cap: int) -> SpecError:
    """The error for going over one of the caps (`yaml.size`, `yaml.depth`, `yaml.aliases`)."""
    message, hint = _OVER_CAP[rule]
    return error(mark, rule, message.format(cap=cap), hint)


def _mark(file: str, event: Event) -> Mark:
    return Mark(file, event.start_mark.line + 1, event.start_mark.column + 1)


def survey(events: Iterator[Event], file: str, caps: Caps, used: int) -> Survey:
    """Read all events of one file; see the module docstring."""
    recorded: list[Event] = []
    anchors: dict[str, _Anchor] = {}
    spans: dict[int, tuple[int, int]] = {}
    opened: list[_Open] = []
    total, aliases, documents = used, 0, 0
    record, max_level, max_nodes = recorded.append, caps.max_depth - caps.depth, caps.max_nodes
    for index, event in enumerate(events):
        record(event)
        kind = type(event)
        if kind is ScalarEvent and event.anchor is None and opened and len(opened) < max_level:
            top = opened[-1]  # the common case, inlined: a plain scalar inside a list or mapping
            if top.is_map:
                top.key_next = not top.key_next
                if not top.key_next:
                    continue  # a key: not a value
            total += 1
            if total > max_nodes:
                raise over_cap("yaml.size", _mark(file, event), max_nodes)
            continue
        if kind is ScalarEvent or kind is MappingStartEvent or kind is SequenceStartEvent or kind is AliasEvent:
            parent = opened[-1] if opened else None
            is_key = parent is not None and parent.is_map and parent.key_next
            if caps.depth + len(opened) >= caps.max_depth:
                raise over_cap("yaml.depth", _mark(file, event), caps.max_depth)
            if kind is AliasEvent:
                aliases += 1
                anchor = _alias_target(event, anchors, aliases, caps, file)
                spans[id(event)] = (anchor.start, anchor.end)
                size = anchor.size
            else:
                size = 1
            if not is_key:
                total += size
                if total > caps.max_nodes:
                    raise over_cap("yaml.size", _mark(file, event), caps.max_nodes)
            anchor = None
            if kind is not AliasEvent and event.anchor is not None:
                anchor = _define(event.anchor, index, kind is ScalarEvent, anchors, file, event)
            if kind is ScalarEvent or kind is AliasEvent:
                if parent is not None and parent.is_map:
                    parent.key_next = not parent.key_next
            else:
                opened.append(_Open(kind is MappingStartEvent, True, anchor, total - (0 if is_key else 1)))
        elif isinstance(event, CollectionEndEvent):
            done = opened.pop()
            if done.anchor is not None:
                done.anchor.end = index
                done.anchor.size = total - done.before
            if opened and opened[-1].is_map:
                opened[-1].key_next = not opened[-1].key_next
        elif kind is DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise error(
                    _mark(file, event),
                    "yaml.syntax",
                    "YAML syntax error: the file holds more than one document (a second '---')",
                    "keep one document per file; split a kit into files with `include:`",
                )
        elif kind is StreamEndEvent:
            break
    return Survey(recorded, spans, documents > 0)


def _alias_target(event: AliasEvent, anchors: dict[str, _Anchor], count: int, caps: Caps, file: str) -> _Anchor:
    """The finished anchor an alias repeats; errors for one alias too many, no such anchor, or a cycle."""
    mark = _mark(file, event)
    if count > caps.max_aliases:
        raise over_cap("yaml.aliases", mark, caps.max_aliases)
    anchor = anchors.get(event.anchor)  # type: ignore[arg-type]
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
    return anchor


def _define(name: str, index: int, closed: bool, anchors: dict[str, _Anchor], file: str, event: Event) -> _Anchor:
    mark = _mark(file, event)
    first = anchors.get(name)
    if first is not None:
        raise error(
            mark,
            "yaml.syntax",
            f"YAML syntax error: the anchor &{name} is defined twice (first at line {first.mark.line})",
            "give the second anchor another name",
        )
    anchor = anchors[name] = _Anchor(index, index if closed else -1, mark)
    return anchor
