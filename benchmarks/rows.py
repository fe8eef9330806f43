"""The rows of issue 16's table, each measured against its baseline in the same run (see README.md).

Every side runs as its own process; its CPU time (user + system, the process and the workers it waited for)
and peak RSS come from `os.wait4`, so other programs on the machine change them little. Sides of a row run
alternately, `repeat` times, and the medians count.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_SCRIPT = Path(sys.executable).parent / "pnp"
PNP = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "pnp.cli"]
"""The `pnp` command of this Python (installed), else pnp run as a module (a checkout on PYTHONPATH)."""


@dataclass(frozen=True, slots=True)
class Run:
    """One process: wall seconds, CPU seconds, peak RSS in MB, and what it wrote on stderr."""

    wall: float
    cpu: float
    peak_mb: float
    stderr: str = ""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One row: what was measured, the figure that has a target, the target, and whether it is met."""

    row: str
    measured: str
    figure: str
    target: str
    met: bool | None
    """None: a figure with no target of its own (the instruction counts)."""


def run(command: list[str]) -> Run:
    """Run `command` in a fresh process; raise SystemExit with its stderr when it fails."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, cwd=REPO)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        errors.seek(0)
        text = errors.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{text}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text)


def alternate(sides: dict[str, list[str]], repeat: int) -> dict[str, Run]:
    """Run each side in turn, `repeat` rounds; the median wall, CPU and peak of each side."""
    runs: dict[str, list[Run]] = {name: [] for name in sides}
    for _ in range(repeat):
        for name, command in sides.items():
            runs[name].append(run(command))
    return {name: Run(statistics.median(r.wall for r in rs), statistics.median(r.cpu for r in rs),
                      statistics.median(r.peak_mb for r in rs), rs[-1].stderr) for name, rs in runs.items()}


def _child(*args: str) -> list[str]:
    return [sys.executable, str(Path(__file__).with_name("run.py")), "--child", *args]


# --- tiled boards ---------------------------------------------------------------------------------------

def board_yaml(n: int) -> str:
    """An n x n board of 20 mm cells on A4: every other cell tinted, every seventh labelled, numbered edges."""
    lines = [f"kit: Board {n}", "sheets: {paper: a4, orientation: portrait}", "components:", "  - type: board",
             f"    name: Board {n}", f"    rows: {n}", f"    columns: {n}", "    cell: 20mm", "    numbers: true",
             "    cells:"]
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            if (r + c) % 2 == 0:
                label = f", label: '{r}.{c}'" if (r * c) % 7 == 0 else ""
                lines.append(f"      - {{row: {r}, column: {c}, fill: '#d9e4f0'{label}}}")
    return "\n".join(lines) + "\n"


def hex_board_yaml(n: int) -> str:
    """An n x n hex board of 20 mm cells (pointy) on A4, tinted, labelled and numbered like `board_yaml`'s."""
    return board_yaml(n).replace(f"kit: Board {n}", f"kit: Hex board {n}").replace(
        "    cell: 20mm", "    grid: hex\n    cell: 20mm")


def plain_board(n: int, out: Path) -> None:
    """The board with reportlab directly: A4 tiles of the printable area with 10 mm overlap, each drawing
    the cells, lines and labels that reach it under a clip, then an assembly map page (a plain script's own
    culling, by cell index)."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    mm, cell, overlap = 72 / 25.4, 20.0, 10.0
    pdfmetrics.registerFont(TTFont("DejaVu-Bold", str(REPO / "pnp" / "fonts" / "DejaVuSans-Bold.ttf")))
    c = Canvas(str(out), pagesize=(210 * mm, 297 * mm), pageCompression=1)
    tw, th, size = 200.0, 270.0, n * cell
    xs = [i * (tw - overlap) for i in range(int((size - overlap) // (tw - overlap)) + 1)]
    ys = [j * (th - overlap) for j in range(int((size - overlap) // (th - overlap)) + 1)]
    for y0 in ys:
        for x0 in xs:
            c.saveState()
            c.translate((5 - x0) * mm, (292 + y0) * mm)
            c.scale(mm, -mm)
            path = c.beginPath()
            path.rect(x0, y0, tw, th)
            c.clipPath(path, stroke=0, fill=0)
            c.setFillColor(HexColor("#e8f1e4"))
            c.rect(x0, y0, tw, th, stroke=0, fill=1)
            c0, c1 = int(x0 // cell), min(n, int((x0 + tw) // cell) + 1)
            r0, r1 = int(y0 // cell), min(n, int((y0 + th) // cell) + 1)
            for r in range(r0, r1):
                for col in range(c0, c1):
                    if (r + col) % 2 == 0:
                        c.setFillColor(HexColor("#d9e4f0"))
                        c.rect(col * cell, r * cell, cell, cell, stroke=0, fill=1)
                        if ((r + 1) * (col + 1)) % 7 == 0:
                            c.saveState()
                            c.translate(col * cell + cell / 2, r * cell + cell * 0.62)
                            c.scale(1, -1)
                            c.setFillColor(HexColor("#000000"))
                            c.setFont("DejaVu-Bold", cell * 0.3)
                            c.drawCentredString(0, 0, f"{r + 1}.{col + 1}")
                            c.restoreState()
            c.setStrokeColor(HexColor("#4b5e45"))
            c.setLineWidth(0.3)
            for i in range(c0, c1 + 1):
                c.line(i * cell, max(0, y0), i * cell, min(size, y0 + th))
            for j in range(r0, r1 + 1):
                c.line(max(0, x0), j * cell, min(size, x0 + tw), j * cell)
            c.restoreState()
            c.showPage()
    c.save()


def tiles(work: Path, repeat: int) -> list[Verdict]:
    """200 x 200 cells against 50 x 50: pnp's growth in CPU, and the plain script's."""
    sides: dict[str, list[str]] = {}
    for n in (50, 200):
        spec = work / f"board-{n}.yaml"
        spec.write_text(board_yaml(n), encoding="utf-8")
        sides[f"pnp {n}"] = [*PNP, "render", str(spec), "-o", str(work / f"board-{n}"), "--format", "pdf", "--force"]
        sides[f"plain {n}"] = _child("plain-board", str(n), str(work / f"plain-board-{n}.pdf"))
    r = alternate(sides, repeat)
    growth = r["pnp 200"].cpu / r["pnp 50"].cpu
    plain_growth = r["plain 200"].cpu / r["plain 50"].cpu
    pdf_mb = sum(p.stat().st_size for p in (work / "board-200").glob("*.pdf")) / 1e6
    measured = (f"pnp {r['pnp 50'].cpu:.2f} -> {r['pnp 200'].cpu:.2f} s CPU ({growth:.1f}x, PDF {pdf_mb:.1f} MB, "
                f"peak {r['pnp 200'].peak_mb:.0f} MB); plain {r['plain 50'].cpu:.2f} -> {r['plain 200'].cpu:.2f} s "
                f"({plain_growth:.1f}x); pnp/plain at 200: {r['pnp 200'].cpu / r['plain 200'].cpu:.1f}")
    return [Verdict("tiles", measured, f"{growth:.1f}x", "<= 24x", growth <= 24)]


def hex_tiles(work: Path, repeat: int) -> list[Verdict]:
    """A hex board of 200 x 200 cells against one of 50 x 50: pnp's growth in CPU (each cell its own hexagon,
    each tile drawing those that fall on it)."""
    sides: dict[str, list[str]] = {}
    for n in (50, 200):
        spec = work / f"hex-board-{n}.yaml"
        spec.write_text(hex_board_yaml(n), encoding="utf-8")
        sides[f"hex {n}"] = [*PNP, "render", str(spec), "-o", str(work / f"hex-board-{n}"), "--format", "pdf",
                             "--force"]
    r = alternate(sides, repeat)
    growth = r["hex 200"].cpu / r["hex 50"].cpu
    pdf_mb = sum(p.stat().st_size for p in (work / "hex-board-200").glob("*.pdf")) / 1e6
    measured = (f"pnp {r['hex 50'].cpu:.2f} -> {r['hex 200'].cpu:.2f} s CPU ({growth:.1f}x, PDF {pdf_mb:.1f} MB, "
                f"peak {r['hex 200'].peak_mb:.0f} MB)")
    return [Verdict("hex-tiles", measured, f"{growth:.1f}x", "<= 24x", growth <= 24)]


# --- start-up -------------------------------------------------------------------------------------------

TINY = "kit: Tiny\ncomponents:\n  - {type: deck, name: D, cards: [{name: A}]}\n"


FLOOR = ("import click, yaml\nfrom pydantic import BaseModel\n\nclass One(BaseModel):\n    name: str\n\n"
         "One.model_validate(yaml.safe_load('name: A'))\n")
"""The libraries a `validate` needs, doing the least they can: a one-field model validated from YAML."""


def startup(work: Path, repeat: int) -> list[Verdict]:
    """`pnp --version` against a process that only imports click; a tiny `validate`'s CPU, shown beside
    the floor of its libraries (click, PyYAML, pydantic doing one one-field validation)."""
    spec = work / "tiny.yaml"
    spec.write_text(TINY, encoding="utf-8")
    r = alternate({"pnp --version": [*PNP, "--version"], "click": [sys.executable, "-c", "import click"],
                   "validate": [*PNP, "validate", str(spec)], "floor": [sys.executable, "-c", FLOOR]},
                  max(repeat, 5))
    ratio = r["pnp --version"].cpu / r["click"].cpu
    measured = (f"pnp --version {r['pnp --version'].cpu:.3f} s CPU, click only {r['click'].cpu:.3f} s; "
                f"tiny validate {r['validate'].cpu:.3f} s")
    floor = (f"tiny validate (click + PyYAML + pydantic alone: {r['floor'].cpu:.3f} s, "
             f"{r['validate'].cpu / r['floor'].cpu:.2f}x)")
    return [Verdict("start-up", measured, f"{ratio:.2f}x", "<= 2.5x", ratio <= 2.5),
            Verdict("start-up", floor, f"{r['validate'].cpu:.3f} s", "<= 0.2 s", r["validate"].cpu <= 0.2)]


# --- vector deck, per card ------------------------------------------------------------------------------

def deck_kit(kit_yaml: Callable[[str, int], str], count: int) -> str:
    """`count` vector cards as decks of 540 (a deck holds at most 1000 cards)."""
    head, deck = kit_yaml("vector", 540).split("components:\n")
    decks = [deck.replace("name: Bench deck", f"name: Bench deck {d}") for d in range(count // 540)]
    return head + "components:\n" + "".join(decks)


def vector_per_card(work: Path, repeat: int, kit_yaml: Callable[[str, int], str]) -> list[Verdict]:
    """The extra CPU and memory per card from 540 to 2700 vector cards, pnp against the plain script."""
    sides: dict[str, list[str]] = {}
    for count in (540, 2700):
        spec = work / f"cards-{count}.yaml"
        spec.write_text(deck_kit(kit_yaml, count), encoding="utf-8")
        sides[f"pnp {count}"] = [*PNP, "render", str(spec), "-o", str(work / f"cards-{count}"), "--format", "pdf",
                                 "--force", "--max-pages", "1000"]
        sides[f"plain {count}"] = _child("plain", "vector", str(count), str(work), str(work / f"plain-{count}.pdf"))
    r = alternate(sides, max(repeat, 7))  # a difference of two short runs per side: more rounds than the rest
    extra = 2700 - 540
    pnp_ms = (r["pnp 2700"].cpu - r["pnp 540"].cpu) / extra * 1000
    plain_ms = (r["plain 2700"].cpu - r["plain 540"].cpu) / extra * 1000
    kb = (r["pnp 2700"].peak_mb - r["pnp 540"].peak_mb) / extra * 1024
    ratio = pnp_ms / plain_ms
    measured = f"pnp {pnp_ms:.2f} ms and {kb:.0f} KB per card, plain {plain_ms:.2f} ms per card"
    return [Verdict("vector per card", measured, f"{ratio:.2f}x", "<= 2x", ratio <= 2),
            Verdict("vector per card", "memory", f"{kb:.1f} KB", "<= 4 KB", kb <= 4)]


# --- the MDD kit with its booklet, simulation, Drag Rage ------------------------------------------------

def booklet(work: Path, repeat: int) -> list[Verdict]:
    """The classic MDD kit rendered with its rulebook as a booklet, against the kit alone."""
    spec = str(REPO / "examples" / "mdd-classic" / "kit.yaml")
    base = [*PNP, "render", spec, "--format", "pdf", "--force", "-o"]
    r = alternate({"booklet": [*base, str(work / "mdd-booklet"), "--rulebook", "booklet"],
                   "kit": [*base, str(work / "mdd-kit"), "--rulebook", "none"]}, repeat)
    ratio = r["booklet"].cpu / r["kit"].cpu
    measured = (f"with booklet {r['booklet'].cpu:.2f} s CPU, {r['booklet'].peak_mb:.0f} MB; kit alone "
                f"{r['kit'].cpu:.2f} s, {r['kit'].peak_mb:.0f} MB")
    return [Verdict("booklet", measured, f"{ratio:.2f}x", "<= 2x", ratio <= 2)]


PURE_RACE_PROGRAM = """
import sys, time
from pnp.games.mdd.race.engine import COMPILED, RaceOptions
from pnp.games.mdd.race.simulate import simulate
from pnp.pipeline import load_checked
board = load_checked(sys.argv[1], "mdd")[0].spec.to_board()
games, rounds, best = int(sys.argv[2]), int(sys.argv[3]), float("inf")
for _ in range(rounds):
    start = time.process_time()
    simulate(board, games, 0, 1, RaceOptions(), awards=board.limits.awards)
    best = min(best, time.process_time() - start)
print(COMPILED, best / games * 1e6)
"""
"""Prints whether the engine ran compiled, and its best CPU µs per race over the rounds."""


def mdd_simulate(work: Path, repeat: int) -> list[Verdict]:
    """The MDD engine's two targets: CPU per race of its pure-Python build on examples/mdd-classic (one
    process, races as `simulate` plays them, best of 5 rounds), and `pnp mdd simulate` of 100,000 races of
    examples/mdd-setups/v21-coords.yaml with two workers (wall time; it needs the compiled build)."""
    classic = str(REPO / "examples" / "mdd-classic" / "kit.yaml")
    env = os.environ | {"PNP_MDD_PURE": "1"}
    probe = subprocess.run([sys.executable, "-c", PURE_RACE_PROGRAM, classic, "1000", "5"], capture_output=True,
                           text=True, cwd=REPO, env=env, check=True)
    compiled, micros = probe.stdout.split()
    pure = Verdict("mdd race, pure Python", f"examples/mdd-classic, compiled={compiled}", f"{float(micros):.0f} us",
                   "<= 250 us CPU per race", compiled == "False" and float(micros) <= 250)
    setup = str(REPO / "examples" / "mdd-setups" / "v21-coords.yaml")
    r = alternate({"simulate": [*PNP, "mdd", "simulate", setup, "--games", "100000", "--jobs", "2"]}, repeat)
    s = r["simulate"]
    probe = subprocess.run([sys.executable, "-c", "from pnp.games.mdd.race.engine import COMPILED; print(COMPILED)"],
                           capture_output=True, text=True, cwd=REPO)
    engine = "compiled engine" if probe.stdout.strip() == "True" else "pure-Python engine"
    measured = f"{s.wall:.1f} s wall, {s.cpu:.1f} s CPU ({100_000 / s.cpu:.0f} races per CPU-second, {engine})"
    return [pure, Verdict("mdd simulate 100k", measured, f"{s.wall:.1f} s", "<= 15 s wall", s.wall <= 15)]


def dragrage_optimal(work: Path, repeat: int) -> list[Verdict]:
    """`pnp dragrage optimal` on the standard game: wall time, peak memory, and whether it shows progress.

    Progress goes to stderr by default only when stderr is a terminal; here stderr is a file, so the row asks
    for it with `--progress` (what a terminal user sees) and checks that it arrived."""
    r = alternate({"optimal": [*PNP, "dragrage", "optimal", "--max-states", "50000000", "--progress"]}, repeat)
    s = r["optimal"]
    shown = bool(s.stderr.strip())
    measured = (f"{s.wall:.1f} s wall, {s.cpu:.1f} s CPU, {s.peak_mb:.0f} MB peak, "
                f"progress {'shown' if shown else 'none'}")
    return [Verdict("dragrage optimal", measured, f"{s.wall:.1f} s", "<= 20 s wall", s.wall <= 20),
            Verdict("dragrage optimal", "memory", f"{s.peak_mb:.0f} MB", "<= 300 MB", s.peak_mb <= 300),
            Verdict("dragrage optimal", "progress", "shown" if shown else "none", "shown", shown)]


SEARCH_FIGURES = re.compile(r"search: (\d+) setups in (\d+) brackets?, (\d+) races in ([\d.]+) s")


def mdd_setup_search(work: Path, repeat: int) -> list[Verdict]:
    """`pnp mdd setup --balanced` (seed 3, 1,000 fresh races): candidates evaluated per CPU-second, from the CPU
    of a 5-bracket run less a 4-bracket run (imports, the play-off of 4 leaders and the fresh races cancel
    out: what is left is one bracket of 16 setups), and its races per
    CPU-second against `pnp mdd simulate` playing as many races in the same run (a 200-race run taken off),
    so that the ratio shows what successive halving costs beyond the races themselves."""
    search = [*PNP, "mdd", "setup", "--balanced", "--seed", "3", "--games", "1000", "--brackets"]
    setup = str(REPO / "examples" / "mdd-setups" / "v21-coords.yaml")
    runs = alternate({"five": [*search, "5"], "four": [*search, "4"]}, repeat)
    found = [SEARCH_FIGURES.search(runs[name].stderr) for name in ("five", "four")]
    if None in found:
        raise SystemExit(f"no search figures in:\n{runs['five'].stderr}")
    setups, races = (int(found[0].group(k)) - int(found[1].group(k)) for k in (1, 3))  # type: ignore[union-attr]
    cpu = max(1e-9, runs["five"].cpu - runs["four"].cpu)
    plain = alternate({"big": [*PNP, "mdd", "simulate", setup, "--games", str(races + 200)],
                       "small": [*PNP, "mdd", "simulate", setup, "--games", "200"]}, repeat)
    simulate_rate = races / max(1e-9, plain["big"].cpu - plain["small"].cpu)
    ratio = races / cpu / simulate_rate
    measured = (f"{setups} setups, {races} races in {cpu:.1f} s CPU: {setups / cpu:.1f} candidates per CPU-second, "
                f"{races / cpu:.0f} races/s vs simulate {simulate_rate:.0f} races/s ({ratio:.2f}x)")
    return [Verdict("mdd setup search", measured, f"{setups / cpu:.1f}/s", "races >= 0.8x simulate's rate",
                    ratio >= 0.8)]


CHECK_LINE = re.compile(r"(\d+) of (\d+) setups drawn missed")


def mdd_setup_check(work: Path, repeat: int) -> list[Verdict]:
    """Plain `pnp mdd setup --seed S` (each draw raced 400 times, re-drawn until one meets the targets) against
    `--no-check` (the first draw, unraced), seeds 0-9 of both rulesets: the wall seconds the check adds (median
    and worst seed), and how many draws it rejected (from its stderr line)."""
    added, rejected, draws = [], 0, 0
    for ruleset in ("v2.1", "current"):
        for seed in range(10):
            plain = [*PNP, "mdd", "setup", "--ruleset", ruleset, "--seed", str(seed)]
            runs = alternate({"checked": plain, "plain": [*plain, "--no-check"]}, repeat)
            added.append(runs["checked"].wall - runs["plain"].wall)
            said = CHECK_LINE.search(runs["checked"].stderr)
            rejected += int(said.group(1)) if said else 0
            draws += int(said.group(2)) if said else 1
    middle, worst = statistics.median(added), max(added)
    measured = (f"20 seeds: {draws} draws, {rejected} rejected; the check adds {middle:.2f} s wall "
                f"(median), {worst:.2f} s at worst")
    return [Verdict("mdd setup check", measured, f"{middle:.2f} s", "median <= 0.5 s added", middle <= 0.5)]


def dragrage_balance(work: Path, repeat: int) -> list[Verdict]:
    """`pnp dragrage balance` on the sprint example for 20 s: candidates valued per second, against the same
    variant's `pnp dragrage optimal` in its own process (one candidate per process) in the same run."""
    import json

    sprint = str(REPO / "examples" / "drag-rage" / "variants" / "sprint.yaml")
    single = alternate({"optimal": [*PNP, "dragrage", "optimal", sprint]}, repeat)["optimal"]
    out = subprocess.run([*PNP, "dragrage", "balance", sprint, "--budget", "20", "--format", "json"], cwd=REPO,
                         capture_output=True, text=True, check=True).stdout
    report = json.loads(out)
    valued = sum(1 for t in report["tried"] if t["first_player_wins"] is not None)
    rate, baseline = valued / report["seconds"], 1 / single.wall
    measured = (f"{valued} candidates in {report['seconds']:.1f} s ({rate:.2f}/s); one `optimal` process of the "
                f"spec: {single.wall:.2f} s wall ({baseline:.2f}/s)")
    return [Verdict("dragrage balance", measured, f"{rate / baseline:.2f}x", ">= 1x per-process optimal",
                    rate >= baseline)]
