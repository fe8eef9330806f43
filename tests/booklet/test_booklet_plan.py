"""Saddle-stitch page order: which page goes where on which sheet, for 8, 12 and 13 pages."""

from __future__ import annotations

import pytest

from pnp.booklet.imposition import booklet_plan, padded_page_count


def _sides(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page of every sheet side, in printing order."""
    plan = booklet_plan(pages)
    return [(plan[i].page, plan[i + 1].page) for i in range(0, len(plan), 2)]


def test_eight_pages_fold_into_two_sheets():
    # sheet 1 front: back cover and cover; sheet 1 back: 2 and 7; sheet 2: 6|3 then 4|5 (centre spread)
    assert _sides(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_twelve_pages_fold_into_three_sheets():
    assert _sides(12) == [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]


def test_thirteen_pages_are_padded_with_three_blank_pages_at_the_end():
    assert padded_page_count(13) == 16
    assert _sides(13) == [
        (None, 1),
        (2, None),
        (None, 3),
        (4, 13),
        (12, 5),
        (6, 11),
        (10, 7),
        (8, 9),
    ]


def test_sides_are_labelled_front_then_back_left_then_right():
    plan = booklet_plan(4)
    assert [(s.sheet, s.side, s.position) for s in plan] == [
        (1, "front", "left"),
        (1, "front", "right"),
        (1, "back", "left"),
        (1, "back", "right"),
    ]


@pytest.mark.parametrize("pages", [1, 2, 3, 4, 5, 9, 17, 31])
def test_every_page_is_printed_once(pages):
    plan = booklet_plan(pages)
    assert len(plan) == padded_page_count(pages)
    assert sorted(slot.page for slot in plan if slot.page is not None) == list(range(1, pages + 1))


@pytest.mark.parametrize("pages", [4, 16, 32])
def test_each_side_is_a_spread_of_the_folded_booklet(pages):
    plan = booklet_plan(pages)
    for left, right in zip(plan[::2], plan[1::2], strict=True):
        assert left.page is not None and right.page is not None
        assert left.page + right.page == pages + 1
