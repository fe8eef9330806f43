"""Safe YAML loading with positions, limits and includes.

Input: a spec file path (untrusted). Output: `Located`, the plain data (dicts, lists, strings, None)
plus the `Mark` of every value and key, addressed by its path of keys and indices.

Every plain scalar stays a string (`no`, `on`, `1.10`, `2024-01-01` included) except `null`/`~`/empty,
which become None; the typed model decides what a string means. Aliases, depth, size and include
count are capped; duplicate keys are errors; `{include: other.yaml}` is replaced by that file's data,
which must lie inside the kit folder.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pnp.diagnostics import Diagnostic, Mark, SpecError

PathKey = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps for untrusted specs; each can be raised from the command line."""

    max_bytes: int = 2_000_000
    max_depth: int = 64
    max_aliases: int = 1_000
    max_nodes: int = 200_000
    max_string: int = 10_000
    max_includes: int = 64


@dataclass(slots=True)
class Located:
    """Plain data of a spec and the marks of its values (`marks`) and mapping keys (`key_marks`)."""

    data: Any
    file: str
    root: Path
    marks: dict[PathKey, Mark] = field(default_factory=dict)
    key_marks: dict[PathKey, Mark] = field(default_factory=dict)

    def mark(self, path: PathKey) -> Mark:
        """Mark of the value at `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.marks:
                return self.marks[path]
            path = path[:-1]
        return self.marks.get((), Mark(self.file, 1, 1))

    def key_mark(self, path: PathKey) -> Mark:
        """Mark of the key naming `path` (for unknown keys), else of the value."""
        return self.key_marks.get(tuple(path)) or self.mark(path)


def _mark(file: str, node: Node) -> Mark:
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _error(mark: Mark, rule: str, message: str, hint: str) -> SpecError:
    return SpecError(Diagnostic.at(mark, rule, message, hint))


class _ComposingLoader(yaml.SafeLoader):
    """A SafeLoader that caps alias count and nesting depth while composing nodes."""

    def __init__(self, stream: str, limits: Limits, file: str, depth: int = 0):
        super().__init__(stream)
        self._limits = limits
        self._file = file
        self._aliases = 0
        self._depth = depth

    def compose_node(self, parent: Node | None, index: object) -> Node | None:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > self._limits.max_aliases:
                event = self.peek_event()
                raise _error(
                    Mark(self._file, event.start_mark.line + 1, event.start_mark.column + 1),
                    "yaml.aliases",
                    f"too many aliases (more than {self._limits.max_aliases})",
                    "write the values out, or raise the cap with --max-aliases",
                )
        self._depth += 1
        if self._depth > self._limits.max_depth:
            event = self.peek_event()
            raise _error(
                Mark(self._file, event.start_mark.line + 1, event.start_mark.column + 1),
                "yaml.depth",
                f"the spec nests too deep (more than {self._limits.max_depth} levels)",
                "flatten the structure, or raise the cap with --max-depth",
            )
        try:
            return super().compose_node(parent, index)  # type: ignore[arg-type]
        finally:
            self._depth -= 1


_NULLS = {"", "~", "null", "Null", "NULL"}
_SCALAR_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "timestamp"))
"""The tags YAML gives plain and quoted scalars by itself; any other (explicit) tag is refused."""


@dataclass(slots=True)
class _Budget:
    """What one load has used so far, shared by the spec and every file it includes."""

    nodes: int = 0
    includes: int = 0


class _Builder:
    """Turns composed nodes into plain data, recording marks, expanding includes."""

    def __init__(self, located: Located, limits: Limits, including: tuple[Path, ...], budget: _Budget, depth: int = 0):
        self.located = located
        self.limits = limits
        self.including = including
        self.budget = budget
        self.depth = depth

    def build(self, node: Node, path: PathKey, file: str, active: frozenset[int] = frozenset()) -> Any:
        self.budget.nodes += 1
        mark = _mark(file, node)
        if self.budget.nodes > self.limits.max_nodes:
            raise _error(
                mark,
                "yaml.size",
                f"the spec expands to more than {self.limits.max_nodes} values (aliases can multiply them)",
                "remove repeated aliases, or raise the cap with --max-nodes",
            )
        if id(node) in active:
            raise _error(
                mark,
                "yaml.alias_cycle",
                "an alias refers to the node that contains it",
                "an anchor cannot be used inside itself; write the value out",
            )
        if self.depth + len(path) > self.limits.max_depth:
            raise _error(
                mark,
                "yaml.depth",
                f"the spec nests too deep (more than {self.limits.max_depth} levels)",
                "flatten the structure, or raise the cap with --max-depth",
            )
        self.located.marks.setdefault(path, mark)
        if isinstance(node, ScalarNode):
            return self._scalar(node, mark)
        active = active | {id(node)}
        if isinstance(node, SequenceNode):
            self._check_tag(node, "tag:yaml.org,2002:seq", mark)
            return [self.build(item, (*path, i), file, active) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            self._check_tag(node, "tag:yaml.org,2002:map", mark)
            return self._mapping(node, path, file, active, mark)
        raise _error(mark, "yaml.syntax", "unsupported YAML node", "use plain mappings, lists and values")

    def _check_tag(self, node: Node, expected: str, mark: Mark) -> None:
        if node.tag != expected:
            raise _error(
                mark,
                "yaml.tag",
                f"YAML tag {node.tag!r} is not allowed in a spec",
                "remove the tag; specs hold plain mappings, lists and values",
            )

    def _scalar(self, node: ScalarNode, mark: Mark) -> str | None:
        if node.tag not in _SCALAR_TAGS:
            raise _error(
                mark,
                "yaml.tag",
                f"YAML tag {node.tag!r} is not allowed in a spec",
                "remove the tag; specs hold plain mappings, lists and values",
            )
        value = node.value
        if len(value) > self.limits.max_string:
            raise _error(
                mark,
                "yaml.string",
                f"a text value is longer than {self.limits.max_string} characters",
                "shorten it, or raise the cap with --max-string",
            )
        if not node.style and value in _NULLS:
            return None
        return value

    def _mapping(self, node: MappingNode, path: PathKey, file: str, active: frozenset[int], mark: Mark) -> Any:
        result: dict[str, Any] = {}
        seen: dict[str, Mark] = {}
        pairs = self._flatten_merges(node, mark)
        for key_node, value_node in pairs:
            key_mark = _mark(file, key_node)
            if not isinstance(key_node, ScalarNode) or key_node.tag not in _SCALAR_TAGS:
                raise _error(key_mark, "yaml.key", "a mapping key must be plain text", "use a simple word as the key")
            key = key_node.value
            if len(key) > self.limits.max_string:
                raise _error(
                    key_mark,
                    "yaml.string",
                    f"a key is longer than {self.limits.max_string} characters",
                    "use a short word as the key",
                )
            if key in seen:
                first = seen[key]
                where = f"first defined at line {first.line}, again at line {key_mark.line}"
                raise _error(
                    key_mark,
                    "yaml.duplicate_key",
                    f"duplicate key {key!r} ({where})",
                    "keep one of the two; a later value would silently replace the earlier one",
                )
            seen[key] = key_mark
            self.located.key_marks[(*path, key)] = key_mark
            result[key] = self.build(value_node, (*path, key), file, active)
        if set(result) == {"include"} and isinstance(result["include"], str):
            return self._include(result["include"], path, mark)
        return result

    def _flatten_merges(self, node: MappingNode, mark: Mark) -> list[tuple[Node, Node]]:
        pairs: list[tuple[Node, Node]] = []
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _error(
                    mark,
                    "yaml.merge",
                    "merge keys (<<) are not supported in specs",
                    "write the keys out, or use `include:` for shared parts",
                )
            pairs.append((key_node, value_node))
        return pairs

    def _include(self, target: str, path: PathKey, mark: Mark) -> Any:
        self.budget.includes += 1
        if self.budget.includes > self.limits.max_includes:
            raise _error(
                mark, "spec.include", f"more than {self.limits.max_includes} includes", "merge some included files"
            )
        resolved = resolve_inside(self.located.root, Path(mark.file).parent, target, mark)
        if resolved in self.including:
            raise _error(
                mark,
                "spec.include",
                f"include cycle: {target!r} includes itself",
                "remove the include that points back",
            )
        sub = _load(
            resolved, self.limits, self.located.root, (*self.including, resolved), self.budget, self.depth + len(path)
        )
        for sub_path, sub_mark in sub.marks.items():
            self.located.marks[(*path, *sub_path)] = sub_mark
        for sub_path, sub_mark in sub.key_marks.items():
            self.located.key_marks[(*path, *sub_path)] = sub_mark
        self.located.marks[path] = sub.marks.get((), mark)
        return sub.data


_URL_PREFIXES = ("http:", "https:", "file:", "ftp:", "data:")


def resolve_inside(root: Path, base: Path, target: str, mark: Mark, what: str = "include") -> Path:
    """Resolve a relative path from a spec; refuse absolute paths, URLs, `~` and anything outside `root`."""
    hint = f"give a relative path to a file inside the kit folder {root}"
    if not target or "\x00" in target:
        raise _error(mark, f"spec.{what}", f"empty or invalid {what} path", hint)
    lowered = target.strip().lower()
    if lowered.startswith(_URL_PREFIXES) or "://" in lowered:
        raise _error(mark, f"spec.{what}", f"{what} path {target!r} is a URL; pnp never reads from the network", hint)
    if target.startswith("~") or os.path.isabs(target) or (len(target) > 1 and target[1] == ":"):
        raise _error(mark, f"spec.{what}", f"{what} path {target!r} is absolute", hint)
    candidate = base / target
    try:
        real = candidate.resolve(strict=True)
    except (FileNotFoundError, RuntimeError, OSError):
        lexical = Path(os.path.normpath(candidate))
        if not _is_within(lexical, root):
            raise _error(mark, f"spec.{what}", f"{what} path {target!r} points outside the kit folder", hint) from None
        raise _error(
            mark,
            f"spec.{what}",
            f"{what} file {target!r} does not exist",
            "check the spelling; paths are relative to the file that names them",
        ) from None
    if not _is_within(real, root.resolve()):
        raise _error(
            mark,
            f"spec.{what}",
            f"{what} path {target!r} points outside the kit folder (through '..' or a symbolic link)",
            hint,
        )
    if not real.is_file():
        raise _error(mark, f"spec.{what}", f"{what} path {target!r} is not a file", hint)
    return real


def _is_within(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


_UTF16_32_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def _decode(raw: bytes, file: str) -> str:
    if raw.startswith(_UTF16_32_BOMS):
        raise _error(
            Mark(file, 1, 1),
            "yaml.encoding",
            "the file is UTF-16 or UTF-32 text, not UTF-8",
            "save the file as UTF-8 (most editors offer it under 'Save as' or 'Encoding')",
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        mark = Mark(file, raw[: exc.start].count(b"\n") + 1, exc.start - line_start + 1)
        raise _error(
            mark,
            "yaml.encoding",
            f"the file is not UTF-8 text (bad byte 0x{raw[exc.start]:02x} at offset {exc.start})",
            "save the file as UTF-8",
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise _error(
            Mark(file, line, 1),
            "yaml.encoding",
            "the file contains NUL bytes: it is not a text file",
            "give a YAML text file",
        )
    return text


def _text_mark(text: str, file: str, index: int) -> Mark:
    line_start = text.rfind("\n", 0, index) + 1
    return Mark(file, text.count("\n", 0, index) + 1, index - line_start + 1)


C_DEPTH_LIMIT = 1000
"""Deepest nesting handed to libyaml's (recursive, C) composer; deeper caps use the Python composer."""


def _compose(text: str, file: str, limits: Limits, depth: int) -> Node | None:
    """Compose the YAML node graph: libyaml when available (a streaming pre-scan enforces the alias and depth
    caps first), else, or for any problem, the Python composer, whose errors are the ones users see."""
    if yaml.__with_libyaml__ and limits.max_depth <= C_DEPTH_LIMIT:
        try:
            _prescan(text, file, limits, depth)
            loader = yaml.CSafeLoader(text)
            try:
                return loader.get_single_node()  # type: ignore[no-any-return]
            finally:
                loader.dispose()
        except _PrescanLimit as exc:
            raise exc.error from None
        except (yaml.YAMLError, RecursionError, ValueError):
            pass  # the Python composer below reports it with its exact position and wording
    return _compose_python(text, file, limits, depth)


class _PrescanLimit(Exception):
    """A cap hit during the pre-scan, carrying the user-facing error."""

    def __init__(self, error: SpecError):
        self.error = error


def _prescan(text: str, file: str, limits: Limits, depth: int) -> None:
    """Count aliases and nesting from libyaml's event stream (no recursion), as `_ComposingLoader` does."""
    aliases = 0
    level = depth
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, yaml.CollectionEndEvent):
            level -= 1
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > limits.max_aliases:
                raise _PrescanLimit(_error(
                    _event_mark(event, file), "yaml.aliases", f"too many aliases (more than {limits.max_aliases})",
                    "write the values out, or raise the cap with --max-aliases"))
        if level + 1 > limits.max_depth:
            raise _PrescanLimit(_error(
                _event_mark(event, file), "yaml.depth",
                f"the spec nests too deep (more than {limits.max_depth} levels)",
                "flatten the structure, or raise the cap with --max-depth"))
        if isinstance(event, yaml.CollectionStartEvent):
            level += 1


def _event_mark(event: yaml.Event, file: str) -> Mark:
    return Mark(file, event.start_mark.line + 1, event.start_mark.column + 1)


def _compose_python(text: str, file: str, limits: Limits, depth: int) -> Node | None:
    loader: _ComposingLoader | None = None
    try:
        loader = _ComposingLoader(text, limits, file, depth)
        node = loader.get_single_node()
    except yaml.reader.ReaderError as exc:
        raise _error(
            _text_mark(text, file, exc.position),
            "yaml.syntax",
            f"the file contains the control character U+{exc.character:04X}, which YAML does not allow",
            "remove it; write special characters as escapes inside double quotes",
        ) from None
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        mark = Mark(file, m.line + 1, m.column + 1) if m else Mark(file, 1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        raise _error(
            mark,
            "yaml.syntax",
            f"YAML syntax error: {problem}",
            "check indentation, colons and quotes near this position",
        ) from None
    except yaml.YAMLError as exc:
        raise _error(Mark(file, 1, 1), "yaml.syntax", f"YAML error: {exc}", "check the file's syntax") from None
    except RecursionError:
        raise _error(Mark(file, 1, 1), "yaml.depth", "the spec nests too deep", "flatten the structure") from None
    finally:
        if loader is not None:
            loader.dispose()
    return node


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [value for _key, value in node.value]
    return []


def _expanded_sizes(node: Node, sizes: dict[int, int]) -> int:
    """How many values `node` becomes once aliases are expanded, memoised by node (a cycle counts once)."""
    if id(node) in sizes:
        return sizes[id(node)]
    sizes[id(node)] = 1
    sizes[id(node)] = 1 + sum(_expanded_sizes(child, sizes) for child in _children(node))
    return sizes[id(node)]


def _check_expansion(root: Node, file: str, allowed: int) -> None:
    """Refuse a document whose aliases expand past `allowed` values before building anything (billion laughs).

    The error points at the smallest value that on its own expands past the cap.
    """
    sizes: dict[int, int] = {}
    if _expanded_sizes(root, sizes) <= allowed:
        return
    node, seen = root, {id(root)}
    while True:
        bigger = next((c for c in _children(node) if sizes[id(c)] > allowed and id(c) not in seen), None)
        if bigger is None:
            break
        node = bigger
        seen.add(id(node))
    raise _error(
        _mark(file, node),
        "yaml.size",
        f"the spec expands to more than {allowed} values (aliases can multiply them)",
        "remove repeated aliases, or raise the cap with --max-nodes",
    )


def _read(path: Path, file: str, limits: Limits) -> bytes:
    """The bytes of a regular file, refusing devices and pipes and reading no more than the size cap."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise _error(
                Mark(file, 1, 1),
                "spec.file",
                "this is not a regular file (a device, pipe or socket)",
                "give a YAML text file",
            )
        with path.open("rb") as handle:
            raw = handle.read(limits.max_bytes + 1)
    except OSError as exc:
        raise _error(
            Mark(file, 1, 1), "spec.file", f"cannot read the file: {exc.strerror}", "check the path and permissions"
        ) from None
    if len(raw) > limits.max_bytes:
        raise _error(
            Mark(file, 1, 1),
            "yaml.size",
            f"the file is over the {limits.max_bytes}-byte cap",
            "split the spec with `include:`, or raise the cap with --max-bytes",
        )
    return raw


def _load(
    path: Path, limits: Limits, root: Path, including: tuple[Path, ...], budget: _Budget, depth: int = 0
) -> Located:
    file = str(path)
    return _load_text(_decode(_read(path, file, limits), file), file, limits, root, including, budget, depth)


def _load_text(
    text: str, file: str, limits: Limits, root: Path, including: tuple[Path, ...], budget: _Budget, depth: int = 0
) -> Located:
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        raise _error(
            Mark(file, 1, 1),
            "yaml.size",
            f"the spec is over the {limits.max_bytes}-byte cap",
            "split the spec with `include:`, or raise the cap with --max-bytes",
        )
    node = _compose(text, file, limits, depth)
    if node is None:
        raise _error(
            Mark(file, 1, 1), "yaml.empty", "the spec file is empty", "start from one of the files in examples/"
        )
    _check_expansion(node, file, limits.max_nodes - budget.nodes)
    located = Located(data=None, file=file, root=root)
    located.data = _Builder(located, limits, including, budget, depth).build(node, (), file)
    return located


def load_yaml(path: str | os.PathLike[str], limits: Limits | None = None, root: Path | None = None) -> Located:
    """Load a spec file safely; includes are resolved inside `root` (default: the file's folder)."""
    p = Path(path)
    limits = limits or Limits()
    real = p.resolve()
    kit_root = (root or real.parent).resolve()
    return _load(real, limits, kit_root, (real,), _Budget())


def load_yaml_text(text: str, file: str = "<spec>", limits: Limits | None = None, root: Path | None = None) -> Located:
    """Load spec text (for tests and stdin); includes resolve inside `root` (default: current folder)."""
    kit_root = (root or Path.cwd()).resolve()
    return _load_text(text, file, limits or Limits(), kit_root, (kit_root / file,), _Budget())
