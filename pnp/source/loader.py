"""Safe YAML loading with positions, limits and includes: a spec file (untrusted) -> `Located`, its plain data
(dicts, lists, strings, None) and a compact tree of where every value and key starts (`pnp.source.located`).

libyaml parses each file into events; one walk over them builds the data and the marks and checks them as they
come: aliases, expanded values, nesting depth (counting the including files), string length, tags, keys, alias
cycles. No node graph is held: a spec costs its data and a few integers per value. The common events are built
inline; PyYAML's own classes and parsers are used as they come (nothing of the library is changed). A check's
error waits until the rest of the file has parsed, so that what the parser refuses anywhere in the file is
reported first, as it was when files were composed before any check. Plain scalars stay strings (`no`, `1.10`
included) except `null`/`~`/empty (None); an alias's data is a copy (the model may not share mutable data).
`{include: other.yaml}` is replaced by that file's data, inside the kit folder. A file in YAML's plainest form
(`pnp.source.plain_yaml`: one key or item a line, no anchors, tags or block scalars) is read without events,
to the same data, marks and counts.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,  # fmt: skip
    SequenceStartEvent,
    StreamEndEvent,
)

from pnp.collector import collector_paused, recursion_room
from pnp.diagnostics import Mark, SpecError
from pnp.source import files, plain_yaml
from pnp.source.build import NULLS, Budget, Builder, Built, Include, Open, rooted
from pnp.source.files import MAX_DEPTH_CEILING, Limits, error, over_cap, resolve_inside
from pnp.source.located import COLUMNS, Leaf, Located
from pnp.source.yaml_errors import syntax_error, yaml_mark

PYTHON_PARSER_MAX_CHARS = 100_000
"""Most text, over one load and all its includes, re-read by PyYAML's pure-Python parser for its wording of an
error libyaml found (it reads about 0.2 MB/s); past it a file gets libyaml's own message, at the same place."""

_COLLECTIONS = (MappingStartEvent, SequenceStartEvent)
_NESTING = "exceeded maximum nesting depth"  # libyaml's error past its own cap; PyYAML's past the spec's (below)


class _PyParser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    """PyYAML's pure-Python parser (it words some errors better than libyaml)."""

    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)


def _libyaml_caps_nesting() -> bool:
    """libyaml's composer recurses in C: only used when libyaml stops at its own nesting cap."""
    try:
        yaml.compose("[" * 1001 + "]" * 1001, Loader=yaml.CSafeLoader)
    except (AttributeError, yaml.YAMLError) as exc:  # AttributeError: PyYAML built without libyaml
        return getattr(exc, "problem", "") == _NESTING
    return False


_CParser: type | None = yaml.CBaseLoader if _libyaml_caps_nesting() else None
"""libyaml's parser (the base loader: nothing of it but the parser is used), where it caps nesting itself."""


_ENDS = (MappingEndEvent, SequenceEndEvent)
_KINDS = {ScalarEvent: "scalar", AliasEvent: "alias"}


class _Walk(Builder):
    """One file's events, checked and built in document order (see the module docstring)."""

    def __init__(self, text: str, file: str, parser: Any, limits: Limits, budget: Budget, located: Located,
                 include: Include, depth: int) -> None:  # fmt: skip
        super().__init__(text, file, limits, budget, located, include, depth)
        self.get = parser.get_event
        self.marks: dict[str, Any] = {}  # anchor -> where its node starts (the parser-level checks)
        self.whole = False  # whether libyaml has parsed the whole text
        self.eager = 0 if _CParser is not None and isinstance(parser, _CParser) else limits.max_depth - depth
        """PyYAML's path refuses to nest past the spec's cap as it parses (it used to compose recursively)."""

    def run(self) -> Built | None:
        """The file's root, None for an empty file; YAMLError for what the parser refuses, else SpecError."""
        get = self.get
        get()
        if type(event := get()) is StreamEndEvent:
            return None
        stack: list[Any] = []
        root, start, failed = None, None, None
        limits, budget, strings = self.limits, self.budget, self.strings
        max_string, max_depth, max_nodes = limits.max_string, limits.max_depth, limits.max_nodes
        while (kind := type(event := get())) is not DocumentEndEvent:
            # the common cases inlined, inside the root: an untagged scalar, mapping or list without an anchor that
            # passes every check, and the end of a mapping or list (else, and after an error, the general path)
            if failed is None and stack:
                if kind is ScalarEvent:
                    value, style = event.value, event.style
                    if (event.anchor is None and event.tag is None and len(value) <= max_string and style != "|"
                            and style != ">"):
                        mark, implicit = event.start_mark, event.implicit
                        top, at = stack[-1], mark.line * COLUMNS + mark.column
                        names = top.names
                        if names is not None and top.key is None:
                            if not (implicit[0] and value == "<<") and value not in top.data:
                                top.key = (strings.setdefault(value, value), at)
                                continue
                        elif top.level < max_depth and budget.values < max_nodes:
                            budget.values += 1
                            data = None if implicit[0] and value in NULLS else strings.setdefault(value, value)
                            if names is not None:
                                (name, key_at), top.key = top.key, None
                                names.append(name)
                                top.spots += (key_at, at)
                                top.data[name] = data
                            else:
                                top.data.append(data)
                                top.spots.append(at)
                            if top.kids is not None:
                                top.kids.append(None)
                            if not top.levels:
                                top.levels = 1
                            continue
                elif kind is MappingEndEvent or kind is SequenceEndEvent:
                    if len(stack) > 1:
                        try:
                            self._attach(stack, self._close(stack.pop()))
                        except SpecError as exc:
                            failed, stack = exc, [None] * len(stack)  # the end has popped
                        continue
                elif kind is MappingStartEvent or kind is SequenceStartEvent:
                    top = stack[-1]
                    if (event.anchor is None and event.tag is None and (top.key is not None or top.names is None)
                            and top.level < max_depth and budget.values < max_nodes):
                        stack.append(Open(kind is MappingStartEvent, event.start_mark, top.level + 1, budget.values))
                        budget.values += 1
                        continue
            start = start or event.start_mark
            self._parsed(event, kind, len(stack))
            if failed is not None:  # only the parser's checks, to the end of the file
                if kind in _COLLECTIONS:
                    stack.append(None)
                elif kind in _ENDS:
                    stack.pop()
                continue
            try:
                root = self._event(event, kind, stack)
            except SpecError as exc:
                failed, stack = exc, [None] * (len(stack) + (kind in _COLLECTIONS))  # an end has popped
        if type(event := get()) is not StreamEndEvent:
            raise ComposerError("expected a single document in the stream", start, "but found another document",
                                event.start_mark)  # fmt: skip
        if failed is not None:
            raise failed
        return root

    def before_include(self) -> None:
        """libyaml parses the whole text before the file's first include: when it refuses the text, PyYAML's parser
        walks it again (an include loaded on both walks doubled the time at every level of a chain)."""
        if self.eager == 0 and not self.whole:
            self.whole = True
            yaml.CBaseLoader(self.text).raw_parse()

    def _parsed(self, event: Any, kind: type, open_now: int) -> None:
        """What composing used to refuse before any check: nesting past PyYAML's cap, undefined aliases,
        duplicate anchors."""
        if kind in _ENDS:
            return
        if self.eager and open_now >= self.eager:
            raise ComposerError(None, None, _NESTING, event.start_mark)
        anchor = event.anchor
        if kind is AliasEvent:
            if anchor not in self.marks:
                raise ComposerError(None, None, f"found undefined alias {anchor!r}", event.start_mark)
        elif anchor is not None:
            if anchor in self.marks:
                raise ComposerError(f"found duplicate anchor {anchor!r}; first occurrence", self.marks[anchor],
                                    "second occurrence", event.start_mark)  # fmt: skip
            self.marks[anchor] = event.start_mark

    def _event(self, event: Any, kind: type, stack: list[Open]) -> Built | None:
        """Check and build one event into the open container on top of `stack`; the root once complete."""
        if kind is MappingEndEvent or kind is SequenceEndEvent:
            built = self._close(stack.pop())
        else:
            top = stack[-1] if stack else None
            if top is not None and top.key is None and top.names is not None:
                top.key = self._key(event, _KINDS.get(kind, ""), top)
                return None
            level = top.level + 1 if top is not None else self.depth + 1
            if kind is ScalarEvent:
                built = self._scalar(event, level)
            elif kind is AliasEvent:
                built = self._alias(event, level)
            else:
                stack.append(self._open(event, kind is MappingStartEvent, level))
                return None
        if not stack:
            return built
        self._attach(stack, built)
        return None

    @staticmethod
    def _attach(stack: list[Open], built: Built) -> None:
        """Put a value built into the mapping or list on top of `stack`."""
        top, (data, node, at, levels) = stack[-1], built
        if top.names is not None:
            assert top.key is not None  # a mapping's value comes after its key
            (name, key_at), top.key = top.key, None
            top.names.append(name)
            top.spots += (key_at, at)
            top.data[name] = data
        else:
            top.data.append(data)
            top.spots.append(at)
        if node is not None and top.kids is None:
            top.kids = [None] * (len(top.data) - 1)
        if top.kids is not None:
            top.kids.append(node)
        top.levels = max(top.levels, levels)


def _walk(text: str, file: str, limits: Limits, budget: Budget, located: Located, include: Include,
          depth: int) -> Built | None:  # fmt: skip
    """One file's root, walked with libyaml; when libyaml refuses the text, PyYAML words the error (small files),
    or takes the text if it accepts it (the two differ on a few rare inputs)."""
    plain = plain_yaml.read(text, limits, budget, depth, file)
    if plain is not None:
        return plain
    values, includes = budget.values, budget.includes
    for loader in (_CParser, _PyParser) if _CParser else (_PyParser,):
        budget.values, budget.includes = values, includes
        try:
            parser = loader(text)
            try:
                walk = _Walk(text, file, parser, limits, budget, located, include, depth)
                return rooted(walk.run(), walk.tree)
            finally:
                parser.dispose()
        except (yaml.YAMLError, UnicodeEncodeError) as exc:
            if isinstance(exc, yaml.MarkedYAMLError) and exc.problem == _NESTING:
                at = _too_deep_at(loader, text, file, limits.max_depth - depth)
                raise over_cap("yaml.depth", at or yaml_mark(exc.problem_mark, file), limits.max_depth) from None
            final = loader is _PyParser or budget.reparsed + len(text) > PYTHON_PARSER_MAX_CHARS
            if final or isinstance(exc, (ComposerError, UnicodeEncodeError)):
                raise syntax_error(exc, text, file, from_libyaml=loader is not _PyParser) from None
            budget.reparsed += len(text)  # a chain of includes each re-read could take minutes
    raise AssertionError("PyYAML's parser returns or raises")


def _events(loader: type, text: str) -> Iterator[Any]:
    """The parser's events for `text` (parsed again to locate an error)."""
    parser = loader(text)
    try:
        while parser.check_event():
            yield parser.get_event()
    finally:
        parser.dispose()


def _too_deep_at(loader: type, text: str, file: str, max_level: int) -> Mark | None:
    """Where nesting first goes past `max_level`; None when the parser fails before."""
    opened = 0
    try:
        for event in _events(loader, text):
            if isinstance(event, yaml.NodeEvent) and opened >= max_level:
                return yaml_mark(event.start_mark, file)
            opened += isinstance(event, yaml.CollectionStartEvent) - isinstance(event, yaml.CollectionEndEvent)
    except yaml.YAMLError:
        pass
    return None


def _load_text(text: str, file: str, limits: Limits, located: Located, including: tuple[Path, ...],
               budget: Budget, depth: int = 0) -> Built:  # fmt: skip
    """One file's data, root node (a `Leaf` for a scalar), start and levels, the file nested `depth` levels deep."""
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        raise files.too_big(file, "spec", limits.max_bytes)

    def include(target: str, mark: Mark, level: int) -> Built:
        budget.includes += 1
        if budget.includes > limits.max_includes:
            raise error(mark, "spec.include", f"more than {limits.max_includes} includes", "merge some included files")
        resolved = resolve_inside(located.root, Path(mark.file).parent, target, mark)
        if resolved in including:
            raise error(mark, "spec.include", f"include cycle: {target!r} includes itself",
                        "remove the include that points back")  # fmt: skip
        sub = str(resolved)
        located.inputs.add(resolved)
        text = files.read_text(resolved, sub, limits.max_bytes)
        built = _load_text(text, sub, limits, located, (*including, resolved), budget, level - 1)
        located.included[id(built[1])] = sub
        return built

    built = _walk(text, file, limits, budget, located, include, depth)
    if built is None:
        raise error(Mark(file, 1, 1), "yaml.empty", "the spec file is empty",
                    "start from one of the files in examples/")  # fmt: skip
    data, node, at, levels = built
    return data, Leaf(at) if node is None else node, at, levels


def load_yaml(path: str | os.PathLike[str], limits: Limits | None = None, root: Path | None = None) -> Located:
    """Load a spec file safely; includes are resolved inside `root` (default: the file's folder)."""
    real = Path(path).resolve()
    limits = limits or Limits()
    located = Located(data=None, file=str(real), root=(root or real.parent).resolve(), inputs={real})
    return _load(located, lambda: files.read_text(real, located.file, limits.max_bytes), limits, real)


def load_yaml_text(text: str, file: str = "<spec>", limits: Limits | None = None, root: Path | None = None) -> Located:
    """Load spec text (for tests and stdin); includes resolve inside `root` (default: current folder)."""
    located = Located(data=None, file=file, root=(root or Path.cwd()).resolve())
    return _load(located, lambda: text, limits or Limits(), located.root / file)


def _load(located: Located, read: Callable[[], str], limits: Limits, path: Path) -> Located:
    """Read, check and build the spec, with room on the stack for copying aliases `MAX_DEPTH_CEILING` levels
    deep, and the cycle collector paused (a load makes many objects and no garbage cycles)."""
    with recursion_room(4 * MAX_DEPTH_CEILING), collector_paused():
        located.data, located.node, _, _ = _load_text(read(), located.file, limits, located, (path,), Budget())
    return located


def trusted_yaml(path: Path) -> Any:
    """The data of a YAML file shipped with pnp (trusted project data, loaded safely with YAML's types)."""
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml when built


def yaml_text(data: Any) -> str:
    """Plain data as YAML text, in its own key order (what pnp writes for a spec it made: a chosen variant)."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
