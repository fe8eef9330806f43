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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import Event, StreamEndEvent

from pnp.collector import collector_paused
from pnp.diagnostics import Mark, SpecError
from pnp.spec.events import DOCUMENT, Block, EventBuilder, NodeCount, PathKey, Slot
from pnp.spec.survey import Caps, Survey, error, over_cap, survey

MAX_DEPTH_CEILING = 1_000
"""Highest `max_depth` accepted: marks are kept per full path, so memory grows with depth squared."""
PYTHON_PARSER_MAX_CHARS = 100_000
"""Largest text re-read by PyYAML's pure-Python parser for its wording of an error libyaml found (it reads
about 0.2 MB/s); bigger files get libyaml's own message, at the same place."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps for untrusted specs; each can be raised from the command line."""

    max_bytes: int = 2_000_000
    max_depth: int = 64
    max_aliases: int = 1_000
    max_nodes: int = 200_000
    max_string: int = 10_000
    max_includes: int = 64

    def __post_init__(self) -> None:
        if not 1 <= self.max_depth <= MAX_DEPTH_CEILING:
            raise ValueError(f"max_depth must be between 1 and {MAX_DEPTH_CEILING}")


@dataclass(slots=True)
class Located:
    """Plain data of a spec and the marks of its values and mapping keys, found by path (`mark`, `key_mark`).

    Marks are stored per slot, `(id of the containing list or mapping, key or index)`, with `collections`
    giving the id of the list or mapping in a slot, so the tables grow with the number of values, not with
    values times depth. The document itself is in slot `DOCUMENT`.
    """

    data: Any
    file: str
    root: Path
    marks: dict[Slot, Mark] = field(default_factory=dict)
    key_marks: dict[Slot, Mark] = field(default_factory=dict)
    collections: dict[Slot, int] = field(default_factory=dict)
    blocks: dict[Slot, Block] = field(default_factory=dict)
    last_id: int = 0

    def new_id(self) -> int:
        """A fresh id for a list or mapping being built."""
        self.last_id += 1
        return self.last_id

    def mark(self, path: PathKey) -> Mark:
        """Mark of the value at `path`, or of its nearest ancestor that has one."""
        best = self.marks.get(DOCUMENT, Mark(self.file, 1, 1))
        slot = DOCUMENT
        for key in path:
            collection = self.collections.get(slot)
            if collection is None or (collection, key) not in self.marks:
                break
            slot = (collection, key)
            best = self.marks[slot]
        return best

    def block(self, path: PathKey) -> Block | None:
        """The `|` or `>` block at `path` (its style and where its text starts), None for any other value."""
        slot = self._slot(path)
        return self.blocks.get(slot) if slot else None

    def text_mark(self, path: PathKey) -> Mark:
        """Where the text of the value at `path` starts: its mark, or for a block its first text line."""
        block = self.block(path)
        return block.start if block else self.mark(path)

    def key_mark(self, path: PathKey) -> Mark:
        """Mark of the key naming `path` (for unknown keys), else of the value."""
        slot = self._slot(path)
        return (self.key_marks.get(slot) if slot else None) or self.mark(path)

    def _slot(self, path: PathKey) -> Slot | None:
        """The slot of the value at `path`, None when a step of it is not a list or mapping."""
        slot = DOCUMENT
        for key in path:
            collection = self.collections.get(slot)
            if collection is None:
                return None
            slot = (collection, key)
        return slot


@dataclass(slots=True)
class _Budget:
    """What one load has used so far, shared by the spec and every file it includes."""

    values: NodeCount = field(default_factory=NodeCount)
    includes: int = 0


_URL_PREFIXES = ("http:", "https:", "file:", "ftp:", "data:")


def resolve_inside(root: Path, base: Path, target: str, mark: Mark, what: str = "include") -> Path:
    """Resolve a relative path from a spec; refuse absolute paths, URLs, `~` and anything outside `root`."""
    hint = f"give a relative path to a file inside the kit folder {root}"
    if not target or "\x00" in target:
        raise error(mark, f"spec.{what}", f"empty or invalid {what} path", hint)
    lowered = target.strip().lower()
    if lowered.startswith(_URL_PREFIXES) or "://" in lowered:
        raise error(mark, f"spec.{what}", f"{what} path {target!r} is a URL; pnp never reads from the network", hint)
    if target.startswith("~") or os.path.isabs(target) or (len(target) > 1 and target[1] == ":"):
        raise error(mark, f"spec.{what}", f"{what} path {target!r} is absolute", hint)
    candidate = base / target
    try:
        real = candidate.resolve(strict=True)
    except (FileNotFoundError, RuntimeError, OSError):
        lexical = Path(os.path.normpath(candidate))
        if not _is_within(lexical, root):
            raise error(mark, f"spec.{what}", f"{what} path {target!r} points outside the kit folder", hint) from None
        raise error(
            mark,
            f"spec.{what}",
            f"{what} file {target!r} does not exist",
            "check the spelling; paths are relative to the file that names them",
        ) from None
    if not _is_within(real, root.resolve()):
        raise error(
            mark,
            f"spec.{what}",
            f"{what} path {target!r} points outside the kit folder (through '..' or a symbolic link)",
            hint,
        )
    if not real.is_file():
        raise error(mark, f"spec.{what}", f"{what} path {target!r} is not a file", hint)
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
        raise error(
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
        raise error(
            mark,
            "yaml.encoding",
            f"the file is not UTF-8 text (bad byte 0x{raw[exc.start]:02x} at offset {exc.start})",
            "save the file as UTF-8",
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise error(
            Mark(file, line, 1),
            "yaml.encoding",
            "the file contains NUL bytes: it is not a text file",
            "give a YAML text file",
        )
    return text


def _text_mark(text: str, file: str, index: int) -> Mark:
    line_start = text.rfind("\n", 0, index) + 1
    return Mark(file, text.count("\n", 0, index) + 1, index - line_start + 1)


def _events(text: str, loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader]) -> Iterator[Event]:
    """The parser's events for `text`, up to and including the end of the stream."""
    parser = loader(text)
    try:
        get_event = parser.get_event
        while True:
            event = get_event()
            yield event
            if isinstance(event, StreamEndEvent):
                return
    finally:
        parser.dispose()


def _syntaxerror(
    exc: yaml.YAMLError | UnicodeEncodeError, text: str, file: str, from_libyaml: bool = False
) -> SpecError:
    """The located error for something a YAML parser refused (libyaml counts reader positions in UTF-8 bytes,
    PyYAML in characters)."""
    if isinstance(exc, UnicodeEncodeError):
        return error(
            _text_mark(text, file, exc.start),
            "yaml.encoding",
            f"the text contains U+{ord(text[exc.start]):04X}, which is not a character (a lone surrogate)",
            "remove it; save the file as UTF-8",
        )
    if isinstance(exc, yaml.reader.ReaderError):
        position = exc.position
        if from_libyaml:
            position = len(text.encode("utf-8", "surrogatepass")[:position].decode("utf-8", "ignore"))
        return error(
            _text_mark(text, file, position),
            "yaml.syntax",
            f"the file contains the control character U+{exc.character:04X}, which YAML does not allow",
            "remove it; write special characters as escapes inside double quotes",
        )
    if isinstance(exc, yaml.MarkedYAMLError):
        m = exc.problem_mark or exc.context_mark
        mark = Mark(file, m.line + 1, m.column + 1) if m else Mark(file, 1, 1)
        return error(
            mark,
            "yaml.syntax",
            f"YAML syntax error: {exc.problem or exc.context or 'invalid YAML'}",
            "check indentation, colons and quotes near this position",
        )
    return error(Mark(file, 1, 1), "yaml.syntax", f"YAML error: {exc}", "check the file's syntax")


def _read(path: Path, file: str, limits: Limits) -> bytes:
    """The bytes of a regular file, refusing devices and pipes and reading no more than the size cap."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise error(
                Mark(file, 1, 1),
                "spec.file",
                "this is not a regular file (a device, pipe or socket)",
                "give a YAML text file",
            )
        with path.open("rb") as handle:
            raw = handle.read(limits.max_bytes + 1)
    except OSError as exc:
        raise error(
            Mark(file, 1, 1), "spec.file", f"cannot read the file: {exc.strerror}", "check the path and permissions"
        ) from None
    if len(raw) > limits.max_bytes:
        raise error(
            Mark(file, 1, 1),
            "yaml.size",
            f"the file is over the {limits.max_bytes}-byte cap",
            "split the spec with `include:`, or raise the cap with --max-bytes",
        )
    return raw


def _load(
    path: Path, limits: Limits, located: Located, including: tuple[Path, ...], budget: _Budget, slot: Slot, depth: int
) -> Any:
    file = str(path)
    text = _decode(_read(path, file, limits), file)
    return _load_text(text, file, limits, located, including, budget, slot, depth)


def _load_text(
    text: str,
    file: str,
    limits: Limits,
    located: Located,
    including: tuple[Path, ...],
    budget: _Budget,
    slot: Slot = DOCUMENT,
    depth: int = 0,
) -> Any:
    """The data of one file's text, placed in `slot` at nesting `depth` (where it is included), its marks
    written into `located`."""
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        raise error(
            Mark(file, 1, 1),
            "yaml.size",
            f"the spec is over the {limits.max_bytes}-byte cap",
            "split the spec with `include:`, or raise the cap with --max-bytes",
        )
    caps = Caps(limits.max_depth, limits.max_aliases, limits.max_nodes, limits.max_string, depth)
    surveyed = _survey(text, file, caps, budget.values.nodes)
    if not surveyed.has_document:
        raise error(
            Mark(file, 1, 1), "yaml.empty", "the spec file is empty", "start from one of the files in examples/"
        )

    def include(target: str, slot: Slot, mark: Mark, depth: int) -> Any:
        return _include(target, slot, depth, mark, located, limits, including, budget)

    builder = EventBuilder(file, text, slot, located, caps, budget.values, include)
    return builder.build(surveyed)


def _survey(text: str, file: str, caps: Caps, used: int) -> Survey:
    """Parse with libyaml; when it refuses the text, PyYAML's parser words the error (small files), or takes
    the text if it accepts it (the two differ on a few rare inputs)."""
    if yaml.__with_libyaml__:
        try:
            return survey(_events(text, yaml.CSafeLoader), file, caps, used)
        except (yaml.YAMLError, UnicodeEncodeError) as exc:
            if isinstance(exc, yaml.MarkedYAMLError) and exc.problem == "exceeded maximum nesting depth":
                m = exc.problem_mark
                raise over_cap(
                    "yaml.depth", Mark(file, m.line + 1, m.column + 1), caps.max_depth
                ) from None  # libyaml's cap
            if isinstance(exc, UnicodeEncodeError) or len(text) > PYTHON_PARSER_MAX_CHARS:
                raise _syntaxerror(exc, text, file, from_libyaml=True) from None
    try:
        return survey(_events(text, yaml.SafeLoader), file, caps, used)
    except yaml.YAMLError as exc:
        raise _syntaxerror(exc, text, file) from None


def _include(
    target: str,
    slot: Slot,
    depth: int,
    mark: Mark,
    located: Located,
    limits: Limits,
    including: tuple[Path, ...],
    budget: _Budget,
) -> Any:
    """The data of the file that `{include: target}` in `slot` names, which takes that slot's place."""
    budget.includes += 1
    if budget.includes > limits.max_includes:
        raise error(mark, "spec.include", f"more than {limits.max_includes} includes", "merge some included files")
    resolved = resolve_inside(located.root, Path(mark.file).parent, target, mark)
    if resolved in including:
        raise error(
            mark,
            "spec.include",
            f"include cycle: {target!r} includes itself",
            "remove the include that points back",
        )
    located.collections.pop(slot, None)  # the `{include: ...}` mapping gives way to the file's data
    return _load(resolved, limits, located, (*including, resolved), budget, slot, depth)


def load_yaml(path: str | os.PathLike[str], limits: Limits | None = None, root: Path | None = None) -> Located:
    """Load a spec file safely; includes are resolved inside `root` (default: the file's folder)."""
    real = Path(path).resolve()
    located = Located(data=None, file=str(real), root=(root or real.parent).resolve())
    with collector_paused():
        located.data = _load(real, limits or Limits(), located, (real,), _Budget(), DOCUMENT, 0)
    return located


def load_yaml_text(text: str, file: str = "<spec>", limits: Limits | None = None, root: Path | None = None) -> Located:
    """Load spec text (for tests and stdin); includes resolve inside `root` (default: current folder)."""
    kit_root = (root or Path.cwd()).resolve()
    located = Located(data=None, file=file, root=kit_root)
    with collector_paused():
        located.data = _load_text(text, file, limits or Limits(), located, (kit_root / file,), _Budget())
    return located
