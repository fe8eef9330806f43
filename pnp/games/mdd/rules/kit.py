"""MDD validator rules for the printed kit: enough mine and life counters (warnings: more can be printed)."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.rules.common import (
    _at,
)
from pnp.rules import rule
from pnp.source.located import Located


@rule("mdd.kit.mines", MddSetup, "the kit has enough mine (bomb) tokens (warning: more can be printed)")
def _kit_mines(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    total, kit, word = sum(m.item.count for m in layout.mines), layout.limits.kit_mines, layout.limits.mine_word
    if total > kit:
        yield _at(
            located,
            layout.mines_where,
            "mdd.kit.mines",
            f"needs {total} {word} tokens, the kit has {kit}",
            f"print {total - kit} more {word} tokens, or place at most {kit}",
            Severity.WARNING,
        )


@rule("mdd.kit.lives", MddSetup, "the kit has enough five-life and one-life counters (warning: more can be printed)")
def _kit_lives(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    five, one = divmod(layout.lives.item, 5)
    cars = len(layout.cars)
    for need, kit, word in (
        (five * cars, layout.limits.kit_five_life, "five-life"),
        (one * cars, layout.limits.kit_one_life, "one-life"),
    ):
        if need > kit:
            yield _at(
                located,
                layout.car_count.where,
                "mdd.kit.lives",
                f"needs {need} {word} counters, the kit has {kit}",
                f"print {need - kit} more {word} counters (or use coins)",
                Severity.WARNING,
            )
