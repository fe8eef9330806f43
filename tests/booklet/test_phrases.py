"""Phrases in rulebook Markdown: `<!-- phrase NAME when CONDITION: text -->` defines a text that units quote as
`{{ phrase.NAME }}`; the first definition whose condition holds is printed, with its own number's form, and a
phrase no definition fits is an error at the text that quotes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.booklet.text import TextResolver
from pnp.diagnostics import SpecError
from pnp.i18n.translate import translation_for
from pnp.rulebook.markdown import iter_units, parse_document

BOOK = """# Book

Each player takes {{ phrase.pieces }}.

<!-- phrase pieces when dice and cards: {{ phrase.dice }} and {{ phrase.cards }} -->
<!-- phrase pieces when dice: {{ phrase.dice }} -->
<!-- phrase dice: a die {% plural dice %} {{ dice }} dice -->
<!-- phrase cards when cards == 2: two cards -->
"""


def _text(**context: int) -> str:
    document = parse_document(BOOK, "book.md")
    resolver = TextResolver(translation_for(Path("book.md"), None), context, phrases=document.phrases)
    return resolver(iter_units(document)[1]).plain


@pytest.mark.parametrize(("dice", "cards", "printed"), [
    (1, 2, "Each player takes a die and two cards."),
    (3, 2, "Each player takes 3 dice and two cards."),
    (1, 0, "Each player takes a die."),
])
def test_a_unit_quotes_the_phrase_that_fits_the_kit(dice, cards, printed):
    assert _text(dice=dice, cards=cards) == printed


def test_the_phrases_are_catalog_entries_but_one_that_only_quotes_others():
    msgids = [unit.msgid for unit in iter_units(parse_document(BOOK, "book.md"))]
    assert msgids[2:] == ["{{ phrase.dice }} and {{ phrase.cards }}", ("a die", "{{ dice }} dice"), "two cards"]


def test_a_phrase_that_no_definition_fits_is_an_error_at_the_text_quoting_it():
    with pytest.raises(SpecError) as raised:
        _text(dice=1, cards=3)
    [diagnostic] = raised.value.diagnostics
    assert (diagnostic.rule, diagnostic.line) == ("rulebook.phrase", 5)  # the phrase that quotes {{ phrase.cards }}
    assert "'cards'" in diagnostic.message
