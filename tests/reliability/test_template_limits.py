"""Hostile templates that used to get past the sandbox's caps: filters and `~` building huge values, numbers
too large for a float, brackets nested past the parser's stack."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from pnp.diagnostics import SpecError
from pnp.text.templating import render_template_string
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import one_error, reported
from tests.reliability.test_text_hazards import TEXT_LINE, card

JOIN_BOMB = "{{ ((('A'*10000)|join('B'*10000))|join('C'*30))|length }}"


def _one_gigabyte() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


def test_filter_bomb_is_refused_in_a_bounded_process(tmp_kit: KitFactory, tmp_path: Path) -> None:
    # the old code built 3 GB here (and took 15 s); a 1 GB address space and 20 s are plenty for a refusal
    spec = tmp_kit(card(f'"{JOIN_BOMB}"'))
    done = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "validate", str(spec)],
        capture_output=True, text=True, timeout=20, cwd=tmp_path, preexec_fn=_one_gigabyte,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )
    assert done.returncode == 1, done.stderr
    (error,) = reported(done.stderr)
    assert (error.file, error.line, error.rule) == (str(spec.resolve()), TEXT_LINE, "template")
    assert "join" in error.message


BUILDERS = [
    "{{ ('A'*10000)|join('B'*10000) }}",
    "{{ [1, 2]|join('B'*10000) }}",
    "{{ [[1]*9000]*9000 }}",
    "{{ ([[1]*5000]*2)|string }}",
    "{{ ('A'*6000) ~ ('B'*6000) }}",
    "{{ ('A'*10000).replace('A', 'B'*5000) }}",
    "{{ ('B'*10000).join('A'*10000) }}",
    "{{ ('\\t'*10000).expandtabs(10000) }}",
    "{{ ('A'*5000).encode() * 3 }}",
    "{{ ('A'*10000).translate({65: 'B'*5000}) }}",
    "{{ ('9'*1000)|int }}",
]


@pytest.mark.parametrize("payload", BUILDERS)
def test_every_operation_result_is_capped_before_it_is_built(payload: str) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(SpecError) as caught:
            render_template_string(payload, {"card": {"speed": "7"}}, file="kit.yaml", line=4, column=9)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.rule) == ("kit.yaml", 4, 9, "template")


def test_templates_cannot_change_the_context() -> None:
    context = {"card": {"speed": "7"}, "kit": {"name": "Kit"}}
    with pytest.raises(SpecError):
        render_template_string("{{ kit.update(name='Other') }}", context, file="kit.yaml", line=4)
    assert context["kit"] == {"name": "Kit"}


@pytest.mark.parametrize(
    ("source", "printed"),
    [
        ("{{ [1, 2, 3]|join(', ') }}", "1, 2, 3"),
        ("{{ 'a' ~ card.speed ~ 3 }}", "a73"),
        ("{{ ('x' * 9000)|length }}", "9000"),
        ("{{ ([[1]*2]*2)|sum(start=[]) }}", "[1, 1, 1, 1]"),
        ("{{ 'ab'.replace('b', 'cd')|upper }}", "ACD"),
        ("{{ '2.5'|float * 2 }}", "5.0"),
    ],
)
def test_ordinary_templates_still_work(source: str, printed: str) -> None:
    assert render_template_string(source, {"card": {"speed": "7"}}, file="kit.yaml", line=1) == printed


@pytest.mark.parametrize("payload", ["{{ ('1e400'|float)|int }}", "{{ 1e400 }}", "{{ 1e308 * 10 }}"])
def test_number_too_large_for_a_float_is_a_located_error(
    tmp_kit: KitFactory, run_pnp: PnpRunner, payload: str
) -> None:
    path = tmp_kit(card(f'"{payload}"'))
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == ("template", TEXT_LINE)


TWO_CARDS = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        elements:
          - type: text
            text: "{deep}"
      - name: Two
        elements:
          - type: text
            text: "{{{{ card.nope }}}}"
"""


@pytest.mark.parametrize("deep", ["{{ " + "(" * 300 + "1" + ")" * 300 + " }}", "{{ " + "-" * 900 + "1 }}"])
def test_deep_nesting_is_located_and_the_other_errors_still_reported(
    tmp_kit: KitFactory, run_pnp: PnpRunner, deep: str
) -> None:
    path = tmp_kit(TWO_CARDS.format(deep=deep))
    result = run_pnp("validate", path)
    assert result.exit_code == 1
    assert "internal error" not in result.output and "Traceback" not in result.output
    errors = reported(result.stderr)
    assert [(e.file, e.line, e.rule) for e in errors] == [(str(path.resolve()), 9, "template"),
                                                          (str(path.resolve()), 13, "template")]
    assert "nope" in errors[1].message
