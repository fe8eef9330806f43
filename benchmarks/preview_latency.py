"""Issue 25's rows: how soon `pnp preview` shows an edit to one row of a deck's CSV (54 and 540 cards).

A `pnp preview --no-open` process serves a copy of examples/generic-deck (its 54 rows, or them ten times over).
Each edit changes one card's printed speed; the latency runs from the file's write until `/status.json` lists a
new build and the sheet it changed has been fetched, as the page would. Medians of `repeat` edits (default 5).
Run alone (`python benchmarks/preview_latency.py`) or as a row of `benchmarks/run.py` (`preview_latency`).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rows import Verdict

REPO = Path(__file__).resolve().parent.parent
TARGETS = {54: 1.0, 540: 1.5}
"""Most seconds (median) from saving the CSV to the page showing the change, by deck size."""


def make_kit(folder: Path, count: int) -> Path:
    """The example deck in `folder`, its rows repeated to `count` cards (names made unique); the spec's path."""
    shutil.copytree(REPO / "examples" / "generic-deck", folder)
    header, *rows = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    lines = [header]
    for n in range(count // len(rows)):
        lines += [row.replace(",", f" {n},", 1) if n else row for row in rows]
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "kit.yaml"


def _get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    body = connection.getresponse().read()
    connection.close()
    return body


def _status(port: int) -> dict[str, Any]:
    status: dict[str, Any] = json.loads(_get(port, "/status.json"))
    return status


def _wait(port: int, after: int, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = _status(port)
        if status["build"] > after:
            return status
        time.sleep(0.01)
    raise SystemExit(f"preview: no build after {after} in {timeout} s")


def edit_latencies(spec: Path, edits: int) -> tuple[float, list[float]]:
    """The first build's seconds and each edit's latency, in a fresh preview of `spec`."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, "-m", "pnp.cli", "preview", str(spec), "--no-open"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().strip().rstrip("/").rsplit(":", 1)[1])
        status = _wait(port, 0)
        first = status["seconds"]
        csv = spec.parent / "cards.csv"
        latencies = []
        for n in range(edits):
            lines = csv.read_text(encoding="utf-8").splitlines()
            row = lines[1 + 9 * n].split(",")  # a card on sheet n + 1
            row[5] = str(int(row[5]) + 10)
            lines[1 + 9 * n] = ",".join(row)
            started = time.perf_counter()
            csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
            new = _wait(port, status["build"])
            for url in set(new["pages"]) - set(status["pages"]):
                _get(port, url)
            latencies.append(time.perf_counter() - started)
            assert new["ok"] and new["pages"] != status["pages"], "the edit did not change a sheet"
            status = new
        return first, latencies
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        if process.stdout is not None:
            process.stdout.close()


def preview_latency(work: Path, repeat: int = 5) -> list[Verdict]:
    """One row per deck size: the median latency of `repeat` one-row edits against its target."""
    verdicts = []
    for count, target in TARGETS.items():
        spec = make_kit(work / f"preview-{count}", count)
        first, latencies = edit_latencies(spec, repeat)
        median = statistics.median(latencies)
        measured = (f"{count} cards: first build {first:.2f} s; edits " +
                    ", ".join(f"{s:.2f}" for s in latencies) + " s")
        verdicts.append(Verdict(f"preview {count}", measured, f"{median:.2f} s", f"<= {target} s", median <= target))
    return verdicts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="edits per deck (median taken)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pnp-preview-bench-") as tmp:
        verdicts = preview_latency(Path(tmp), max(1, args.repeat))
    for v in verdicts:
        print(f"{v.row:<12} {'met' if v.met else 'MISSED':<7} {v.figure:>7} (target {v.target}): {v.measured}")
    return 0 if all(v.met for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
