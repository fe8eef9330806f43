"""Placed geometry: poses, outlines and spaces computed by hand for the default cards (63 x 88 mm,
3 spaces per lane, Turn A 45°, Turn B 90°, centre-line radius 88 mm; y down, headings clockwise)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.track.geometry import Point, Polygon, place_track
from pnp.games.nitro.track.textmap import sketch

HEAD = "game: nitro-dice\nrace: {laps: 2}\nplayers: 4\ngarage: {beside: 1}\nsections:\n"


def track(*sections: str, extra: str = "") -> str:
    return HEAD + "".join(f"  - {s}\n" for s in sections) + extra


def area(poly: Polygon) -> float:
    return abs(sum(a.x * b.y - b.x * a.y for a, b in zip(poly, (*poly[1:], poly[0]), strict=True))) / 2


def close(p: Point, x: float, y: float) -> bool:
    return math.isclose(p.x, x, abs_tol=1e-6) and math.isclose(p.y, y, abs_tol=1e-6)


def test_square_loop_returns_to_its_start_pose(build):
    spec = build(track("start_finish", "turn_b", "straight", "turn_b", "straight", "turn_b", "straight", "turn_b"))
    sections = place_track(spec).sections
    assert close(sections[-1].exit.point, 0, 0)
    assert sections[-1].exit.heading == pytest.approx(0)
    # the far side runs back the other way, a card length plus two turn radii up the page
    assert sections[4].entry.heading == pytest.approx(180)
    assert close(sections[4].entry.point, 88 + 88 - 88, -(88 + 88 + 88))


def test_left_turn_b_bends_up_the_page_by_its_radius(build):
    first, turn = place_track(build(track("start_finish", "turn_b"))).sections
    assert close(first.exit.point, 88, 0)
    assert close(turn.entry.point, 88, 0)
    assert close(turn.exit.point, 176, -88)
    assert turn.exit.heading == pytest.approx(-90)
    assert turn.heading == pytest.approx(-45)


def test_right_turn_a_bends_down_by_45_degrees(build):
    turn = place_track(build(track("start_finish", "{type: turn_a, direction: right}"))).sections[1]
    s = 88 * math.sqrt(0.5)
    assert close(turn.exit.point, 88 + s, 88 - s)
    assert turn.exit.heading == pytest.approx(45)
    assert turn.inside == "right"


def test_geometry_parameters_change_the_cards(build):
    extra = "geometry: {card_length: 100mm, turn_b_angle: 60, turn_radius: 2in}\n"
    first, turn = place_track(build(track("start_finish", "turn_b", extra=extra))).sections
    assert close(first.exit.point, 100, 0)
    r = 50.8
    assert close(turn.exit.point, 100 + r * math.sin(math.radians(60)), -(r - r * math.cos(math.radians(60))))
    assert turn.exit.heading == pytest.approx(-60)


def test_outlines_cover_the_card_and_the_ring_sector(build):
    straight, turn = place_track(build(track("start_finish", "turn_b"))).sections
    assert area(straight.outline) == pytest.approx(63 * 88)
    ring = math.pi * ((88 + 31.5) ** 2 - (88 - 31.5) ** 2) / 4
    assert area(turn.outline) == pytest.approx(ring, rel=0.01)
    assert sum(area(p) for p in turn.parts) == pytest.approx(ring, rel=0.02)


def test_straight_spaces_sit_in_two_lanes_of_three(build):
    spec = build(track("start_finish", "turn_b"))
    straight = place_track(spec).sections[0]
    inside = [s for s in straight.spaces if s.lane == "inside"]
    outside = [s for s in straight.spaces if s.lane == "outside"]
    assert [s.number for s in inside] == [1, 2, 3]
    # the track turns left, so the inside lane of a straight is its left (up the page) half
    for s, x in zip(inside, (88 / 6, 88 / 2, 5 * 88 / 6), strict=True):
        assert close(s.centre, x, -15.75)
    assert all(close(s.centre, s.centre.x, 15.75) for s in outside)
    assert all(area(s.outline) == pytest.approx(31.5 * 88 / 3) for s in straight.spaces)


def test_turn_spaces_follow_their_lane_radius(build):
    turn = place_track(build(track("start_finish", "turn_b"))).sections[1]
    centre = (88, -88)
    for s in turn.spaces:
        radius = math.hypot(s.centre.x - centre[0], s.centre.y - centre[1])
        assert radius == pytest.approx(88 - 15.75 if s.lane == "inside" else 88 + 15.75)
    assert len(turn.spaces) == 6


def test_garage_lies_beside_its_section_on_the_outside(build):
    geometry = place_track(build(track("start_finish", "turn_b")))
    garage = geometry.garage
    assert garage is not None and garage.side == "right"
    assert close(garage.centre, 44, 63)
    assert [s.number for s in garage.spaces] == [1, 2, 3]
    assert area(garage.outline) == pytest.approx(63 * 88)
    assert geometry.bounds[3] == pytest.approx(63 + 31.5)


def test_garage_side_can_be_chosen(build):
    text = track("start_finish", "turn_b").replace("{beside: 1}", "{beside: 1, side: left}")
    garage = place_track(build(text)).garage
    assert garage is not None and close(garage.centre, 44, -63)


def test_sketch_shows_cards_garage_and_crossings(build):
    lines = sketch(place_track(build(track("start_finish", "straight"))), cell=22)
    assert len({len(line) for line in lines}) == 1
    text = "\n".join(lines)
    assert "S" in text and "2" in text and "G" in text and "#" not in text
    stacked = track("start_finish", "turn_b", "turn_b", "turn_b", "turn_b", "straight")
    assert "#" in "\n".join(sketch(place_track(build(stacked))))


CARDS = {
    "straight": ("straight", 0),
    "turn_a": ("turn_a", 45),
    "turn_b": ("turn_b", 90),
    "right_a": ({"type": "turn_a", "direction": "right"}, -45),
    "right_b": ({"type": "turn_b", "direction": "right"}, -90),
}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(sorted(CARDS)), max_size=8))
def test_any_half_turning_180_degrees_laid_twice_closes(half):
    """Two copies of a run that turns 180° in total always make a closed loop (a half-turn twice)."""
    net = sum(CARDS[c][1] for c in half)
    half = [*half, *["turn_a"] * (((180 - net) % 360) // 45)]
    sections = ["start_finish", *(CARDS[c][0] for c in half), "straight", *(CARDS[c][0] for c in half)]
    spec = NitroTrack.model_validate(
        {"game": "nitro-dice", "race": {"laps": "2"}, "players": "4", "sections": sections}
    )
    end = place_track(spec).sections[-1].exit
    assert close(end.point, 0, 0)
    assert end.heading == pytest.approx(0, abs=1e-6)
