"""The layout tables shipped in `pnp/data/layouts/` (paper sizes, card presets, named colours), read once each."""

from __future__ import annotations

from functools import cache
from typing import Any

from pnp.data import resource_path


@cache
def layout_data(name: str) -> dict[str, Any]:
    """The mapping in `pnp/data/layouts/<name>.yaml` (trusted project data, loaded safely)."""
    from pnp.source.loader import trusted_yaml  # the YAML parser, only when a table is first read

    data: dict[str, Any] = trusted_yaml(resource_path("pnp.data", "layouts", f"{name}.yaml"))
    return data
