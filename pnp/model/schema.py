"""The JSON Schema of a spec format as users write it, for editors that complete and check YAML.

Input: a spec model class. Output: a JSON Schema (draft 2020-12) of the YAML input, made from the model alone,
so every field of every model gets the same treatment:
- each property has its description (the field's `description`, or the docstring under it) and its default
  (a `default_factory` too);
- lengths are numbers or text with units; paper sizes, card presets and colour names are enumerated from
  pnp/data/layouts/*.yaml (`pnp.model.named`);
- a model that sets `TEMPLATED_VALUES` (the generic kit, whose decks fill values from card fields) takes a
  `{{ card.X }}` template wherever a plain value goes;
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
TEMPLATE_NAME = "Template"
TEMPLATE_REF = {"$ref": f"#/$defs/{TEMPLATE_NAME}"}
TEMPLATE = {
    "type": "string",
    "pattern": r"\{\{[\s\S]*\}\}",
    "description": "A value made per card from its fields, such as `{{ card.colour }}` (in a deck's cards, "
                   "backs and layouts); pnp checks the result card by card.",
}
_SCALARS = ("string", "number", "integer", "boolean")
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


def _plain_value(alternatives: list[Any]) -> bool:
    """True when a value may be text, a number or a truth value that is not a fixed tag (`type: deck`)."""
    return any(isinstance(a, dict) and "const" not in a and a.get("type") in _SCALARS for a in alternatives)


def _or_include(node: Any, templates: bool) -> Any:
    """A value's schema that also takes `{include: file}` (and, with `templates`, a `{{ ... }}` text where a plain
    value goes); its title, description and default stay on top."""
    inner = _walk(node, templates)
    if not isinstance(inner, dict) or inner == INCLUDE_REF:
        return inner
    notes = {key: inner.pop(key) for key in _NOTES if key in inner}
    alternatives = inner["anyOf"] if set(inner) == {"anyOf"} else [inner]
    if templates and _plain_value(alternatives):
        alternatives = [*alternatives, TEMPLATE_REF]
    return {**notes, "anyOf": [*alternatives, INCLUDE_REF]}


def _walk(node: Any, templates: bool) -> Any:
    """Every value position under `node` (properties, list items, map values, tuple items) takes an include."""
    if isinstance(node, list):
        return [_walk(item, templates) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "properties":
            out[key] = {name: _or_include(sub, templates) for name, sub in value.items()}
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            out[key] = _or_include(value, templates)
        elif key == "prefixItems":
            out[key] = [_or_include(sub, templates) for sub in value]
        elif key == "default":
            out[key] = value  # data, not a schema
        else:
            out[key] = _walk(value, templates)
    return out


def spec_schema(model: type[BaseModel], game: str = "kit") -> dict[str, Any]:
    """The JSON Schema of `model`'s YAML form (the spec format of `game`). A model whose class sets
    `TEMPLATED_VALUES = True` also takes a `{{ ... }}` template wherever a plain value goes."""
    templates = bool(getattr(model, "TEMPLATED_VALUES", False))
    schema = model.model_json_schema(mode="validation", schema_generator=_Generator)
    defs = {name: _walk(d, templates) for name, d in schema.pop("$defs", {}).items()}
    root = schema.get("title") or model.__name__
    defs[root] = _walk(schema, templates)
    defs[INCLUDE_NAME] = INCLUDE
    if templates:
        defs[TEMPLATE_NAME] = TEMPLATE
    return {
        "$schema": DIALECT,
        "$id": f"urn:pnp:schema:{game}:{__version__}",
        "title": f"pnp {game} spec",
        "description": schema.get("description", ""),
        "anyOf": [{"$ref": f"#/$defs/{root}"}, INCLUDE_REF],
        "$defs": dict(sorted(defs.items())),
    }
