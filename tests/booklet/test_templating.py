"""The jinja sandbox for spec values in text: values in, errors located, huge work refused quickly."""

from __future__ import annotations

import time

import pytest

from pnp.diagnostics import SpecError
from pnp.templating import render_template_string

CONTEXT = {"kit": {"mines": {"count": 27}}, "name": "MDD"}


def _render(source: str) -> str:
    return render_template_string(source, CONTEXT, file="rules.md", line=12)


def test_expressions_read_the_context():
    assert _render("{{ kit.mines.count }} mines, {{ kit.mines.count + 3 }} at most") == "27 mines, 30 at most"


def test_if_blocks_are_allowed():
    assert _render("{% if kit.mines.count > 20 %}many{% else %}few{% endif %}") == "many"


def test_an_undefined_name_is_an_error_at_the_given_line():
    with pytest.raises(SpecError) as caught:
        _render("first line\n{{ kit.walls }}")
    diagnostic = caught.value.diagnostics[0]
    assert (diagnostic.file, diagnostic.line) == ("rules.md", 13)
    assert "walls" in diagnostic.message


@pytest.mark.parametrize(
    "source",
    [
        "{{ 'A' * 10**9 }}",
        "{{ 10**10**6 }}",
        "{{ 2**100000 }}",
        "{{ 'ab'.ljust(1000000000) }}",
        "{{ '{:999999999}'.format(1) }}",
        "{{ '%999999999d' % 1 }}",
        "{{ ['x'] * 100000000 }}",
    ],
)
def test_huge_results_are_refused_quickly(source):
    start = time.perf_counter()
    with pytest.raises(SpecError):
        _render(source)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(
    "source", ["{% for i in range(10) %}x{% endfor %}", "{% macro m() %}{% endmacro %}", "{% set x = 1 %}"]
)
def test_loops_macros_and_assignments_are_not_allowed(source):
    with pytest.raises(SpecError, match="not allowed"):
        _render(source)


def test_unsafe_attributes_are_refused():
    with pytest.raises(SpecError):
        _render("{{ name.__class__.__mro__ }}")


def test_only_harmless_filters_exist():
    assert _render("{{ name | lower }}") == "mdd"
    with pytest.raises(SpecError):
        _render("{{ name | center(100000) }}")
