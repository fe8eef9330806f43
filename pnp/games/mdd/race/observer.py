"""The observer of an MDD race: what engine.Race tells it, each loss of lives and the end of each roll.

Input: none. Output: `RaceObserver`, the base class of an observer (the v2.1 awards, awards.py); its hooks
do nothing. setup.py compiles this file with the engine (observer.pxd), so that the compiled engine calls
a compiled observer's hooks directly.
"""

from __future__ import annotations


class RaceObserver:
    """What a race tells an observer (the v2.1 awards): each loss of lives, and the end of each roll."""

    def on_damage(self, turn: int, car: int, amount: int, left: int, kind: str, by: int, gone: bool) -> None:
        """`car` (with `left` lives) was asked for `amount` lives by a `kind` ("hit", "mine", "exit") that
        car `by` caused; `gone`: it was eliminated."""
        return

    def on_roll(self, car: int) -> None:
        """The roll of `car` is over."""
        return
