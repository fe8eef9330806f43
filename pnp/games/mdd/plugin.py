"""The Mini Demolition Derby plugin: `game: mdd` setups are built, checked and get `pnp mdd` commands.

Input: located YAML. Output: an `MddSetup` (with `to_board()`) and its diagnostics from the `mdd.*` rules.
"""

from __future__ import annotations

from pnp.diagnostics import Diagnostic, Severity, sort_diagnostics
from pnp.games.base import GamePlugin, PrintContext
from pnp.games.mdd import rules
from pnp.games.mdd.model import MddSetup, load_setup
from pnp.games.mdd.printed.kit import mdd_print_job
from pnp.games.mdd.printed.rulebook import mdd_rulebook
from pnp.games.mdd.race.balance import balance_warnings
from pnp.layout.pieces import PrintJob
from pnp.rules import check_rules
from pnp.source.located import Located


def check_setup(spec: MddSetup, located: Located) -> list[Diagnostic]:
    """Every `mdd.*` rule's diagnostics for a built setup, in file order."""
    return sort_diagnostics(check_rules(spec, located))


def simulated_balance(spec: MddSetup, located: Located, games: int) -> list[Diagnostic]:
    """Warnings from `games` simulated races of the setup (seed 0, so the same setup gives the same report)."""
    return [Diagnostic.at(located.mark(()), rule, message, hint, Severity.WARNING)
            for rule, message, hint in balance_warnings(spec.to_board(), games, seed=0, jobs=1)]


def print_setup(spec: MddSetup, context: PrintContext) -> PrintJob:
    """The setup's printable kit (track, cars, counters, reference cards, dice)."""
    return mdd_print_job(spec, context.paper, context.tr)


PLUGIN = GamePlugin(
    name="mdd",
    title="Mini Demolition Derby",
    build=load_setup,
    noun="setup",
    check=check_setup,
    components=print_setup,
    model=MddSetup,
    rulebook=mdd_rulebook,
    simulate=simulated_balance,
)

__all__ = ["PLUGIN", "check_setup", "rules"]
