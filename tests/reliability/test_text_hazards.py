"""Hostile text in specs: template sandbox escapes, huge results, markup, colours, control characters, glyphs."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path
from xml.etree import ElementTree

import pypdf
import pytest

from pnp.diagnostics import SpecError
from pnp.games.kit.model.elements import clean_text
from pnp.model.colour import parse_colour
from pnp.text.templating import render_template_string
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean, one_error
from tests.svgtext import svg_texts as svg_words

CARD = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        fields: {{speed: "7", note: {note}}}
        elements:
          - type: text
            text: {text}
"""
TEXT_LINE = 10


def card(text: str, note: str = '"plain"') -> str:
    return CARD.format(text=text, note=note)


def render(run_pnp: PnpRunner, spec: Path, out: Path) -> tuple[str, str]:
    """Render PDF and SVG; return the PDF's extracted text and the text nodes of every SVG page, each with
    wrapped lines joined by one space."""
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 0, result.output
    pdf_text = " ".join(page.extract_text() for page in pypdf.PdfReader(next(out.glob("*.pdf"))).pages)
    svg_texts: list[str] = []
    for svg in sorted(out.glob("*.svg")):
        root = ElementTree.fromstring(svg.read_bytes())  # raises if the SVG is not well-formed XML
        svg_texts.extend(svg_words(root))
    return " ".join(pdf_text.split()), " ".join(" ".join(svg_texts).split())


ESCAPES = [
    "{{ ''.__class__.__mro__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ card.__class__.__init__.__globals__ }}",
    "{{ card.items.__self__.__class__ }}",
    "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    "{{ lipsum.__globals__['os'].popen('id').read() }}",
    "{{ self._TemplateReference__context }}",
    "{{ config.items() }}",
    "{{ '{0.__class__}'.format(card) }}",
    "{{ '%s' % card }}",
    "{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}",
    "{% include '/etc/passwd' %}",
    "{% import 'os' as os %}",
    "{% set x = 1 %}",
    "{% macro m() %}x{% endmacro %}",
    "{{ range(10) }}",
]


@pytest.mark.parametrize("payload", ESCAPES)
def test_sandbox_escape_is_an_error(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, payload: str) -> None:
    path = tmp_kit(card(f'"{payload}"'))
    result = run_pnp("render", path, "-o", tmp_path / "out")
    error = one_error(result, path)
    assert (error.rule, error.line) == ("template", TEXT_LINE)
    assert "uid=" not in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


HUGE = [
    "{{ 'A' * 10**9 }}",
    "{{ 10**10**6 }}",
    "{{ 10**(10**6) }}",
    "{{ ('A' * 9000) * 9000 }}",
    "{{ 'A'.ljust(10**9) }}",
    "{{ [1] * 10**9 }}",
    "{{ 'A' * 9999 + 'A' * 9999 }}",
    "{{ card.speed * 10**9 }}",
]


@pytest.mark.parametrize("payload", HUGE)
def test_huge_template_results_fail_fast_and_small(payload: str) -> None:
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(SpecError) as caught:
            render_template_string(payload, {"card": {"speed": "7"}}, file="kit.yaml", line=4)
        elapsed = time.perf_counter() - start
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < 1.0
    assert peak < 20_000_000
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.rule) == ("kit.yaml", 4, "template")


@pytest.mark.parametrize("payload", HUGE[:2])
def test_huge_template_results_through_the_cli(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, payload: str
) -> None:
    path = tmp_kit(card(f'"{payload}"'))
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert (error.rule, error.line) == ("template", TEXT_LINE)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('"Speed {{ card.sped }}"', "sped"),
        ('"{{ nothing_here }}"', "nothing_here"),
        ('"{{ kit.title }}"', "title"),
    ],
)
def test_missing_template_variable_is_named(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, text: str, named: str
) -> None:
    path = tmp_kit(card(text))
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert (error.rule, error.line) == ("template", TEXT_LINE)
    assert f"'{named}'" in error.message


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('"{{ kit.nam }}"', "did you mean 'kit.name'?"),  # under kit, though card.name is as close
        ('"{{ card.sped }}"', "did you mean 'card.speed'?"),
        ('"{{ card.name | uper }}"', "did you mean the filter 'upper'?"),
    ],
)
def test_misspelt_names_and_filters_get_the_right_suggestion(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, text: str, hint: str
) -> None:
    path = tmp_kit(card(text))
    result = run_pnp("validate", path)
    assert one_error(result, path).rule == "template"
    assert f"hint: {hint}" in result.stderr


def test_error_on_a_later_line_of_a_block_is_reported_at_that_line(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    block = "|\n              Speed {{ card.speed }}\n              Note {{ card.nte }}\n"
    path = tmp_kit(card(block))
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == ("template", TEXT_LINE + 2)  # the indicator's line, then two lines


def test_data_is_never_template_source(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    path = tmp_kit(card('"Note: {{ card.note }}"', note='"{{ 7*7 }} {% if true %}yes{% endif %}"'))
    pdf_text, svg_texts = render(run_pnp, path, tmp_path / "out")
    literal = "Note: {{ 7*7 }} {% if true %}yes{% endif %}"
    assert literal in pdf_text
    assert literal in svg_texts
    assert "49" not in pdf_text


@pytest.mark.parametrize(
    "markup",
    [
        "<b>&",
        "<img src=x onerror=alert(1)>",
        "<font color=red>R</font> &amp; &lt;",
        "]]> <![CDATA[x]]> <!-- c -->",
        "<para>a</para><br/>",
    ],
)
def test_markup_in_card_text_is_printed_literally(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, markup: str
) -> None:
    escaped = markup.replace("\\", "\\\\").replace('"', '\\"')
    path = tmp_kit(card(f'"{escaped}"', note=f'"{escaped}"'))
    pdf_text, svg_texts = render(run_pnp, path, tmp_path / "out")
    assert markup in pdf_text
    assert markup in svg_texts


def test_markup_in_template_field_is_printed_literally(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    path = tmp_kit(card('"[{{ card.note }}]"', note='"<b>&amp;</b> <img src=x>"'))
    pdf_text, svg_texts = render(run_pnp, path, tmp_path / "out")
    assert "[<b>&amp;</b> <img src=x>]" in pdf_text
    assert "[<b>&amp;</b> <img src=x>]" in svg_texts


@pytest.mark.parametrize(
    "colour",
    [
        "[[[__import__('os')]]]",
        "__import__('os').system('id')",
        "rgb(1, 2, 3)",
        "#12345g",
        "#1234567",
        "red; x",
        "Color(1,0,0)",
        "",
    ],
)
def test_bad_colour_rejected_by_the_model(tmp_kit: KitFactory, run_pnp: PnpRunner, colour: str) -> None:
    spec = card('"Hi"').replace("        fields:", f"        fill: {colour!r}\n        fields:")
    path = tmp_kit(spec)
    result = run_pnp("validate", path)
    error = one_error(result, path)
    assert (error.rule, error.line, error.column) == ("spec.value", 7, 15)
    assert error.message.startswith("components.0.cards.0.fill: ")
    assert "is not a colour" in error.message or "a colour is text" in error.message
    assert "uid=" not in result.output


def test_colour_check_runs_before_any_other_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    import reportlab.lib.colors

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("reportlab parsed a colour from the spec")

    monkeypatch.setattr(reportlab.lib.colors, "toColor", never)
    with pytest.raises(ValueError, match="is not a colour"):
        parse_colour("[[[__import__('os')]]]")


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("#ABCDEF", "#abcdef"),
        ("#abc", "#aabbcc"),
        (" red ", "#"),
        ("NAVY", "#"),
    ],
)
def test_good_colours_accepted(given: str, expected: str) -> None:
    assert parse_colour(given).startswith(expected)
    assert len(parse_colour(given)) == 7


@pytest.mark.parametrize(
    ("text", "code_points"),
    [
        ('"a\\x01b"', ["U+0001"]),
        ('"bell\\x07 escape\\x1b del\\x7f"', ["U+0007", "U+001B", "U+007F"]),
        ('"form\\x0cfeed\\x0bvtab"', ["U+000C", "U+000B"]),
    ],
)
def test_control_characters_are_reported(
    tmp_kit: KitFactory, run_pnp: PnpRunner, text: str, code_points: list[str]
) -> None:
    path = tmp_kit(card(text))
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == ("text.glyphs", TEXT_LINE)
    for code_point in code_points:
        assert code_point in error.message


def test_control_characters_in_fields_are_reported(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(card('"{{ card.note }}"', note='"x\\x02y"'))
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column) == ("text.glyphs", 7, 36)
    assert "U+0002" in error.message


@pytest.mark.parametrize("text", ['"a\\ud800b"', '"\\udfff"', '"ok \\udbff\\udbff"'])
def test_lone_surrogates_are_an_error(tmp_kit: KitFactory, run_pnp: PnpRunner, text: str) -> None:
    path = tmp_kit(card(text))
    for fmt in ("text", "json"):
        result = run_pnp("validate", path, "--format", fmt)
        assert_clean(result)
        assert result.exit_code == 1
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == ("spec.value", TEXT_LINE)
    assert error.message.startswith("components.0.cards.0.elements.0.text: ")


def test_clean_text_strips_controls_and_surrogates_but_keeps_newlines_and_tabs() -> None:
    assert clean_text("a\x00b\x01c\x1fd\x7fe\ud800f\udfff") == "abcdef"
    assert clean_text("line\nnext\tcol") == "line\nnext\tcol"


def test_whitespace_and_xml_specials_keep_the_svg_well_formed(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    path = tmp_kit(card('"tab\\there\\r\\nnew line & <tag> \\"quoted\\" \'apos\' \\u00a0nbsp"'))
    pdf_text, svg_texts = render(run_pnp, path, tmp_path / "out")
    assert "<tag>" in svg_texts and "& " in svg_texts and '"quoted"' in svg_texts
    assert "<tag>" in pdf_text


@pytest.mark.parametrize(
    ("text", "code_points"),
    [
        ('"ཀཁ ☃ 𝄞"', ["U+0F40", "U+0F41", "U+1D11E"]),  # Tibetan: no shipped font has it
        ('"Thai \\u0e01 and Devanagari \\u0915"', ["U+0E01", "U+0915"]),
    ],
)
def test_characters_the_font_cannot_show_are_listed(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, text: str, code_points: list[str]
) -> None:
    path = tmp_kit(card(text))
    result = run_pnp("render", path, "-o", tmp_path / "out")
    error = one_error(result, path)
    assert (error.rule, error.line) == ("text.glyphs", TEXT_LINE)
    for code_point in code_points:
        assert code_point in error.message
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_field_with_missing_glyphs_is_listed(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(card('"{{ card.note }}"', note='"ཀཁ"'))  # Tibetan: no shipped font has it
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == ("text.glyphs", 7)
    assert "U+0F40" in error.message and "U+0F41" in error.message


def test_field_checked_against_the_cards_own_font(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    # U+2024 (one dot leader) is in DejaVu Sans but not in DejaVu Sans Mono
    spec = card('"{{ card.note }}"', note='"\\u2024"')
    sans = run_pnp("validate", tmp_kit(spec))
    assert sans.exit_code == 0, sans.output
    path = tmp_kit(spec.replace("            text:", "            font: mono\n            text:"))
    error = one_error(run_pnp("validate", path), path)
    assert "U+2024" in error.message


@pytest.mark.parametrize(
    ("text", "code_points"),
    [
        ("'{{ \"\\u0f40\\u0f41\" }}'", ["U+0F40", "U+0F41"]),
        ("'{{ \"\\u0e01\" ~ card.speed }}'", ["U+0E01"]),
    ],
)
def test_characters_a_template_makes_are_checked_after_rendering(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, text: str, code_points: list[str]
) -> None:
    path = tmp_kit(card(text))
    for command in (("validate", path), ("render", path, "-o", tmp_path / "out")):
        error = one_error(run_pnp(*command), path)
        assert (error.rule, error.line, error.column) == ("text.glyphs", TEXT_LINE, 19)
        assert "'One'" in error.message
        for code_point in code_points:
            assert code_point in error.message
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_template_glyph_error_on_a_shared_back_is_reported_once(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    spec = card("'{{ card.name }}'").replace(
        "    cards:\n", "    back:\n      elements:\n        - {type: text, text: '{{ \"\\u0f40\" }}'}\n    cards:\n"
    ) + "      - name: Two\n"
    path = tmp_kit(spec)
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == ("text.glyphs", 7)
    assert "U+0F40" in error.message


def test_printable_text_passes(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    result = run_pnp("validate", tmp_kit(card('"Ünïcödé ΑΒΓ Жж — ♠♥♦♣ ½ €"')))
    assert_clean(result)
    assert result.exit_code == 0, result.output


def test_card_name_with_punctuation_renders_to_svg(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    spec = card('"Hi"').replace("      - name: One", "      - name: \"Card (one) <x> & 'y'\"")
    _pdf_text, svg_texts = render(run_pnp, tmp_kit(spec), tmp_path / "out")
    assert "Hi" in svg_texts
