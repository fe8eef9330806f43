"""Markdown rulebooks become blocks whose texts are translation units with their source lines."""

from __future__ import annotations

import pytest

from pnp.diagnostics import SpecError
from pnp.rulebook.markdown import Contents, Figure, Heading, ListBlock, PageBreak, Table, iter_units, parse_document

SOURCE = """# Title
Subtitle with {{ kit.walls }}
continued on a second line

## Contents
<!-- toc -->

## Setup

- first *item*
- second item

| Roll | Step |
|:--|--:|
| 1 | left |

![A caption](figure:mdd-track)

<!-- pagebreak -->
<!-- a note for editors -->
"""


def test_title_front_matter_and_body_are_split():
    document = parse_document(SOURCE, "rules.md")
    assert document.title.text == "Title"
    assert [u.text for u in iter_units(document)][:2] == [
        "Title",
        "Subtitle with {{ kit.walls }} continued on a second line",
    ]
    kinds = [type(block) for block in document.body]
    assert kinds == [Heading, Contents, Heading, ListBlock, Table, Figure, PageBreak]


def test_units_keep_their_source_lines_and_jinja_verbatim():
    units = {u.text: u.line for u in iter_units(parse_document(SOURCE, "rules.md"))}
    assert units["Subtitle with {{ kit.walls }} continued on a second line"] == 2
    assert units["first *item*"] == 10
    assert units["left"] == 15
    assert units["A caption"] == 17


def test_table_alignment_is_kept():
    table = next(b for b in parse_document(SOURCE, "rules.md").body if isinstance(b, Table))
    assert table.aligns == ("left", "right")


def test_a_rulebook_must_start_with_a_title():
    with pytest.raises(SpecError) as caught:
        parse_document("Some text\n\n# Late title\n", "rules.md")
    assert caught.value.diagnostics[0].rule == "rulebook.title"


def test_raw_html_is_an_error_at_its_line():
    with pytest.raises(SpecError) as caught:
        parse_document("# T\n\n<div>boxed</div>\n", "rules.md")
    assert caught.value.diagnostics[0].line == 3
