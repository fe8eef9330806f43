"""The image deck's floor: the least a program can do to put the PNG faces on the sheets of `run.py`'s image workload.

Each PNG is read once and its compressed data (the IDAT chunks) copied into the PDF as it is, FlateDecode with
the PNG predictor parameters, as img2pdf does; nothing is inflated, checked or hashed. The sheets are those of
`run.py`'s plain script: 3 x 3 faces per A4 sheet with crop marks, then a sheet of backs (one shared back
image), mirrored, and a footer in a standard font. Content streams are deflated (no ASCII85), as pnp's and the
plain script's are. Standard library only, written by hand (no PDF library is loaded).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

MM = 72 / 25.4


def png_image(path: Path) -> tuple[bytes, bytes]:
    """The image XObject dictionary and stream of an 8-bit, non-interlaced RGB or grey PNG: its IDAT copied."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    at, idat, header = 8, [], b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat.append(body)
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (0, 2) or interlace:
        raise ValueError(f"{path}: the floor copies 8-bit grey or RGB PNGs only")
    colours = 3 if colour == 2 else 1
    stream = b"".join(idat)
    space = "/DeviceRGB" if colours == 3 else "/DeviceGray"
    head = (f"<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace {space} "
            f"/BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors {colours} "
            f"/BitsPerComponent 8 /Columns {width} >> /Length {len(stream)} >>").encode()
    return head, stream


def floor_deck(count: int, faces: list[Path], back: Path, out: Path, geometry: dict[str, float]) -> None:
    """Write the image deck of `count` faces to `out`: `geometry` holds the page, card and grid sizes in mm
    (PAGE_W, PAGE_H, CARD_W, CARD_H, GRID_X, GRID_Y, COLS)."""
    g = geometry
    cols, per_sheet = int(g["COLS"]), int(g["COLS"]) ** 2
    sheets = -(-count // per_sheet)
    objects: list[bytes] = []  # object n + 1 at index n; 1 catalog, 2 pages, 3 font, 4 back image

    def add(head: bytes, stream: bytes | None = None) -> int:
        objects.append(head if stream is None else head + b"\nstream\n" + stream + b"\nendstream")
        return len(objects)

    add(b"<< /Type /Catalog /Pages 2 0 R >>")
    add(b"")  # the page tree, filled in at the end
    add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>")
    add(*png_image(back))
    kids: list[int] = []
    for s in range(sheets):
        ids = list(range(s * per_sheet, min(count, (s + 1) * per_sheet)))
        slots = [(g["GRID_X"] + (k % cols) * g["CARD_W"], g["GRID_Y"] + (k // cols) * g["CARD_H"])
                 for k in range(len(ids))]
        names = {i: add(*png_image(faces[i])) for i in ids}
        ops = [_draw(f"F{i}", x, g["PAGE_H"] - y - g["CARD_H"], g) for i, (x, y) in zip(ids, slots, strict=True)]
        ops += [*_crop_marks(len(ids), g), _footer(f"Benchmark sheet {2 * s + 1} of {2 * sheets}", g)]
        kids.append(_page(add, ops, {f"F{i}": n for i, n in names.items()}, g))
        ops = [_draw("B", g["PAGE_W"] - x - g["CARD_W"], g["PAGE_H"] - y - g["CARD_H"], g) for x, y in slots]
        ops.append(_footer(f"Benchmark sheet {2 * s + 2} of {2 * sheets} backs", g))
        kids.append(_page(add, ops, {"B": 4}, g))
    objects[1] = (f"<< /Type /Pages /Count {len(kids)} /Kids [" + " ".join(f"{k} 0 R" for k in kids)
                  + "] >>").encode()
    _write(out, objects)


def _draw(name: str, x: float, y: float, g: dict[str, float]) -> str:
    return f"q {g['CARD_W'] * MM:.3f} 0 0 {g['CARD_H'] * MM:.3f} {x * MM:.3f} {y * MM:.3f} cm /{name} Do Q"


def _crop_marks(n: int, g: dict[str, float]) -> list[str]:
    cols = int(g["COLS"])
    rows = -(-n // cols)
    xs = [g["GRID_X"] + k * g["CARD_W"] for k in range(cols + 1)]
    ys = [g["GRID_Y"] + k * g["CARD_H"] for k in range(rows + 1)]
    top, bottom, left, right, h = ys[0], ys[-1], xs[0], xs[-1], g["PAGE_H"]
    lines = [(x, h - top + 1, x, h - top + 5) for x in xs] + [(x, h - bottom - 1, x, h - bottom - 5) for x in xs]
    lines += [(left - 5, h - y, left - 1, h - y) for y in ys] + [(right + 1, h - y, right + 5, h - y) for y in ys]
    return [f"0 G {0.2 * MM:.3f} w"] + [f"{a * MM:.3f} {b * MM:.3f} m {c * MM:.3f} {d * MM:.3f} l S"
                                        for a, b, c, d in lines]


def _footer(text: str, g: dict[str, float]) -> str:
    size = 2.4 * MM
    return f"BT 0 g /H {size:.3f} Tf {(g['PAGE_W'] - 45) * MM:.3f} {8 * MM:.3f} Td ({text}) Tj ET"


def _page(add: Callable[..., int], ops: list[str], images: dict[str, int], g: dict[str, float]) -> int:
    """Add a page of `ops` (its content stream deflated) drawing `images` (name: object number); its number."""
    content = zlib.compress("\n".join(ops).encode(), 6)
    stream = add(f"<< /Length {len(content)} /Filter /FlateDecode >>".encode(), content)
    xobjects = " ".join(f"/{name} {n} 0 R" for name, n in images.items())
    return add((f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {g['PAGE_W'] * MM:.3f} {g['PAGE_H'] * MM:.3f}] "
                     f"/Resources << /Font << /H 3 0 R >> /XObject << {xobjects} >> >> /Contents {stream} 0 R >>"
                     ).encode())


def _write(out: Path, objects: list[bytes]) -> None:
    with out.open("wb") as handle:
        handle.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for n, body in enumerate(objects, start=1):
            offsets.append(handle.tell())
            handle.write(f"{n} 0 obj\n".encode() + body + b"\nendobj\n")
        start = handle.tell()
        handle.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
        handle.write(b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets))
        handle.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{start}\n%%EOF\n".encode())
