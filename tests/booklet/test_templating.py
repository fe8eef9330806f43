"""The jinja sandbox for spec values in text: values in, errors located, huge work refused quickly."""

from __future__ import annotations

import time

import pytest

from pnp.diagnostics import SpecError
from pnp.text.templating import render_template_string

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


def test_an_unknown_name_is_said_in_the_spec_s_words_not_python_s():
    for source, said in (("{{ kit.walls }}", "kit has no 'walls'"), ("{{ kit.mines.size }}", "kit.mines has no 'size'"),
                         ("{{ card.name }}", "there is no 'card' here")):
        with pytest.raises(SpecError) as caught:
            _render(source)
        message = caught.value.diagnostics[0].message
        assert message == f"template error: {said}" and "dict object" not in message, message


def test_an_unknown_top_level_name_is_answered_with_the_names_there_are():
    # `card` on a tuck box (which knows `deck` and `kit`), `kti` for `kit`: the hint says what to write.
    for source, hint in (("{{ card.name }}", "the names you can use here: kit, kit.mines, name"),
                         ("{{ kti.mines.count }}", "did you mean 'kit'?")):
        with pytest.raises(SpecError) as caught:
            _render(source)
        assert caught.value.diagnostics[0].hint == hint, source


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


LOOKUP_SOURCES = [
    "{{ card.name }}", "a {{card.name}} b\n", "x\r\n{{ card.name }}\r", "{{- card.name -}} ", "{{ card.items }}",
    "{{ card.count }}", "{{ card.missing }}", "{{ nope.x }}", "{{ self.x }}", "{{ card.name|upper }}",
    "{% if card.name %}y{% endif %}", "{{ card.name }}{# note #}", "{{ card['name'] }}", "{{ card.x.y }}", "{{ card }}",
    "{{ card.__class__ }}", "{{ card.none }}", "{{ card.num }}", "{{ card.big }}{{ card.big }}", "{{ card.name }",
    "Ωμέγα {{ card.nested }} ✓", "{{ card.name\n}}", "{{ none.x }}",
]
LOOKUP_CONTEXTS = [
    {"card": {"name": "Ace", "count": 1, "x": {"y": "deep"}, "nested": "{{ card.name }}", "big": "A" * 60_000,
              "none": None, "num": 3.0, "items": "key"}, "kit": {"name": "K"}},
    {"card": {"name": "**b** :icon: \\n Ωμέγα\r\n", "x": "flat"}},
    {"card": {"name": "Ace"}, "self": "clashes with generate(self)"},
    {"card": {"name": "Ace"}, 1: "not a name"},
]


@pytest.mark.parametrize("source", LOOKUP_SOURCES)
@pytest.mark.parametrize("context", LOOKUP_CONTEXTS, ids=["card", "markup", "self", "int-key"])
def test_a_plain_lookup_gives_what_jinja2_gives(source, context, monkeypatch):
    """A template of text and `{{ card.X }}` lookups is filled in without jinja2: the text, or the error, must be
    the one jinja2's path gives for every template and context."""
    import pnp.text.templating as templating

    def outcome():
        try:
            return render_template_string(source, context, file="deck.yaml", line=4, column=7)
        except SpecError as err:
            return [(d.file, d.line, d.column, d.rule, d.message, d.hint) for d in err.diagnostics]

    fast = outcome()
    monkeypatch.setattr(templating, "_direct", lambda _source, _context: None)
    assert fast == outcome()


def test_a_plain_lookup_skips_jinja2():
    import pnp.text.templating as templating

    context = {"card": {"name": "Ace {{ x }}"}, "kit": {"name": "K"}}
    assert templating._direct("{{ kit.name }}: {{ card.name }}!", context) == "K: Ace {{ x }}!"
    assert templating._direct("{{ card.name | upper }}", context) is None
