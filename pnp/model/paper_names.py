"""How a spec names a paper of its own size (`320x450mm`): written by the model, read back by the layout."""

from __future__ import annotations

import re

CUSTOM = re.compile(r"^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)mm$")
"""The name of a paper a spec sizes itself (`sheets.paper: {width: 320mm, height: 450mm}` is `320x450mm`)."""


def custom_paper(width: float, height: float) -> str:
    """The name of a paper of `width` x `height` mm, which `get_paper` reads back (its portrait has the shorter
    side across, like every paper's)."""
    return f"{round(width, 2):g}x{round(height, 2):g}mm"
