"""The source stage: untrusted YAML files (and the images they name) read into plain data with a file:line:col
mark for every value. Named for what it reads, not "spec", which means the file and the model.

The names below are imported from `pnp.source.loader` on first use, so that importing a light module of this
package (`pnp.source.files`, the caps) does not load the YAML parser.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Limits", "Located", "load_yaml", "load_yaml_text"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        module = "pnp.source.located" if name == "Located" else "pnp.source.loader"
        return getattr(importlib.import_module(module), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
