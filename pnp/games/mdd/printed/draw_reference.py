"""MDD reference cards (movement, turn order, bumps) and variant material (award pawns, card effects).

The card texts are data (data/reference-cards.yaml), our own summary of the rules, translated through the
component catalogs; the numbers come from the kit (its lives and finalists) and the ruleset it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from pnp.data import resource_path
from pnp.games.mdd.geometry import RuleLimits
from pnp.games.mdd.printed.draw_common import ink_on
from pnp.layout.cards import reference_card
from pnp.layout.pieces import Piece
from pnp.layout.scene import Item, Rect, Style, Text
from pnp.layout.strokes import CUT, fold_line
from pnp.layout.text import caps, fill_placeholders, fit_size
from pnp.rulebook.plural import english_index, split_plural
from pnp.source.loader import trusted_yaml

Translate = Callable[[str], str]
CARDS_FILE = resource_path("pnp.games.mdd", "data", "reference-cards.yaml")


@cache
def _card_texts() -> tuple[dict[str, Any], ...]:
    return tuple(trusted_yaml(CARDS_FILE))


def _fill(tr: Translate, text: str, values: dict[str, object]) -> str:
    """Translate, then put the kit's numbers in by plain replacement (never str.format on catalog text); a text
    bound to a number (`singular {% plural NAME %} plural`) takes the form that the value of NAME takes."""
    forms = split_plural(text) if text else None
    if forms is None:
        return fill_placeholders(tr(text) if text else text, values)
    number = float(values[forms.count])  # type: ignore[arg-type]
    plural = getattr(tr, "plural", None)
    if plural is not None:
        return fill_placeholders(plural(text, number), values)
    return fill_placeholders(forms.plural if english_index(number) else forms.singular, values)


def _wording(paragraph: list[str] | dict[str, list[str]], limits: RuleLimits) -> list[str]:
    """A paragraph's [heading, text]; one worded per `damage` (lives or HP) takes the ruleset's."""
    return paragraph[limits.damage] if isinstance(paragraph, dict) else paragraph


def reference_cards(limits: RuleLimits, finalists: int, credit: str, *, base: bool = True, variants: bool = False,
                    tr: Translate = str, lives: int | None = None) -> list[Piece]:
    """The rules summary cards (how a car moves, turn order) with `base`, the variant cards with `variants`;
    they quote the kit's `lives` per car (default: the ruleset's) and `finalists`."""
    values: dict[str, object] = {"mine": tr(limits.mine_word), "mines": tr(limits.mine_word + "s"),
                                 "lives": lives or limits.lives, "finalists": finalists}
    return [
        reference_card(_fill(tr, card["title"], values),
              [(_fill(tr, heading, values), _fill(tr, body, values))
               for heading, body in (_wording(p, limits) for p in card["paragraphs"])],
              credit)
        for card in _card_texts()
        if (variants if card.get("variant", False) else base)
    ]


AWARDS: tuple[tuple[str, str, str], ...] = (
    ("red", "#d62728", "Hardest hit: most lives taken in one roll (5 or more)"),
    ("green", "#009e73", "Best hit: most cars bumped in one roll (3 or more)"),
    ("blue", "#0072b2", "Terminator: most cars eliminated in the race"),
    ("yellow", "#f0e442", "First bump of the race; then the car that keeps all its lives longest"),
)


def award_pawns(cell: float, tr: Translate = str) -> list[Piece]:
    """Fold-in-half standing pawns for the v2.1 awards variant, one per award, named by their colour (`tr`
    translates it); the name shrinks to keep a margin on the pawn."""
    pieces = []
    w, h = cell * 1.2, cell * 2.4
    for name, fill, text in AWARDS:
        ink = ink_on(fill)
        items: list[Item] = [Rect(0, 0, w, h, Style(fill=fill, stroke=None)), *fold_line(0, h / 2, w, h / 2),
                             Rect(0, 0, w, h, CUT)]
        label = caps(tr(name.capitalize()))
        size = fit_size(label, "sans-bold", min(cell * 0.3, 4.0), w * 0.84)
        items.append(Text(w / 2, h * 0.25, label, size, "sans-bold", ink, "middle", 180.0))
        items.append(Text(w / 2, h * 0.75 + size * 0.36, label, size, "sans-bold", ink, "middle"))
        pieces.append(Piece(w, h, tuple(items), name=f"award {name}: {text}"))
    return pieces
