"""Benchmark: pnp's real pipeline against a plain reportlab script drawing the same sheets.

Input: optional `--quick` (the small deck only), `--only vector|images` (one workload), `--cards N...` (deck
sizes instead of the defaults), `--repeat N` (runs per side, default 3, medians reported) and `--keep DIR`
(keep the generated kits and PDFs there).
Output: a table on stdout with wall time, time after imports, peak memory (max RSS of the child process)
and PDF size of each side for each workload, the ratios to the plain script, and whether the targets are
met (exit code 1 if not).

Workloads, vector at 108 and 540 poker cards, images at 120 and 540, nine per A4 sheet, with crop marks and a
backs sheet after each front sheet:
- vector: every card has its own texts (name, number, ability line), a frame and a rule; one vector back;
- images: every face is its own 300-dpi PNG (gradients, smooth noise and a number, generated here) and
  all cards share one back PNG.
Sides: pnp runs `pnp render` on a generated kit YAML; plain is `plain_deck` below; floor (vector only)
is `plain_deck` in a process that has also loaded what pnp uses of its libraries. Every measurement runs
in a fresh subprocess (`--child`), so its peak RSS is its own.
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rows as rows_module  # beside this script
from card_export import card_export
from engines import mdd_engine, nitro_simulate
from instructions import engine_instructions
from nitro_generate import nitro_generate
from preview_latency import preview_latency

REPO = Path(__file__).resolve().parent.parent
FONTS = REPO / "pnp" / "fonts"
MM = 72 / 25.4
PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.0, 88.0
COLS = ROWS = 3
GRID_X, GRID_Y = (PAGE_W - COLS * CARD_W) / 2, 10.0
FACE_PX = (round(CARD_W / 25.4 * 300), round(CARD_H / 25.4 * 300))
TARGETS = {"images": 1.0}
"""Largest allowed pnp/plain CPU ratio per workload (vector's whole-process ratio is retired by issue 16:
its floor is the libraries' import cost; the per-card row replaces it)."""
DECK_TARGETS = {("images", 120): 0.04, ("images", 540): 0.06}
"""Issue 23's tighter ratios for the image deck at the sizes it names (image checks at their old cost)."""
FLOOR_TARGET = 2.0
"""Largest allowed pnp/copy CPU ratio of the image deck (issue 34: the compressed-copy floor of floor.py)."""
SIZES = {"vector": (108, 540), "images": (120, 540)}
"""Deck sizes of each workload (`--quick`: the first only; `--cards` replaces them)."""
ISSUE_ROWS = ("tiles", "hex-tiles", "startup", "vector-per-card", "booklet", "mdd-simulate", "dragrage-optimal",
              "card-export", "preview", "nitro-generate", "mdd-setup-search", "mdd-setup-check", "dragrage-balance",
              "mdd-engine", "nitro-simulate", "instructions")
"""Issue 16's rows, in its table's order (see rows.py; hex-tiles is issue 24's), then the card export's peak
memory (card_export.py), the live preview's rebuild latency (preview_latency.py), the Nitro track search's
candidates per second (nitro_generate.py), the balanced MDD setup search's candidates per second, the seconds
the check of plain `pnp mdd setup` adds and the Drag Rage balance search's candidates per second (rows.py), then
issue 34's engine rows (engines.py) and their instruction counts (instructions.py; not in `--quick`)."""
QUICK_ROWS = ("vector-per-card", "mdd-engine", "nitro-simulate")
"""The rows `--quick` runs beside the small decks: the per-card and per-race figures of issue 34."""
MAX_PEAK_MB = 100.0
"""Largest allowed pnp peak memory for the image workload at 540 cards."""


@dataclass(frozen=True, slots=True)
class Result:
    """One side of one workload: whole-process wall time, CPU time (user + system, its children included), time
    after imports, peak RSS, PDF size."""

    seconds: float
    cpu: float
    work_seconds: float
    peak_mb: float
    pdf_mb: float


def ability(i: int) -> str:
    """The distinct rules line of card `i` (same text on both sides of the benchmark)."""
    return f"Ability {i * 7 % 97}: move {i % 6 + 1} spaces"


# --- inputs -------------------------------------------------------------------------------------------


def make_face(args: tuple[int, Path]) -> None:
    """Write card face `i` as a 300-dpi PNG: two rotated gradients, smooth noise, a frame and its number."""
    from PIL import Image, ImageDraw, ImageFont

    i, path = args
    rng = random.Random(i)
    w, h = FACE_PX
    ramp = Image.linear_gradient("L")
    red = ramp.rotate(rng.uniform(0, 360)).resize((w, h))
    green = ramp.rotate(rng.uniform(0, 360)).resize((w, h))
    blue = Image.effect_noise((w // 16, h // 16), 60).resize((w, h), Image.Resampling.BICUBIC)
    img = Image.merge("RGB", (red, green, blue))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((40, 40, w - 40, h - 40), 30, outline=(255, 255, 255), width=8)
    font = ImageFont.truetype(str(FONTS / "DejaVuSans-Bold.ttf"), 120)
    draw.text((w // 2, h // 2), "BACK" if i < 0 else f"#{i}", font=font, fill=(255, 255, 255), anchor="mm")
    img.save(path, "PNG", dpi=(300, 300))


def face_path(art: Path, i: int) -> Path:
    return art / f"face-{i:04d}.png"


def make_art(art: Path, count: int) -> None:
    """Generate `count` distinct faces and the shared back (skipping files already there)."""
    art.mkdir(parents=True, exist_ok=True)
    jobs = [(i, face_path(art, i)) for i in range(count) if not face_path(art, i).exists()]
    if not (art / "back.png").exists():
        jobs.append((-1, art / "back.png"))
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(make_face, jobs, chunksize=8))


def kit_yaml(workload: str, count: int) -> str:
    """The pnp kit for a workload: one poker deck with backs and crop marks on A4."""
    lines = [
        f"kit: Benchmark {workload} {count}",
        "sheets: {paper: a4, duplex: long-edge, crop_marks: true}",
        "components:",
        "  - type: deck",
        "    name: Bench deck",
        "    size: poker",
        "    back:",
        "      elements:",
    ]
    if workload == "images":
        lines.append("        - {type: image, src: art/back.png}")
    else:
        lines += [
            "        - {type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, radius: 2mm, fill: navy}",
            "        - {type: rect, x: 6mm, y: 6mm, width: 51mm, height: 76mm, stroke: gold, stroke_width: 0.8mm}",
            "        - {type: text, text: RACE, x: 0, y: 40mm, size: 12mm, font: sans-bold, colour: gold, "
            "align: center}",
        ]
    lines.append("    cards:")
    for i in range(count):
        lines.append(f'      - name: "Card {i}"')
        if workload == "images":
            lines.append(f"        elements: [{{type: image, src: art/face-{i:04d}.png}}]")
            continue
        lines += [
            f'        fields: {{number: "{i}", ability: "{ability(i)}"}}',
            "        elements:",
            "          - {type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, stroke: '#1f2a44'}",
            "          - {type: text, text: '{{ card.name }}', x: 6mm, y: 6mm, size: 5mm, font: sans-bold}",
            "          - {type: text, text: '{{ card.number }}', x: 0, y: 30mm, size: 20mm, font: sans-bold, "
            "align: center}",
            "          - {type: line, x1: 8mm, y1: 62mm, x2: 55mm, y2: 62mm, stroke_width: 0.3mm}",
            "          - {type: text, text: '{{ card.ability }}', x: 0, y: 66mm, size: 3.2mm, align: center}",
        ]
    return "\n".join(lines) + "\n"


# --- the plain reportlab side ---------------------------------------------------------------------------


def plain_deck(workload: str, count: int, art: Path, out: Path) -> None:
    """Draw the workload with reportlab directly: a 3 x 3 grid per A4 sheet, crop marks, mirrored backs."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    pdfmetrics.registerFont(TTFont("DejaVu", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("DejaVu-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))
    c = Canvas(str(out), pagesize=(PAGE_W * MM, PAGE_H * MM), pageCompression=1)
    c.setTitle(f"Benchmark {workload} {count}")
    back_png = str(art / "back.png")

    def face(i: int, x: float, y: float) -> None:  # (x, y): card's bottom-left corner in points
        if workload == "images":
            c.drawImage(str(face_path(art, i)), x, y, CARD_W * MM, CARD_H * MM)
            return
        c.setStrokeColor(HexColor("#1f2a44"))
        c.setLineWidth(0.3 * MM)
        c.rect(x + 3 * MM, y + 3 * MM, 57 * MM, 82 * MM)
        c.setFillColor(HexColor("#000000"))
        c.setFont("DejaVu-Bold", 5 * MM)
        c.drawString(x + 6 * MM, y + (CARD_H - 11) * MM, f"Card {i}")
        c.setFont("DejaVu-Bold", 20 * MM)
        c.drawCentredString(x + CARD_W / 2 * MM, y + (CARD_H - 48) * MM, str(i))
        c.line(x + 8 * MM, y + (CARD_H - 62) * MM, x + 55 * MM, y + (CARD_H - 62) * MM)
        c.setFont("DejaVu", 3.2 * MM)
        c.drawCentredString(x + CARD_W / 2 * MM, y + (CARD_H - 69) * MM, ability(i))

    def back(x: float, y: float) -> None:
        if workload == "images":
            c.drawImage(back_png, x, y, CARD_W * MM, CARD_H * MM)
            return
        c.setFillColor(HexColor("#000080"))
        c.roundRect(x + 3 * MM, y + 3 * MM, 57 * MM, 82 * MM, 2 * MM, stroke=0, fill=1)
        c.setStrokeColor(HexColor("#ffd700"))
        c.setLineWidth(0.8 * MM)
        c.rect(x + 6 * MM, y + 6 * MM, 51 * MM, 76 * MM)
        c.setFillColor(HexColor("#ffd700"))
        c.setFont("DejaVu-Bold", 12 * MM)
        c.drawCentredString(x + CARD_W / 2 * MM, y + (CARD_H - 50) * MM, "RACE")

    def slots(n: int) -> list[tuple[float, float]]:  # top-left corners in mm, y down
        return [(GRID_X + (k % COLS) * CARD_W, GRID_Y + (k // COLS) * CARD_H) for k in range(n)]

    def crop_marks(n: int) -> None:
        c.setStrokeColor(HexColor("#000000"))
        c.setLineWidth(0.2 * MM)
        rows = -(-n // COLS)
        xs = [GRID_X + k * CARD_W for k in range(COLS + 1)]
        ys = [GRID_Y + k * CARD_H for k in range(rows + 1)]
        top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
        for x in xs:
            c.line(x * MM, (PAGE_H - top + 1) * MM, x * MM, (PAGE_H - top + 5) * MM)
            c.line(x * MM, (PAGE_H - bottom - 1) * MM, x * MM, (PAGE_H - bottom - 5) * MM)
        for y in ys:
            c.line((left - 5) * MM, (PAGE_H - y) * MM, (left - 1) * MM, (PAGE_H - y) * MM)
            c.line((right + 1) * MM, (PAGE_H - y) * MM, (right + 5) * MM, (PAGE_H - y) * MM)

    def footer(label: str) -> None:
        c.setFillColor(HexColor("#000000"))
        c.setFont("DejaVu-Bold", 2.4 * MM)
        c.drawRightString((PAGE_W - 5) * MM, 8 * MM, label)

    per_sheet = COLS * ROWS
    sheets = -(-count // per_sheet)
    for s in range(sheets):
        ids = list(range(s * per_sheet, min(count, (s + 1) * per_sheet)))
        for i, (x, y) in zip(ids, slots(len(ids)), strict=True):
            face(i, x * MM, (PAGE_H - y - CARD_H) * MM)
        crop_marks(len(ids))
        footer(f"Benchmark · sheet {2 * s + 1} of {2 * sheets}")
        c.showPage()
        for x, y in slots(len(ids)):
            back((PAGE_W - x - CARD_W) * MM, (PAGE_H - y - CARD_H) * MM)
        footer(f"Benchmark · sheet {2 * s + 2} of {2 * sheets} · backs")
        c.showPage()
    c.save()


# --- measuring ------------------------------------------------------------------------------------------


def child(side: str, args: list[str]) -> None:
    """In a fresh process: import the side's library, then do the work; print the work's seconds."""
    if side == "plain-board":
        started = time.perf_counter()
        rows_module.plain_board(int(args[0]), Path(args[1]))
        print(f"{time.perf_counter() - started:.6f}")
        return
    if side == "copy":  # the image deck's floor: each PNG's compressed data copied into a hand-written PDF
        from floor import floor_deck

        started = time.perf_counter()
        workload, count, art, out = args
        geometry = {"PAGE_W": PAGE_W, "PAGE_H": PAGE_H, "CARD_W": CARD_W, "CARD_H": CARD_H, "GRID_X": GRID_X,
                    "GRID_Y": GRID_Y, "COLS": COLS}
        floor_deck(int(count), [face_path(Path(art), i) for i in range(int(count))], Path(art) / "back.png",
                   Path(out), geometry)
        print(f"{time.perf_counter() - started:.6f}")
        return
    if side == "pnp":
        from pnp.cli import main as pnp_main

        started = time.perf_counter()
        pnp_main(args, standalone_mode=False)
    else:
        if side == "floor":  # the plain script in a process that also loads what pnp uses of its libraries
            import click  # noqa: F401
            import yaml  # noqa: F401
            from jinja2.sandbox import SandboxedEnvironment  # noqa: F401
            from pydantic import BaseModel  # noqa: F401  (`import pydantic` alone defers most of its import)
        from reportlab import rl_config
        from reportlab.pdfgen import canvas  # noqa: F401  (imported before the clock starts, like pnp's)

        rl_config.useA85 = 0  # the documented switch a speed-minded user flips; this process only
        started = time.perf_counter()
        workload, count, art, out = args
        plain_deck(workload, int(count), Path(art), Path(out))
    print(f"{time.perf_counter() - started:.6f}")


def measure(side: str, args: list[str], out_dir: Path) -> Result:
    """Run one side in a fresh process: wall time, time after imports, its own peak RSS, its PDF's size."""
    command = [sys.executable, __file__, "--child", side, *args]
    start = time.perf_counter()
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=output, stderr=errors, cwd=REPO)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        errors.seek(0)
        if process.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed:\n{errors.read().decode(errors='replace')}")
        work = float(output.read().decode().split()[-1])
    pdfs = [Path(args[-1])] if side != "pnp" else list(out_dir.glob("*.pdf"))
    pdf_mb = sum(p.stat().st_size for p in pdfs) / 1e6
    return Result(seconds, usage.ru_utime + usage.ru_stime, work, usage.ru_maxrss / 1024, pdf_mb)


def run_sides(workload: str, count: int, work: Path, repeat: int) -> dict[str, Result]:
    """Measure pnp (the `pnp render` command on a generated kit), the plain script and, for vector, the floor
    (the plain script after importing pnp's libraries) on one workload, in turn, `repeat` times; each column
    is the median of its runs."""
    case = work / f"{workload}-{count}"
    (case / "pnp").mkdir(parents=True, exist_ok=True)
    for side in ("plain", "copy"):
        (case / side).mkdir(parents=True, exist_ok=True)
    spec = work / f"{workload}-{count}.yaml"  # beside art/: image paths must stay inside the kit folder
    spec.write_text(kit_yaml(workload, count), encoding="utf-8")
    pnp_args = ["render", str(spec), "-o", str(case / "pnp"), "--format", "pdf", "--force"]
    plain_args = [workload, str(count), str(work / "art"), str(case / "plain" / "plain.pdf")]
    others = ("plain", "floor") if workload == "vector" else ("plain", "copy")  # images: imports are noise
    runs: dict[str, list[Result]] = {side: [] for side in ("pnp", *others)}
    for _ in range(repeat):
        runs["pnp"].append(measure("pnp", pnp_args, case / "pnp"))
        for side in others:
            folder = case / ("copy" if side == "copy" else "plain")
            runs[side].append(measure(side, [*plain_args[:3], str(folder / f"{side}.pdf")], folder))
    return {side: _median(results) for side, results in runs.items()}


def _median(results: list[Result]) -> Result:
    return Result(*(statistics.median(column) for column in zip(*map(astuple, results), strict=True)))


def _row(label: str, side: str, values: tuple[float, ...]) -> str:
    return f"{label:<13}{side:<12}" + "".join(f"{v:>10.2f}" for v in values)


def main(argv: list[str] | None = None) -> int:
    """Run every workload, print the table and the verdict on each target; 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the small decks (108 vector, 120 image cards)")
    parser.add_argument("--only", choices=[*ISSUE_ROWS, "vector", "images"],
                        help="one row of issue 16's table, or one deck workload (whole process, two deck sizes)")
    parser.add_argument("--cards", type=int, nargs="+", help="deck sizes of the workloads instead of 108/120 and 540")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side per workload (median taken)")
    parser.add_argument("--keep", type=Path, help="write kits, art and PDFs here instead of a temp folder")
    parser.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], args.child[1:])
        return 0
    sizes = {name: tuple(args.cards) if args.cards else own[:1] if args.quick else own for name, own in SIZES.items()}
    # pip byte-compiles what it installs, libraries and pnp alike; an editable install in an environment
    # with PYTHONDONTWRITEBYTECODE set would otherwise compile pnp's source again in every measured run
    compileall.compile_dir(REPO / "pnp", quiet=1)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        issue_rows = ([args.only] if args.only in ISSUE_ROWS else [] if args.only
                      else list(QUICK_ROWS) if args.quick else list(ISSUE_ROWS))
        verdicts = _issue_rows(issue_rows, work, max(1, args.repeat))
        workloads = [args.only] if args.only in ("vector", "images") else [] if args.only else ["vector", "images"]
        if "images" in workloads:
            started = time.perf_counter()
            make_art(work / "art", max(sizes["images"]))
            print(
                f"art: {max(sizes['images'])} faces of {FACE_PX[0]} x {FACE_PX[1]} px + 1 back, "
                f"{_folder_mb(work / 'art'):.0f} MB of PNG ({time.perf_counter() - started:.1f} s)"
            )
        if workloads:
            print(f"{'workload':<13}{'side':<12}{'wall s':>10}{'CPU s':>10}{'work s':>10}{'peak MB':>10}{'PDF MB':>10}")
        rows: dict[tuple[str, int], dict[str, Result]] = {}
        for workload in workloads:
            for count in sizes[workload]:
                sides = rows[workload, count] = run_sides(workload, count, work, max(1, args.repeat))
                label = f"{workload} {count}"
                for side, result in sides.items():
                    print(_row(label, side, astuple(result)))
                plain = astuple(sides["plain"])
                if "copy" in sides:
                    ratios = tuple(a / b for a, b in zip(astuple(sides["pnp"]), astuple(sides["copy"]), strict=True))
                    print(_row(label, "pnp/copy", ratios), flush=True)
                for side in [side for side in ("pnp", "floor") if side in sides]:
                    ratios = tuple(a / b for a, b in zip(astuple(sides[side]), plain, strict=True))
                    print(_row(label, f"{side}/plain", ratios), flush=True)
        failures = _verdict(rows)
    failures += [f"{v.row}: {v.figure} (target {v.target})" for v in verdicts if v.met is False]
    for line in failures:
        print("MISSED:", line)
    print("all targets met" if not failures else f"{len(failures)} target(s) missed")
    return 1 if failures else 0


def _issue_rows(names: list[str], work: Path, repeat: int) -> list[rows_module.Verdict]:
    """Measure issue 16's rows; print each verdict as it comes."""
    measures = {"tiles": rows_module.tiles, "hex-tiles": rows_module.hex_tiles, "startup": rows_module.startup,
                "vector-per-card": lambda w, r: rows_module.vector_per_card(w, r, kit_yaml),
                "booklet": rows_module.booklet, "mdd-simulate": rows_module.mdd_simulate,
                "dragrage-optimal": rows_module.dragrage_optimal, "card-export": card_export,
                "preview": lambda w, r: preview_latency(w, max(r, 5)), "nitro-generate": nitro_generate,
                "mdd-setup-search": rows_module.mdd_setup_search, "mdd-setup-check": rows_module.mdd_setup_check,
                "dragrage-balance": rows_module.dragrage_balance, "mdd-engine": mdd_engine,
                "nitro-simulate": nitro_simulate, "instructions": engine_instructions}
    verdicts: list[rows_module.Verdict] = []
    for name in names:
        once = ("mdd-simulate", "dragrage-optimal", "card-export", "nitro-generate", "dragrage-balance")
        for v in measures[name](work, repeat if name not in once else 1):
            verdicts.append(v)
            verdict = "figure" if v.met is None else "met" if v.met else "MISSED"
            print(f"{v.row:<17} {verdict:<7} {v.figure:>9} (target {v.target}): {v.measured}",
                  flush=True)
    return verdicts


def _folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.iterdir()) / 1e6


def _verdict(rows: dict[tuple[str, int], dict[str, Result]]) -> list[str]:
    """Print the verdict of each deck workload: targets on whole-process wall time (what a user waits for) and on
    pnp's peak memory; a workload without a wall-time target prints its ratio only. The targets missed."""
    failures: list[str] = []
    for (workload, count), sides in rows.items():
        ratio = sides["pnp"].cpu / sides["plain"].cpu
        target = DECK_TARGETS.get((workload, count), TARGETS.get(workload))
        if target is None:
            print(f"{workload} {count}: CPU ratio {ratio:.2f} (no target: see the vector-per-card row)")
            continue
        met = ratio <= target
        print(f"{workload} {count}: {'met' if met else 'MISSED'} CPU ratio {ratio:.2f} (target <= {target})")
        if not met:
            failures.append(f"{workload} {count}: CPU ratio {ratio:.2f} > {target}")
        if "copy" in sides:  # issue 34: the image deck within twice the compressed-copy floor
            floor_ratio = sides["pnp"].cpu / sides["copy"].cpu
            met = floor_ratio <= FLOOR_TARGET
            print(f"{workload} {count}: {'met' if met else 'MISSED'} CPU ratio to the floor {floor_ratio:.2f} "
                  f"(target <= {FLOOR_TARGET})")
            if not met:
                failures.append(f"{workload} {count}: CPU ratio to the floor {floor_ratio:.2f} > {FLOOR_TARGET}")
    big = rows.get(("images", 540))
    if big is not None and big["pnp"].peak_mb > MAX_PEAK_MB:
        failures.append(f"images 540: pnp peak {big['pnp'].peak_mb:.0f} MB > {MAX_PEAK_MB:.0f} MB")
    return failures


if __name__ == "__main__":
    sys.exit(main())
