"""The balance figures a generated track is judged by, its score against the targets, and the report table.

Input: a track and the `RaceResult`s of its simulated races. Output: `Figures` (each start position's win share
against its fair share, the share of each card type's entries paid with a card of that type, rounds per race,
races stopped by the round cap, all with 95% intervals), a score (lower is better; at most 1 when every target
is met on the estimates) and the side-by-side table `pnp nitro generate --balanced` prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.race.simulate import RaceResult
from pnp.games.nitro.race.summary import summarize
from pnp.games.nitro.track.course import KIND_NAMES
from pnp.sim.stats import Interval, wilson

START_BAND = 0.4
"""Every start position should win within this fraction of its fair share (0.6x to 1.4x)."""
MIN_CARD_SHARE = 0.85
"""Every card type's entries should be paid with a card of that type at least this often."""
ROUNDS_BAND = (6.0, 20.0)
"""Mean rounds per race of a sensible race: long enough to pass, short enough to finish an evening's series."""
MAX_CAPPED = 0.01
"""Share of races stopped by the round cap above which a track is not sensible."""
TIE_BREAK = 0.1
"""Weight of the sum of all shortfalls beside the worst one, so that of two tracks with the same worst figure
the one better elsewhere wins."""


@dataclass(frozen=True, slots=True)
class Figures:
    """A track's balance over some races (see the module docstring)."""

    games: int
    starts: tuple[Interval, ...]
    """Win share of each start position (1 = front first)."""
    fair: float
    handled: dict[str, Interval]
    """For each card type, the share of its entries paid with a card of that type."""
    rounds: Interval
    capped: Interval

    @property
    def worst_start(self) -> float:
        """The largest distance of a start position's win share from its fair share, as a fraction of it."""
        return max(abs(s.value / self.fair - 1.0) for s in self.starts)

    @property
    def worst_handled(self) -> float:
        return min(i.value for i in self.handled.values())

    def shortfalls(self) -> tuple[float, float, float]:
        """Start fairness, handling and race length, each scaled so that 1 is the edge of its target."""
        low, high = ROUNDS_BAND
        rounds = self.rounds.value
        length = max(low / rounds if rounds else 2.0, rounds / high, self.capped.value / MAX_CAPPED)
        return self.worst_start / START_BAND, (1.0 - self.worst_handled) / (1.0 - MIN_CARD_SHARE), length

    @property
    def score(self) -> float:
        parts = self.shortfalls()
        return max(parts) + TIE_BREAK * sum(parts)

    @property
    def meets_targets(self) -> bool:
        return all(part <= 1.0 for part in self.shortfalls())


def figures(track: NitroTrack, results: list[RaceResult]) -> Figures:
    """The figures of `results`, races of `track` (the default drivers: a style per seat, as `nitro simulate`)."""
    summary = summarize(track, ["table"], results)
    handled = {kind: wilson(round(summary.handling[kind]["card"] * summary.entries[kind]), summary.entries[kind])
               for kind in KIND_NAMES}
    return Figures(
        games=summary.games,
        starts=tuple(s.rate for s in summary.win_rate_by_start),
        fair=1.0 / summary.players,
        handled=handled,
        rounds=summary.rounds,
        capped=wilson(summary.capped, summary.games),
    )


def _rate(i: Interval) -> str:
    return f"{i.value:6.1%} ({i.low:.1%}-{i.high:.1%})"


def _rows(f: Figures) -> list[tuple[str, str, str]]:
    """(figure, value with interval, target) rows of one track."""
    rows = [(f"start {p} wins (x fair)", f"{_rate(s)} {s.value / f.fair:4.2f}x",
             f"{1 - START_BAND:.1f}x-{1 + START_BAND:.1f}x of {f.fair:.1%}") for p, s in enumerate(f.starts, 1)]
    rows += [(f"{kind} paid with a card", _rate(i), f">= {MIN_CARD_SHARE:.0%}") for kind, i in f.handled.items()]
    rows.append(("rounds per race", f"{f.rounds.value:6.1f} ({f.rounds.low:.1f}-{f.rounds.high:.1f})",
                 f"{ROUNDS_BAND[0]:g}-{ROUNDS_BAND[1]:g}"))
    rows.append(("races stopped by the cap", _rate(f.capped), f"<= {MAX_CAPPED:.0%}"))
    rows.append(("all targets met", "yes" if f.meets_targets else "no", ""))
    return rows


def table(chosen: Figures, first: Figures) -> list[str]:
    """The chosen track's figures beside the first random track's (95% intervals in brackets)."""
    lines = [f"{chosen.games} fresh races each (the default drivers, a style per seat); 95% intervals in brackets",
             f"{'figure':<26}{'balanced track':<30}{'first random track':<30}target"]
    for (label, a, target), (_, b, _) in zip(_rows(chosen), _rows(first), strict=True):
        lines.append(f"{label:<26}{a:<30}{b:<30}{target}")
    return lines
