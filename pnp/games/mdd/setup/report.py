"""The report of `pnp mdd setup --balanced`: a table of the chosen setup beside the plain random one, and the
chosen setup's YAML with its figures and the command that made it in a comment header.

Input: a `search.Balanced` and the command line. Output: text.
"""

from __future__ import annotations

from pnp.games.mdd.setup.generate import setup_command, setup_yaml
from pnp.games.mdd.setup.search import Balanced, Figures
from pnp.stats import Interval


def _mean(i: Interval) -> str:
    return f"{i.value:.2f} ({i.low:.2f}-{i.high:.2f})"


def _rate(i: Interval) -> str:
    return f"{i.value:.1%} ({i.low:.1%}-{i.high:.1%})"


def _lines(f: Figures) -> list[tuple[str, str]]:
    return [
        (f"cars qualified, of {f.finalists}", _mean(f.qualified)),
        (f"races with fewer than {f.finalists}", _rate(f.short)),
        ("races without a winner", _rate(f.no_winner)),
        ("worst start row, x its fair share", f"{_mean(f.worst_ratio)} row {f.worst_row}"),
        ("turns until qualifying ends", _mean(f.turns)),
        ("loss (0 = perfectly balanced)", f"{f.loss:.3f}"),
    ]


def balanced_table(found: Balanced) -> str:
    """The chosen setup's figures beside the plain random setup's, both on the same fresh races."""
    chosen, plain = _lines(found.chosen_figures), _lines(found.plain_figures)
    games = found.chosen_figures.games
    head = ("", f"chosen (seed {found.chosen.seed})", f"random (seed {found.plain.seed})")
    rows = [head] + [(name, a, b) for (name, a), (_, b) in zip(chosen, plain, strict=True)]
    widths = [max(len(r[k]) for r in rows) for k in range(3)]
    out = [f"{games} fresh races each (race seed {found.fresh_seed}; 95% intervals in brackets):"]
    out += ["  " + "   ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    o = found.outcome
    plural = "" if o.brackets == 1 else "s"
    out.append(f"search: {o.candidates} setups in {o.brackets} bracket{plural}, {o.trials} races in "
               f"{o.seconds:.1f} s (race seed {found.search_seed})")
    return "\n".join(out)


def balanced_yaml(found: Balanced, command: str, as_map: bool = False) -> str:
    """The chosen setup's file, its header giving the command, the figures and the plain command to redraw it."""
    f, o = found.chosen_figures, found.outcome
    head = [
        "# A balanced Mini Demolition Derby setup, found by",
        f"#   {command}",
        f"# ({o.candidates} random legal setups tried in {o.brackets} bracket{'' if o.brackets == 1 else 's'} of "
        "simulated races"
        + ("" if "--brackets" in command else f"; add --brackets {o.brackets} for this file on any machine") + ").",
        "# It is the random setup of",
        f"#   {setup_command(found.chosen, as_map)}",
        f"# Over {f.games} fresh races (pnp mdd simulate FILE --games {f.games} --seed {found.fresh_seed}):",
        f"#   {f.qualified.value:.2f} of {f.finalists} qualified ({f.qualified.low:.2f}-{f.qualified.high:.2f}),"
        f" {f.short.value:.1%} short of finalists, {f.no_winner.value:.1%} without a winner,",
        f"#   worst start row (row {f.worst_row}) {f.worst_ratio.value:.2f} x its fair share "
        f"({f.worst_ratio.low:.2f}-{f.worst_ratio.high:.2f}), {f.turns.value:.1f} turns of qualifying.",
        "# Cars stand on the default start grid.",
    ]
    return setup_yaml(found.chosen, as_map, head)
