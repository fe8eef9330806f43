"""pnp used as a library leaves the process as it found it: the cycle collector's state and the recursion limit
it changes while it works are back when a call ends, after an error too, and when threads call it at once."""

from __future__ import annotations

import contextlib
import gc
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import click
import pytest

from pnp.cli import main
from pnp.diagnostics import SpecError
from pnp.pipeline import layout_document, load_spec, validate_spec
from pnp.render.pdf import render_pdf

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@contextlib.contextmanager
def _collector(enabled: bool) -> Iterator[None]:
    was = gc.isenabled()
    gc.enable() if enabled else gc.disable()
    try:
        yield
    finally:
        gc.enable() if was else gc.disable()


@pytest.mark.parametrize("enabled", [True, False])
def test_the_pipeline_called_as_a_library_leaves_the_collector_and_recursion_limit_as_found(enabled: bool,
                                                                                          tmp_path: Path) -> None:
    limit = sys.getrecursionlimit()
    with _collector(enabled):
        loaded = load_spec(EXAMPLES / "generic-deck" / "kit.yaml")
        assert not [d for d in validate_spec(loaded) if d.is_error]
        assert render_pdf(layout_document(loaded)[0]).startswith(b"%PDF-")
        assert (gc.isenabled(), sys.getrecursionlimit()) == (enabled, limit)
        bad = tmp_path / "bad.yaml"
        bad.write_text("kit: T\ncomponents: [1, 2\n", encoding="utf-8")
        with pytest.raises(SpecError):
            load_spec(bad)
        assert (gc.isenabled(), sys.getrecursionlimit()) == (enabled, limit)


def test_commands_run_from_eight_threads_at_once_leave_the_collector_enabled(tmp_path: Path) -> None:
    """Each command pauses the collector while it runs (one pause object per command, entered by every
    thread); good and bad specs alike, the collector is enabled again after the last one ends."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("kit: T\ncomponents: [1, 2\n", encoding="utf-8")
    specs = [EXAMPLES / "generic-deck" / "kit.yaml", EXAMPLES / "mdd-micro" / "kit.yaml", bad]
    limit = sys.getrecursionlimit()
    start = threading.Barrier(8)

    def validate(number: int) -> None:
        start.wait()
        for spec in specs[number % 3 :] + specs[: number % 3]:
            with contextlib.suppress(SystemExit, click.exceptions.Exit):
                main(["validate", "--format", "json", str(spec)], standalone_mode=False)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        with _collector(True), ThreadPoolExecutor(8) as pool:
            for done in [pool.submit(validate, number) for number in range(8)]:
                done.result()
            assert gc.isenabled()
    finally:
        sys.setswitchinterval(interval)
    assert sys.getrecursionlimit() == limit
