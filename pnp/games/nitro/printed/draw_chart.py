"""A chart of simulated Nitro Dice races on one page, drawn with scene primitives (no plotting library).

Input: the races' `RaceResult`s, their `Summary` and a title. Output: a scene `Page` (mm, y down) with four
panels: histograms of rounds per race and of damage per race, damage per race by cause as bars with their
intervals, and the win rate of each start position as a bar with its interval beside a dashed fair share.
The histograms and axes are the shared chart pieces of `pnp.layout.chart`. Pure: same input, same page.
"""

from __future__ import annotations

from pnp.games.nitro.race.simulate import RaceResult
from pnp.games.nitro.race.state import DAMAGE_CAUSES
from pnp.games.nitro.race.summary import Summary
from pnp.layout.chart import BAR, FAIR, LABEL, four_panel_page, histogram, y_axis
from pnp.layout.scene import Group, Item, Line, Page, Rect, Style, Text
from pnp.sim.stats import Interval

WHISKER = Style(stroke="#000000", stroke_width=0.4)


def simulation_chart(title: str, summary: Summary, results: list[RaceResult]) -> Page:
    """The chart page: rounds and damage histograms, damage by cause, win rate by start position."""
    note = (f"Histograms: share of the {summary.games} races, red dashes at the mean. Bars: means and rates with "
            "whiskers at the 95% interval (win rates widened for the number of start positions); black dashes at "
            "the fair share, one race in the number of players.")
    causes = [(c, summary.damage[c]) for c in DAMAGE_CAUSES]
    starts = [(f"start {s.start}", s.rate) for s in summary.win_rate_by_start]
    fair = summary.win_rate_by_start[0].fair if summary.win_rate_by_start else None
    return four_panel_page(title, note, (
        lambda x, y, w, h: histogram(x, y, w, h, "Rounds per race", [r.rounds for r in results]),
        lambda x, y, w, h: histogram(x, y, w, h, "Damage per race (all dice)", [sum(r.damage) for r in results]),
        lambda x, y, w, h: bars(x, y, w, h, "Damage per race by cause", causes, percent=False),
        lambda x, y, w, h: bars(x, y, w, h, "Win rate by start position", starts, percent=True, fair=fair),
    ))


def bars(x: float, y: float, w: float, h: float, title: str, values: list[tuple[str, Interval]], percent: bool,
         fair: float | None = None) -> list[Item]:
    """One bar per (label, interval) with its whiskers, and a dashed line at `fair` when given."""
    items: list[Item] = [Text(x, y - 3, title, 3.6, "sans-bold")]
    if not values:
        return items
    highest = max(max(i.high for _, i in values), fair or 0.0, 1e-6)
    plot_x, plot_w = x + 10, w - 10
    axis, maximum = y_axis(plot_x, y, plot_w, h, highest, percent=percent)
    items.extend(axis)
    slot = plot_w / len(values)

    def at(value: float) -> float:
        return y + h - h * value / maximum

    for k, (label, interval) in enumerate(values):
        bx = plot_x + k * slot
        cx, bar_w = bx + slot / 2, min(slot * 0.55, 18.0)
        cap = bar_w * 0.25
        shown = f"{interval.value:.1%}" if percent else f"{interval.value:.2f}"
        parts: list[Item] = [
            Rect(cx - bar_w / 2, at(interval.value), bar_w, at(0) - at(interval.value), BAR),
            Line(cx, at(interval.low), cx, at(interval.high), WHISKER),
            Line(cx - cap, at(interval.low), cx + cap, at(interval.low), WHISKER),
            Line(cx - cap, at(interval.high), cx + cap, at(interval.high), WHISKER),
            Text(cx, y + h + LABEL * 1.3, label, LABEL, "sans-bold", "#222222", "middle"),
            Text(cx, y + h + LABEL * 2.5, shown, LABEL * 0.8, "sans", "#555555", "middle"),
        ]
        if fair is not None:
            parts.append(Line(bx + slot * 0.08, at(fair), bx + slot * 0.92, at(fair), FAIR))
        items.append(Group(tuple(parts), label="bar"))
    return items
