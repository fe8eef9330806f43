"""`pnp schema` describes the YAML people write: every valid example passes it, typos do not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from pnp.cli import main
from tests.test_examples import EXAMPLES, _specs


def _schema(game: str) -> dict:
    result = CliRunner().invoke(main, ["schema", "--game", game])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _valid_examples() -> list[Path]:
    return [p for p in _specs() if "invalid" not in p.parts]


@pytest.mark.parametrize("spec", _valid_examples(), ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_valid_example_matches_the_published_schema(spec: Path):
    data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    schema = _schema(data.get("game", "kit"))
    jsonschema.validate(data, schema)


@pytest.mark.parametrize(("game", "spec"), [
    ("kit", {"kit": "T", "components": [{"type": "deck", "name": "D", "sise": "poker", "cards": [{}]}]}),
    ("kit", {"kit": "T", "components": [{"type": "deck", "name": "D", "bleed": "3 parsecs", "cards": [{}]}]}),
    ("mdd", {"game": "mdd", "ruleset": "v2.1", "wals": []}),
    ("kit", {"kit": "T", "components": [{"type": "deck", "name": "D", "data": "c.csv",
                                         "front": {"elements": [{"type": "txt"}]}}]}),
    ("kit", {"kit": "T", "components": [{"type": "deck", "name": "D", "data": "c.csv", "fronts": {}}]}),
])
def test_the_schema_refuses_typos_and_bad_lengths(game: str, spec: dict):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(spec, _schema(game))


GAMES = ["kit", "mdd", "nitro-dice", "drag-rage"]
KEYWORDS = {
    "$schema", "$id", "$ref", "$defs", "$comment", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary",
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "maxLength", "minLength", "pattern", "format", "maxItems", "minItems", "uniqueItems", "maxContains",
    "minContains", "maxProperties", "minProperties", "required", "dependentRequired",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items",
    "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
    "unevaluatedItems", "unevaluatedProperties",
}
"""The keywords of JSON Schema draft 2020-12 (core, applicator, validation, meta-data, unevaluated)."""
_NAMED = {"properties", "$defs", "patternProperties", "dependentSchemas"}
_DATA = {"default", "enum", "const", "examples", "required", "dependentRequired"}


def _keywords(node: object) -> set[str]:
    """Every keyword used in a schema, values that are data (defaults, enums) and names not counted."""
    if isinstance(node, list):
        return set().union(*(_keywords(item) for item in node)) if node else set()
    if not isinstance(node, dict):
        return set()
    found = set(node)
    for key, value in node.items():
        if key in _NAMED:
            found |= set().union(*(_keywords(sub) for sub in value.values())) if value else set()
        elif key not in _DATA:
            found |= _keywords(value)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_is_draft_2020_12_with_only_its_keywords_and_an_id(game: str):
    schema = _schema(game)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].startswith(f"urn:pnp:schema:{game}:")
    assert _keywords(schema) <= KEYWORDS, _keywords(schema) - KEYWORDS


@pytest.mark.parametrize("game", GAMES)
def test_every_property_has_a_description_and_every_optional_one_its_default(game: str):
    schema = _schema(game)
    for name, definition in schema["$defs"].items():
        required = set(definition.get("required", ()))
        for key, prop in definition.get("properties", {}).items():
            assert prop.get("description"), f"{name}.{key} has no description"
            assert key in required or "default" in prop, f"{name}.{key} has no default"


AFTER_VALIDATING = """
import json, sys
from pathlib import Path
from pnp.games.registry import get_game
from pnp.model.schema import spec_schema
from pnp.pipeline import load_spec
for spec in sys.argv[2:]:
    load_spec(Path(spec))  # builds the models (and their validators) before any schema is asked for
print(json.dumps(spec_schema(get_game(sys.argv[1]).model, sys.argv[1]), indent=2, ensure_ascii=False))
"""


def test_models_built_by_a_validation_first_still_give_every_description() -> None:
    """The docstrings under fields are read when the schema is made, not when the models are defined: a process
    that has validated a spec of every game first (so their models are built) prints the same schemas."""
    root = Path(__file__).resolve().parents[1]
    specs = [str(EXAMPLES / name) for name in ("generic-deck/kit.yaml", "mdd-classic/kit.yaml",
                                                  "nitro-dice/two-lap-loop.yaml", "drag-rage/kit.yaml")]
    for game in GAMES:
        fresh = subprocess.run([sys.executable, "-c", "from pnp.cli import main; main()", "schema", "--game", game],
                               cwd=root, check=True, capture_output=True, text=True).stdout
        after = subprocess.run([sys.executable, "-c", AFTER_VALIDATING, game, *specs], cwd=root, check=True,
                               capture_output=True, text=True).stdout
        assert after == fresh, game
        assert fresh.count('"description"') > 30, game


def _names(alternatives: list[dict]) -> list[str]:
    return next(a["enum"] for a in alternatives if "enum" in a)


def _checker(schema: dict, part: dict) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**part, "$defs": schema["$defs"]})


def test_papers_card_presets_and_colours_are_the_layout_data_names():
    from pnp.source.layouts import layout_data

    schema = _schema("kit")
    defs = schema["$defs"]
    paper = defs["SheetSettings"]["properties"]["paper"]
    assert _names(paper["anyOf"]) == sorted(layout_data("papers"))
    size = defs["Deck"]["properties"]["size"]
    assert _names(size["anyOf"]) == sorted(layout_data("cards"))
    colour = defs["TextElement"]["properties"]["colour"]
    assert _names(colour["anyOf"]) == sorted(layout_data("colours"))
    validator = _checker(schema, colour)
    for good in ("navy", "Vermillion", "#abc", "#A0B1C2", " red "):
        assert validator.is_valid(good), good
    for bad in ("navvy", "#abcd", "rgb(1,2,3)", 3):
        assert not validator.is_valid(bad), bad
    assert _checker(schema, paper).is_valid("A4")
    assert not _checker(schema, paper).is_valid("a9")


INCLUDED_KIT = {
    "kit.yaml": "include: main.yaml\n",
    "main.yaml": "kit: Included\nsheets: {include: sheets.yaml}\ncomponents:\n  - include: deck.yaml\n"
                 "  - {type: counters, name: C, size: {include: size.yaml}, items: [{include: counter.yaml}]}\n",
    "sheets.yaml": "paper: A4\nmargin: 6mm\n",
    "deck.yaml": "type: deck\nname: D\nsize: Poker\ncards:\n  - name: One\n    elements:\n"
                 "      - include: text.yaml\n    fields: {include: fields.yaml}\n",
    "text.yaml": "{type: text, text: Hello, colour: Navy}\n",
    "fields.yaml": "speed: '3'\n",
    "size.yaml": "20mm\n",
    "counter.yaml": "{label: A, fill: '#fc0'}\n",
}


def test_includes_the_loader_takes_validate_against_the_schema(tmp_path: Path, run_pnp):
    """The mapping `{include: FILE}` may stand for the whole spec, a mapping, a list item or a plain value:
    pnp reads this kit, and the schema accepts every file of it as written."""
    for name, text in INCLUDED_KIT.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = run_pnp("validate", str(tmp_path / "kit.yaml"))
    assert result.exit_code == 0, result.stderr
    schema = _schema("kit")
    for name in ("kit.yaml", "main.yaml"):
        jsonschema.validate(yaml.safe_load((tmp_path / name).read_text(encoding="utf-8")), schema)
    jsonschema.validate({"kit": "T", "components": [{"include": "deck.yaml"}]}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"kit": "T", "components": [{"include": "deck.yaml", "name": "x"}]}, schema)


def test_deck_values_may_be_templates_in_the_kit_schema_only(tmp_kit, run_pnp):
    spec = ("kit: T\ncomponents:\n  - type: deck\n    name: D\n    data: cards.csv\n"
            "    back: {fill: '{{ card.ink }}'}\n"
            "    front:\n      elements:\n        - {type: rect, x: '{{ card.x }}', width: 10mm, height: 10mm}\n")
    path = tmp_kit(spec, {"cards.csv": "name,ink,x\nA,red,3mm\n"})
    assert run_pnp("validate", str(path)).exit_code == 0
    data = yaml.safe_load(spec)
    data["components"][0]["cards"] = [{"name": "B", "fill": "{{ card.ink }}", "fields": {"ink": "navy"}}]
    jsonschema.validate(data, _schema("kit"))
    data["components"][0]["cards"][0]["fill"] = "navvy"  # neither a colour nor a template
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, _schema("kit"))
    with pytest.raises(jsonschema.ValidationError):  # the tag of a component is never a template
        jsonschema.validate({"kit": "T", "components": [{"type": "{{ card.t }}", "name": "D"}]}, _schema("kit"))
    with pytest.raises(jsonschema.ValidationError):  # game specs have no card fields
        jsonschema.validate({"game": "mdd", "ruleset": "v2.1", "track": {"lanes": "{{ card.n }}"}}, _schema("mdd"))
