"""The JSON Schema of a spec format as users write it, for editors that complete and check YAML.

Input: a spec model class. Output: a JSON Schema (draft 2020-12) of the YAML input: lengths as numbers or
text with units, card size presets by name, and `{include: file.yaml}` allowed wherever a mapping or a list
goes (pnp replaces it with that file's content).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

INCLUDE = {
    "type": "object",
    "description": "Replaced by the content of this file of the kit folder.",
    "properties": {"include": {"type": "string"}},
    "required": ["include"],
    "additionalProperties": False,
}


def _with_includes(node: Any, top: bool = False) -> Any:
    if isinstance(node, list):
        return [_with_includes(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _with_includes(value, key == "$defs") for key, value in node.items()}
    if top:
        return out
    if node.get("type") in ("object", "array") or "$ref" in node:
        return {"anyOf": [out, {"$ref": "#/$defs/Include"}]}
    return out


def spec_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema of `model`'s YAML form."""
    schema = model.model_json_schema(mode="validation")
    defs = {name: {**d, "properties": {k: _with_includes(v) for k, v in d.get("properties", {}).items()}}
            for name, d in schema.get("$defs", {}).items()}
    properties = {k: _with_includes(v) for k, v in schema.get("properties", {}).items()}
    result = {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "properties": properties,
              "$defs": {**defs, "Include": INCLUDE}}
    return result
