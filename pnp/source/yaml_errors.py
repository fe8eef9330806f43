"""The located error for YAML a parser refused: syntax, control characters, lone surrogates, anchors."""

from __future__ import annotations

import ast
from typing import Any

import yaml

from pnp.diagnostics import Mark, SpecError
from pnp.source import files
from pnp.source.files import brief, error


def yaml_mark(mark: Any, file: str) -> Mark:
    """The `Mark` of a PyYAML mark (None: the file's start)."""
    return Mark(file, mark.line + 1, mark.column + 1) if mark else Mark(file, 1, 1)


def _name_in(message: str, before: str, after: str = "") -> str:
    """The anchor or alias name the loader wrote (quoted, as the parser read it) in its error message."""
    quoted = message.removeprefix(before).removesuffix(after)
    try:
        return brief(str(ast.literal_eval(quoted)))
    except (SyntaxError, ValueError):
        return "?"


def syntax_error(
    exc: yaml.YAMLError | UnicodeEncodeError, text: str, file: str, from_libyaml: bool = False
) -> SpecError:
    """The located error for something a YAML parser refused (libyaml counts reader positions in UTF-8 bytes,
    PyYAML in characters)."""
    if isinstance(exc, UnicodeEncodeError):
        return error(files.text_mark(text, file, exc.start), "yaml.encoding",
                     f"the text contains U+{ord(text[exc.start]):04X}, which is not a character (a lone surrogate)",
                     "remove it; save the file as UTF-8")  # fmt: skip
    if isinstance(exc, yaml.reader.ReaderError):
        position = exc.position
        if from_libyaml:
            position = len(text.encode("utf-8", "surrogatepass")[:position].decode("utf-8", "ignore"))
        return error(files.text_mark(text, file, position), "yaml.syntax",
                     f"the file contains the control character U+{exc.character:04X}, which YAML does not allow",
                     "remove it; write special characters as escapes inside double quotes")  # fmt: skip
    if not isinstance(exc, yaml.MarkedYAMLError):
        return error(Mark(file, 1, 1), "yaml.syntax", f"YAML error: {exc}", "check the file's syntax")
    mark, context, problem = yaml_mark(exc.problem_mark or exc.context_mark, file), exc.context or "", exc.problem
    if isinstance(exc, yaml.composer.ComposerError) and context.startswith("expected a single document"):
        message = "the file holds more than one document (a second '---')"
        hint = "keep one document per file; split a kit into files with `include:`"
    elif isinstance(exc, yaml.composer.ComposerError) and context.startswith("found duplicate anchor"):
        first = exc.context_mark.line + 1 if exc.context_mark else "?"
        name = _name_in(context, "found duplicate anchor ", "; first occurrence")
        message = f"the anchor &{name} is defined twice (first at line {first})"
        hint = "give the second anchor another name"
    elif isinstance(exc, yaml.composer.ComposerError) and (problem or "").startswith("found undefined alias"):
        name = _name_in(problem or "", "found undefined alias ")
        message = f"the alias *{name} names no anchor above it"
        hint = f"define `&{name}` on an earlier value, or write the value out"
    else:
        message, hint = problem or context or "invalid YAML", "check indentation, colons and quotes near this position"
    return error(mark, "yaml.syntax", f"YAML syntax error: {message}", hint)
