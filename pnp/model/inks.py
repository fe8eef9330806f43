"""A normalised colour's inks: `cmyk(c,m,y,k)` read back, its total ink, and the `#rrggbb` screens show for it."""

from __future__ import annotations


def cmyk_of(colour: str) -> tuple[float, float, float, float] | None:
    """The ink amounts (0..1) of a normalised `cmyk(...)` colour, None for an RGB one."""
    if not colour.startswith("cmyk("):
        return None
    c, m, y, k = (float(v) / 100 for v in colour[5:-1].split(","))
    return c, m, y, k


def total_ink(colour: str) -> float:
    """The total ink of a normalised `cmyk(...)` colour in percent (0 for an RGB one)."""
    inks = cmyk_of(colour)
    return 0.0 if inks is None else round(sum(inks) * 100, 3)


def rgb_hex(colour: str) -> str:
    """`#rrggbb` of a normalised colour: itself, or a `cmyk(...)` by the naive conversion screens use."""
    inks = cmyk_of(colour)
    if inks is None:
        return colour
    c, m, y, k = inks
    return "#" + "".join(f"{round(255 * (1 - min(1.0, v + k))):02x}" for v in (c, m, y))
