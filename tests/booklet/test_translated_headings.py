"""A translated heading is text: markup characters in it reach the page and the contents as typed."""

from __future__ import annotations

from pnp.booklet import render_rulebook
from tests.booklet.conftest import pdf_text

BOOK = "# Title\n\n## Contents\n\n<!-- toc -->\n\n## Setup\n\nPlace the walls.\n"
PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: it\\n"\n\n' \
     'msgid "Setup"\nmsgstr "Preparazione <b> & co"\n'


def test_a_heading_with_markup_characters_is_listed_in_the_contents_as_typed(write_book):
    result = render_rulebook(write_book(BOOK, {"it": PO}), lang="it")
    text = pdf_text(result.pdf)
    assert text.count("Preparazione <b> & co") >= 2  # the contents entry and the heading
