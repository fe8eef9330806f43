"""Lengths: parse `63mm`, `2.5in`, `9pt`, `1.2cm` or a bare number (millimetres) into float mm."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, PlainSerializer, StringConstraints

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import CoreSchema

MM_PER_UNIT: dict[str, float] = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
MM_PER_PT = 25.4 / 72.0
PT_PER_MM = 72.0 / 25.4
MAX_LENGTH_MM = 10_000.0

_LENGTH_RE = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt)?\s*$")


_PARSED: dict[str, float] = {}
"""Lengths already parsed from text (a deck writes the same few on every card), up to `_PARSED_MAX` of them:
one parse and one float for each."""
_PARSED_MAX = 4096


def parse_length(value: object) -> float:
    """Return `value` in millimetres; raise ValueError with a fix-it message when it is not a length."""
    if type(value) is str and (known := _PARSED.get(value)) is not None:
        return known
    if isinstance(value, bool):
        raise ValueError("expected a length such as 63mm, 2.5in or 9pt, got a true/false value")
    if isinstance(value, int | float):
        mm = float(value)
    elif isinstance(value, str):
        if len(value) > 40:
            raise ValueError("expected a length such as 63mm, 2.5in or 9pt; this text is too long")
        m = _LENGTH_RE.match(value)
        if not m:
            raise ValueError(f"expected a length such as 63mm, 2.5in, 1cm or 9pt, got {value!r}")
        mm = float(m.group(1)) * MM_PER_UNIT[m.group(2) or "mm"]
    else:
        raise ValueError(f"expected a length such as 63mm, 2.5in or 9pt, got {type(value).__name__}")
    if not math.isfinite(mm):
        raise ValueError("a length must be a finite number")
    if abs(mm) > MAX_LENGTH_MM:
        raise ValueError(f"a length over {MAX_LENGTH_MM:g} mm is not printable")
    if type(value) is str and len(_PARSED) < _PARSED_MAX:
        _PARSED[value] = mm
    return mm


def _non_negative(value: object) -> float:
    mm = parse_length(value)
    if mm < 0:
        raise ValueError(f"a size cannot be negative (got {mm:g} mm)")
    return mm


def _positive(value: object) -> float:
    mm = parse_length(value)
    if mm <= 0:
        raise ValueError(f"a size must be greater than zero (got {mm:g} mm)")
    return mm


class BuiltOnce:
    """`Annotated[float, BuiltOnce(Length)]`: the validation schema of a type that many fields share is built once
    and each field gets a copy of it (pydantic would build it for every field, about 0.13 ms each). For types
    that hold no model (their schemas have no references into a model's definitions)."""

    def __init__(self, annotation: Any) -> None:
        self.annotation = annotation
        self._schema: CoreSchema | None = None

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        if self._schema is None:
            self._schema = handler.generate_schema(self.annotation)
        return _copied(self._schema)  # pydantic adds to the schemas it is given


def _copied(node: Any) -> Any:
    """A copy of a core schema's dicts and lists (its functions and values shared)."""
    if isinstance(node, dict):
        return {key: _copied(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_copied(value) for value in node]
    return node


_as_mm = PlainSerializer(lambda v: v, return_type=float)

LengthText = Annotated[str, StringConstraints(pattern=r"^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt)?\s*$")]
"""How a length is written in YAML: a number (mm) or text with a unit; the JSON Schema shows this form."""
_WRITTEN = float | LengthText

Length = Annotated[float, BuiltOnce(Annotated[float, BeforeValidator(parse_length, json_schema_input_type=_WRITTEN),
                                                 _as_mm])]
"""Any length in mm (may be negative, e.g. an offset)."""
NonNegativeLength = Annotated[float, BuiltOnce(Annotated[float, BeforeValidator(
    _non_negative, json_schema_input_type=_WRITTEN), _as_mm])]
"""A length in mm that is zero or more (margins, bleed, radius)."""
PositiveLength = Annotated[float, BuiltOnce(Annotated[float, BeforeValidator(
    _positive, json_schema_input_type=_WRITTEN), _as_mm])]
"""A length in mm that is more than zero (sizes)."""


def mm_to_pt(mm: float) -> float:
    """Millimetres to PostScript points."""
    return mm * PT_PER_MM
