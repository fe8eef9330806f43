"""A built kit: the generic kit's spec and what building it found that drawing needs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pnp.games.kit.model import Kit
from pnp.model.press import PressSettings


@dataclass(frozen=True, slots=True)
class BuiltKit:
    """What `build_kit` returns: the `Kit` model and what the model does not say.

    `stand_ins` are the indices of components that stand in for broken ones (a kit built for `validate`
    despite errors): they are not drawn. `left_out` are the names of the components left out for their own
    errors (a tuck box for one of them says nothing). `copies` maps (component, card) to (copy, count) for each
    card that stands for one copy of a card written once (its layout quotes `card.index` or `card.copy`):
    their model count is 1."""

    kit: Kit
    stand_ins: frozenset[int] = frozenset()
    left_out: frozenset[str] = frozenset()
    copies: Mapping[tuple[int, int], tuple[int, int]] = field(default_factory=dict)

    @property
    def press(self) -> PressSettings:
        """The kit's `press:` settings, which the render reads of any spec (`pnp.render.press.press_for`)."""
        return self.kit.press
