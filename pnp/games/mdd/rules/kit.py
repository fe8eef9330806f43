"""MDD validator rules for the kit: enough mine and life counters (warnings: more can be printed).

A kit pnp prints with its counters (`print: counters: true`, the default) prints as many as the setup needs
(`printed.kit.counters_needed`), so these rules only speak when the counters come from the boxed game
(`print: counters: false`).
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.rules.common import (
    _at,
)
from pnp.games.mdd.rulesets import life_counters
from pnp.rules import rule
from pnp.source.located import Located

_COINS = "print them with the kit (drop `counters: false` from `print:`)"


def _printed(spec: MddSetup) -> bool:
    """True when the kit pnp renders from this setup prints its own counters, as many as the setup needs."""
    return spec.print is None or spec.print.counters


@rule("mdd.kit.mines", MddSetup, "the boxed kit has enough mine (bomb) tokens when pnp prints none (warning)")
def _kit_mines(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    if _printed(spec):
        return
    layout = spec.layout()
    total, kit, word = sum(m.item.count for m in layout.mines), layout.limits.kit_mines, layout.limits.mine_word
    if total > kit:
        yield _at(
            located,
            layout.mines_where,
            "mdd.kit.mines",
            f"needs {total} {word} tokens, the boxed kit has {kit} ({total - kit} short)",
            f"{_COINS}, or place at most {kit}",
            Severity.WARNING,
        )


@rule("mdd.kit.lives", MddSetup, "the boxed kit has enough life counters when pnp prints none (warning)")
def _kit_lives(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    if _printed(spec):
        return
    layout = spec.layout()
    five, one = life_counters(layout.lives.item)
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
                f"needs {need} {word} counters, the boxed kit has {kit} ({need - kit} short)",
                f"{_COINS}, or use coins",
                Severity.WARNING,
            )
