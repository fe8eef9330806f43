"""The check of plain `pnp mdd setup`: each drawn setup raced a few hundred times, re-drawn until one meets the
calibration targets.

Input: a search `Request` (the options of `pnp mdd setup`), races per draw and the most draws. Output: a
`Checked`: every draw with its figures and the one kept. Draw 0 is the plain setup of the seed, draw i the
balanced search's proposal i (search.proposals, the setup of a seed drawn from it); each is raced with its own
seed as race seed (`pnp mdd simulate FILE --games N --seed K` repeats the check), so the result depends on
the seed alone. A draw is kept when its figures, read half-way to their intervals' unfavourable end (`MARGIN`),
meet every target; when none of the draws does, the one of least loss is kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.mdd.race.simulate import play_range
from pnp.games.mdd.setup.generate import RandomSetup
from pnp.games.mdd.setup.search import Figures, Request, board_of, figures, proposals

CHECK_GAMES = 400
"""Races a drawn setup is checked on: about 0.02-0.06 s with the compiled engine."""
MARGIN = 0.5
"""Where a figure is read within its 95 % interval (0 the value, 1 its unfavourable end, `Figures.misses`):
half-way, about one standard error, so that a setup just beyond a target rarely passes a few hundred races."""
CHECK_DRAWS = 20
"""The most setups drawn for one seed before the closest is kept with a warning."""


@dataclass(frozen=True, slots=True)
class Draw:
    """One drawn setup and its figures over the check's races (race seed: the setup's seed)."""

    setup: RandomSetup
    figures: Figures

    def misses(self) -> list[str]:
        """The targets this draw's measured figures miss, in words (none: it is kept)."""
        return self.figures.misses(at=MARGIN)


@dataclass(frozen=True, slots=True)
class Checked:
    """The draws made for `seed`, in order, and the one kept (the first that met the targets, or the one of
    least loss when none did)."""

    seed: int
    games: int
    draws: tuple[Draw, ...]
    kept: Draw

    @property
    def met(self) -> bool:
        """Whether the kept draw meets the targets."""
        return not self.kept.misses()

    @property
    def rejected(self) -> list[Draw]:
        """The draws that missed a target, in order."""
        return [d for d in self.draws if d.misses()]


def check_draw(setup: RandomSetup, games: int = CHECK_GAMES) -> Draw:
    """Race `setup` `games` times on its default grid, its seed as race seed."""
    board = board_of(setup)
    return Draw(setup, figures(board, play_range(board, setup.seed, 0, games)))


def checked_setup(request: Request, games: int = CHECK_GAMES, most: int = CHECK_DRAWS) -> Checked:
    """Draw the setups of `request` in turn until one meets the targets over `games` races, at most `most`."""
    propose = proposals(request)
    draws: list[Draw] = []
    for index in range(most):
        draw = check_draw(propose(index), games)
        draws.append(draw)
        if not draw.misses():
            return Checked(request.seed, games, tuple(draws), draw)
    return Checked(request.seed, games, tuple(draws), min(draws, key=lambda d: d.figures.loss))
