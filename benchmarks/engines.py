"""Issue 34's engine rows: the MDD engine's compiled build against its pure build (one `engine.py`), and Nitro
Dice races per CPU-second, each in its own process so that neither build's import leaks into the other."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rows import PURE_RACE_PROGRAM, Verdict

REPO = Path(__file__).resolve().parent.parent
V21 = REPO / "examples" / "mdd-setups" / "v21-coords.yaml"
NITRO_PROGRAM = """
import sys, time
from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.race.simulate import simulate
from pnp.source.loader import load_yaml
track = PLUGIN.build(load_yaml(sys.argv[1]))
games, rounds, best = int(sys.argv[2]), int(sys.argv[3]), float("inf")
for _ in range(rounds):
    start = time.process_time()
    simulate(track, games, seed=0, jobs=1, drivers=["table"])
    best = min(best, time.process_time() - start)
print(games / best)
"""
"""Prints the best races per CPU-second over the rounds (one process, one worker, the table drivers)."""


def _race_micros(pure: bool, games: int) -> tuple[str, float]:
    env = os.environ | {"PNP_MDD_PURE": "1"} if pure else {k: v for k, v in os.environ.items()
                                                            if k != "PNP_MDD_PURE"}
    probe = subprocess.run([sys.executable, "-c", PURE_RACE_PROGRAM, str(V21), str(games), "5"],
                           capture_output=True, text=True, cwd=REPO, env=env, check=True)
    compiled, micros = probe.stdout.split()
    return compiled, float(micros)


def mdd_engine(work: Path, repeat: int) -> list[Verdict]:
    """CPU per v2.1 race with awards (examples/mdd-setups/v21-coords.yaml, best of 5 rounds) of the pure build,
    and of the compiled build of the same file: the pure build <= 350 us, the compiled one >= 8x faster."""
    pure_flag, pure = _race_micros(True, 1000)
    compiled_flag, compiled = _race_micros(False, 5000)
    speedup = pure / compiled
    measured = f"pure {pure:.0f} us (compiled={pure_flag}), compiled {compiled:.0f} us (compiled={compiled_flag})"
    ran = pure_flag == "False" and compiled_flag == "True"
    return [Verdict("mdd engine pure", measured, f"{pure:.0f} us", "<= 350 us CPU per v2.1 race",
                    pure_flag == "False" and pure <= 350),
            Verdict("mdd engine build", "compiled against pure", f"{speedup:.1f}x", ">= 8x", ran and speedup >= 8)]


def nitro_simulate(work: Path, repeat: int) -> list[Verdict]:
    """Races per CPU-second on examples/nitro-dice/two-lap-loop.yaml (600 races, seed 0, best of 3 rounds)."""
    track = REPO / "examples" / "nitro-dice" / "two-lap-loop.yaml"
    probe = subprocess.run([sys.executable, "-c", NITRO_PROGRAM, str(track), "600", "3"], capture_output=True,
                           text=True, cwd=REPO, check=True)
    rate = float(probe.stdout.split()[-1])
    return [Verdict("nitro simulate", "two-lap-loop, table drivers, one worker", f"{rate:.0f}/s",
                    ">= 1500 races per CPU-second", rate >= 1500)]
