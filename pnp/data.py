"""Data files shipped with pnp (paper sizes, card presets, named colours) from the `layouts/` folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pnp.spec.loader import trusted_yaml

LAYOUTS_DIR = Path(__file__).resolve().parent.parent / "layouts"


@cache
def layout_data(name: str) -> dict[str, Any]:
    """The mapping in `layouts/<name>.yaml` (trusted project data, loaded safely)."""
    data: dict[str, Any] = trusted_yaml(LAYOUTS_DIR / f"{name}.yaml")
    return data
