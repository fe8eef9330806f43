"""A chart of simulated MDD races on one page, drawn with scene primitives (no plotting library).

Input: the races' `RaceResult`s, their `Summary` and a title. Output: a scene `Page` (mm, y down) with
four panels: histograms of cars qualified per race, turns until qualifying ends and eliminations per
race (share of races, mean marked), and the win rate of each team as a bar with its confidence interval
beside a dashed fair-share line. Each team's bar is a group labelled "team-bar". Pure: same input, same page.
"""

from __future__ import annotations

from pnp.games.mdd.printed.draw_common import team_look
from pnp.games.mdd.race.simulate import RaceResult
from pnp.games.mdd.race.summary import Summary
from pnp.layout.chart import FAIR, LABEL, four_panel_page, histogram, y_axis
from pnp.layout.scene import Group, Item, Line, Page, Rect, Style, Text


def simulation_chart(title: str, summary: Summary, results: list[RaceResult]) -> Page:
    """The chart page: three histograms and the team win rates."""
    won = sum(t.wins for t in summary.teams)
    note = (
        f"Histograms: share of the {summary.games} races, red dashes at the mean. Win rates: share of the {won} "
        "races with a winner, whiskers at the 95% interval (widened for the number of teams), dashes at the fair "
        "share (the team's share of the cars)."
    )
    return four_panel_page(title, note, (
        lambda x, y, w, h: histogram(x, y, w, h, "Cars qualified per race", [r.qualified for r in results]),
        lambda x, y, w, h: histogram(x, y, w, h, "Turns until qualifying ends",
                                     [r.qualifying_turns for r in results]),
        lambda x, y, w, h: histogram(x, y, w, h, "Eliminations per race", [r.eliminations for r in results]),
        lambda x, y, w, h: team_bars(x, y, w, h, summary),
    ))


def team_bars(x: float, y: float, w: float, h: float, summary: Summary) -> list[Item]:
    """Each team's win rate (races with a winner) as a bar with its interval, and its fair share dashed."""
    teams = summary.teams
    items: list[Item] = [Text(x, y - 3, "Win rate by team", 3.6, "sans-bold")]
    if not teams:
        return items
    top = max(max(t.rate.high, t.fair) for t in teams)
    plot_x = x + 10
    plot_w = w - 10
    axis, maximum = y_axis(plot_x, y, plot_w, h, top, percent=True)
    items.extend(axis)
    slot = plot_w / len(teams)
    for i, team in enumerate(teams):
        fill, _, _ = team_look(team.name)
        bx = plot_x + i * slot
        cx = bx + slot / 2
        bar_w = min(slot * 0.55, 18.0)

        def at(value: float) -> float:
            return y + h - h * value / maximum

        rate = team.rate
        bar: list[Item] = [
            Rect(
                cx - bar_w / 2,
                at(rate.value),
                bar_w,
                at(0) - at(rate.value),
                Style(fill=fill, stroke="#000000", stroke_width=0.3),
            )
        ]
        cap = bar_w * 0.25
        whisker = Style(stroke="#000000", stroke_width=0.4)
        bar.append(Line(cx, at(rate.low), cx, at(rate.high), whisker))
        bar.append(Line(cx - cap, at(rate.low), cx + cap, at(rate.low), whisker))
        bar.append(Line(cx - cap, at(rate.high), cx + cap, at(rate.high), whisker))
        bar.append(Line(bx + slot * 0.08, at(team.fair), bx + slot * 0.92, at(team.fair), FAIR))
        bar.append(
            Text(cx, y + h + LABEL * 1.3, f"{team.name} {rate.value:.1%}", LABEL, "sans-bold", "#222222", "middle")
        )
        bar.append(
            Text(
                cx, y + h + LABEL * 2.5, f"{team.cars} cars, {team.wins} wins", LABEL * 0.8, "sans", "#555555", "middle"
            )
        )
        items.append(Group(tuple(bar), label="team-bar"))
    return items
