"""Safe YAML loading with positions, limits and includes: a spec file (untrusted) -> `Located`, its plain data
(dicts, lists, strings, None) and the composed nodes that mark every value and key by its path.

libyaml composes each file (an anchored node is built once and shared at every alias); the node graph is checked
once, with a memo over node ids, before any data is built: aliases, expanded values, nesting depth (counting the
including files), string length, tags, keys, alias cycles. Plain scalars stay strings (`no`, `1.10` included)
except `null`/`~`/empty (None). `{include: other.yaml}` is replaced by that file's data, inside the kit folder.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pnp.collector import collector_paused
from pnp.diagnostics import Mark, SpecError
from pnp.source import files
from pnp.source.files import MAX_DEPTH_CEILING, Limits, block_at, error, over_cap, resolve_inside
from pnp.source.located import Located, node_mark
from pnp.source.yaml_errors import syntax_error, yaml_mark

PYTHON_PARSER_MAX_CHARS = 100_000
"""Largest text re-read by PyYAML's pure-Python parser for its wording of an error libyaml found (it reads
about 0.2 MB/s); bigger files get libyaml's own message, at the same place."""

_YAML = "tag:yaml.org,2002:"
SCALAR_TAGS = frozenset(_YAML + name for name in ("str", "int", "float", "bool", "null", "timestamp"))
"""Explicit scalar tags a spec may carry (they change nothing: every scalar stays text)."""
_COLLECTION_TAGS = {MappingNode: ("!", _YAML + "map"), SequenceNode: ("!", _YAML + "seq")}
_MERGE_TAG = _YAML + "merge"
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_NESTING = "exceeded maximum nesting depth"  # libyaml's error past its own cap, and `_PyLoader`'s past the spec's
_PLAIN = "pnp:plain"  # the tag given to an untagged plain scalar (an explicit tag never reaches `resolve`)


class _Resolve:
    """Tags every untagged plain scalar `_PLAIN` and everything else untagged `!`: no type guessing (half of
    libyaml's compose time), and an explicit tag stays visible."""

    def resolve(self, kind: type, value: str | None, implicit: Any) -> str:
        return _PLAIN if value is not None and implicit[0] else "!"


class _PyLoader(_Resolve, yaml.SafeLoader):
    """PyYAML's pure-Python composer, refusing to nest deeper than `max_level` before it recurses further."""

    level, max_level = 0, MAX_DEPTH_CEILING

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self.level += 1
        try:
            if self.level > self.max_level:
                raise yaml.composer.ComposerError(None, None, _NESTING, self.peek_event().start_mark)
            return super().compose_node(parent, index)  # type: ignore[no-any-return]
        finally:
            self.level -= 1


def _libyaml_caps_nesting() -> bool:
    """libyaml composes in C, recursively: only safe when libyaml stops at its own nesting cap."""
    try:
        yaml.compose("[" * 1001 + "]" * 1001, Loader=yaml.CSafeLoader)
    except (AttributeError, yaml.YAMLError) as exc:  # AttributeError: PyYAML built without libyaml
        return getattr(exc, "problem", "") == _NESTING
    return False


_CLoader: type | None = type("_CLoader", (_Resolve, yaml.CSafeLoader), {}) if _libyaml_caps_nesting() else None


def _compose(text: str, file: str, limits: Limits, depth: int) -> tuple[Node | None, type]:
    """Compose `text` with libyaml; when libyaml refuses it, PyYAML words the error (small files), or takes the
    text if it accepts it (the two differ on a few rare inputs). Returns the root node and the loader used."""
    for loader in (_CLoader, _PyLoader) if _CLoader else (_PyLoader,):
        try:
            parser = loader(text)
            parser.max_level = limits.max_depth - depth
            try:
                return parser.get_single_node(), loader
            finally:
                parser.dispose()
        except (yaml.YAMLError, UnicodeEncodeError) as exc:
            if isinstance(exc, yaml.MarkedYAMLError) and exc.problem == _NESTING:
                at = _too_deep_at(loader, text, file, limits.max_depth - depth)
                raise over_cap("yaml.depth", at or yaml_mark(exc.problem_mark, file), limits.max_depth) from None
            final = loader is _PyLoader or len(text) > PYTHON_PARSER_MAX_CHARS
            if final or isinstance(exc, (yaml.composer.ComposerError, UnicodeEncodeError)):
                raise syntax_error(exc, text, file, from_libyaml=loader is not _PyLoader) from None
    raise AssertionError("PyYAML's parser returns or raises")


@dataclass(slots=True)
class _Budget:
    """What one load has used so far, shared by the spec and every file it includes."""

    values: int = 0
    includes: int = 0


Include = Callable[[str, Mark, int], tuple[Node, int]]
"""Loads `{include: target}` found at a mark and nesting level; returns the file's root node and its levels."""


class _Checker:
    """Checks one file's node graph in document order before anything is built (see the module docstring),
    and puts each included file's root node in place of its `{include: ...}` mapping."""

    def __init__(self, text: str, file: str, loader: type, limits: Limits, budget: _Budget, located: Located,
                 include: Include) -> None:  # fmt: skip
        self.text, self.file, self.loader, self.limits, self.budget = text, file, loader, limits, budget
        self.located, self.include = located, include
        self.seen: dict[int, tuple[int, int]] = {}  # id of a checked node -> (values, levels) it expands to
        self.replaced: dict[int, Node] = {}  # id of an `{include: ...}` mapping -> the included root node
        self.open: set[int] = set()
        self.aliases = 0

    def node(self, node: Node, level: int) -> tuple[Node, int]:
        """Check `node` at nesting `level` (1 for a document); return the node to use and its levels."""
        key, limits = id(node), self.limits
        if key in self.open:
            raise self._cycle(node)
        if key in self.seen:  # a second use of a node: an alias
            self._alias()
            values, levels = self.seen[key]
            if level + levels - 1 > limits.max_depth:
                raise over_cap("yaml.depth", self._alias_mark(), limits.max_depth)
            self._count(values, None)
            return self.replaced.get(key, node), levels
        if level > limits.max_depth:
            raise over_cap("yaml.depth", self._mark(node), limits.max_depth)
        before = self.budget.values
        self._count(1, node)
        if isinstance(node, ScalarNode):
            self._scalar(node, "a text value", "shorten it, or raise the cap with --max-string")
            self.seen[key] = (1, 1)
            return node, 1
        if node.tag not in _COLLECTION_TAGS[type(node)]:
            raise _tag_error(self._mark(node), node.tag)
        self.open.add(key)
        node.end_mark = node.start_mark
        levels = 0
        if isinstance(node, MappingNode):
            keys: dict[str, Node] = {}
            for index, (name, value) in enumerate(node.value):
                self._key(name, node, keys)
                value, below = self.node(value, level + 1)
                node.value[index], levels = (name, value), max(levels, below)
        else:
            for index, item in enumerate(node.value):
                node.value[index], below = self.node(item, level + 1)
                levels = max(levels, below)
        self.open.discard(key)
        target = _include_target(node)
        if target is not None:  # the included file's values replace this mapping's
            self.budget.values = before
            root, levels = self.include(target, self._mark(node), level)
            self.replaced[key] = root
            self.seen[key] = (self.budget.values - before, levels)
            return root, levels
        self.seen[key] = (self.budget.values - before, levels + 1)
        return node, levels + 1

    def _key(self, name: Node, mapping: MappingNode, keys: dict[str, Node]) -> None:
        if id(name) in self.open:
            raise self._cycle(name)
        is_alias = id(name) in self.seen
        if is_alias:
            self._alias()
        tag = name.tag
        if isinstance(name, ScalarNode) and ((tag == _PLAIN and name.value == "<<") or tag == _MERGE_TAG):
            raise error(self._mark(mapping), "yaml.merge", "merge keys (<<) are not supported in specs",
                        "write the keys out, or use `include:` for shared parts")  # fmt: skip
        if not isinstance(name, ScalarNode) or (tag != _PLAIN and tag != "!" and tag not in SCALAR_TAGS):
            where = self._alias_mark() if is_alias else self._mark(name)
            raise error(where, "yaml.key", "a mapping key must be plain text", "use a simple word as the key")
        self._scalar(name, "a key", "use a short word as the key")
        self.seen.setdefault(id(name), (1, 1))
        first = keys.get(name.value)
        if first is not None:
            mark = self._mark(name)
            raise error(mark, "yaml.duplicate_key",
                        f"duplicate key {name.value!r} (first defined at line {first.start_mark.line + 1}, "
                        f"again at line {mark.line})",
                        "keep one of the two; a later value would silently replace the earlier one")  # fmt: skip
        keys[name.value] = name

    def _scalar(self, node: ScalarNode, what: str, hint: str) -> None:
        node.end_mark = node.start_mark  # nothing reads end marks: one Mark less per value (a fifth of the memory)
        tag = node.tag
        if tag != _PLAIN and tag != "!" and tag not in SCALAR_TAGS:
            raise _tag_error(self._mark(node), tag)
        if len(node.value) > self.limits.max_string:
            raise error(self._mark(node), "yaml.string", f"{what} is longer than {self.limits.max_string} characters",
                        hint)  # fmt: skip
        if node.style == "|" or node.style == ">":
            self.located.blocks[id(node)] = block_at(self.text, self.file, node.start_mark.index, node.style == "|")

    def _cycle(self, node: Node) -> SpecError:
        return error(self._mark(node), "yaml.alias_cycle", "an alias refers to the node that contains it",
                     "an anchor cannot be used inside itself; write the value out")  # fmt: skip

    def _alias(self) -> None:
        self.aliases += 1
        if self.aliases > self.limits.max_aliases:
            raise over_cap("yaml.aliases", self._alias_mark(), self.limits.max_aliases)

    def _count(self, values: int, node: Node | None) -> None:
        """Add `values` to the load's count; over the cap, the error is at `node` (None: at the latest alias)."""
        self.budget.values += values
        if self.budget.values > self.limits.max_nodes:
            raise over_cap("yaml.size", self._mark(node) if node else self._alias_mark(), self.limits.max_nodes)

    def _mark(self, node: Node) -> Mark:
        return node_mark(node, self.file)

    def _alias_mark(self) -> Mark:
        """Where the latest alias counted is written: aliases leave no node, so the text is parsed again."""
        aliases = (event for event in _events(self.loader, self.text) if isinstance(event, yaml.AliasEvent))
        event = next(itertools.islice(aliases, self.aliases - 1, None), None)
        return yaml_mark(event.start_mark if event else None, self.file)


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


def _tag_error(mark: Mark, tag: str) -> SpecError:
    return error(mark, "yaml.tag", f"YAML tag {tag!r} is not allowed in a spec",
                 "remove the tag; specs hold plain mappings, lists and values")  # fmt: skip


def _include_target(node: Node) -> str | None:
    """The file an `{include: file}` mapping names (a one-key mapping with a text value), else None."""
    if not isinstance(node, MappingNode) or len(node.value) != 1:
        return None
    name, value = node.value[0]
    if name.value != "include" or not isinstance(value, ScalarNode) or _is_null(value):
        return None
    return value.value  # type: ignore[no-any-return]


def _is_null(node: ScalarNode) -> bool:
    return node.tag == _PLAIN and node.value in _NULLS


def _data(node: Node) -> Any:
    """The plain data of a checked node; an alias's data is a copy (the model may not share mutable data)."""
    if isinstance(node, ScalarNode):
        return None if _is_null(node) else node.value
    if isinstance(node, SequenceNode):
        return [_data(item) for item in node.value]
    return {name.value: _data(value) for name, value in node.value}


def _load_text(text: str, file: str, limits: Limits, located: Located, including: tuple[Path, ...],
               budget: _Budget, depth: int = 0) -> tuple[Node, int]:  # fmt: skip
    """The checked root node of one file's text and its levels, the file nested `depth` levels deep."""
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        raise files.too_big(file, "spec", limits.max_bytes)
    root, loader = _compose(text, file, limits, depth)
    if root is None:
        raise error(Mark(file, 1, 1), "yaml.empty", "the spec file is empty",
                    "start from one of the files in examples/")  # fmt: skip

    def include(target: str, mark: Mark, level: int) -> tuple[Node, int]:
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
        node, levels = _load_text(text, sub, limits, located, (*including, resolved), budget, level - 1)
        located.included[id(node)] = sub
        return node, levels

    return _Checker(text, file, loader, limits, budget, located, include).node(root, depth + 1)


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
    """Read, compose, check and build the spec, with room on the stack for `MAX_DEPTH_CEILING` levels (a few
    frames each) and the cycle collector paused (a load makes many objects and no garbage cycles)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(old + 4 * MAX_DEPTH_CEILING)
    try:
        with collector_paused():
            located.node = _load_text(read(), located.file, limits, located, (path,), _Budget())[0]
            located.data = _data(located.node)
    finally:
        sys.setrecursionlimit(old)
    return located


def trusted_yaml(path: Path) -> Any:
    """The data of a YAML file shipped with pnp (trusted project data, loaded safely with YAML's types)."""
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml when built
