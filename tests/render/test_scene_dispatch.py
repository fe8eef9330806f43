"""Every backend that walks a scene handles every kind of item: one it does not know is an error, never an item
silently left out of the print (the type checker refuses a new kind until each has its case)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from pnp.layout.cull import bounds
from pnp.layout.scene import Document, Page, Rect, Style
from pnp.render.pdf import render_pdf
from pnp.render.svg import render_svg_page


@dataclass(frozen=True)
class Star:
    """A kind of scene item no backend knows."""

    x: float = 5.0
    y: float = 5.0


def _page(item: Any) -> Page:
    return Page(20.0, 20.0, (Rect(0, 0, 10, 10, Style(fill="#ff0000")), item))


def test_the_pdf_drawer_refuses_an_item_it_cannot_draw() -> None:
    assert render_pdf(Document("ok", (_page(Rect(1, 1, 2, 2, Style())),))).startswith(b"%PDF-")
    with pytest.raises(AssertionError, match="Star"):
        render_pdf(Document("star", (_page(Star()),)))


def test_the_svg_drawer_refuses_an_item_it_cannot_draw() -> None:
    with pytest.raises(AssertionError, match="Star"):
        render_svg_page(_page(Star()), "star")


def test_the_culling_bounds_refuse_an_item_they_cannot_measure() -> None:
    with pytest.raises(AssertionError, match="Star"):
        bounds(Star())  # type: ignore[arg-type]
