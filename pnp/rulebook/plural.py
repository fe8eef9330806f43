"""Texts bound to a number: a source text with an English singular and plural, chosen in each language by the
catalog's `Plural-Forms` and the number's value (gettext's msgid / msgid_plural and msgstr[N]).

Input: a unit's source text written `singular {% plural EXPR %} plural`, where EXPR is one of the text's
`{{ expressions }}` (the number the nouns agree with), and later the value of EXPR and the catalog in use.
Output: the parts of such a text (`split_plural`), the index of the form that serves a number in a catalog's
language (`form_index`, Arabic has six: 0, 1, 2, 3-10, 11-99, 100-102...), and, for a translator, numbers that
each form serves (`form_numbers`) and the forms an entry leaves empty (`empty_forms`).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Babel loads only when a language is asked for
    from babel.messages.catalog import Catalog, Message

PLURAL_RE = re.compile(r"\s*\{%-?\s*plural\s+(?P<expr>[^%]*?)\s*-?%\}\s*")
"""The mark between a text's singular and its plural; group `expr` is the number's expression."""
_EXAMPLES = 3
"""How many numbers `form_numbers` names per form."""


@dataclass(frozen=True, slots=True)
class PluralText:
    """The two English forms of a text bound to the number `count` (a `{{ expression }}` of the text)."""

    singular: str
    plural: str
    count: str


def split_plural(text: str) -> PluralText | None:
    """The forms of `text` written `singular {% plural EXPR %} plural`, or None for a text without the mark.

    Raises ValueError when the mark is there but a form is empty or the mark appears twice."""
    parts = PLURAL_RE.split(text)
    if len(parts) == 1:
        return None
    if len(parts) != 3 or not parts[0].strip() or not parts[2].strip() or not parts[1].strip():
        raise ValueError("write a number-bound text as 'singular {% plural EXPR %} plural', the mark once")
    return PluralText(parts[0].strip(), parts[2].strip(), parts[1].strip())


@cache
def _plural_function(expression: str) -> Callable[[int], int]:
    return gettext.c2py(expression)


def english_index(number: float) -> int:
    """The English form of `number`: 0 (singular) for 1, else 1 (plural)."""
    return 0 if number == 1 else 1


def form_index(catalog: Catalog, number: float) -> int:
    """The index of the msgstr form that serves `number` in the catalog's language (a fraction takes the form
    of the last plural form, as CLDR's `other`)."""
    return plural_index(catalog.plural_expr, catalog.num_plurals, number)


def plural_index(expression: str, forms: int, number: float) -> int:
    """The form that serves `number` by a `Plural-Forms` `expression` of `forms` forms."""
    if number != int(number):
        return forms - 1
    index = _plural_function(expression)(abs(int(number)))
    return index if 0 <= index < forms else forms - 1


def form_numbers(catalog: Catalog) -> list[list[int]]:
    """For each form of the catalog's language, the first few numbers (0 to 2,000,000) it serves."""
    found: list[list[int]] = [[] for _ in range(catalog.num_plurals)]
    for number in [*range(0, 1001), 1_000_000, 2_000_000]:
        forms = found[form_index(catalog, number)]
        if len(forms) < _EXAMPLES:
            forms.append(number)
    return found


def forms_of(message: Message) -> tuple[str, ...]:
    """The msgstr texts of an entry: one for a plain entry, one per form for a plural one ("" when empty)."""
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return tuple(str(text or "") for text in strings)


def empty_forms(message: Message) -> list[int]:
    """The indexes of the msgstr forms a plural entry leaves empty (all of them for an untranslated one)."""
    return [index for index, text in enumerate(forms_of(message)) if not text]


def describe_forms(catalog: Catalog, indexes: list[int]) -> str:
    """`msgstr[3] (for 3, 4, 5...)` for each form index, joined by commas, for a translator's message."""
    numbers = form_numbers(catalog)
    return ", ".join(f"msgstr[{i}] (for {', '.join(map(str, numbers[i]))}"
                     f"{'...' if len(numbers[i]) == _EXAMPLES else ''})" for i in indexes)


def count_of(value: str) -> float | None:
    """The number a `{{ expression }}`'s printed value holds (`12`, `2.5`), or None when it is not a number."""
    try:
        number = float(value.strip())
    except ValueError:
        return None
    return number if number == number and abs(number) != float("inf") else None
