"""Template calls that reach Python's codec machinery (`'a'.encode('rot13')`, an unknown error handler) and
lookups that reach a method instead of a value (`{{ card.items }}` printed a heap address): each is one located
`template` error, and the other texts' errors are still reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.diagnostics import SpecError
from pnp.text.templating import render_template_string
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean

CODECS = [
    "{{ 'a'.encode('rot13') }}",
    "{{ 'a'.encode('zlib') }}",
    "{{ 'a'.encode('base64') }}",
    "{{ 'a'.encode('no-such-codec') }}",
    "{{ 'é'.encode('ascii', 'no-such-handler') }}",
    "{{ 'a'.encode().decode('rot13') }}",
    "{% if 'a'.encode('rot13') %}x{% endif %}",
]
METHODS = [
    "{{ card.items }}",
    "{{ card.name.upper }}",
    "{{ card['keys'] }}",
    "{{ card.items|string }}",
    "{{ card.items ~ '' }}",
    "{{ [card.values] }}",
]
CONTEXT = {"card": {"name": "Ace", "items": "3 apples"}}


@pytest.mark.parametrize("payload", CODECS + METHODS)
def test_a_codec_call_or_a_printed_method_is_a_located_error(payload: str) -> None:
    with pytest.raises(SpecError) as caught:
        render_template_string(payload, CONTEXT, file="kit.yaml", line=4, column=9)
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.rule) == ("kit.yaml", 4, 9, "template")
    assert "0x" not in diagnostic.message


@pytest.mark.parametrize(("payload", "printed"), [
    ("{{ card.name.upper() }}", "ACE"),
    ("{{ card['items'] }}", "3 apples"),
    ("{{ card.items() | length }}", "2"),
    ("{{ 'é'.encode('utf-8', 'strict') | length }}", "2"),
])
def test_called_methods_and_keys_still_print_their_values(payload: str, printed: str) -> None:
    assert render_template_string(payload, CONTEXT, file="kit.yaml", line=1) == printed


KIT = """\
kit: Lookups
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        fields: {items: "3 apples"}
        elements:
          - {type: text, text: "{{ card.items }}"}
          - {type: text, text: "{{ 'a'.encode('rot13') }}"}
          - {type: text, text: "{{ nothing_here }}"}
"""


def test_each_error_is_reported_at_its_text(run_pnp: PnpRunner, tmp_kit: KitFactory, tmp_path: Path) -> None:
    spec = tmp_kit(KIT)
    result = run_pnp("validate", spec, "--format", "json")
    assert_clean(result)
    assert result.exit_code == 1
    found = {(d["line"], d["rule"]) for d in json.loads(result.stdout)}
    assert found == {(9, "template"), (10, "template"), (11, "template")}, found
    rendered = run_pnp("render", spec, "-o", tmp_path / "out")
    assert_clean(rendered)
    assert rendered.exit_code == 1 and "0x" not in rendered.output
    assert not (tmp_path / "out").exists()


def test_a_codec_in_when_is_located(run_pnp: PnpRunner, tmp_kit: KitFactory) -> None:
    spec = tmp_kit(KIT.replace("text: \"{{ nothing_here }}\"", "text: x, when: \"'a'.encode('zlib')\"")
                   .replace('"{{ card.items }}"', '"ok"').replace("{{ 'a'.encode('rot13') }}", "ok"))
    result = run_pnp("validate", spec, "--format", "json")
    assert_clean(result)
    (error,) = json.loads(result.stdout)
    assert (error["line"], error["rule"]) == (11, "template") and "zlib" in error["message"]
