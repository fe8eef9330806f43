"""How far a long `pnp dragrage` run has got, as one stderr line rewritten in place.

Input: the run's stage and counts, as `simulate` and the search report them. Output: the line on stderr, once the
run has lasted `delay` seconds (none at all for a run shorter than that), at most every `interval` seconds, and a
closing newline when a line was shown. Nothing goes to stdout, so reports stay clean.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import click

TTY_DELAY = 2.0
"""Seconds a run lasts before a terminal sees its progress (shorter runs stay quiet)."""
INTERVAL = 0.1
"""Seconds between two redrawn lines."""


class ProgressLine:
    """A progress line on stderr that waits `delay` seconds before it first shows."""

    def __init__(self, delay: float = 0.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.started = clock()
        self.delay = delay
        self.last = float("-inf")
        self.shown = False

    def show(self, line: str, final: bool = False) -> None:
        """Draw `line` over the previous one, unless it is too early or too soon after the last (a `final`
        line is drawn whenever the run has lasted long enough)."""
        now = self.clock()
        if now - self.started < self.delay or (now - self.last < INTERVAL and not final):
            return
        self.last, self.shown = now, True
        click.echo(f"\r{line:<60}", err=True, nl=False)

    def races(self, done: int, total: int) -> None:
        """`simulate`'s progress: races played of all the match-ups'."""
        self.show(f"playing races: {done:,} of {total:,} ({100 * done // total} %)", final=done == total)

    def search(self, stage: str, done: int, total: int) -> None:
        """The search's progress: layers found, then positions valued."""
        if stage == "reach":
            self.show(f"finding positions: layer {done} of at most {total}", final=True)
        else:
            self.show(f"valuing positions: {done:,} of {total:,} ({100 * done // total} %)", final=True)

    def close(self) -> None:
        """End the line, if one was shown."""
        if self.shown:
            click.echo(err=True)


def progress_line(show: bool | None, is_tty: bool) -> ProgressLine | None:
    """The progress line a command shows: always with `--progress` (at once), never with `--no-progress`,
    and by default on a terminal only, for runs over `TTY_DELAY` seconds."""
    if show is None:
        return ProgressLine(TTY_DELAY) if is_tty else None
    return ProgressLine() if show else None
