"""The `nitro-generate` row of benchmarks/run.py: how many candidate tracks `pnp nitro generate --balanced`
evaluates per CPU-second, and its cost per race against plain `pnp nitro simulate` of the same kind of track.

Both sides run as their own process (CPU from `os.wait4`, see rows.py). The search side is the issue's command
with a shorter budget; its spec header says how many tracks and races it played. The baseline races the first
random track of the same seed (what plain `generate` writes) as many times with `simulate`; the ratio of CPU
per race says what the search adds to racing (generating and validating candidates, scoring, ranking).
"""

from __future__ import annotations

import re
from pathlib import Path

from rows import PNP, Verdict, alternate

BUDGET = 30
"""Seconds of search per run (the issue's command uses 90)."""
GAMES = 500
"""Fresh races of the final figures."""
MAX_OVERHEAD = 1.5
"""Largest allowed CPU per race of the search against plain simulation."""
HEADER = re.compile(r"Searched (\d+) tracks \((\d+) full brackets of successive halving, ([\d,]+) races\)")


def nitro_generate(work: Path, repeat: int) -> list[Verdict]:
    """Candidates per CPU-second of the balanced search, and its CPU per race against `simulate`'s."""
    searched, first = work / "nitro-balanced.yaml", work / "nitro-first.yaml"
    base = [*PNP, "nitro", "generate", "--sections", "20", "--players", "4", "--seed", "3", "--force"]
    alternate({"first": [*base, "-o", str(first)]}, 1)
    search = alternate({"search": [*base, "--balanced", "--budget", str(BUDGET), "--games", str(GAMES),
                                   "-o", str(searched)]}, repeat)["search"]
    found = HEADER.search(searched.read_text(encoding="utf-8"))
    if found is None:
        raise SystemExit(f"{searched}: no search figures in its header")
    tracks, races = int(found[1]), int(found[3].replace(",", "")) + 2 * GAMES
    plain = alternate({"simulate": [*PNP, "nitro", "simulate", str(first), "--games", str(races)]}, repeat)["simulate"]
    per_race, plain_per_race = search.cpu / races, plain.cpu / races
    overhead = per_race / plain_per_race
    measured = (f"{tracks} tracks, {races:,} races in {search.cpu:.1f} s CPU ({tracks / search.cpu:.1f} tracks and "
                f"{races / search.cpu:.0f} races per CPU-second); simulate of the first track "
                f"{races / plain.cpu:.0f} races per CPU-second")
    return [Verdict("nitro generate", measured, f"{overhead:.2f}x", f"<= {MAX_OVERHEAD}x CPU per race",
                    overhead <= MAX_OVERHEAD)]
