"""Errors found in the text itself (a control character, a byte that is not UTF-8, a NUL) are placed in lines as
YAML counts them (a lone CR, NEL, LS and PS end a line too) and in characters, so they agree with the parser's
own marks in the same file."""

from __future__ import annotations

import pytest

from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import one_error

CASES = [
    ("cr-control", b"kit: x\rname: y\x07\r", "yaml.syntax", 2, 8),
    ("nel-control", "kit: x\x85name: y\x07\n".encode(), "yaml.syntax", 2, 8),
    ("crlf-control", b"kit: x\r\n\r\nname: y\x07\r\n", "yaml.syntax", 3, 8),
    ("cr-bad-byte", b"kit: x\rname: y\xff\r", "yaml.encoding", 2, 8),
    ("multibyte-bad-byte", "kit: ééé".encode() + b"\xff\n", "yaml.encoding", 1, 9),
    ("cr-nul", b"kit: x\rname: \x00\r", "yaml.encoding", 2, 1),
]


@pytest.mark.parametrize(("raw", "rule", "line", "column"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_text_errors_are_placed_where_the_parser_counts(
    tmp_kit: KitFactory, run_pnp: PnpRunner, raw: bytes, rule: str, line: int, column: int
) -> None:
    path = tmp_kit(raw)
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column) == (rule, line, column)


def test_a_parser_error_in_a_cr_file_is_on_its_line(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    """The parser's own mark, for comparison: the duplicate key on the third CR-ended line."""
    path = tmp_kit(b"kit: x\rname: y\rname: z\r")
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column) == ("yaml.duplicate_key", 3, 1)


@pytest.mark.parametrize(("spec", "rule"), [
    ("kit: *" + "a" * 200_000 + "\n", "yaml.syntax"),  # an alias of no anchor
    ("a: &" + "a" * 200_000 + " 1\nb: &" + "a" * 200_000 + " 2\n", "yaml.syntax"),  # an anchor defined twice
    ("kit: !" + "a" * 200_000 + " x\n", "yaml.tag"),
    ("? " + "k" * 5_000 + "\n: 1\n? " + "k" * 5_000 + "\n: 2\n", "yaml.duplicate_key"),  # explicit long keys
])
def test_a_huge_name_is_shortened_in_the_error(tmp_kit: KitFactory, run_pnp: PnpRunner, spec: str, rule: str) -> None:
    """One readable error line, not the 200,000-character name (twice, with the hint) the spec wrote."""
    path = tmp_kit(spec)
    result = run_pnp("validate", path)
    assert one_error(result, path).rule == rule
    assert len(result.stderr) < 1_000
