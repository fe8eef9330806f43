"""Where a piece's back goes on the back of its sheet: the page mirrored as the printer flips it (long or short
edge), the printer's measured offset added."""

from __future__ import annotations

from pnp.layout.paper import Paper


def mirrors_x(paper: Paper, duplex: str) -> bool:
    """True when backs mirror left-right (flip over a vertical edge), False when they mirror top-bottom."""
    return (duplex == "long-edge") != paper.landscape


def back_position(paper: Paper, x: float, y: float, w: float, h: float, duplex: str,
                  offset: tuple[float, float]) -> tuple[float, float]:
    """Where the back of a piece whose front trim is at (x, y, w, h) goes on the back page.

    Long-edge flip mirrors across the page's long edge, short-edge flip across its short edge; content stays
    upright. The printer offset (measured with `pnp calibrate`) is added last.
    """
    if mirrors_x(paper, duplex):
        bx, by = paper.width - x - w, y
    else:
        bx, by = x, paper.height - y - h
    return bx + offset[0], by + offset[1]
