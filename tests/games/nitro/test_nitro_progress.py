"""`pnp nitro simulate` shows the races done on a terminal's stderr, only for a run that lasts over 2 s."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from pnp.sim.progress import TTY_DELAY as PROGRESS_AFTER
from pnp.sim.progress import LateProgress

ROOT = Path(__file__).parents[3]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run(stream: io.StringIO, times: list[float], updates: list[int]) -> str:
    clock = iter(times)
    with LateProgress(sum(updates), "racing", stream, lambda: next(clock)) as progress:
        for n in updates:
            progress.update(n)
    return stream.getvalue()


def test_a_long_run_on_a_terminal_counts_its_races_then_clears_the_line():
    shown = _run(Terminal(), [0.0, 1.0, PROGRESS_AFTER + 0.5, 4.0], [250, 250, 500])
    assert "racing 250" not in shown  # the first second stays quiet
    assert "\rracing 500 of 1,000 (50%, 2 s)" in shown and "racing 1,000 of 1,000 (100%, 4 s)" in shown
    assert shown.endswith("\r") and shown.rsplit("\r", 2)[-2].strip() == ""


def test_a_short_run_or_a_file_shows_nothing():
    assert _run(Terminal(), [0.0, 0.5, 1.0], [500, 500]) == ""
    assert _run(io.StringIO(), [0.0, 5.0, 9.0], [500, 500]) == ""


def test_a_short_simulation_on_a_terminal_leaves_stderr_empty_and_json_on_stdout_clean():
    leader, follower = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for fmt in ("text", "json"):
        done = subprocess.run(
            [sys.executable, "-m", "pnp.cli", "nitro", "simulate", str(ROOT / "examples/nitro-dice/two-lap-loop.yaml"),
             "--games", "20", "--format", fmt], stdout=subprocess.PIPE, stderr=follower, env=env, timeout=120)
        assert done.returncode == 0
        os.set_blocking(leader, False)
        try:
            seen = os.read(leader, 65536)
        except BlockingIOError:
            seen = b""
        assert b"racing" not in seen
    os.close(leader)
    os.close(follower)
