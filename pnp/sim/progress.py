"""How far a long game run has got: one line on stderr, rewritten in place (every game's `simulate`, the
Drag Rage search).

Input: the lines a command writes as it goes. Output: each line over the previous one on stderr, once the run
has lasted `delay` seconds (nothing at all for a shorter run), at most every `INTERVAL` seconds, and at the end
a newline (the line stays) or a cleared line. Nothing goes to stdout, so reports stay clean.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

import click

TTY_DELAY = 2.0
"""Seconds a run lasts before a terminal sees its progress (shorter runs stay quiet)."""
INTERVAL = 0.1
"""Seconds between two redrawn lines."""
MIN_WIDTH = 60
"""Characters every line is padded to, so a shorter line covers a longer one before it."""


class StderrLine:
    """A progress line on stderr (or `stream`) that waits `delay` seconds before it first shows; `clear`: the
    line is wiped at the end instead of kept."""

    def __init__(self, delay: float = 0.0, clock: Callable[[], float] = time.monotonic,
                 stream: TextIO | None = None, clear: bool = False) -> None:
        self.clock, self.started, self.delay = clock, clock(), delay
        self.stream, self.clear = stream, clear
        self.last = float("-inf")
        self.width = 0

    def due(self, final: bool = False) -> float | None:
        """The seconds the run has lasted when a line is due now; None when it is too early, or too soon after
        the last line (a `final` line is due whenever the run has lasted long enough)."""
        now = self.clock()
        if now - self.started < self.delay or (now - self.last < INTERVAL and not final):
            return None
        self.last = now
        return now - self.started

    def draw(self, line: str) -> None:
        """Write `line` over the previous one."""
        self.width = max(self.width, MIN_WIDTH, len(line))
        self._write(f"\r{line:<{self.width}}")

    def show(self, line: str, final: bool = False) -> None:
        """Draw `line` when one is due (see `due`)."""
        if self.due(final) is not None:
            self.draw(line)

    def close(self) -> None:
        """End the line, if one was shown: a newline, or blanks over it with `clear`."""
        if self.width:
            self._write("\r" + " " * (self.width + 1) + "\r" if self.clear else "\n")

    def _write(self, text: str) -> None:
        if self.stream is None:
            click.echo(text, err=True, nl=False)
        else:
            self.stream.write(text)
            self.stream.flush()


class LateProgress:
    """Races done so far, one line rewritten on a terminal's stderr (`pnp.sim.progress`), once a run has lasted
    `after` seconds, and cleared at the end: nothing on a file or pipe (reports stay clean), nothing for a run
    that ends sooner."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic, after: float = TTY_DELAY) -> None:
        stream = stream if stream is not None else sys.stderr
        self.line = StderrLine(after, clock, stream, clear=True) if stream.isatty() else None
        self.total, self.label, self.done = total, label, 0

    def update(self, count: int) -> None:
        self.done += count
        elapsed = self.line.due(final=self.done == self.total) if self.line is not None else None
        if self.line is not None and elapsed is not None:
            self.line.draw(f"{self.label} {self.done:,} of {self.total:,} ({self.done / self.total:.0%}, "
                           f"{elapsed:.0f} s)")

    def __enter__(self) -> LateProgress:
        return self

    def __exit__(self, *_: object) -> None:
        """Clear the line, so the terminal shows what comes next alone."""
        if self.line is not None:
            self.line.close()
