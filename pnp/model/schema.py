"""The JSON Schema of a spec format as users write it, for editors that complete and check YAML.

Input: a spec model class. Output: a JSON Schema (draft 2020-12) of the YAML input, made from the model alone,
so every field of every model gets the same treatment:
- each property has its description (the field's `description`, or the docstring under it) and its default
  (a `default_factory` too);
- lengths are numbers or text with units; paper sizes, card presets and colour names are enumerated from
  pnp/data/layouts/*.yaml (`pnp.model.named`);
- `{include: file.yaml}` is accepted wherever the loader takes it: in place of any value, list item or the
  whole spec (pnp replaces the mapping with that file's content);
- only JSON Schema keywords (pydantic's OpenAPI `discriminator` is dropped), so strict validators such as ajv
  in strict mode accept it; `$id` names the format and pnp's version.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from pnp import __version__

DIALECT = "https://json-schema.org/draft/2020-12/schema"
INCLUDE_NAME = "Include"
INCLUDE_REF = {"$ref": f"#/$defs/{INCLUDE_NAME}"}
INCLUDE = {
    "type": "object",
    "description": "Replaced by the content of this file of the kit folder (any value, list item or the whole "
                   "spec can be one).",
    "properties": {"include": {"type": "string", "minLength": 1,
                               "description": "A YAML file inside the kit folder, relative to this file."}},
    "required": ["include"],
    "additionalProperties": False,
}
_NOTES = ("title", "description", "default")
"""Annotations kept on a value's schema when it becomes `anyOf` (the value or an include)."""


class _Generator(GenerateJsonSchema):
    """pydantic's generator, with factory defaults and without the OpenAPI `discriminator` keyword."""

    def get_default_value(self, schema: core_schema.WithDefaultSchema) -> Any:
        factory = schema.get("default_factory")
        if factory is not None and not schema.get("default_factory_takes_data"):
            return factory()  # type: ignore[call-arg]
        return super().get_default_value(schema)

    def tagged_union_schema(self, schema: core_schema.TaggedUnionSchema) -> JsonSchemaValue:
        out = super().tagged_union_schema(schema)
        out.pop("discriminator", None)  # an OpenAPI keyword; the `type` constants tell the members apart
        return out


def _or_include(node: Any) -> Any:
    """A value's schema that also takes `{include: file}`; its title, description and default stay on top."""
    inner = _walk(node)
    if not isinstance(inner, dict) or inner == INCLUDE_REF:
        return inner
    notes = {key: inner.pop(key) for key in _NOTES if key in inner}
    alternatives = inner["anyOf"] if set(inner) == {"anyOf"} else [inner]
    return {**notes, "anyOf": [*alternatives, INCLUDE_REF]}


def _walk(node: Any) -> Any:
    """Every value position under `node` (properties, list items, map values, tuple items) takes an include."""
    if isinstance(node, list):
        return [_walk(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "properties":
            out[key] = {name: _or_include(sub) for name, sub in value.items()}
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            out[key] = _or_include(value)
        elif key == "prefixItems":
            out[key] = [_or_include(sub) for sub in value]
        elif key == "default":
            out[key] = value  # data, not a schema
        else:
            out[key] = _walk(value)
    return out


def spec_schema(model: type[BaseModel], game: str = "kit") -> dict[str, Any]:
    """The JSON Schema of `model`'s YAML form (the spec format of `game`)."""
    schema = model.model_json_schema(mode="validation", schema_generator=_Generator)
    defs = {name: _walk(d) for name, d in schema.pop("$defs", {}).items()}
    root = schema.get("title") or model.__name__
    defs[root] = _walk(schema)
    defs[INCLUDE_NAME] = INCLUDE
    return {
        "$schema": DIALECT,
        "$id": f"urn:pnp:schema:{game}:{__version__}",
        "title": f"pnp {game} spec",
        "description": schema.get("description", ""),
        "anyOf": [{"$ref": f"#/$defs/{root}"}, INCLUDE_REF],
        "$defs": dict(sorted(defs.items())),
    }
