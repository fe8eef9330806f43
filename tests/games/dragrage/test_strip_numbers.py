"""The drag strip's space numbers stand clear of the finish line's checks (they touched on either side)."""

from __future__ import annotations

import pytest

from pnp.games.dragrage.printed.draw import space_width, strip
from pnp.layout.scene import Group, Rect, Text
from pnp.text.fonts import text_width_mm

CLEAR_MM = 1.5


@pytest.mark.parametrize(("lanes", "finish"), [(26, 22), (20, 16), (30, 24)])
def test_space_numbers_keep_clear_of_the_finish_line(lanes: int, finish: int) -> None:
    piece = strip(lanes, finish, space_width(lanes, None))
    (group,) = piece.front
    assert isinstance(group, Group)
    checks = [i for i in group.children if isinstance(i, Rect) and i.style.fill == "#000000"]
    left = min(c.x for c in checks)
    right = max(c.x + c.w for c in checks)
    for number in (str(finish), str(finish + 1)):
        texts = [i for i in group.children if isinstance(i, Text) and i.text == number]
        assert texts
        for text in texts:
            half = text_width_mm(text.text, text.font, text.size) / 2
            assert text.x + half <= left - CLEAR_MM or text.x - half >= right + CLEAR_MM, number
