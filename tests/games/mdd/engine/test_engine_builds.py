"""The two builds of the one MDD engine: engine.py and awards.py run as Python, or compiled by Cython.

`pip install` compiles them where a C compiler is (setup.py); `PNP_MDD_PURE=1` makes pnp load the Python
source even then (pnp/games/mdd/race/__init__.py), so that the engine tests run on both builds:

    pytest tests/games/mdd                     # the compiled build where one is built
    PNP_MDD_PURE=1 pytest tests/games/mdd      # the same tests on the pure-Python build
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from pnp.games.mdd.race import awards, engine

ROOT = Path(__file__).parents[4]
PURE = os.environ.get("PNP_MDD_PURE", "") not in ("", "0")


def c_compiler() -> str | None:
    """The C compiler setuptools would use, when it and the Python headers are here."""
    cc = (sysconfig.get_config_var("CC") or "").split()
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(cc[0]) if cc and headers.exists() else None


def _simulate(setup: str, pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PNP_MDD_PURE"} | ({"PNP_MDD_PURE": "1"} if pure else {})
    done = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "mdd", "simulate", setup, "--games", "60", "--seed", "4", "--format", "json"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_compiled_build_runs_where_a_c_compiler_is():
    """CI cannot lose the compiled engine silently: with a compiler, `pip install` must have built it (a
    checkout: `pip install -e .` builds it in place)."""
    if PURE:
        assert not engine.COMPILED and not awards.__file__.endswith(".so")
        pytest.skip("PNP_MDD_PURE is set: this run checks the pure-Python build")
    if c_compiler() is None:
        pytest.skip("no C compiler or Python headers here: the pure-Python build is the one that runs")
    assert engine.COMPILED, "a C compiler is here but the MDD engine is not compiled: pip install -e ."
    assert Path(awards.__file__).suffix != ".py", "the awards observer is not compiled: pip install -e ."


def test_pure_mode_loads_the_python_source_even_beside_a_compiled_build():
    program = "from pnp.games.mdd.race import awards, engine; print(engine.COMPILED, awards.__file__)"
    env = os.environ | {"PNP_MDD_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    compiled, path = done.stdout.split()
    assert compiled == "False" and path.endswith("awards.py")


@pytest.mark.parametrize("setup", ["examples/mdd-setups/v21-coords.yaml", "examples/mdd-setups/current-map.yaml"])
def test_both_builds_play_the_same_races(setup: str):
    """A compiled build made from an older engine.py (edited since `pip install -e .`) would fail here."""
    if not engine.COMPILED and not PURE:
        pytest.skip("only the pure-Python build is here")
    compiled, pure = _simulate(setup, pure=False), _simulate(setup, pure=True)
    assert compiled.pop("engine") == "compiled" and pure.pop("engine") == "pure Python"
    assert compiled == pure


def test_the_install_skips_the_compiled_build_cleanly_without_a_c_compiler(tmp_path: Path):
    """`CC=false`: the build step reports the failure and goes on; nothing compiled is produced."""
    pytest.importorskip("Cython")
    env = os.environ | {"CC": "false", "LDSHARED": "false"}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "tmp")],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert not list((tmp_path / "lib").rglob("*.so")) and not list((tmp_path / "lib").rglob("*.pyd"))
