"""How far a long `pnp dragrage` run has got: `simulate`'s races and the search's stages, as one stderr line
(`pnp.sim.progress`), and when a command shows it (`--progress`, `--no-progress`, or a terminal by default).
"""

from __future__ import annotations

from pnp.sim.progress import TTY_DELAY, StderrLine

__all__ = ["TTY_DELAY", "ProgressLine", "progress_line"]


class ProgressLine(StderrLine):
    """A Drag Rage run's progress line."""

    def races(self, done: int, total: int) -> None:
        """`simulate`'s progress: races played of all the match-ups'."""
        self.show(f"playing races: {done:,} of {total:,} ({100 * done // total} %)", final=done == total)

    def search(self, stage: str, done: int, total: int) -> None:
        """The search's progress: layers found, then positions valued."""
        if stage == "reach":
            self.show(f"finding positions: layer {done} of at most {total}", final=True)
        else:
            self.show(f"valuing positions: {done:,} of {total:,} ({100 * done // total} %)", final=True)


def progress_line(show: bool | None, is_tty: bool) -> ProgressLine | None:
    """The progress line a command shows: always with `--progress` (at once), never with `--no-progress`,
    and by default on a terminal only, for runs over `TTY_DELAY` seconds."""
    if show is None:
        return ProgressLine(TTY_DELAY) if is_tty else None
    return ProgressLine() if show else None
