"""Reading spec files safely, before any YAML: the caps, paths inside the kit folder, regular files under the
size cap, UTF-8 text, where a block scalar's text starts; and the located errors the loader raises.

Input: paths and bytes from an untrusted kit. Output: resolved paths and decoded text, or a `SpecError` at a
`file:line:col` mark.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from pnp.diagnostics import Diagnostic, Mark, SpecError

MAX_PIECES = 5000
"""Cap on the pieces of one print job (`--max-pieces`), a board counting as many pieces as it has cells: each
costs drawing time and memory in every format (a 500 x 500 hex board took 20 s and 1 GB as SVG and PNG)."""
MAX_DEPTH_CEILING = 1_000
"""Highest `max_depth` accepted (libyaml's own nesting cap)."""


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


@dataclass(frozen=True, slots=True)
class Block:
    """A `|` (literal) or `>` (folded) block scalar: whether literal, and where its text starts (the line
    after the indicator, at the indent of its first non-blank line)."""

    literal: bool
    start: Mark


def error(mark: Mark, rule: str, message: str, hint: str) -> SpecError:
    """A SpecError with one located diagnostic."""
    return SpecError(Diagnostic.at(mark, rule, message, hint))


def brief(text: str, most: int = 60) -> str:
    """A name from the spec as a message shows it: at most `most` characters (an anchor, tag or key can be
    a megabyte long)."""
    return text if len(text) <= most else text[: most - 1] + "…"


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


def too_big(file: str, what: str, cap: int) -> SpecError:
    """The error for a file (or text) over the byte cap."""
    return error(
        Mark(file, 1, 1),
        "yaml.size",
        f"the {what} is over the {cap}-byte cap",
        "split the spec with `include:`, or raise the cap with --max-bytes",
    )


READ_CHUNK = 1 << 20


def read_at_most(handle: BinaryIO, limit: int) -> bytes:
    """Up to `limit` bytes of `handle`, read a chunk at a time: memory follows the file, not the cap (a cap
    of 10**15 allocates nothing up front)."""
    chunks, size = [], 0
    while size < limit and (chunk := handle.read(min(READ_CHUNK, limit - size))):
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_bytes(path: Path, file: str, max_bytes: int) -> bytes:
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
            raw = read_at_most(handle, max_bytes + 1)
    except OSError as exc:
        raise error(
            Mark(file, 1, 1), "spec.file", f"cannot read the file: {exc.strerror}", "check the path and permissions"
        ) from None
    if len(raw) > max_bytes:
        raise too_big(file, "file", max_bytes)
    return raw


def read_text(path: Path, file: str, max_bytes: int) -> str:
    """The UTF-8 text of a regular file of at most `max_bytes` (see `read_bytes` and `decode`)."""
    return decode(read_bytes(path, file, max_bytes), file)


_UTF16_32_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def decode(raw: bytes, file: str) -> str:
    """UTF-8 text (a leading byte-order mark dropped); UTF-16/32, other encodings and NUL bytes are errors."""
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
        before = raw[: exc.start].decode("utf-8-sig")  # the text up to the bad byte is UTF-8
        mark = text_mark(before, file, len(before))
        raise error(
            mark,
            "yaml.encoding",
            f"the file is not UTF-8 text (bad byte 0x{raw[exc.start]:02x} at offset {exc.start})",
            "save the file as UTF-8",
        ) from None
    if "\x00" in text:
        raise error(
            Mark(file, text_mark(text, file, text.index("\x00")).line, 1),
            "yaml.encoding",
            "the file contains NUL bytes: it is not a text file",
            "give a YAML text file",
        )
    return text


_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
"""What YAML's parsers count as a line break (a lone CR, NEL, LS and PS too), so marks agree with theirs."""


def text_mark(text: str, file: str, index: int) -> Mark:
    """The mark of character `index` of `text`, in lines as YAML counts them and characters."""
    line, line_start = 1, 0
    for found in _BREAK.finditer(text, 0, index):
        line, line_start = line + 1, found.end()
    return Mark(file, line, index - line_start + 1)


def block_at(text: str, file: str, index: int, literal: bool) -> Block:
    """The `Block` whose indicator (`|` or `>`) is at character `index` of `text`."""
    line, at, indent = text.count("\n", 0, index) + 1, text.find("\n", index) + 1, 0
    while 0 < at < len(text):  # the first non-blank line after the indicator
        end = text.find("\n", at)
        row = text[at : end if end >= 0 else len(text)]
        if row.strip():
            indent = len(row) - len(row.lstrip(" "))
            break
        at = end + 1 if end >= 0 else 0
    return Block(literal, Mark(file, line + 1, indent + 1))
