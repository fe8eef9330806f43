"""MDD races: the rules engine, the awards kept by watching it, simulation, summary and balance warnings.

setup.py compiles awards.py and engine.py where a C compiler is. With the environment variable
PNP_MDD_PURE=1 set, importing this package loads those two from their Python source even when the
compiled modules are there: the same rules, for running the engine tests on both builds.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from importlib.machinery import SourceFileLoader
from importlib.resources import files

COMPILED_MODULES = ("awards", "engine")
"""The modules setup.py compiles, in import order."""


def _load_source(name: str) -> None:
    """Import `name` of this package from its .py file, ahead of a compiled module of that name."""
    qualified = f"{__name__}.{name}"
    loader = SourceFileLoader(qualified, str(files(__name__).joinpath(f"{name}.py")))
    spec = importlib.util.spec_from_loader(qualified, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module
    loader.exec_module(module)


if os.environ.get("PNP_MDD_PURE", "") not in ("", "0"):
    for _name in COMPILED_MODULES:
        _load_source(_name)
