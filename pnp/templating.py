"""Sandboxed jinja2 for text that quotes spec values (`{{ kit.mines.count }}`).

Input: a short template string from a rulebook or a card, a context of plain data, and the file and line the
string comes from. Output: the rendered text, or a `SpecError` located at that file:line.

The template comes from files a user may have downloaded, so it is treated as untrusted: jinja2's
`SandboxedEnvironment` with `StrictUndefined` (an unknown name is an error, never an empty string), only
`{{ expressions }}` and `{% if %}` blocks (no loops, macros, includes or assignments, so the work done is
bounded by the template's length), a short list of harmless filters, and caps on what one operation may
build: `'A' * 10**9` and `10**10**6` fail at once instead of eating memory or time.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateError, nodes
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from pnp.diagnostics import Diagnostic, Mark, SpecError

MAX_TEMPLATE_CHARS = 20_000
"""Longest template source accepted."""
MAX_OUTPUT_CHARS = 100_000
"""Longest text a template may produce."""
MAX_SEQUENCE = 10_000
"""Longest string or list one operation may build."""
MAX_INT_DIGITS = 18
"""Largest integer (in decimal digits) one operation may build."""
MAX_CALL_INT = 10_000
"""Largest integer argument a method call may receive (stops `'a'.ljust(10**9)`)."""

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

_MAX_BITS = int(MAX_INT_DIGITS * 3.33)
_ALLOWED_STATEMENTS = (nodes.Template, nodes.Output, nodes.If)

_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "**": operator.pow,
}


def _too_big(value: object) -> bool:
    if isinstance(value, str | list | tuple | bytes):
        return len(value) > MAX_SEQUENCE
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() > _MAX_BITS
    return False


def _int_size(value: object) -> int:
    return abs(value).bit_length() if isinstance(value, int) and not isinstance(value, bool) else 0


class _BoundedEnvironment(SandboxedEnvironment):
    """A sandbox whose arithmetic and method calls cannot build huge values."""

    intercepted_binops = frozenset(_BINOPS)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%" and isinstance(left, str):
            raise SecurityError("string formatting with % is not allowed in templates")
        big_power = operator == "**" and _int_size(left) > 1 and right * (_int_size(left) - 1) > _MAX_BITS
        if big_power:
            raise SecurityError(f"the power {left}**{right} is too large")
        if operator == "*":
            for seq, count in ((left, right), (right, left)):
                repeats = isinstance(seq, str | list | tuple) and isinstance(count, int)
                if repeats and len(seq) * count > MAX_SEQUENCE:
                    raise SecurityError(f"repeating a text or list {count} times builds too much")
        result = _BINOPS[operator](left, right)
        if _too_big(result):
            raise SecurityError(f"the result of {operator!r} is too large")
        return result

    def call(self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        name = getattr(__obj, "__name__", "")
        if name in ("format", "format_map"):
            raise SecurityError("str.format is not allowed in templates")
        for value in (*args, *kwargs.values()):
            if isinstance(value, int) and abs(value) > MAX_CALL_INT:
                raise SecurityError(f"the argument {value} is too large")
        result = super().call(__context, __obj, *args, **kwargs)
        if _too_big(result):
            raise SecurityError(f"the result of calling {name or 'a function'} is too large")
        return result


@cache
def _environment() -> _BoundedEnvironment:
    env = _BoundedEnvironment(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True)
    env.filters = {name: env.filters[name] for name in SAFE_FILTERS}
    env.globals = {}
    env.tests = {name: env.tests[name] for name in ("defined", "undefined", "none", "number", "string")}
    return env


@lru_cache(maxsize=2048)
def _compiled(source: str) -> tuple[Template | None, int, str]:
    """The compiled template of `source`, or (None, line, statement) when it uses a forbidden statement.

    Compiling is the costly part of rendering; a deck repeats the same few card templates many times.
    """
    env = _environment()
    tree = env.parse(source)
    for node in tree.find_all(nodes.Stmt):
        if not isinstance(node, _ALLOWED_STATEMENTS):
            return None, node.lineno, type(node).__name__.lower()
    return env.from_string(tree), 0, ""


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


_MISSING = re.compile(r"(?:has no attribute|is undefined)\W*'?(\w+)'?")


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

    unknown_filter = re.search(r"No filter named '(\w+)'", message)
    if unknown_filter:
        close = difflib.get_close_matches(unknown_filter.group(1), SAFE_FILTERS, n=1)
        allowed = f"the filters you can use: {', '.join(SAFE_FILTERS)}"
        return f"did you mean the filter {close[0]!r}? ({allowed})" if close else allowed
    m = _MISSING.search(message)
    if m is None:
        return "fix the expression"

    missing = m.group(1)
    names = _names(context)
    parent = re.search(rf"([A-Za-z_][\w.]*)\.{re.escape(missing)}\b", source)
    scopes = [[n for n in names if n.rsplit(".", 1)[0] == parent.group(1)]] if parent else []
    for scope in [*scopes, names]:
        close = difflib.get_close_matches(missing, [n.rsplit(".", 1)[-1] for n in scope], n=1)
        if close:
            full = next(n for n in scope if n.rsplit(".", 1)[-1] == close[0])
            return f"did you mean {full!r}?"
    return f"the names you can use here: {', '.join(names[:12])}"


def render_template_string(source: str, context: Mapping[str, Any], *, file: str, line: int, column: int = 1) -> str:
    """Render `source` (jinja2 syntax) with `context`; errors become a SpecError at `file`:`line`.

    `line` and `column` give the first character of `source` in `file`; an error on a later line of a
    multi-line template is reported at that later line (column 1).
    """
    if len(source) > MAX_TEMPLATE_CHARS:
        raise _fail(file, line, f"template text over {MAX_TEMPLATE_CHARS} characters", "shorten the text", column)
    try:
        template, bad_line, statement = _compiled(source)
        if template is None:
            raise _fail(
                file,
                line + bad_line - 1,
                f"the template statement '{statement}' is not allowed",
                "use {{ expressions }} and {% if %} ... {% endif %} only",
            )
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
        raise _fail(file, at, f"template error: {err.message or err}", hint, column if at == line else 1) from None
    except (ArithmeticError, TypeError, ValueError) as err:
        raise _fail(file, line, f"template error: {err}", "fix the expression", column) from None
    return "".join(pieces)
