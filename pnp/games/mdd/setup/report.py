"""The reports of `pnp mdd setup`: with `--balanced`, a table of the chosen setup beside the plain random one
and the chosen setup's YAML with its figures and the command that made it in a comment header; without it, the
checked setup's YAML (its check's figures in the header) and the line saying which draws the check rejected.

Input: a `search.Balanced` and the command line, or a `check.Checked`. Output: text.
"""

from __future__ import annotations

from pnp.games.mdd.setup.check import MARGIN, Checked
from pnp.games.mdd.setup.generate import setup_command, setup_yaml
from pnp.games.mdd.setup.search import ROW_MAX, Balanced, Figures
from pnp.sim.stats import Interval


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


def _figure_comment(f: Figures) -> list[str]:
    """Two comment lines of a setup file's header: the figures `f`, with their 95 % intervals."""
    return [
        f"#   {f.qualified.value:.2f} of {f.finalists} qualified ({f.qualified.low:.2f}-{f.qualified.high:.2f}),"
        f" {f.short.value:.1%} short of finalists, {f.no_winner.value:.1%} without a winner,",
        f"#   worst start row (row {f.worst_row}) {f.worst_ratio.value:.2f} x its fair share "
        f"({f.worst_ratio.low:.2f}-{f.worst_ratio.high:.2f}), {f.turns.value:.1f} turns of qualifying.",
    ]


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
        f"#   {setup_command(found.chosen, as_map, check=False)}",
        f"# Over {f.games} fresh races (pnp mdd simulate FILE --games {f.games} --seed {found.fresh_seed}):",
        *_figure_comment(f),
        "# Cars stand on the default start grid.",
    ]
    return setup_yaml(found.chosen, as_map, head)


def checked_yaml(found: Checked, command: str, as_map: bool = False) -> str:
    """The kept setup's file: the command that made it, the check's figures and, when re-drawn, the plain
    command that draws the kept setup."""
    kept, f = found.kept.setup, found.kept.figures
    tried = len(found.draws)
    verdict = "it meets the calibration targets" if found.met else (
        f"none of the {tried} setups drawn met the calibration targets, this one came closest")
    head = [
        "# A random Mini Demolition Derby setup, made by",
        f"#   {command}",
        "# The same command gives the same setup. Cars stand on the default start grid.",
        f"# Checked over {f.games} simulated races (pnp mdd simulate FILE --games {f.games} --seed {kept.seed}):",
        *_figure_comment(f),
        f"#   So {verdict}.",
    ]
    if kept.seed != found.seed:
        head += [f"# It is the random setup of draw {found.draws.index(found.kept) + 1} of {tried}:",
                 f"#   {setup_command(kept, as_map, check=False)}"]
    return setup_yaml(kept, as_map, head)


TARGET_WORDS = {"qualifiers": "too few qualifiers", "no winner": "no winner", "short": "short finals",
                "row": f"a start row above {ROW_MAX:g}x"}
"""Short names of the targets, for the one-line count of `checked_note`."""


def checked_note(found: Checked) -> str:
    """One line on what the check rejected and why, and what it kept ("" when the first draw met the targets):
    each rejected draw's misses when there are one or two, else how many draws missed each target."""
    rejected = found.rejected
    if not rejected:
        return ""
    if len(rejected) <= 2:
        why = "; ".join(f"seed {d.setup.seed}: {', '.join(d.misses())}" for d in rejected)
    else:
        counts: dict[str, int] = {}
        for draw in rejected:
            for target, _ in draw.figures.missed(MARGIN):
                counts[target] = counts.get(target, 0) + 1
        why = ", ".join(f"{TARGET_WORDS[target]} {n}" for target, n in counts.items())
    kept = f"kept seed {found.kept.setup.seed}"
    if not found.met:
        kept = f"kept the closest, seed {found.kept.setup.seed}: {', '.join(found.kept.misses())}"
    return (f"{len(rejected)} of {len(found.draws)} setups drawn missed the calibration targets over "
            f"{found.games} races each ({why}); {kept}")
