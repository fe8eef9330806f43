"""Every output the examples produce, written into one folder, so two checkouts can be compared byte for byte.

Usage: python scripts/snapshot_outputs.py OUT_DIR   (run with the checkout's own Python; pnp from that checkout)
Then: diff -r BEFORE AFTER   (or python scripts/snapshot_outputs.py --compare BEFORE AFTER)

For every spec in examples/: `validate --format json`; for every kit and game kit, `render` as PDF, SVG and
PNG, in English and Italian, with its rulebook as pages and as a booklet; for the games, their commands
(`mdd play` on every scenario, `mdd simulate`, `nitro map`, `dragrage simulate`) as text and JSON.
Each command's stdout, stderr (folder names made relative) and exit code are kept beside its files.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SCENARIOS = ROOT / "pnp" / "games" / "mdd" / "scenarios"


def _specs() -> list[Path]:
    return sorted(p for p in EXAMPLES.rglob("*.yaml") if p.name != "cards.yaml")


def _jobs(out: Path) -> list[tuple[str, list[str]]]:
    jobs: list[tuple[str, list[str]]] = []
    for spec in _specs():
        key = str(spec.relative_to(EXAMPLES)).replace("/", "__").removesuffix(".yaml")
        jobs.append((f"validate/{key}", ["validate", str(spec), "--format", "json"]))
        text = spec.read_text(encoding="utf-8")
        printable = "invalid" not in spec.parts and ("kit:" in text or "print:" in text)
        if printable:
            for lang in ("en", "it"):
                args = ["render", str(spec), "--format", "pdf,svg,png", "--force"]
                if lang != "en":
                    args += ["--lang", lang]
                jobs.append((f"render/{key}-{lang}", args))
            jobs.append((f"render/{key}-booklet", ["render", str(spec), "--rulebook", "booklet", "--force"]))
        if "nitro-dice" in spec.parts and "invalid" not in spec.parts:
            jobs.append((f"nitro-map/{key}", ["nitro", "map", str(spec)]))
    for scenario in sorted(SCENARIOS.glob("*.yaml")):
        for fmt in ("text", "json"):
            jobs.append((f"mdd-play/{scenario.stem}-{fmt}", ["mdd", "play", str(scenario), "--format", fmt]))
    for setup in sorted((EXAMPLES / "mdd-setups").glob("*.yaml")):
        jobs.append((f"mdd-simulate/{setup.stem}",
                     ["mdd", "simulate", str(setup), "--games", "40", "--seed", "3", "--format", "json"]))
    jobs.append(("dragrage-simulate/standard", ["dragrage", "simulate", "--games", "200", "--seed", "2"]))
    return jobs


def _run(out: Path, name: str, args: list[str]) -> None:
    folder = out / name
    folder.mkdir(parents=True, exist_ok=True)
    if args[0] == "render":
        args = [*args, "-o", str(folder / "files")]
    env = {**os.environ, "PYTHONHASHSEED": "0", "COLUMNS": "120"}
    proc = subprocess.run([sys.executable, "-m", "pnp.cli", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600)

    def clean(text: str) -> str:
        return text.replace(str(folder), "<out>").replace(str(ROOT), "<root>")

    (folder / "stdout").write_text(clean(proc.stdout), encoding="utf-8")
    (folder / "stderr").write_text(clean(proc.stderr), encoding="utf-8")
    (folder / "rc").write_text(f"{proc.returncode}\n", encoding="utf-8")


def snapshot(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    jobs = _jobs(out)
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda job: _run(out, *job), jobs))
    print(f"{len(jobs)} commands written under {out}")


def compare(before: Path, after: Path) -> int:
    """Print every file that differs or exists on one side only; return how many."""
    differing = 0

    def walk(cmp: filecmp.dircmp[str], prefix: str) -> None:
        nonlocal differing
        for name in cmp.left_only + cmp.right_only + cmp.diff_files + cmp.funny_files:
            print(f"differs: {prefix}{name}")
            differing += 1
        for name, sub in cmp.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    walk(filecmp.dircmp(before, after, ignore=[".pnp-manifest.json"]), "")
    print(f"{differing} difference(s)")
    return differing


def main(argv: list[str]) -> int:
    """Snapshot into OUT_DIR, or compare two snapshots (exit 1 when they differ); 2 on a usage error."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", type=Path, help="the folder to write the snapshot into")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"), help="compare two snapshots")
    args = parser.parse_args(argv)
    if args.compare:
        if args.out_dir is not None:
            parser.error("give OUT_DIR or --compare BEFORE AFTER, not both")
        return 1 if compare(*args.compare) else 0
    if args.out_dir is None:
        parser.error("give OUT_DIR, or --compare BEFORE AFTER")
    snapshot(args.out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
