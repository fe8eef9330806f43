"""The Drag Rage kit spec: YAML data to a frozen `DragRageSpec`, and the spec to an engine `Variant`.

Input: a `Located` spec (`game: drag-rage`). Output: `DragRageSpec`, or a SpecError with located
diagnostics for schema problems. Game-rule problems (a finish outside the lane, equal counters...)
are left to the registered rules in `rules.py`, so they are reported with their own rule ids.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.games.dragrage.printed.print_options import DragRagePrint
from pnp.games.dragrage.variant import STANDARD_COUNTERS, BlownEngine, Crossing, Pool, SpinOut, Variant
from pnp.model.base import SpecModel, build_model
from pnp.source.located import Located

MAX_COUNTERS = 20
MAX_LANE = 200
COUNTER_LIMIT = 1000

CounterValue = Annotated[int, Field(ge=-COUNTER_LIMIT, le=COUNTER_LIMIT)]


class KitInfo(SpecModel):
    """What the printed kit says about itself."""

    title: str = "Drag Rage"
    """Title on every sheet."""
    version: str | None = None
    """Version printed after the title."""


class DragRageSpec(SpecModel):
    """A Drag Rage kit: board and counter numbers, the four rule readings, and kit/credit text."""

    game: Literal["drag-rage"]
    """This spec is a Drag Rage kit."""
    kit: KitInfo = KitInfo()
    """Title and version of the printed kit."""
    credit: str = "Rules from a 2009 online game-design course; author unknown."
    """Credit line printed on every sheet."""
    lane_length: int = Field(26, ge=2, le=MAX_LANE)
    """Spaces in each lane, the Start space included."""
    finish_after: int = Field(22, ge=-MAX_LANE, le=MAX_LANE)
    """The finish line is drawn after this space."""
    counters: tuple[CounterValue, ...] = Field(STANDARD_COUNTERS, min_length=1, max_length=MAX_COUNTERS)
    """Values of the move counters."""
    counter_pool: Pool = Pool.SHARED
    """Both drivers draw from one set of counters (`shared`) or each from their own (`separate`)."""
    spun_out_counter: SpinOut = SpinOut.SPENT
    """A spun-out move's counter stays used (`spent`) or goes back to the pool (`returned`)."""
    crossing_move: Crossing = Crossing.CHALLENGEABLE
    """Rule 9, whether the move that carries a car across the line can be challenged: `challengeable` (always,
    like any move), `literal` (as the text reads: only while the other driver has played fewer counters; with as
    many the heat ends at the crossing) or `final` (never, whoever makes it: stricter than the text)."""
    blown_engine: BlownEngine = BlownEngine.KEEPS_TURNS
    """Rule 8, what a driver whose counters left cannot carry the car across still does: `keeps_turns` (as the text
    reads: challenges or lays counters as before, but cannot win) or `stops` (lays no more counters, only
    challenges)."""
    heats_to_win: int = Field(2, ge=1, le=10)
    """Heats a driver must win to win the race."""
    print: DragRagePrint | None = None
    """What `pnp render` prints (see print_options.py)."""

    def variant(self) -> Variant:
        """The engine's view of this spec (only meaningful once the rules in `rules.py` pass)."""
        return Variant(
            lane_length=self.lane_length,
            finish_after=self.finish_after,
            counters=self.counters,
            pool=self.counter_pool,
            spin_out=self.spun_out_counter,
            crossing=self.crossing_move,
            blown_engine=self.blown_engine,
            heats_to_win=self.heats_to_win,
        )


def build_spec(located: Located) -> DragRageSpec:
    """Validate located YAML into a `DragRageSpec`; raise SpecError with located diagnostics."""
    return build_model(DragRageSpec, located)
