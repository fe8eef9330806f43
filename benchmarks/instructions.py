"""Issue 34's engine rows as instruction counts: machine instructions per race under callgrind, which a busy
shared machine does not move (CPU seconds do, by a third between runs here). Each engine plays the same
seeded races as its CPU row, twice in a process of its own: N and 2N races; the difference over N is the cost of
a race without the imports and the setup (`--only instructions`; valgrind must be installed, and the row takes
about ten minutes, as callgrind runs programs about fifty times slower)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from engines import NITRO_PROGRAM, V21
from rows import PURE_RACE_PROGRAM, Verdict

REPO = Path(__file__).resolve().parent.parent
TRACK = REPO / "examples" / "nitro-dice" / "two-lap-loop.yaml"
ENGINES = (("mdd pure Ir", PURE_RACE_PROGRAM, V21, {"PNP_MDD_PURE": "1"}, 40, "False"),
           ("mdd compiled Ir", PURE_RACE_PROGRAM, V21, {}, 200, "True"),
           ("nitro Ir", NITRO_PROGRAM, TRACK, {}, 40, ""))
"""Row name, program, its spec, extra environment, races N (the run of 2N races is the second), and the
build the MDD program must say it ran ('' for Nitro, whose program prints no build)."""


def _collected(program: str, spec: Path, env: dict[str, str], games: int, out: Path, build: str) -> int:
    """Instructions callgrind counts over one process playing `games` races of `spec` (one round); the run
    fails unless the MDD engine ran as `build` ("True": compiled, "False": pure; '' not checked)."""
    run_env = {k: v for k, v in os.environ.items() if k != "PNP_MDD_PURE"} | env | {"PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                           program, str(spec), str(games), "1"], capture_output=True, text=True, cwd=REPO,
                          env=run_env, check=True)
    if build and done.stdout.split()[0] != build:
        raise SystemExit(f"the MDD engine ran with COMPILED={done.stdout.split()[0]}, not {build}: rebuild it"
                         " with `pip install -e .`")
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def engine_instructions(work: Path, repeat: int) -> list[Verdict]:
    """Instructions per race of the MDD engine's two builds and of the Nitro engine: figures beside the CPU
    rows, with no target of their own (`met` is None)."""
    if shutil.which("valgrind") is None:
        return [Verdict("instructions", "valgrind is not installed", "-", "none", None)]
    verdicts = []
    with tempfile.TemporaryDirectory(dir=work) as tmp:
        for row, program, spec, env, games, build in ENGINES:
            counts = [_collected(program, spec, env, n, Path(tmp) / f"cg.{n}", build) for n in (games, 2 * games)]
            per_race = (counts[1] - counts[0]) / games
            verdicts.append(Verdict(f"{row} (Ir)", f"callgrind, races {games + 1}-{2 * games} of seed 0 over the"
                                    f" first {games}", f"{per_race / 1e6:.2f} M", "none", None))
    return verdicts
