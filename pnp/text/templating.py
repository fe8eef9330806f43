"""Sandboxed jinja2 for text that quotes spec values (`{{ kit.mines.count }}`).

Input: a short template string from a rulebook or a card, a context of plain data, and the file and line the
string comes from. Output: the rendered text, or a `SpecError` located at that file:line.

The template comes from files a user may have downloaded, so it is treated as untrusted: jinja2's
`SandboxedEnvironment` with `StrictUndefined` (an unknown name is an error, never an empty string), only
`{{ expressions }}` and `{% if %}` blocks (no loops, macros, includes or assignments, so the work done is
bounded by the template's length), a short list of harmless filters, and caps on what one operation may
build (`pnp.text.template_limits`): `'A' * 10**9`, `10**10**6` and `('A' * 10000) | join('B' * 10000)` fail at once
instead of eating memory or time.

Text without a `{` is printed as written, so jinja2 is imported only for a text that may be a template. A
template that jinja2 parses into plain text and `{{ name.key }}` lookups only (a card's `{{ card.rank }}`) is
filled in directly when every lookup finds a string in plain dicts: exactly the text jinja2 would write, at a
fraction of the cost; anything else (a filter, a missing key, a number) takes the jinja2 path.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import Diagnostic, Mark, SpecError

if TYPE_CHECKING:
    from jinja2 import Template

    from pnp.text.template_limits import BoundedEnvironment

MAX_TEMPLATE_CHARS = 20_000
"""Longest template source accepted."""
MAX_OUTPUT_CHARS = 100_000
"""Longest text a template may produce."""
MAX_NESTING = 30
"""Deepest nesting of brackets in a template expression (the parser recurses once per level)."""

SAFE_FILTERS = (
    "abs",
    "capitalize",
    "default",
    "d",
    "first",
    "float",
    "int",
    "join",
    "last",
    "length",
    "count",
    "lower",
    "max",
    "min",
    "round",
    "string",
    "sum",
    "title",
    "trim",
    "upper",
)
"""Filters a template may use; the others can build large strings (center, indent, wordwrap...)."""


@cache
def _environment() -> BoundedEnvironment:
    from jinja2 import StrictUndefined

    from pnp.text.jinja2_internals import BoundedCodeGenerator
    from pnp.text.template_limits import BoundedEnvironment, bounded_filter

    env = BoundedEnvironment(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True)
    env.code_generator_class = BoundedCodeGenerator
    env.filters = {name: bounded_filter(name, env.filters[name]) for name in SAFE_FILTERS}
    env.globals = {}
    env.tests = {name: env.tests[name] for name in ("defined", "undefined", "none", "number", "string")}
    return env


def _too_deep(source: str) -> int:
    """The template line where brackets nest deeper than MAX_NESTING, or 0."""
    depth = 0
    for line, kind, value in _environment().lex(source):
        if kind == "operator" and value in "([{":
            depth += 1
            if depth > MAX_NESTING:
                return line
        elif kind == "operator" and value in ")]}":
            depth -= 1
    return 0


@lru_cache(maxsize=2048)
def _compiled(source: str) -> Template | tuple[int, str, str]:
    """The compiled template of `source`, or (line, message, hint) when it is one pnp refuses: a forbidden
    statement, brackets nested too deep, a number too large for a float.

    Compiling is the costly part of rendering; a deck repeats the same few card templates many times.
    """
    from jinja2 import nodes

    allowed = (nodes.Template, nodes.Output, nodes.If)
    env = _environment()
    deep = _too_deep(source)
    if deep:
        return deep, f"brackets nested more than {MAX_NESTING} deep", "write the expression with fewer brackets"
    tree = env.parse(source)
    for node in tree.find_all(nodes.Stmt):
        if not isinstance(node, allowed):
            return (node.lineno, f"the template statement '{type(node).__name__.lower()}' is not allowed",
                    "use {{ expressions }} and {% if %} ... {% endif %} only")
    for const in tree.find_all(nodes.Const):
        if isinstance(const.value, float) and not math.isfinite(const.value):
            return const.lineno, "a number in the template is too large", "use a smaller number"
    return env.from_string(tree)


@lru_cache(maxsize=2048)
def _lookups(source: str) -> tuple[str | tuple[str, ...], ...] | None:
    """`source` as jinja2 parses it when it holds only text and `{{ name.key... }}` lookups: each text piece,
    and each lookup as its names; None for anything else (or a lookup of a dict method such as `items`, which
    jinja2 prefers to the key), which jinja2 renders."""
    from jinja2 import nodes

    from pnp.text.template_limits import KEY_FIRST

    try:
        if _too_deep(source):
            return None
        tree = _environment().parse(source)
    except Exception:  # whatever jinja2 refuses, the jinja2 path reports
        return None
    pieces: list[str | tuple[str, ...]] = []
    for output in tree.body:
        if type(output) is not nodes.Output:
            return None
        for part in output.nodes:
            if type(part) is nodes.TemplateData:
                pieces.append(part.data)
                continue
            names: list[str] = []
            while type(part) is nodes.Getattr:
                if hasattr(dict, part.attr) and part.attr not in KEY_FIRST:
                    return None
                names.append(part.attr)
                part = part.node
            if type(part) is not nodes.Name:
                return None
            names.append(part.name)
            pieces.append(tuple(reversed(names)))
    return tuple(pieces)


def _direct(source: str, context: dict[str, Any]) -> str | None:
    """`source` rendered without jinja2 when it is only text and lookups (`_lookups`) that each find a string,
    through plain dicts, in `context`; else None. jinja2 writes `str(value)` for each lookup, which for a string is
    the string itself."""
    pieces = _lookups(source)
    if pieces is None or "self" in context:
        return None  # as a keyword argument, `self` makes jinja2 fail
    for key in context:
        if type(key) is not str:
            return None  # as does a key that is not a string
    out: list[str] = []
    for piece in pieces:
        if type(piece) is str:
            out.append(piece)
            continue
        value: Any = context
        for name in piece:
            if type(value) is not dict or name not in value:
                return None
            value = value[name]
        if type(value) is not str:
            return None
        out.append(value)
    text = "".join(out)
    return text if len(text) <= MAX_OUTPUT_CHARS else None


def _fail(file: str, line: int, message: str, hint: str, column: int = 1) -> SpecError:
    return SpecError(Diagnostic.at(Mark(file, line, column), "template", message, hint))


def _template_line(err: Exception) -> int:
    """The 1-based template line of a jinja error: its lineno, or the deepest template frame of its traceback."""
    found = getattr(err, "lineno", None) or 1
    trace = err.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == "<template>":
            found = trace.tb_lineno
        trace = trace.tb_next
    return found


_MISSING = re.compile(r"has no attribute\W*'?(\w+)'?|'(\w+)' is undefined")
"""An unknown attribute (`'dict object' has no attribute 'nam'`) or name (`'card' is undefined`)."""


def _names(context: Mapping[str, Any], prefix: str = "", depth: int = 2) -> list[str]:
    """Dotted names a template can use (`card.rank`), to suggest the one a typo meant."""
    found: list[str] = []
    for key, value in context.items():
        name = f"{prefix}{key}"
        found.append(name)
        if depth > 1 and isinstance(value, Mapping):
            found.extend(_names(value, f"{name}.", depth - 1))
    return found


def _name_hint(message: str, context: Mapping[str, Any], source: str) -> str:
    """'did you mean …' for an unknown name or filter, else a general hint. A misspelt attribute (`kit.nam`) is
    matched against the names under the same parent first (`kit.name`, not `card.name`)."""
    import difflib  # only failing templates need it

    from pnp.text.template_limits import MAX_INT_DIGITS, MAX_SEQUENCE

    if re.search(r"too large|too much|not a finite number", message):
        return (f"keep every text or list a template builds under {MAX_SEQUENCE} characters or items, "
                f"and numbers under {MAX_INT_DIGITS} digits")
    method = re.search(r"'(\w+)' is a method( of the mapping)?", message)
    if method and method.group(2):
        return f"write ['{method.group(1)}'] for the key (card['{method.group(1)}'])"
    if method:
        return f"call it ({method.group(1)}()) to print what it gives"
    unknown_filter = re.search(r"No filter named '(\w+)'", message)
    if unknown_filter:
        close = difflib.get_close_matches(unknown_filter.group(1), SAFE_FILTERS, n=1)
        allowed = f"the filters you can use: {', '.join(SAFE_FILTERS)}"
        return f"did you mean the filter {close[0]!r}? ({allowed})" if close else allowed
    m = _MISSING.search(message)
    if m is None:
        return "fix the expression"

    missing = m.group(1) or m.group(2)
    names = _names(context)
    parent = re.search(rf"([A-Za-z_][\w.]*)\.{re.escape(missing)}\b", source)
    scopes = [[n for n in names if n.rsplit(".", 1)[0] == parent.group(1)]] if parent else []
    for scope in [*scopes, names]:
        close = difflib.get_close_matches(missing, [n.rsplit(".", 1)[-1] for n in scope], n=1)
        if close:
            full = next(n for n in scope if n.rsplit(".", 1)[-1] == close[0])
            return f"did you mean {full!r}?"
    return f"the names you can use here: {', '.join(names[:12])}"


def _plain(message: str, source: str) -> str:
    """jinja2's words for an unknown name in the spec's: `card has no 'ink'`, not `'dict object' has no
    attribute 'ink'`; `there is no 'card' here`, not `'card' is undefined`."""
    m = _MISSING.fullmatch(message.replace("'dict object' has no attribute", "has no attribute").strip())
    if m is None:
        return message
    if m.group(2):
        return f"there is no {m.group(2)!r} here"
    parent = re.search(rf"([A-Za-z_][\w.]*)\.{re.escape(m.group(1))}\b", source)
    return f"{parent.group(1)} has no {m.group(1)!r}" if parent else message


def render_template_string(source: str, context: Mapping[str, Any], *, file: str, line: int, column: int = 1) -> str:
    """Render `source` (jinja2 syntax) with `context`; errors become a SpecError at `file`:`line`.

    `line` and `column` give the first character of `source` in `file`; an error on a later line of a
    multi-line template is reported at that later line (column 1). A text with no `{` (so no jinja2 tag) and
    no carriage return (which jinja2 would turn into a newline) is returned as it is, without jinja2.
    """
    if len(source) > MAX_TEMPLATE_CHARS:
        raise _fail(file, line, f"template text over {MAX_TEMPLATE_CHARS} characters", "shorten the text", column)
    if "{" not in source and "\r" not in source:
        return source
    if type(context) is dict:
        direct = _direct(source, context)
        if direct is not None:
            return direct
    from jinja2 import TemplateError

    try:
        template = _compiled(source)
        if isinstance(template, tuple):
            bad_line, message, hint = template
            raise _fail(file, line + bad_line - 1, message, hint, column if bad_line == 1 else 1)
        pieces: list[str] = []
        size = 0
        for piece in template.generate(**dict(context)):
            size += len(piece)
            if size > MAX_OUTPUT_CHARS:
                raise _fail(file, line, "the template produces too much text", "shorten the text", column)
            pieces.append(piece)
    except TemplateError as err:
        at = line + _template_line(err) - 1
        hint = _name_hint(str(err), context, source)
        raise _fail(file, at, f"template error: {_plain(str(err.message or err), source)}", hint,
                    column if at == line else 1) from None
    except (ArithmeticError, TypeError, ValueError) as err:
        raise _fail(file, line, f"template error: {err}", "fix the expression", column) from None
    except LookupError as err:  # an unknown codec or error handler, or one that is not for text (rot13, zlib)
        raise _fail(file, line, f"template error: {str(err).split(';')[0]}", "encode and decode take a text "
                    "encoding such as 'utf-8' and an error handler such as 'strict' or 'replace'", column) from None
    except RecursionError:
        raise _fail(file, line, "template error: the expression is nested too deeply",
                    "write it with fewer nested operators", column) from None
    return "".join(pieces)
