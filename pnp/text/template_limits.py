"""Caps on what one template operation may build, for the sandbox of `pnp.text.templating`.

Input: the values a template operation (arithmetic, `~`, a filter, a method call) works on. Output: the result,
or a `SecurityError` before anything large is built. A method reached by a lookup can be called but never
printed (its text is a heap address). Every intermediate result is measured by `size` (characters
of strings, plus items of lists and mappings, counted through nesting, so `[[1] * 9000] * 9000` is 81 million),
and the operations that can grow a value many times over (`join`, `*`, `**`, `str.replace`...) are estimated
first, so `('A' * 10000) | join('B' * 10000)` is refused without building its 100 MB.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Mapping
from typing import Any

from jinja2 import Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from pnp.text.jinja2_internals import passes_context

KEY_FIRST = frozenset({"copy"})
"""Keys a mapping's `x.name` finds before its method of that name: `card.copy` is the card's copy number."""

MAX_SEQUENCE = 10_000
"""Largest size (characters and items, counted through nesting) one operation may build."""
MAX_INT_DIGITS = 18
"""Largest integer (in decimal digits) one operation may build."""
MAX_CALL_INT = 10_000
"""Largest integer argument a method call may receive (stops `'a'.ljust(10**9)`)."""

_MAX_BITS = int(MAX_INT_DIGITS * 3.33)
_BLOCKED_METHODS = frozenset({"format", "format_map", "translate", "maketrans"})

_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "**": operator.pow,
}


def size(value: object, budget: int = MAX_SEQUENCE) -> int:
    """Characters and items in `value`, nested lists, tuples, sets and mappings included; counting stops soon
    after `budget` is passed, so measuring costs at most about `budget` steps."""
    total = 0
    stack = [value]
    while stack and total <= budget:
        item = stack.pop()
        if isinstance(item, str | bytes):
            total += len(item)
        elif isinstance(item, list | tuple | set | frozenset | dict):
            total += len(item)
            if total <= budget:
                stack.extend(item.items() if isinstance(item, dict) else item)
        else:
            total += 1
    return total


def too_big(value: object) -> bool:
    """Whether `value` is larger than one operation may build."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() > _MAX_BITS
    if isinstance(value, float):
        return not math.isfinite(value)
    return size(value) > MAX_SEQUENCE


def _check(value: Any, what: str) -> Any:
    if too_big(value):
        raise SecurityError(f"the result of {what} is too large" if not isinstance(value, float)
                            else f"the result of {what} is not a finite number")
    return value


def _total(parts: Any, measure: Callable[[Any], int], extra: int = 0) -> int:
    """Sum of `measure` over `parts` plus `extra`, stopping once past the cap."""
    total = extra
    for part in parts:
        total += measure(part)
        if total > MAX_SEQUENCE:
            break
    return total


def _str_size(value: Any) -> int:
    """The length of `value` as text, without writing out a value already too large."""
    measured = size(value)
    return measured if measured > MAX_SEQUENCE or isinstance(value, str) else len(str(value))


def _join_estimate(value: Any, separator: Any = "", *_args: Any, **_kwargs: Any) -> int:
    items = list(value) if size(value) <= MAX_SEQUENCE else [value]
    return _total(items, _str_size, len(str(separator)) * max(len(items) - 1, 0))


_ESTIMATES: dict[str, Callable[..., int]] = {"join": _join_estimate}
"""Filters that can build far more than they are given (the separator goes between every two items): their
result's size, estimated before they run. The others build at most about what they are given, and are checked
after."""


def bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """`function` (a jinja filter) refusing to build a result larger than the caps."""
    skip = 1 if passes_context(function) else 0
    estimate = _ESTIMATES.get(name)

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        if estimate is not None and estimate(*args[skip:], **kwargs) > MAX_SEQUENCE:
            raise SecurityError(f"the filter {name!r} would build too much")
        return _check(function(*args, **kwargs), f"the filter {name!r}")

    return run


def _method_estimate(method: Any, args: tuple[Any, ...]) -> int:
    """The size a str/bytes method that multiplies its input (join, replace, expandtabs) would build; 0 for others."""
    target = getattr(method, "__self__", None)
    name = getattr(method, "__name__", "")
    if not isinstance(target, str | bytes) or not args:
        return 0
    if name == "join":
        return _join_estimate(args[0], target)
    if name == "replace" and len(args) >= 2 and isinstance(args[0], type(target)):
        old, new = args[0], args[1]
        count = _occurrences(target, old) if old else len(target) + 1
        return len(target) + count * max(size(new) - len(old), 0)
    if name == "expandtabs" and isinstance(args[0], int):
        return len(target) + _occurrences(target, "\t" if isinstance(target, str) else b"\t") * args[0]
    return 0


def _occurrences(target: str | bytes, part: str | bytes) -> int:
    """How often `part` (of `target`'s type) occurs in `target`."""
    if isinstance(target, str):
        return target.count(str(part))
    return target.count(part if isinstance(part, bytes) else part.encode())


class _Method:
    """A method reached by `x.name` or `x['name']`: it can be called, but not printed, since its text would be a
    heap address (`{{ card.items }}` is `<built-in method items of dict object at 0x7f…>`, not a key's value)."""

    __slots__ = ("method", "name", "shadows_key")

    def __init__(self, method: Any, name: str, shadows_key: bool):
        self.method, self.name, self.shadows_key = method, name, shadows_key

    def __str__(self) -> str:
        if self.shadows_key:
            raise SecurityError(f"'{self.name}' is a method of the mapping, which comes before its key "
                                f"'{self.name}', so it cannot be printed")
        raise SecurityError(f"'{self.name}' is a method, not a value, so it cannot be printed")

    __repr__ = __str__


def _callable_wrapped(value: Any, owner: Any, name: Any) -> Any:
    """`value` (looked up as `owner.name`), wrapped as a `_Method` when it is callable."""
    if not callable(value) or isinstance(value, Undefined):
        return value
    return _Method(value, str(name), isinstance(owner, Mapping) and name in owner)


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """A sandbox whose arithmetic, `~`, filters and method calls cannot build huge values, and in which the
    context's lists and mappings cannot be changed (a card's template cannot rename the kit for later cards)."""

    intercepted_binops = frozenset(_BINOPS)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%" and isinstance(left, str):
            raise SecurityError("string formatting with % is not allowed in templates")
        left_bits = _int_bits(left)
        if operator == "**" and left_bits > 1 and isinstance(right, int) and right * (left_bits - 1) > _MAX_BITS:
            raise SecurityError(f"the power {left}**{right} is too large")
        if operator == "*":
            for seq, count in ((left, right), (right, left)):
                repeats = isinstance(seq, str | bytes | list | tuple) and isinstance(count, int)
                if repeats and size(seq) * count > MAX_SEQUENCE:
                    raise SecurityError(f"repeating a text or list {count} times builds too much")
        return _check(_BINOPS[operator](left, right), repr(operator))

    def getattr(self, obj: Any, attribute: str) -> Any:
        if attribute in KEY_FIRST and isinstance(obj, Mapping) and attribute in obj:
            return obj[attribute]
        return _callable_wrapped(super().getattr(obj, attribute), obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        return _callable_wrapped(super().getitem(obj, argument), obj, argument)

    def call(self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(__obj, _Method):
            __obj = __obj.method
        name = getattr(__obj, "__name__", "")
        if name in _BLOCKED_METHODS:
            raise SecurityError(f"str.{name} is not allowed in templates")
        for value in (*args, *kwargs.values()):
            if isinstance(value, int) and abs(value) > MAX_CALL_INT:
                raise SecurityError(f"the argument {value} is too large")
        if _method_estimate(__obj, args) > MAX_SEQUENCE:
            raise SecurityError(f"calling {name} would build too much")
        return _check(super().call(__context, __obj, *args, **kwargs), f"calling {name or 'a function'}")

    def bounded_concat(self, parts: tuple[Any, ...]) -> str:
        """The `~` operator: the parts as text, refused when together they are too long."""
        texts = [str(part) for part in parts]
        if _total(texts, len) > MAX_SEQUENCE:
            raise SecurityError("the result of '~' is too large")
        return "".join(texts)


def _int_bits(value: object) -> int:
    return abs(value).bit_length() if isinstance(value, int) and not isinstance(value, bool) else 0
