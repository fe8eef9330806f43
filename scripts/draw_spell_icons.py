"""Draw the icons of examples/spell-deck (original shapes, drawn with Pillow): `python scripts/draw_spell_icons.py`.

Each icon is drawn at 4x its size and scaled down, for smooth edges; transparent background, PNG.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 160
BIG = SIZE * 4
OUT = Path(__file__).resolve().parent.parent / "examples" / "spell-deck" / "icons"


def _poly(cx: float, cy: float, r: float, n: int, start: float = -90.0, inner: float | None = None) -> list:
    points = []
    for i in range(n * (2 if inner else 1)):
        a = math.radians(start + i * 360 / (n * (2 if inner else 1)))
        rr = r if not inner or i % 2 == 0 else inner
        points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return points


def flame(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    outer = [(0.50, 0.04), (0.66, 0.26), (0.80, 0.44), (0.86, 0.64), (0.78, 0.84), (0.60, 0.96), (0.40, 0.96),
             (0.22, 0.84), (0.14, 0.64), (0.22, 0.42), (0.34, 0.52), (0.36, 0.30)]
    d.polygon([(x * s, y * s) for x, y in outer], fill="#d9480f")
    inner = [(0.52, 0.40), (0.64, 0.58), (0.68, 0.74), (0.60, 0.88), (0.42, 0.88), (0.34, 0.74), (0.40, 0.60),
             (0.46, 0.64)]
    d.polygon([(x * s, y * s) for x, y in inner], fill="#ffc53d")


def drop(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    d.ellipse((0.18 * s, 0.38 * s, 0.82 * s, 0.96 * s), fill="#1c7ed6")
    d.polygon([(0.50 * s, 0.02 * s), (0.80 * s, 0.56 * s), (0.20 * s, 0.56 * s)], fill="#1c7ed6")
    d.ellipse((0.30 * s, 0.58 * s, 0.44 * s, 0.76 * s), fill="#a5d8ff")


def leaf(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    points = []
    for i in range(41):  # a pointed leaf: two arcs from the stem (bottom left) to the tip (top right)
        t = i / 40
        w = math.sin(math.pi * t) * 0.26
        points.append((0.12 + 0.76 * t - w * 0.7, 0.88 - 0.76 * t - w * 0.7))
    for i in range(41):
        t = 1 - i / 40
        w = math.sin(math.pi * t) * 0.26
        points.append((0.12 + 0.76 * t + w * 0.7, 0.88 - 0.76 * t + w * 0.7))
    d.polygon([(x * s, y * s) for x, y in points], fill="#2b8a3e")
    d.line([(0.06 * s, 0.94 * s), (0.74 * s, 0.26 * s)], fill="#d3f9d8", width=int(0.04 * s))


def heart(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    d.ellipse((0.06 * s, 0.12 * s, 0.54 * s, 0.58 * s), fill="#c92a2a")
    d.ellipse((0.46 * s, 0.12 * s, 0.94 * s, 0.58 * s), fill="#c92a2a")
    d.polygon([(0.09 * s, 0.44 * s), (0.91 * s, 0.44 * s), (0.50 * s, 0.94 * s)], fill="#c92a2a")


def sword(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    blade = [(0.80, 0.06), (0.94, 0.06), (0.94, 0.20), (0.42, 0.70), (0.30, 0.58)]
    d.polygon([(x * s, y * s) for x, y in blade], fill="#868e96")
    d.line([(0.20 * s, 0.52 * s), (0.48 * s, 0.80 * s)], fill="#5c3d1e", width=int(0.09 * s))
    d.line([(0.36 * s, 0.66 * s), (0.10 * s, 0.92 * s)], fill="#5c3d1e", width=int(0.10 * s))
    d.ellipse((0.02 * s, 0.84 * s, 0.16 * s, 0.98 * s), fill="#e8b923")


def shield(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    outline = [(0.50, 0.04), (0.90, 0.16), (0.86, 0.54), (0.50, 0.96), (0.14, 0.54), (0.10, 0.16)]
    d.polygon([(x * s, y * s) for x, y in outline], fill="#495057")
    inner = [(0.50, 0.14), (0.80, 0.23), (0.77, 0.52), (0.50, 0.84), (0.23, 0.52), (0.20, 0.23)]
    d.polygon([(x * s, y * s) for x, y in inner], fill="#adb5bd")


def mana(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    d.ellipse((0.02 * s, 0.02 * s, 0.98 * s, 0.98 * s), fill="#5f3dc4")
    d.polygon(_poly(0.5 * s, 0.5 * s, 0.40 * s, 4, inner=0.14 * s), fill="#e5dbff")


def card(d: ImageDraw.ImageDraw) -> None:
    s = BIG
    d.rounded_rectangle((0.26 * s, 0.04 * s, 0.90 * s, 0.86 * s), radius=0.08 * s, fill="#e9ecef", outline="#343a40",
                        width=int(0.05 * s))
    d.rounded_rectangle((0.10 * s, 0.14 * s, 0.74 * s, 0.96 * s), radius=0.08 * s, fill="#f8f9fa", outline="#343a40",
                        width=int(0.05 * s))


ICONS = {"fire": flame, "water": drop, "nature": leaf, "health": heart, "attack": sword, "shield": shield,
         "mana": mana, "draw": card}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in ICONS.items():
        image = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
        draw(ImageDraw.Draw(image))
        image.resize((SIZE, SIZE), Image.LANCZOS).save(OUT / f"{name}.png", optimize=True)


if __name__ == "__main__":
    main()
