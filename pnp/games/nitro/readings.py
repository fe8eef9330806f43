"""How the race engine reads the rulebook where it is open, and the rulebook's variants: a track's `play:` key.

Each field is one reading that changes play; its default is the reading pnp chose, and docs/nitro-dice.md
quotes the sentence it interprets. Readings that do not change play are fixed in the engine and documented
there too.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.model.base import SpecModel


class Variants(SpecModel):
    """The rulebook's optional variants (all off by default)."""

    disaster_area: int = Field(0, ge=0, le=200)
    """Hazards put on random spaces of the Straight and Turn cards before the race (0: variant off)."""
    lap_leader: bool = False
    """The first racer to complete each lap at once draws two bonus cards."""
    nitro_madness: bool = False
    """A Nitro card may give three bonus moves instead of two, for a point of damage."""


class PlayRules(SpecModel):
    """The engine's readings of the open rules (see docs/nitro-dice.md, *Race engine*)."""

    grid: Literal["side_by_side", "staggered"] = "side_by_side"
    """The start grid: two dice a row, inside and outside (side_by_side), or one a row, alternating lanes."""
    garage_rank: Literal["beside", "behind_the_card"] = "beside"
    """Furthest forward, a Garage die counts at the space beside it, after that space's two lanes (beside),
    or behind every die on the track of its host card (behind_the_card)."""
    lanes: Literal["strips", "card_lanes"] = "strips"
    """A die keeps its strip of road from card to card, each card naming its own inside lane (strips), or
    keeps the lane name, inside or outside, whatever side of the road that is on the next card."""
    start_finish_handling: Literal["straight", "free"] = "straight"
    """Entering the Start/Finish card costs a Straight (it is a straight road) or nothing."""
    draft_reach: int = Field(1, ge=1, le=6)
    """How many spaces behind the mover a die may be and still be pulled ("directly behind")."""
    draft_oncoming: bool = False
    """A die on the space behind the mover but driving the other way (out and back) is pulled too."""
    head_on: Literal["pass", "collide", "rear_end"] = "pass"
    """Out and back, a move onto a die driving the other way: the mover passes it when it has the move to reach
    the free space beyond (pass; otherwise a head-on collision), always collides head-on (collide: it stops
    before it, both are damaged, nobody slows), or has a rear-end collision (rear_end: the earlier engine)."""
    after_last_move: Literal["none", "lane_change"] = "none"
    """After a die's last move its turn is over (none), or it may still change lanes or enter the Garage, each
    for a card (lane_change: "at any step of his or her movement" read as any moment of the turn)."""
    draft_chain: bool = False
    """A die pulled by a draft pulls the die directly behind it in turn."""
    full_movement: bool = True
    """A racer must use its whole speed; stopping short means braking (a card per point)."""
    nitro_per_turn: int = Field(1, ge=1, le=6)
    """Nitro cards a racer may use in one turn."""
    blocked_drift_hazards: bool = True
    """A drift stopped by a die ahead still slides the mover into the other lane beside it: a hazard there
    damages it (true), or the slide skips the hazard check (false)."""
    sideswipe_push: Literal["sideways", "forward"] = "sideways"
    """A sideswipe pushes the struck die on in the lane change's direction (sideways: with two lanes that is
    off the track, so it is never pushed; both are damaged, the mover keeps its lane), or one space ahead
    in its own lane (forward)."""
    sideswipe_no_room: Literal["block", "bump"] = "block"
    """With `sideswipe_push: forward`, a lane change onto a die that cannot be pushed ahead is not allowed
    (block), or both are damaged and the mover stays in its lane (bump)."""
    round_cap: int = Field(200, ge=10, le=10_000)
    """Rounds after which a race is stopped and scored as it stands (a safety cap; reported)."""
    variants: Variants = Variants()
    """Optional rules switched on for the race."""
