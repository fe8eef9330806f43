"""The way racers drive a track: the order they enter sections, and how far the Garage is.

Input: a `NitroTrack`. Output: section numbers (1-based) in the order racers enter them, the number of
sections crossed to win, and the longest way (in sections) from any section to the Garage's section.
A lap race goes round the list `laps` times; an out-and-back race drives the list to its last card, turns
round and drives it back to the Start/Finish.
"""

from __future__ import annotations

from pnp.games.nitro.model import NitroTrack


def one_pass(track: NitroTrack) -> list[int]:
    """Section numbers in driving order for one lap, or for the whole out-and-back route."""
    n = len(track.sections)
    out = list(range(1, n + 1))
    if track.race.type == "out-and-back":
        return out + list(range(n - 1, 0, -1))
    return out


def sections_crossed(track: NitroTrack) -> int:
    """Sections a racer enters to win: sections x laps, or 2 x (sections - 1) out and back."""
    n = len(track.sections)
    if track.race.type == "out-and-back":
        return 2 * max(n - 1, 0)
    return n * (track.race.laps or 0)


def longest_way_to_garage(track: NitroTrack, host: int) -> tuple[int, int]:
    """(section number, sections to drive) for the section farthest ahead of the Garage's `host` section.

    On a lap race the way wraps round the loop; out and back, only places that still pass the host count.
    """
    route = one_pass(track)
    if track.race.type != "out-and-back":
        n = len(route)
        farthest = host % n + 1
        return farthest, (host - farthest) % n
    best = (host, 0)
    for start, number in enumerate(route):
        ahead = [i for i in range(start, len(route)) if route[i] == host]
        if ahead and ahead[0] - start > best[1]:
            best = (number, ahead[0] - start)
    return best
