"""Data files shipped inside the pnp package, read with importlib.resources so that an installed wheel works.

`pnp/data/layouts/`: paper sizes, card presets and named colours; `pnp/data/components/`: the gettext
catalogs of the texts printed on components. Each game's own data (rulebook sources and catalogs) is in
`pnp/games/<game>/data/`.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def resource_path(package: str, *parts: str) -> Path:
    """The file or folder `parts` shipped inside `package`, as a path on disk (pip installs pnp unpacked)."""
    found = files(package).joinpath(*parts)
    if not isinstance(found, Path):
        raise RuntimeError(f"pnp's data {'/'.join(parts)} is not a file on disk; install pnp with pip")
    return found
