"""The track map and the track cards at scene level: numbers, scale, fit, start grid, finish line, turn cards."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.printed.draw_cards import track_card
from pnp.games.nitro.printed.draw_map import HEADER, LEGEND, PAD, SCALES, full_size_drawing, map_piece
from pnp.games.nitro.printed.draw_road import View, finish_line
from pnp.games.nitro.race.drivers import DRIVERS
from pnp.games.nitro.race.engine import Race
from pnp.games.nitro.track.geometry import place_track
from pnp.games.nitro.track.grid import start_grid
from pnp.layout.scene import Ellipse, Group, Item, Polygon, Rect, Text
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).parents[3] / "examples" / "nitro-dice"
VALID = sorted(EXAMPLES.glob("*.yaml"))
PAGE_W, PAGE_H = 200.0, 275.0


def _track(path: Path):
    return PLUGIN.build(load_yaml(path))


def _walk(items: tuple[Item, ...] | list[Item]) -> Iterator[Item]:
    for item in items:
        if isinstance(item, Group):
            yield from _walk(item.children)
        else:
            yield item


def _track_group(items: tuple[Item, ...]) -> Group:
    return next(i for i in items if isinstance(i, Group) and i.label == "track")


def _points(item: Item) -> list[tuple[float, float]]:
    if isinstance(item, Polygon):
        return list(item.points)
    if isinstance(item, Rect):
        return [(item.x, item.y), (item.x + item.w, item.y + item.h)]
    if isinstance(item, Ellipse):
        return [(item.cx - item.rx, item.cy - item.ry), (item.cx + item.rx, item.cy + item.ry)]
    return []


def _contains(polygon: tuple[tuple[float, float], ...], point: tuple[float, float]) -> bool:
    """Even-odd ray test."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_map_numbers_every_card_once_and_shows_the_garage(path):
    track = _track(path)
    _, items = map_piece(track, place_track(track), PAGE_W, PAGE_H)
    badges = [t.text for t in _walk(_track_group(items).children) if isinstance(t, Text) and t.font == "sans-bold"]
    numbers = [b for b in badges if b.isdigit() and len(b) <= 3]
    # card numbers 1..n, plus the start-grid dice 1..players
    for n in range(1, len(track.sections) + 1):
        expected = 2 if n <= track.players else 1
        assert numbers.count(str(n)) == expected, (n, numbers)
    assert badges.count("G") == 1


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_map_fits_its_box_at_the_stated_round_scale(path):
    track = _track(path)
    geometry = place_track(track)
    fit, items = map_piece(track, geometry, PAGE_W, PAGE_H)
    group = _track_group(items)
    t = group.transform
    assert t.scale == pytest.approx(1 / fit.ratio)
    assert any(isinstance(i, Text) and i.text == f"Scale 1:{fit.ratio:g}" for i in items)
    for item in _walk(group.children):
        for x, y in _points(item):
            px, py = t.dx + x * t.scale, t.dy + y * t.scale
            assert -1e-6 <= px <= PAGE_W + 1e-6
            assert HEADER - 1e-6 <= py <= PAGE_H - LEGEND + 1e-6
    # the next larger round scale would not fit either way round
    x0, y0, x1, y1 = geometry.bounds
    larger = [n for n in SCALES if n < fit.ratio]
    if larger:
        n = larger[-1]
        w, h = x1 - x0 + 2 * PAD, y1 - y0 + 2 * PAD
        assert w / n > PAGE_W or h / n > PAGE_H - HEADER - LEGEND
        assert h / n > PAGE_W or w / n > PAGE_H - HEADER - LEGEND


def test_map_draws_cards_to_scale():
    track = _track(EXAMPLES / "two-lap-loop.yaml")
    geometry = place_track(track)
    fit, items = map_piece(track, geometry, PAGE_W, PAGE_H)
    group = _track_group(items)
    start = geometry.sections[0]
    road = next(i for i in group.children if isinstance(i, Polygon) and len(i.points) == len(start.outline))
    xs = [p[0] for p in road.points]
    ys = [p[1] for p in road.points]
    drawn = sorted([max(xs) - min(xs), max(ys) - min(ys)])
    real = sorted([track.geometry.card_width, track.geometry.card_length])
    assert [d * group.transform.scale for d in drawn] == pytest.approx([r / fit.ratio for r in real])


def test_full_size_track_is_one_to_one_and_turned_when_that_saves_sheets():
    track = _track(EXAMPLES / "two-lap-loop.yaml")
    geometry = place_track(track)
    x0, y0, x1, y1 = geometry.bounds
    assert x1 - x0 > y1 - y0
    w, h, items = full_size_drawing(track, geometry, PAGE_W, PAGE_H, 10.0)
    # 415 x 302 mm of track: 3 x 2 portrait sheets as laid out, 2 x 2 turned a quarter
    assert w < h
    road = next(i for i in _walk(items) if isinstance(i, Polygon) and len(i.points) == 4)
    sides = sorted({round(math.dist(a, b), 6) for a, b in zip(road.points, road.points[1:], strict=False)})
    assert sides == pytest.approx(sorted({track.geometry.card_width, track.geometry.card_length}))


def test_start_grid_fills_the_start_finish_card_from_the_front_inside_space(oval, build):
    track = build(oval)
    geometry = place_track(track)
    slots = start_grid(track, geometry)
    assert [s.position for s in slots] == [1, 2, 3, 4]
    assert all(s.section == 1 for s in slots)
    front = track.geometry.spaces_per_lane
    assert (slots[0].space.lane, slots[0].space.number) == ("inside", front)
    assert (slots[1].space.lane, slots[1].space.number) == ("outside", front)
    assert slots[2].space.number == front - 1


def test_a_staggered_grid_puts_one_die_per_row_alternating_lanes(oval, build):
    track = build(oval.replace("players: 4", "players: 5") + "play: {grid: staggered}\n")
    slots = start_grid(track, place_track(track))
    front = track.geometry.spaces_per_lane
    assert [(s.section, s.space.number, s.space.lane) for s in slots] == [
        (1, front, "inside"), (1, front - 1, "outside"), (1, front - 2, "inside"),
        (len(track.sections), front, "outside"), (len(track.sections), front - 1, "inside")]
    race = Race(track, [DRIVERS["racer"]] * 5, seed=1, order=range(5))
    assert len({race.pos[d] for d in range(5)}) == 5  # no two dice level: nobody is beside another


def test_a_small_start_card_sends_the_rest_of_the_grid_back_round_the_loop(oval, build):
    track = build(oval + "geometry: {spaces_per_lane: 1}\n")
    slots = start_grid(track, place_track(track))
    assert [s.section for s in slots] == [1, 1, len(track.sections), len(track.sections)]
    out = build(oval.replace("race: {laps: 2}", "race: {type: out-and-back}") + "geometry: {spaces_per_lane: 1}\n")
    assert len(start_grid(out, place_track(out))) == 2


@pytest.mark.parametrize(("race", "edge"), [("race: {laps: 2}", "entry"), ("race: {type: out-and-back}", "exit")])
def test_finish_line_lies_where_racers_finish(oval, build, race, edge):
    track = build(oval.replace("race: {laps: 2}", race))
    geometry = place_track(track)
    pose = getattr(geometry.sections[0], edge)
    points = [p for item in finish_line(track, geometry, View()) for p in _points(item)]
    reach = math.hypot(track.geometry.card_width / 2, 6.0) + 1e-6
    assert all(math.dist(p, (pose.x, pose.y)) <= reach for p in points)


@pytest.mark.parametrize("direction", ["left", "right"])
def test_turn_cards_show_the_whole_bend_within_the_card(oval, build, direction):
    track = build(oval.replace("  - turn_b\n", f"  - {{type: turn_b, direction: {direction}}}\n", 1))
    card = track_card(track, 5, ())
    (clipped,) = card.front
    assert isinstance(clipped, Group) and (clipped.clip.w, clipped.clip.h) == (card.width, card.height)
    road = next(i for i in clipped.children if isinstance(i, Group) and i.label == "road")
    t = road.transform
    outline = next(i for i in road.children if isinstance(i, Polygon) and i.style.fill is not None)
    points = [(t.dx + t.scale * x, t.dy + t.scale * y) for x, y in outline.points]
    # the whole bend, scaled down, lies on the card below its header
    assert all(2.9 <= x <= card.width - 2.9 and 14.9 <= y <= card.height - 2.9 for x, y in points)
    # the bend's outer edge swings up on the side away from the turn: its topmost point is on that side
    xs = [x for x, _ in points]
    top = min(points, key=lambda p: p[1])
    assert (top[0] > (min(xs) + max(xs)) / 2) == (direction == "left")
    for text in (i for i in _walk(clipped.children) if isinstance(i, Text)):
        assert 0 <= text.x <= card.width and 0 <= text.y <= card.height, text


def test_track_card_shows_its_hazard_on_the_named_lane_and_space(oval, build):
    hazard = "  - {type: straight, hazards: [{space: 1, lane: inside, kind: glass}]}\n"
    track = build(oval.replace("  - straight\n  - straight\n", "  - straight\n" + hazard))
    card = track_card(track, 7, ())
    label = next(i for i in _walk(card.front) if isinstance(i, Text) and i.text == "glass")
    # the oval turns left, so the inside lane is the left half; space 1 is nearest the entry (bottom)
    assert label.x < card.width / 2
    assert label.y > card.height * 2 / 3
