"""Hostile and broken YAML given to `pnp validate`: one located error and exit 1, never a traceback or a hang."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from pnp.diagnostics import SpecError
from pnp.source.loader import Limits, load_yaml_text
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean, one_error

DECK = """\
kit: Test kit
components:
  - type: deck
    name: Deck
{deck_extra}    cards:
      - name: One
{card_extra}        elements:
          - {{type: text, text: "Hello"}}
"""


def deck(deck_extra: str = "", card_extra: str = "") -> str:
    """The minimal kit with extra lines (already indented) in the deck and in its card."""
    return DECK.format(deck_extra=deck_extra, card_extra=card_extra)


def laughs(levels: int, width: int = 9) -> str:
    lines = [f"l0: &l0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


# (id, spec text, rule, line, column, exact message)
GOLDEN = [
    (
        "python-tag",
        "kit: !!python/object/apply:os.system ['touch PWNED']\ncomponents: []\n",
        "yaml.tag",
        1,
        6,
        "YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed in a spec",
    ),
    (
        "python-new",
        "kit: !!python/object/new:os.system [echo x]\n",
        "yaml.tag",
        1,
        6,
        "YAML tag 'tag:yaml.org,2002:python/object/new:os.system' is not allowed in a spec",
    ),
    ("alias-cycle-list", "- &a [*a]\n", "yaml.alias_cycle", 1, 3, "an alias refers to the node that contains it"),
    ("alias-cycle-map", "kit: &a {x: *a}\n", "yaml.alias_cycle", 1, 6, "an alias refers to the node that contains it"),
    ("alias-cycle-key", "kit: &a {*a: 1}\n", "yaml.alias_cycle", 1, 6, "an alias refers to the node that contains it"),
    (
        "duplicate-top",
        "kit: A\ncomponents: []\nkit: B\n",
        "yaml.duplicate_key",
        3,
        1,
        "duplicate key 'kit' (first defined at line 1, again at line 3)",
    ),
    (
        "duplicate-deep",
        deck(card_extra="        fields: {a: '1'}\n        count: 2\n        count: 3\n"),
        "yaml.duplicate_key",
        9,
        9,
        "duplicate key 'count' (first defined at line 8, again at line 9)",
    ),
    (
        "duplicate-flow",
        deck(card_extra="        fields: {a: '1', b: '2', a: '3'}\n"),
        "yaml.duplicate_key",
        7,
        34,
        "duplicate key 'a' (first defined at line 7, again at line 7)",
    ),
    ("merge-key", "base: &b {a: 1}\nkit: {<<: *b}\n", "yaml.merge", 2, 6, "merge keys (<<) are not supported in specs"),
    (
        "undefined-alias",
        "kit: *nope\n",
        "yaml.syntax",
        1,
        6,
        "YAML syntax error: the alias *nope names no anchor above it",
    ),
    # an alias written as a key with no space before its colon: the parser's name ends at the colon
    ("undefined-alias-key", "*nope: 1\n", "yaml.syntax", 1, 1,
     "YAML syntax error: the alias *nope names no anchor above it"),
    ("undefined-alias-flow", "kit: {*nope: 1}\n", "yaml.syntax", 1, 7,
     "YAML syntax error: the alias *nope names no anchor above it"),
    ("duplicate-anchor-key", "a: &x 1\nb: [&x: 1]\n", "yaml.syntax", 2, 5,
     "YAML syntax error: the anchor &x is defined twice (first at line 1)"),
    (
        "duplicate-anchor",
        "a: &x 1\nb: &x 2\n",
        "yaml.syntax",
        2,
        4,
        "YAML syntax error: the anchor &x is defined twice (first at line 1)",
    ),
    (
        "two-documents",
        "kit: A\n---\nkit: B\n",
        "yaml.syntax",
        2,
        1,
        "YAML syntax error: the file holds more than one document (a second '---')",
    ),
    ("empty-file", "", "yaml.empty", 1, 1, "the spec file is empty"),
    ("only-comments", "# nothing here\n\n", "yaml.empty", 1, 1, "the spec file is empty"),
    (
        "top-level-list",
        "- kit: A\n- kit: B\n",
        "spec.type",
        1,
        1,
        "a spec must be a mapping of keys to values at the top level",
    ),
    (
        "top-level-scalar",
        "just some words\n",
        "spec.type",
        1,
        1,
        "a spec must be a mapping of keys to values at the top level",
    ),
    (
        "syntax",
        "kit: [unclosed\ncomponents: []\n",
        "yaml.syntax",
        2,
        11,
        "YAML syntax error: expected ',' or ']', but got ':'",
    ),
    (
        "raw-control-char",
        "kit: A\ncredit: x\x01y\n",
        "yaml.syntax",
        2,
        10,
        "the file contains the control character U+0001, which YAML does not allow",
    ),
]


@pytest.mark.parametrize(
    ("spec", "rule", "line", "column", "message"), [case[1:] for case in GOLDEN], ids=[case[0] for case in GOLDEN]
)
def test_golden_yaml_errors(
    tmp_kit: KitFactory,
    run_pnp: PnpRunner,
    monkeypatch: pytest.MonkeyPatch,
    spec: str,
    rule: str,
    line: int,
    column: int,
    message: str,
) -> None:
    path = tmp_kit(spec)
    monkeypatch.chdir(path.parent)
    result = run_pnp("validate", path)
    error = one_error(result, path)
    assert result.stderr.splitlines()[0] == f"{path.resolve()}:{line}:{column}: error [{rule}] {message}"
    assert error.rule == rule
    assert not (path.parent / "PWNED").exists()


@pytest.mark.parametrize(("spec", "line", "column", "message"), [
    ("x: &n a\na: 1\n*n : 2\n", 3, 1, "duplicate key 'a' (first defined at line 2, again at line 3)"),
    ("&k a: 1\nb: 2\n*k : 3\n", 3, 1, "duplicate key 'a' (first defined at line 1, again at line 3)"),
    ("kit: {&k a: 1, *k : 2}\n", 1, 16, "duplicate key 'a' (first defined at line 1, again at line 1)"),
])
def test_a_key_repeated_through_an_alias_is_reported_at_the_alias(
    tmp_kit: KitFactory, run_pnp: PnpRunner, spec: str, line: int, column: int, message: str
) -> None:
    """The second key is the alias: the error points there, not at the anchor the alias repeats."""
    path = tmp_kit(spec)
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column, error.message) == ("yaml.duplicate_key", line, column, message)


def test_billion_laughs_fails_fast(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(laughs(9))  # 9**9 = 387 million strings if expanded
    start = time.perf_counter()
    result = run_pnp("validate", path)
    elapsed = time.perf_counter() - start
    assert one_error(result, path).rule == "yaml.size"
    assert elapsed < 1.0


def test_wide_alias_bomb_fails_fast(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    """Each alias fits under the cap on its own, together they do not: refused before anything is built."""
    path = tmp_kit(laughs(3, width=199))  # 199**3 = 7.9 million strings if expanded
    start = time.perf_counter()
    result = run_pnp("validate", path)
    elapsed = time.perf_counter() - start
    error = one_error(result, path)
    assert (error.rule, error.line) == ("yaml.size", 3)
    assert elapsed < 1.0


def test_many_aliases_capped(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit("a: &a x\nb: [" + ", ".join(["*a"] * 1500) + "]\n")
    assert one_error(result := run_pnp("validate", path), path).rule == "yaml.aliases"
    assert "more than 1000" in result.stderr


@pytest.mark.parametrize(
    "text",
    [
        "kit: " + "[" * 1200 + "]" * 1200 + "\n",
        "kit: " + "{a: " * 1200 + "1" + "}" * 1200 + "\n",
        "".join("  " * i + "k:\n" for i in range(1200)),
        "".join("  " * i + "- \n" for i in range(1200)),
    ],
    ids=["flow-lists", "flow-maps", "block-maps", "block-lists"],
)
def test_deep_nesting_is_too_deep(tmp_kit: KitFactory, run_pnp: PnpRunner, text: str) -> None:
    path = tmp_kit(text)
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.message) == ("yaml.depth", "the spec nests too deep (more than 64 levels)")


def test_nesting_through_an_alias_is_too_deep_at_the_alias(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    """A 61-level anchor is fine where it is written; repeated 4 levels down it passes the cap of 64."""
    path = tmp_kit("a: &a " + "[" * 60 + "x" + "]" * 60 + "\nb: {c: {d: {e: {f: *a}}}}\n")
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column) == ("yaml.depth", 2, 20)


def test_deep_nesting_only_pyyaml_reads_is_too_deep(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    """libyaml refuses a byte-order mark inside the text, PyYAML's recursive composer takes the file: it stops
    at the cap (no RecursionError), where the nesting first passes it."""
    path = tmp_kit("x: 1\n\ufeffy: " + "[" * 5000 + "]" * 5000 + "\n")
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column) == ("yaml.depth", 2, 67)


def test_deep_nesting_with_raised_cap_loads(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    """With the depth cap raised to its ceiling, 900 levels load and get the model's one error."""
    levels = 900
    path = tmp_kit(
        "kit: " + "{a: " * levels + "1" + "}" * levels + "\ncomponents: [{type: counters, name: C, "
        "items: [{label: A}]}]\n"
    )
    error = one_error(run_pnp("validate", path, "--max-depth", "1000"), path)
    assert (error.rule, error.line, error.column) == ("spec.value", 1, 6)
    assert "kit" in error.message


@pytest.mark.parametrize(
    "text", ["k: " + "[" * 1200 + "]" * 1200 + "\n", "".join("  " * i + "k:\n" for i in range(1200))]
)
def test_nesting_past_the_ceiling_is_too_deep(tmp_kit: KitFactory, run_pnp: PnpRunner, text: str) -> None:
    path = tmp_kit(text)
    error = one_error(run_pnp("validate", path, "--max-depth", "1000"), path)
    assert (error.rule, error.message) == ("yaml.depth", "the spec nests too deep (more than 1000 levels)")


def test_depth_cap_has_a_ceiling(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    result = run_pnp("validate", tmp_kit("kit: A\n"), "--max-depth", "1001")
    assert result.exit_code == 2
    assert "1<=x<=1000" in result.output


def test_yaml_1_1_words_stay_strings(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    spec = """\
kit: no
credit: on
components:
  - type: deck
    name: 1.10
    cards:
      - name: 2024-01-01
        fields: {a: yes, b: 1.10, c: off, d: 2024-01-01, e: 0o17, f: 1_000, g: 0x1F, h: 12:30}
        elements:
          - {type: text, text: "{{ card.a }}|{{ card.b }}|{{ card.c }}|{{ card.d }}|{{ card.e }}|{{ card.f }}"}
          - {type: text, text: "{{ card.g }}|{{ card.h }}|{{ card.name }}|{{ kit.name }}", y: 20mm}
"""
    path = tmp_kit(spec)
    result = run_pnp("render", path, "-o", tmp_path / "out", "--format", "svg")
    assert_clean(result)
    assert result.exit_code == 0, result.output
    svg = next((tmp_path / "out").glob("*.svg")).read_text(encoding="utf-8")
    assert "yes|1.10|off|2024-01-01|0o17|1_000" in svg
    assert "0x1F|12:30|2024-01-01|no" in svg
    assert 'aria-label="on"' in svg  # the credit line


def test_yaml_1_1_word_where_a_number_is_meant(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(deck(card_extra="        count: yes\n"))
    error = one_error(run_pnp("validate", path), path)
    assert (error.line, error.column, error.rule) == (7, 16, "spec.value")
    assert error.message.startswith("components.0.cards.0.count: ")


# (id, extra deck lines, extra card lines, line, column, field named in the message)
NUMBERS = [
    ("5000-digit-count", "", "        count: " + "9" * 5000 + "\n", 7, 16, "components.0.cards.0.count"),
    ("nan-width", "    size: {width: .nan, height: 88mm}\n", "", 5, 19, "components.0.size.width"),
    ("inf-width", "    size: {width: .inf, height: 88mm}\n", "", 5, 19, "components.0.size.width"),
    ("minus-inf-bleed", "    bleed: -.inf\n", "", 5, 12, "components.0.bleed"),
    ("huge-float", "    size: {width: 1e400, height: 88mm}\n", "", 5, 19, "components.0.size.width"),
    ("negative-width", "    size: {width: -63mm, height: 88mm}\n", "", 5, 19, "components.0.size.width"),
    ("negative-radius", "    corner_radius: -1mm\n", "", 5, 20, "components.0.corner_radius"),
    ("negative-count", "", "        count: -3\n", 7, 16, "components.0.cards.0.count"),
    (
        "negative-rect",
        "",
        "        back: {elements: [{type: rect, width: -5mm, height: 5mm}]}\n",
        7,
        47,
        "components.0.cards.0.back.elements.0.width",
    ),
]


@pytest.mark.parametrize(
    ("deck_extra", "card_extra", "line", "column", "field"),
    [case[1:] for case in NUMBERS],
    ids=[case[0] for case in NUMBERS],
)
def test_bad_numbers_name_the_field(
    tmp_kit: KitFactory, run_pnp: PnpRunner, deck_extra: str, card_extra: str, line: int, column: int, field: str
) -> None:
    path = tmp_kit(deck(deck_extra, card_extra))
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column) == ("spec.value", line, column)
    assert error.message.startswith(f"{field}: ")
    assert len(error.message) < 300


def test_nan_in_sheet_settings(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(deck().replace("components:", "sheets: {margin: .nan}\ncomponents:"))
    error = one_error(run_pnp("validate", path), path)
    assert (error.line, error.column) == (2, 18)
    assert error.message.startswith("sheets.margin: ")


def test_bad_number_in_text_element_names_its_field(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    spec = deck().replace('{type: text, text: "Hello"}', '{type: text, text: "Hello", size: -3mm}')
    error = one_error(run_pnp("validate", path := tmp_kit(spec)), path)
    assert error.message.startswith("components.0.cards.0.elements.0.size: ")


GARBAGE = [
    ("random-bytes", random.Random(7).randbytes(400), 1, "yaml.encoding"),
    ("png-as-spec", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1, "yaml.encoding"),
    ("nul-bytes", b"kit: A\x00B\n", 1, "yaml.encoding"),
    ("utf16-bom", "kit: Café\ncomponents: []\n".encode("utf-16"), 1, "yaml.encoding"),
    ("utf16-be", b"\xfe\xff" + "kit: x\n".encode("utf-16-be"), 1, "yaml.encoding"),
    ("latin1", "kit: A\ncredit: Café crème\n".encode("latin-1"), 2, "yaml.encoding"),
]


@pytest.mark.parametrize(("raw", "line", "rule"), [case[1:] for case in GARBAGE], ids=[c[0] for c in GARBAGE])
def test_binary_and_wrong_encoding(tmp_kit: KitFactory, run_pnp: PnpRunner, raw: bytes, line: int, rule: str) -> None:
    path = tmp_kit(raw)
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == (rule, line)


def test_latin1_error_points_at_the_byte(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit("kit: A\ncredit: Café crème\n".encode("latin-1"))
    error = one_error(run_pnp("validate", path), path)
    assert (error.line, error.column) == (2, 12)
    assert "0xe9" in error.message


def test_utf8_with_bom_is_fine(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit("\ufeff" + deck())
    result = run_pnp("validate", path)
    assert_clean(result)
    assert result.exit_code == 0, result.output


def test_alias_expands_in_place_with_the_anchors_marks() -> None:
    text = "base: &b {fill: red, size: [1, 2]}\ncopy: *b\nword: <<\n"
    located = load_yaml_text(text, file="k.yaml")
    assert located.data == {
        "base": {"fill": "red", "size": ["1", "2"]},
        "copy": {"fill": "red", "size": ["1", "2"]},
        "word": "<<",
    }
    assert located.data["copy"] is not located.data["base"]  # a copy: the model may not share mutable data
    assert (located.mark(("copy", "size", 1)).line, located.mark(("copy", "size", 1)).column) == (1, 32)
    assert located.key_mark(("copy", "fill")).column == 11


def test_nested_aliases_count_every_expanded_value() -> None:
    text = "a: &a [x, y]\nb: &b [*a, *a]\nc: [*b, *b]\n"  # c expands to 1 + 2 * (1 + 2 * 3) = 15 values
    total = 3 + 7 + 15 + 1  # a, b, c and the top mapping
    assert load_yaml_text(text, limits=Limits(max_nodes=total)).data["c"][1][0] == ["x", "y"]
    with pytest.raises(SpecError) as caught:
        load_yaml_text(text, limits=Limits(max_nodes=total - 1))
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.rule, diagnostic.line) == ("yaml.size", 3)


def test_control_character_in_a_big_file_is_located_in_characters() -> None:
    """Over 100 KB, libyaml's own error is used; its byte offset must not shift the column past accents."""
    text = "filler: " + "x" * 120_000 + "\ncredit: Società ééé\x07\n"
    with pytest.raises(SpecError) as caught:
        load_yaml_text(text)
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.rule, diagnostic.line, diagnostic.column) == ("yaml.syntax", 2, 20)
    assert "U+0007" in diagnostic.message


def test_a_mistake_inside_an_alias_is_reported_once(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    """An anchored card with one mistake, repeated by 54 aliases: one error at the anchor (not 55 copies); two
    mistakes there: two errors, in line order as numbers (line 9 before line 10)."""
    clef = '          - {type: text, text: "clef \U0001d11e"}\n'
    spec = deck().replace("      - name: One\n", "      - &card\n        name: One\n").replace(
        '          - {type: text, text: "Hello"}\n', '          - {type: text, text: "Hello"}\n' + clef
    )
    path = tmp_kit(spec + "      - *card\n" * 54)
    result = run_pnp("validate", path)
    error = one_error(result, path)
    assert (error.rule, error.line) == ("text.glyphs", 10)
    assert "1 error(s)" in result.stderr
    two = spec.replace('"Hello"', '"hello \U0001d11e"') + "      - *card\n" * 54  # mistakes on lines 9 and 10
    result = run_pnp("validate", tmp_kit(two, name="two.yaml"), "--format", "json")
    assert [(d["line"], d["rule"]) for d in json.loads(result.stdout)] == [(9, "text.glyphs"), (10, "text.glyphs")]
