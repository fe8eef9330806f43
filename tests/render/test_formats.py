"""The output formats' table and the one build every format reads: `pnp render` makes the print job and the
pages once, whatever formats it writes, and its `--format` option is made from the table."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import pnp.pipeline
import pnp.render.outputs
from pnp.cli import main
from pnp.pipeline import Build
from pnp.render.formats import FORMAT_NAMES, FORMATS, writer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MICRO = EXAMPLES / "mdd-micro" / "kit.yaml"


def _counted(monkeypatch: pytest.MonkeyPatch, calls: Counter[str], module: Any, name: str) -> None:
    real = getattr(module, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)


def test_a_render_of_every_format_and_the_rulebook_builds_the_job_and_the_pages_once(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: Counter[str] = Counter()
    for name in ("load_spec", "print_job", "plan_sheets", "compose_pages"):
        _counted(monkeypatch, calls, pnp.pipeline, name)
    for name in ("render_pdf", "write_pdf"):  # the sheets' PDF, which the PNG previews are made from
        _counted(monkeypatch, calls, pnp.render.outputs, name)
    result = CliRunner().invoke(main, ["render", str(MICRO), "-o", str(tmp_path), "--format", ",".join(FORMAT_NAMES),
                                       "--dpi", "36", "--rulebook", "pages"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert calls == {"load_spec": 1, "print_job": 1, "plan_sheets": 1, "compose_pages": 1, "render_pdf": 1}
    written = {p.name for p in tmp_path.iterdir()}
    stem = "mini-demolition-derby-micro-edition"
    for part in ("a4.pdf", "a4-p01.svg", "a4-p01.png", "a4-rules.pdf", "proof.pdf"):
        assert f"{stem}-{part}" in written, part
    assert any(n.startswith(f"{stem}-tts-") for n in written) and any(n.startswith(f"{stem}-cards-") for n in written)


def test_a_build_makes_each_step_once_and_shares_the_loaded_spec_across_papers() -> None:
    build = Build(MICRO)
    assert build.job is build.job and build.plan is build.plan and build.document is build.document
    letter = build.on_paper("letter")
    assert letter.loaded is build.loaded and letter.plan.paper.name == "letter" != build.plan.paper.name
    assert build.shared("x", lambda: [1]) is build.shared("x", lambda: [2])


def test_the_format_option_lists_every_format_of_the_table_with_its_help() -> None:
    shown = " ".join(CliRunner().invoke(main, ["render", "--help"]).stdout.split())
    for fmt in FORMATS:
        assert f"{fmt.name} ({fmt.help})" in shown, fmt.name
    refused = CliRunner().invoke(main, ["render", str(MICRO), "--format", "pdf,poster"])
    assert refused.exit_code == 2 and f"use a comma-separated list of {', '.join(FORMAT_NAMES)}" in refused.stderr


def test_the_dpi_usage_error_names_the_formats_the_table_gives_a_resolution() -> None:
    refused = CliRunner().invoke(main, ["render", str(MICRO), "--format", "pdf,proof", "--dpi", "200"])
    dpi_formats = " and ".join(f.name for f in FORMATS if f.dpi)
    assert refused.exit_code == 2 and f"--dpi sets the resolution of --format {dpi_formats}" in refused.stderr


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.name)
def test_every_format_names_a_writer_that_exists(fmt: Any) -> None:
    assert callable(writer(fmt.writer))
