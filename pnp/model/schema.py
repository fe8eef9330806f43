"""The JSON Schema of a spec format as users write it, for editors that complete and check YAML.

Input: a spec model class. Output: a JSON Schema (draft 2020-12) of the YAML input, made from the model alone,
so every field of every model gets the same treatment:
- each property has its description (the field's `description`, or the docstring under it, read from the
  models' source here rather than by pydantic at start-up) and its default (a `default_factory` too);
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

import ast
import inspect
import sys
from collections.abc import Iterator
from functools import cache
from typing import Any, get_args

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
    return any(isinstance(a, dict) and (("const" not in a and a.get("type") in _SCALARS)
                                         or _plain_value(a.get("oneOf", []) + a.get("anyOf", [])))
               for a in alternatives)


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


@cache
def _attribute_docs(module: str) -> dict[str, dict[str, str]]:
    """Per class of `module` (by qualified name), the docstring written under each annotated attribute."""
    found: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                docs = found.setdefault(prefix + node.name, {})
                for before, after in zip(node.body, node.body[1:], strict=False):
                    if (isinstance(before, ast.AnnAssign) and isinstance(before.target, ast.Name)
                            and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                            and isinstance(after.value.value, str)):
                        docs[before.target.id] = inspect.cleandoc(after.value.value)
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(node.body, f"{prefix}{node.name}.<locals>.")

    visit(ast.parse(inspect.getsource(sys.modules[module])).body, "")
    return found


def _docstring(model: type[BaseModel], name: str) -> str | None:
    """The docstring under field `name` in the class of `model`'s bases that annotates it last."""
    for cls in model.__mro__:
        if name in inspect.get_annotations(cls):
            return _attribute_docs(cls.__module__).get(cls.__qualname__, {}).get(name)
    return None


def _models_in(value: Any) -> Iterator[type[BaseModel]]:
    """The model classes an annotation or field metadata names (through containers, unions, `Annotated` and a
    validator's `json_schema_input_type`)."""
    if isinstance(value, type) and issubclass(value, BaseModel):
        yield value
    for arg in get_args(value):
        yield from _models_in(arg)
    written = getattr(value, "json_schema_input_type", None)
    if written is not None:
        yield from _models_in(written)


def _describe(model: type[BaseModel]) -> None:
    """Give every field of `model` and of the models under it the docstring under it as its description (when it
    has none of its own), as pydantic's `use_attribute_docstrings` does, then rebuild the models already built,
    those under a model first, so that their schemas carry the descriptions."""
    order: list[type[BaseModel]] = []

    def visit(cls: type[BaseModel]) -> None:
        if cls in order:
            return
        order.append(cls)  # placed now against cycles, moved behind the models it holds below
        for field in cls.model_fields.values():
            for part in (field.annotation, *field.metadata):
                for sub in _models_in(part):
                    visit(sub)
        order.remove(cls)
        order.append(cls)

    visit(model)
    for cls in order:
        for name, field in cls.model_fields.items():
            if field.description is None:
                field.description = _docstring(cls, name)
    for cls in order:
        if cls.__pydantic_complete__:
            cls.model_rebuild(force=True)


def spec_schema(model: type[BaseModel], game: str = "kit") -> dict[str, Any]:
    """The JSON Schema of `model`'s YAML form (the spec format of `game`). A model whose class sets
    `TEMPLATED_VALUES = True` also takes a `{{ ... }}` template wherever a plain value goes."""
    _describe(model)
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
