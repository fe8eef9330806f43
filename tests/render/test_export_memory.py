"""`--format cards` and `tts` draw card by card and write as they go: the peak memory of a run does not grow with
the deck (measured in a child process: resource.getrusage maxrss)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.render.test_card_exports import _deck

PEAK = """\
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _peak_mb(tmp_path: Path, cards: int, fmt: str) -> float:
    spec = tmp_path / f"deck{cards}.yaml"
    spec.write_text(_deck(cards), encoding="utf-8")
    command = [sys.executable, "-c", PEAK, sys.executable, "-m", "pnp.cli", "render", str(spec),
               "-o", str(tmp_path / f"out{cards}"), "--format", fmt, "--dpi", "150"]
    result = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600)
    return int(result.stdout.split()[-1]) / 1024  # KB on Linux


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KB on Linux")
@pytest.mark.parametrize(("fmt", "sizes"), [("cards", (40, 160)), ("tts", (70, 280))])  # tts: 1 vs 4 full sheets
def test_peak_memory_is_flat_in_the_deck_size(tmp_path: Path, fmt: str, sizes: tuple[int, int]):
    small, large = (_peak_mb(tmp_path, cards, fmt) for cards in sizes)
    # holding every card cost 0.87 MB per card at 150 dpi (105 MB more for 120 more cards)
    assert large - small < 15, (small, large)
