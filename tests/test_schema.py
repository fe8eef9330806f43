"""`pnp schema` describes the YAML people write: every valid example passes it, typos do not."""

from __future__ import annotations

import json
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
