"""Everything pnp reads at run time ships inside the package: the built wheel holds every data file of `pnp/`
(and, where a C compiler is, the compiled MDD engine), and no module finds its data through paths computed from
`__file__` (which break in an installed wheel).
"""

from __future__ import annotations

import importlib.machinery
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pnp"
COMPILED = (".c", ".h", *importlib.machinery.EXTENSION_SUFFIXES)
"""The C sources of extension modules, and the modules built from them: not data pnp reads."""


def _data_files() -> set[str]:
    """Every file of the source package that is not Python code, as a wheel member name."""
    return {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".py", ".pyc")
        and not path.name.endswith(COMPILED)
    }


@pytest.fixture(scope="module")
def wheel_members(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The file list of the wheel CI built (`PNP_WHEEL`, see .ci/run), else of one built here from a copy of the
    sources (the checkout stays untouched)."""
    given = os.environ.get("PNP_WHEEL")
    if given:
        with zipfile.ZipFile(given) as archive:
            return set(archive.namelist())
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(PACKAGE, source / "pnp", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"), str(source)],
        capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = (work / "dist").glob("pnp-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_wheel_holds_every_data_file_of_the_package(wheel_members: set[str]):
    data = _data_files()
    assert {"pnp/data/layouts/papers.yaml", "pnp/data/components/it.po", "pnp/fonts/DejaVuSans.ttf",
            "pnp/fonts/LICENSE-DejaVu.txt", "pnp/games/mdd/data/rulebook/rules-v2.1.md"} <= data
    assert sorted(data - wheel_members) == []


def test_wheel_holds_every_module(wheel_members: set[str]):
    modules = {p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    assert sorted(modules - wheel_members) == []


def test_wheel_holds_the_compiled_mdd_engine_where_a_c_compiler_is(wheel_members: set[str]):
    """setup.py compiles pnp/games/mdd/race/engine.py and awards.py into the wheel (optional only where nothing
    compiles), beside their Python source."""
    from tests.games.mdd.engine.test_engine_builds import c_compiler

    if c_compiler() is None:
        pytest.skip("no C compiler or Python headers here: the wheel holds the pure-Python build only")
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name in ("engine", "awards"):
        stem = f"pnp/games/mdd/race/{name}."
        built = [member for member in wheel_members if member.startswith(stem) and member.endswith(suffixes)]
        assert len(built) == 1 and f"{stem}py" in wheel_members, sorted(wheel_members)


def test_no_module_finds_data_from_its_own_file_path():
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"__file__", line)
    ]
    assert offenders == [], "read package data with importlib.resources (pnp.data.resource_path)"
