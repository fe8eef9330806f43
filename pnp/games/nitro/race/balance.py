"""Balance warnings measured from simulated races, for `pnp validate TRACK --simulate N`.

Input: a checked `NitroTrack`, its `Located` source and a number of races (seed 0, the racer driver in every
seat, so the same track gives the same report). Output: warnings, each at the line it concerns:
- `nitro.sim.type_shortage`: one card type is paid with three cards or damage far more often than the others;
- `nitro.sim.speed_collapse`: over the last quarter of the rounds the dice are down to a slow crawl;
- `nitro.sim.garage_unused`: racers limp badly damaged for many rounds, yet hardly ever reach the Garage;
- `nitro.sim.start_advantage`: a start position wins far more than its share (beyond its 95% interval).
The thresholds are the constants below; docs/nitro-dice.md gives the reasons.
"""

from __future__ import annotations

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.nitro.model import Kind, NitroTrack
from pnp.games.nitro.race.simulate import simulate
from pnp.games.nitro.race.summary import Summary, summarize
from pnp.games.nitro.track.course import KIND_NAMES
from pnp.source.located import Located

SHORTAGE_MIN = 0.10
"""Warn about a type paid without a matching card in at least this share of its entries..."""
SHORTAGE_RATIO = 2.0
"""...when that is at least this many times the worst of the other types."""
MIN_ENTRIES = 50
SLOW_SPEED = 4.0
"""Mean speed over the last quarter of the rounds below which speeds have collapsed (top speed is 9)."""
LIMPING_SHARE = 0.15
"""Share of die-rounds at condition 4 or less above which the Garage should be in use..."""
GARAGE_VISITS = 0.25
"""...with fewer Garage visits per race than this."""
START_FACTOR = 1.5
"""Warn when a start position wins more than this many times its fair share (and its interval agrees)."""


def balance_warnings(track: NitroTrack, games: int, seed: int = 0, jobs: int = 1) -> list[tuple[str, str, str, str]]:
    """(rule id, where, message, hint) for each imbalance `games` races show; `where` is a spec key."""
    results = simulate(track, games, seed, jobs)
    summary = summarize(track, ["table"], results)
    limping = sum(r.limping for r in results) / max(1, sum(r.rounds * track.players for r in results))
    return _shortage(summary) + _collapse(summary) + _garage(summary, limping) + _starts(summary)


def _shortage(summary: Summary) -> list[tuple[str, str, str, str]]:
    bad = {kind: ways["three_cards"] + ways["damage"] for kind, ways in summary.handling.items()
           if summary.entries[kind] >= MIN_ENTRIES}
    found = []
    for kind, share in bad.items():
        others = max([s for k, s in bad.items() if k != kind], default=0.0)
        if share >= SHORTAGE_MIN and share >= SHORTAGE_RATIO * others:
            title = Kind(kind).label
            found.append((
                "nitro.sim.type_shortage", kind,
                f"in {summary.games} simulated races, {share:.0%} of the entries onto {title} cards were paid "
                f"with three cards or damage (other types at most {others:.0%}): hands run short of {title}",
                f"replace some {title} cards of the track with the other types",
            ))
    return found


def _collapse(summary: Summary) -> list[tuple[str, str, str, str]]:
    late = summary.late_speed
    if late.high >= SLOW_SPEED:
        return []
    return [("nitro.sim.speed_collapse", "race",
             f"over the last quarter of the {summary.rounds.value:.0f} rounds of a simulated race the dice averaged "
             f"speed {late.value:.1f} (condition {summary.end_condition.value:.1f} at the end): the race drags on "
             "as damage piles up",
             "shorten the race (fewer laps or sections), clear hazards, or move the Garage nearer")]


def _garage(summary: Summary, limping: float) -> list[tuple[str, str, str, str]]:
    visits = summary.counts["garage"]
    if limping < LIMPING_SHARE or visits.value >= GARAGE_VISITS:
        return []
    return [("nitro.sim.garage_unused", "garage",
             f"in the simulated races the dice spent {limping:.0%} of their rounds at condition 4 or less, "
             f"but visited the Garage only {visits.value:.2f} times a race: it is too far to be used",
             "put the Garage where damaged racers pass it with enough race left to make repairs worth it")]


START_HINT = ("the grid and the tie-break decide this more than the track: dice level on a card rank inside "
              "first, so the die beside the leader draws a card more each round; try `play: {grid: staggered}`, "
              "or other drivers per seat (`pnp nitro simulate --policy racer,cautious,...`) to see what the "
              "track itself does")
ROWS_HINT = ("with {players} players the grid is three rows deep or more on a two-lane road, a die passes a pair "
             "abreast only when one of its lanes opens: the rulebook's own advice, races too short do not give "
             "those at the back time to pass; add laps or sections (docs/nitro-dice.md measures it)")
"""Why one start position wins (measured on the shipped tracks: docs/nitro-dice.md), and what to try: the
tie-break with up to 4 players (two grid rows), the race's length with 5 or 6 (three rows)."""


def _starts(summary: Summary) -> list[tuple[str, str, str, str]]:
    found = []
    for share in summary.win_rate_by_start:
        rate = share.rate
        if rate.low > share.fair and rate.value > START_FACTOR * share.fair:
            found.append((
                "nitro.sim.start_advantage", "players",
                f"start position {share.start} won {rate.value:.0%} of {summary.games} simulated races "
                f"(interval {rate.low:.0%} to {rate.high:.0%}), far more than its fair share of {share.fair:.0%}",
                ROWS_HINT.format(players=summary.players) if summary.players >= 5 else START_HINT,
            ))
    return found


def simulated_balance(track: NitroTrack, located: Located, games: int) -> list[Diagnostic]:
    """The plugin's `simulate` hook: the warnings as diagnostics at their keys."""
    out = []
    for rule, where, message, hint in balance_warnings(track, games):
        mark = located.mark(_key(track, where))
        out.append(Diagnostic.at(mark, rule, message, hint, Severity.WARNING))
    return out


def _key(track: NitroTrack, where: str) -> tuple[str | int, ...]:
    """The spec key a warning points at: the first section of a card type, or a top-level key."""
    if where in KIND_NAMES:
        first = next(i for i, s in enumerate(track.sections) if s.type == Kind(where))
        return ("sections", first)
    if where == "garage" and track.garage is None:
        return ()
    return (where,)
