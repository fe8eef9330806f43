"""Write pnp's own CMYK output profile, `pnp/data/icc/pnp-cmyk.icc` (ICC v2, printer class, CMYK to Lab).

No freely redistributable CMYK profile is packaged by the usual sources (Debian's icc-profiles-free and
colord-data hold RGB and grey profiles only; ghostscript's CMYK profiles are AGPL), so pnp builds its own
from a model of four process inks on coated paper, and the profile is part of pnp (MIT, see
pnp/data/icc/LICENSE). It is a generic separation for proofs and print-on-demand shops that convert
anyway; a shop's own profile (`press: {profile: shop.icc}`) is always the better choice.

The model: each ink multiplies the paper's linear red, green and blue reflectance by its own factor at full
coverage, dots grow by a mid-tone gain; black is generated from the grey part of a colour (GCR) and the
total ink stays at or under 300 %. A2B0 (CMYK to Lab, 9 points a side) is the model itself; B2A0 (Lab to
CMYK, 25 points a side) its inverse found by Gauss-Newton steps. Paper white is the PCS white, so relative
and absolute colorimetric agree. Run: python scripts/make_cmyk_profile.py (deterministic bytes).
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "pnp" / "data" / "icc" / "pnp-cmyk.icc"
D50 = np.array([0.9642, 1.0, 0.8249])
SRGB_D50 = np.array([[0.4360747, 0.3850649, 0.1430804],
                     [0.2225045, 0.7168786, 0.0606169],
                     [0.0139322, 0.0971045, 0.7141733]])
INKS = np.array([[0.13, 0.58, 0.90],   # cyan: what it leaves of the paper's red, green, blue at 100 %
                 [0.88, 0.12, 0.50],   # magenta
                 [0.96, 0.86, 0.09],   # yellow
                 [0.02, 0.02, 0.02]])  # black
GAIN = 0.12
"""Mid-tone dot gain: a 50 % dot covers 50 % + GAIN x 50 % x 2 of the paper."""
LIMIT = 3.0
"""Most total ink (300 %)."""


def coverage(t: np.ndarray) -> np.ndarray:
    return t + 2 * GAIN * t * (1 - t)


def reflectance(cmyk: np.ndarray) -> np.ndarray:
    """Linear RGB reflectance (paper = 1) of (..., 4) ink amounts."""
    a = coverage(np.clip(cmyk, 0, 1))[..., :, None]
    return np.prod(1 - a * (1 - INKS), axis=-2)


def lab_of_rgb(rgb: np.ndarray) -> np.ndarray:
    xyz = rgb @ SRGB_D50.T / D50
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def rgb_of_lab(lab: np.ndarray) -> np.ndarray:
    fy = (lab[..., 0] + 16) / 116
    f = np.stack([fy + lab[..., 1] / 500, fy, fy - lab[..., 2] / 200], -1)
    xyz = np.where(f > 6 / 29, f**3, 3 * (6 / 29) ** 2 * (f - 4 / 29)) * D50
    return xyz @ np.linalg.inv(SRGB_D50).T


def separate(lab: np.ndarray) -> np.ndarray:
    """CMYK for (n, 3) Lab: black from the grey part, then the cyan, magenta and yellow nearest in log
    reflectance (each ink multiplies it, so the log adds up): the best of a 21-level grid, refined by damped
    Newton steps, then kept to the ink limit."""
    target = np.clip(rgb_of_lab(lab), 1e-4, 1.0)
    grey = 1 - np.cbrt(target.max(axis=-1))
    k = np.clip((grey - 0.2) / 0.8, 0, 1) ** 1.1 * 0.98
    want = np.log(target) - np.log(reflectance(np.stack([0 * k, 0 * k, 0 * k, k], -1)))
    levels = np.linspace(0, 1, 21)
    grid = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), -1).reshape(-1, 3)
    logs = np.log(reflectance(np.concatenate([grid, np.zeros((len(grid), 1))], -1)))
    cmy = np.empty_like(want)
    for start in range(0, len(want), 256):
        chunk = want[start:start + 256]
        error = ((logs[None, :, :] - chunk[:, None, :]) ** 2).sum(-1)
        cmy[start:start + 256] = grid[error.argmin(-1)]
    for _ in range(20):
        base = np.log(reflectance(np.concatenate([cmy, np.zeros((len(cmy), 1))], -1)))
        jac = np.empty((len(cmy), 3, 3))
        for i in range(3):
            step = cmy.copy()
            step[:, i] += 1e-4
            jac[:, :, i] = (np.log(reflectance(np.concatenate([step, np.zeros((len(cmy), 1))], -1))) - base) / 1e-4
        delta = np.linalg.solve(jac - np.eye(3) * 0.05, (want - base)[..., None])[..., 0]
        cmy = np.clip(cmy + 0.5 * np.clip(delta, -0.1, 0.1), 0, 1)
    total = cmy.sum(-1) + k
    over = total > LIMIT
    cmy[over] *= ((LIMIT - k[over]) / cmy[over].sum(-1))[..., None]
    return np.concatenate([cmy, k[..., None]], -1)


def u16(values: np.ndarray) -> bytes:
    return np.clip(np.round(values), 0, 65535).astype(">u2").tobytes()


def s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def mft2(inputs: int, outputs: int, points: int, clut: np.ndarray) -> bytes:
    ramp = u16(np.linspace(0, 65535, 256))
    head = b"mft2" + bytes(4) + bytes([inputs, outputs, points, 0])
    matrix = b"".join(s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    return head + matrix + struct.pack(">HH", 256, 256) + ramp * inputs + u16(clut) + ramp * outputs


def lab_encoded(lab: np.ndarray) -> np.ndarray:
    """Legacy 16-bit PCS Lab: L 0..100 as 0..0xFF00, a and b -128..128 as 0..0x10000."""
    return np.stack([lab[..., 0] * 65280 / 100, (lab[..., 1] + 128) * 256, (lab[..., 2] + 128) * 256], -1)


def a2b0() -> bytes:
    n = 9
    axis = np.linspace(0, 1, n)
    grid = np.stack(np.meshgrid(axis, axis, axis, axis, indexing="ij"), -1).reshape(-1, 4)
    return mft2(4, 3, n, lab_encoded(lab_of_rgb(reflectance(grid))))


def b2a0() -> bytes:
    n = 25
    v = np.linspace(0, 65535, n)
    grid = np.stack(np.meshgrid(v, v, v, indexing="ij"), -1).reshape(-1, 3)
    lab = np.stack([grid[:, 0] * 100 / 65280, grid[:, 1] / 256 - 128, grid[:, 2] / 256 - 128], -1)
    return mft2(3, 4, n, separate(lab) * 65535)


def desc(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_ + bytes(8) + bytes(3) + bytes(67)


def profile() -> bytes:
    tags = [
        (b"desc", desc("pnp generic CMYK (coated, 300% ink)")),
        (b"cprt", b"text" + bytes(4) + b"Made by pnp, MIT licence: free to use, copy and redistribute\0"),
        (b"wtpt", b"XYZ " + bytes(4) + b"".join(s15(v) for v in D50)),
        (b"A2B0", a2b0()),
        (b"B2A0", b2a0()),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, body = [], b""
    for sig, data in tags:
        table.append(struct.pack(">4sII", sig, offset + len(body), len(data)))
        body += data + bytes(-len(data) % 4)
    size = offset + len(body)
    header = (struct.pack(">I", size) + b"lcms" + bytes([2, 0x10, 0, 0]) + b"prtrCMYKLab "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + bytes(4) + bytes(4) + bytes(8) + bytes(8)
              + struct.pack(">I", 1) + b"".join(s15(v) for v in D50) + b"pnp " + bytes(44))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + b"".join(table) + body


if __name__ == "__main__":
    OUT.write_bytes(profile())
    print(OUT, OUT.stat().st_size, "bytes")
