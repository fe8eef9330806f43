"""Every size cap, set from its command-line flag: a spec exactly at the cap passes, one unit over fails with
one located error naming the cap. The sizes are counted here from the spec itself, not taken from pnp."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pypdf
import pytest
import yaml
from PIL import Image

from tests.conftest import MINIMAL_KIT, KitFactory, PnpRunner
from tests.reliability.support import assert_clean, one_error, values


def levels(data: Any) -> int:
    """Nesting levels of plain data: a scalar is one level, a list or mapping adds one to its deepest value."""
    children = list(data.values()) if isinstance(data, dict) else data if isinstance(data, list) else None
    if children is None:
        return 1
    return 1 + max((levels(c) for c in children), default=0)


def passes(run_pnp: PnpRunner, *args: str | Path) -> None:
    result = run_pnp(*args)
    assert_clean(result)
    assert result.exit_code == 0, result.output


def test_max_bytes(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(MINIMAL_KIT)
    size = len(MINIMAL_KIT.encode("utf-8"))
    passes(run_pnp, "validate", path, "--max-bytes", size)
    error = one_error(run_pnp("validate", path, "--max-bytes", size - 1), path)
    assert (error.rule, error.message) == ("yaml.size", f"the file is over the {size - 1}-byte cap")


def test_max_depth(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(MINIMAL_KIT)
    depth = levels(yaml.safe_load(MINIMAL_KIT))
    passes(run_pnp, "validate", path, "--max-depth", depth)
    error = one_error(run_pnp("validate", path, "--max-depth", depth - 1), path)
    assert (error.rule, error.message) == ("yaml.depth", f"the spec nests too deep (more than {depth - 1} levels)")
    assert error.line == 8  # the deepest value: the text element's fields


def test_max_aliases(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    aliases = 5
    spec = MINIMAL_KIT.replace("      - name: One\n", "      - name: One\n        fill: &c '#ff0000'\n")
    spec += "".join(f"      - {{name: C{i}, fill: *c}}\n" for i in range(aliases))
    path = tmp_kit(spec)
    passes(run_pnp, "validate", path, "--max-aliases", aliases)
    error = one_error(run_pnp("validate", path, "--max-aliases", aliases - 1), path)
    assert (error.rule, error.line) == ("yaml.aliases", 9 + aliases)


def test_max_nodes(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    spec = MINIMAL_KIT + "      - &two {name: Two}\n" + "      - *two\n" * 3
    path = tmp_kit(spec)
    count = values(yaml.safe_load(spec))
    passes(run_pnp, "validate", path, "--max-nodes", count)
    error = one_error(run_pnp("validate", path, "--max-nodes", count - 1), path)
    assert error.rule == "yaml.size"
    assert f"more than {count - 1} values" in error.message


def test_max_string(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    name = "N" * 150
    path = tmp_kit(MINIMAL_KIT.replace("name: One", f"name: {name}"))
    passes(run_pnp, "validate", path, "--max-string", len(name))
    error = one_error(run_pnp("validate", path, "--max-string", len(name) - 1), path)
    assert (error.rule, error.line, error.column) == ("yaml.string", 6, 15)


def test_max_pieces(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    path = tmp_kit(MINIMAL_KIT.replace("      - name: One\n", "      - name: One\n        count: 7\n"))
    passes(run_pnp, "render", path, "-o", tmp_path / "ok", "--max-pieces", 7)
    result = run_pnp("render", path, "-o", tmp_path / "over", "--max-pieces", 6)
    error = one_error(result, path)
    assert (error.rule, error.message) == ("limits.pieces", "the kit has 7 pieces, over the cap of 6")
    assert not (tmp_path / "over").exists()


def test_max_pages(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    path = tmp_kit(MINIMAL_KIT.replace("      - name: One\n", "      - name: One\n        count: 20\n"))
    passes(run_pnp, "render", path, "-o", tmp_path / "full")
    pages = len(pypdf.PdfReader(next((tmp_path / "full").glob("*.pdf"))).pages)
    assert pages > 1
    passes(run_pnp, "render", path, "-o", tmp_path / "ok", "--max-pages", pages)
    error = one_error(run_pnp("render", path, "-o", tmp_path / "over", "--max-pages", pages - 1), path)
    assert (error.rule, error.message) == ("limits.pages", f"the kit needs {pages} pages, over the cap of {pages - 1}")
    assert not (tmp_path / "over").exists()


def test_max_pixels(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (12, 10), "red").save(buffer, format="PNG")
    spec = MINIMAL_KIT + "          - {type: image, src: a.png, width: 10mm, height: 10mm}\n"
    path = tmp_kit(spec, {"a.png": buffer.getvalue()})
    passes(run_pnp, "render", path, "-o", tmp_path / "ok", "--max-pixels", 120)
    error = one_error(run_pnp("render", path, "-o", tmp_path / "over", "--max-pixels", 119), path)
    assert (error.rule, error.line) == ("spec.image", 9)
    assert "12 x 10 pixels, over the cap of 119 pixels" in error.message


def test_max_image_bytes(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (12, 10), "red").save(buffer, format="PNG")
    size = len(buffer.getvalue())
    spec = MINIMAL_KIT + "          - {type: image, src: a.png, width: 10mm, height: 10mm}\n"
    path = tmp_kit(spec, {"a.png": buffer.getvalue()})
    passes(run_pnp, "render", path, "-o", tmp_path / "ok", "--max-image-bytes", size)
    error = one_error(run_pnp("render", path, "-o", tmp_path / "over", "--max-image-bytes", size - 1), path)
    assert (error.rule, error.line) == ("spec.image", 9)
    assert f"'a.png' is {size:,} bytes, over the cap of {size - 1:,} bytes" in error.message
    assert not (tmp_path / "over").exists()


@pytest.mark.parametrize(
    "flag",
    ["--max-bytes", "--max-depth", "--max-nodes", "--max-string", "--max-pixels", "--max-pages", "--max-image-bytes"],
)
@pytest.mark.parametrize("value", ["0", "-1", "lots"])
def test_bad_limit_values_are_usage_errors(tmp_kit: KitFactory, run_pnp: PnpRunner, flag: str, value: str) -> None:
    result = run_pnp("render", tmp_kit(), flag, value)
    assert result.exit_code == 2
    assert f"Invalid value for '{flag}'" in result.stderr
