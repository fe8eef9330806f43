"""Base of every spec model, and `build_model`: located YAML data to a frozen model or SpecError.

Input: a `Located` (plain data + marks) and a pydantic model class. Output: the model instance, or a
`SpecError` holding one diagnostic per problem, each at the file:line:col of the offending key or
value, with "did you mean" for misspelt keys and values (`pnp.text.suggest`).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from pnp.diagnostics import Diagnostic, SpecError
from pnp.source.located import Located, PathKey
from pnp.text.suggest import HintedValueError, Synonyms, enum_hint


class SpecModel(BaseModel):
    """Frozen, strict-keys base for spec models: unknown keys are errors, inf/nan are refused.

    The docstring under a field is its description in `pnp schema`; `pnp.model.schema` reads them when it makes
    the schema (pydantic's `use_attribute_docstrings` would read every model's source at start-up)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, str_max_length=10_000, defer_build=True)


M = TypeVar("M", bound=BaseModel)


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """Every model class an annotation can hold (through list, dict, union, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in getattr(annotation, "__args__", ()) or ():
        found.extend(_models_in(arg))
    origin = getattr(annotation, "__origin__", None)
    if origin is not None and not found:
        found.extend(_models_in(origin))
    return found


def _tag_matches(model: type[BaseModel], tag: str) -> bool:
    field = model.model_fields.get("type")
    return field is not None and tag in getattr(field.annotation, "__args__", ())


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class that owns the last key of a pydantic `loc` (following union tags)."""
    candidates = [model]
    for part in loc:
        if not isinstance(part, str):
            continue
        tagged = [m for m in candidates if _tag_matches(m, part)]
        if tagged and len(candidates) > 1:
            candidates = tagged  # a union tag (e.g. `text`), even when the member also has a key of that name
            continue
        owners = [m for m in candidates if part in m.model_fields]
        if owners:
            candidates = [sub for m in owners for sub in _models_in(m.model_fields[part].annotation)]
        else:
            candidates = tagged or candidates
        if not candidates:
            return None
    return candidates[0] if len(candidates) == 1 else None


def data_path(loc: tuple[Any, ...], data: Any) -> PathKey:
    """Keep only the parts of a pydantic `loc` that address real data (drop union tags and missing keys)."""
    path: list[str | int] = []
    node = data
    tag_seen = False
    for part in loc:
        if isinstance(node, dict) and part == node.get("type") and not tag_seen:
            tag_seen = True  # the tag of a tagged union (e.g. `text` for a text element), not one of its keys;
            continue  # last in `loc`, the error is about the whole element (a text's `text:` comes after it)
        in_dict = isinstance(node, dict) and isinstance(part, str) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_dict or in_list:
            path.append(part)
            node = node[part]
            tag_seen = False
    return tuple(path)


def _field_name(path: PathKey) -> str:
    return ".".join(str(p) for p in path) or "(top level)"


def diagnostics_from_validation(error: ValidationError, located: Located, model: type[BaseModel],
                                base: PathKey = ()) -> list[Diagnostic]:
    """One diagnostic per pydantic error, located at its YAML key or value."""
    found: list[Diagnostic] = []
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        kind = err["type"]
        path = (*base, *data_path(loc, _sub(located.data, base)))
        if kind == "extra_forbidden":
            import difflib  # only misspelt keys need it

            key = str(loc[-1])
            choices = sorted({f for m in _models_along(model, loc[:-1]) for f in m.model_fields})
            close = difflib.get_close_matches(key, choices, n=1)
            hint = f"did you mean {close[0]!r}?" if close else (
                f"allowed keys here: {', '.join(choices)}" if choices else "remove this key")
            found.append(Diagnostic.at(located.key_mark(path), "spec.unknown_key", f"unknown key {key!r}", hint))
            continue
        if kind == "missing" and isinstance(loc[-1], int):
            found.append(_short_list(located, path, loc, model))
            continue
        if kind == "missing":
            name = str(loc[-1])
            found.append(Diagnostic.at(located.mark(path), "spec.missing_key",
                                       f"missing required key {name!r} in {_field_name(path)}",
                                       f"add `{name}:` here"))
            continue
        msg = err["msg"]
        if kind == "too_short" and "min_length" in (err.get("ctx") or {}):
            msg = f"at least {err['ctx']['min_length']} items are needed, {err['ctx'].get('actual_length', 0)} given"
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        found.append(Diagnostic.at(located.mark(path), "spec.value", f"{_field_name(path)}: {msg}",
                                   _value_hint(kind, err, model, loc) or _hint_for(kind, err)))
    return _dedupe(found)


def _short_list(located: Located, path: PathKey, loc: tuple[Any, ...], model: type[BaseModel]) -> Diagnostic:
    """A list of fixed length (a gradient's two colours, a point's x and y) given too few items."""
    given = _sub(located.data, path)
    field = _field_of(model, loc[:-1]) if len(loc) > 1 and isinstance(loc[-2], str) else None
    items = len(getattr(field.annotation, "__args__", ())) if field else 0
    wanted = f"{items} items" if items else "more items"
    example = f": {field.description}" if field and field.description else ""
    return Diagnostic.at(located.mark(path), "spec.value",
                         f"{_field_name(path)}: {wanted} are needed, {len(given) if isinstance(given, list) else 0} "
                         "given", f"give every item{example}")


def _models_along(model: type[BaseModel], loc: tuple[Any, ...]) -> list[type[BaseModel]]:
    """The models the value at `loc` may be, followed down from the nearest model above it that is known
    (through unions whose tags name no key, such as `linear gradient`)."""
    cut = next((c for c in range(len(loc), -1, -1) if _model_at(model, loc[:c]) is not None), None)
    if cut is None:
        return []
    candidates = [m for m in [_model_at(model, loc[:cut])] if m is not None]
    for part in loc[cut:]:
        below = [sub for m in candidates if isinstance(part, str) and part in m.model_fields
                 for sub in _models_in(m.model_fields[part].annotation)]
        candidates = below or candidates
    return candidates


def _field_of(model: type[BaseModel], loc: tuple[Any, ...]) -> Any:
    """The field the last key of `loc` names."""
    return next((m.model_fields[loc[-1]] for m in _models_along(model, loc[:-1]) if loc[-1] in m.model_fields),
                None)


def _sub(data: Any, base: PathKey) -> Any:
    for part in base:
        data = data[part]
    return data


def _synonyms(model: type[BaseModel], loc: tuple[Any, ...]) -> Synonyms | None:
    """The `Synonyms` the field at `loc` declares in its annotation, if any."""
    owner = _model_at(model, loc[:-1]) if loc and isinstance(loc[-1], str) else None
    field = owner.model_fields.get(loc[-1]) if owner else None
    return next((m for m in field.metadata if isinstance(m, Synonyms)), None) if field else None


def _value_hint(kind: str, err: Any, model: type[BaseModel], loc: tuple[Any, ...]) -> str | None:
    """"did you mean" for a misspelt value: an allowed value pydantic lists, or a validator's own hint."""
    if kind.startswith("literal_") or kind in ("enum", "union_tag_invalid"):
        return enum_hint(err, _synonyms(model, loc))
    error = (err.get("ctx") or {}).get("error")
    return error.hint if isinstance(error, HintedValueError) else None


def _hint_for(kind: str, err: Any) -> str:
    if kind.startswith(("int_", "float_")):
        return "give a plain number"
    if kind.startswith("literal_") or kind == "enum":
        return "use one of the values listed"
    if kind.startswith(("greater_than", "less_than")):
        return "use a value within the stated range"
    if kind.startswith("string_too_long"):
        return "shorten the text"
    if kind == "model_type" or kind == "dict_type":
        return "this must be a mapping of keys to values"
    if kind == "list_type":
        return "this must be a list (lines starting with '- ')"
    return "see `pnp schema` for the expected form"


def _dedupe(found: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[Any, ...]] = set()
    out: list[Diagnostic] = []
    for d in found:
        key = (d.file, d.line, d.column, d.rule, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def build_model(model: type[M], located: Located, path: PathKey = (), context: dict[str, Any] | None = None) -> M:
    """Validate the data at `path` of `located` into `model`; raise SpecError with located diagnostics."""
    data = _sub(located.data, path)
    if not isinstance(data, dict):
        raise SpecError(Diagnostic.at(located.mark(path), "spec.type",
                                      "expected a mapping of keys to values here",
                                      "start the spec with `key: value` lines, as in examples/"))
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise SpecError(diagnostics_from_validation(exc, located, model, path)) from None
