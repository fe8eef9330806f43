"""Data files shipped with pnp (paper sizes, card presets, named colours) from the `layouts/` folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

LAYOUTS_DIR = Path(__file__).resolve().parent.parent / "layouts"


@cache
def layout_data(name: str) -> dict[str, Any]:
    """The mapping in `layouts/<name>.yaml` (trusted project data, loaded safely)."""
    with (LAYOUTS_DIR / f"{name}.yaml").open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data
