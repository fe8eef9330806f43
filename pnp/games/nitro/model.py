"""The Nitro Dice custom-track spec: a frozen model of what a user writes by hand.

Input: the plain data of a `game: nitro-dice` YAML file (every scalar a string). Output: `NitroTrack`,
with sections in driving order (numbered from 1 in messages), the race, the Garage and the geometry and
deck parameters with their documented defaults (docs/nitro-dice.md). Game rules are checked later by
`pnp.games.nitro.rules`; this layer only checks shapes and value ranges.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from pnp.games.nitro.readings import PlayRules
from pnp.model.base import SpecModel
from pnp.model.sheets import SheetSettings
from pnp.units import PositiveLength


class Kind(StrEnum):
    """The kinds of driving section a track lists (the Garage sits beside the track, not in it)."""

    START_FINISH = "start_finish"
    STRAIGHT = "straight"
    TURN_A = "turn_a"
    TURN_B = "turn_b"

    @property
    def is_turn(self) -> bool:
        return self in (Kind.TURN_A, Kind.TURN_B)

    @property
    def label(self) -> str:
        return {"start_finish": "Start/Finish", "straight": "Straight", "turn_a": "Turn A", "turn_b": "Turn B"}[
            self.value
        ]


class Hazard(SpecModel):
    """A hazard printed on one space of a card: its lane, its space (1 = nearest the card's entry), a name."""

    lane: Literal["inside", "outside"]
    """The lane the hazard is on."""
    space: int
    """The space, counted from 1 at the card's entry."""
    kind: str = Field("hazard", min_length=1, max_length=40)
    """Name printed on the hazard."""


def _as_is(value: Any) -> Any:
    """No change: only tells the JSON Schema that a section may also be written as a bare kind."""
    return value


class Section(SpecModel):
    """One card of the track. Written as a bare kind (`- straight`) or as a mapping with options."""

    type: Kind
    """The kind of card."""
    direction: Literal["left", "right"] | None = None
    """Turns only: which way the card turns, looking in the driving direction (default left)."""
    hazards: tuple[Hazard, ...] = ()
    """Hazards printed on this card."""
    over: Annotated[tuple[int, ...], BeforeValidator(_as_is, json_schema_input_type=int | list[int])] = ()
    """Section numbers this card is laid over as a bridge (a declared crossing)."""

    @model_validator(mode="before")
    @classmethod
    def _bare_kind(cls, data: Any) -> Any:
        return {"type": data} if isinstance(data, str) else data

    @field_validator("over", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str | int) else value

    @model_validator(mode="after")
    def _direction_on_turns(self) -> Section:
        if self.direction is not None and not self.type.is_turn:
            raise ValueError(f"only turn cards take a direction; a {self.type.label} card goes straight on")
        return self

    @property
    def turns_left(self) -> bool:
        return self.direction != "right"


class Race(SpecModel):
    """`{laps: N}` for a lap race on a closed loop, or `{type: out-and-back}`."""

    type: Literal["laps", "out-and-back"] = "laps"
    """A lap race on a closed loop, or out to the end and back."""
    laps: int | None = Field(None, ge=1, le=20)
    """Laps of a lap race."""

    @model_validator(mode="after")
    def _laps_match_type(self) -> Race:
        if self.type == "laps" and self.laps is None:
            raise ValueError("a lap race needs `laps:` (for example `race: {laps: 2}`)")
        if self.type == "out-and-back" and self.laps is not None:
            raise ValueError("an out-and-back race has no laps; remove `laps:`")
        return self


class Garage(SpecModel):
    """The Garage card: the section it sits beside (1-based) and on which side (default: outside)."""

    beside: int
    """Number of the section the Garage sits beside, from 1."""
    side: Literal["left", "right"] | None = None
    """Side of the road it sits on (default: outside)."""
    hazards: tuple[Hazard, ...] = ()
    """Hazards printed on the Garage card."""


class Geometry(SpecModel):
    """Physical sizes and angles of the cards; see docs/nitro-dice.md for the model."""

    card_width: PositiveLength = 63.0
    """Across the road: both lanes share it."""
    card_length: PositiveLength = 88.0
    """Along the road, for Straight and Start/Finish cards and the Garage."""
    spaces_per_lane: int = Field(3, ge=1, le=12)
    """Spaces in each lane of a card."""
    turn_a_angle: float = Field(45.0, gt=0, le=180)
    """Degrees a Turn A (yellow) card turns."""
    turn_b_angle: float = Field(90.0, gt=0, le=180)
    """Degrees a Turn B (red) card turns."""
    turn_radius: PositiveLength = 88.0
    """Radius of the road's centre line on both turn cards."""
    closure_tolerance: PositiveLength = 2.0
    """How near the last card must end to the Start/Finish entry."""
    closure_angle_tolerance: float = Field(1.0, gt=0, le=45)
    """Degrees within which the last card must point the way the Start/Finish does."""

    @model_validator(mode="after")
    def _radius_clears_road(self) -> Geometry:
        if self.turn_radius <= self.card_width / 2:
            raise ValueError(
                f"turn_radius ({self.turn_radius:g} mm) must exceed half the card width "
                f"({self.card_width / 2:g} mm), or the inside lane would vanish"
            )
        return self


class Deck(SpecModel):
    """How many Track/Handling cards of each type the deck holds, and how many each player is dealt."""

    straight: int = Field(36, ge=0, le=1000)
    """Straight cards in the Track/Handling deck."""
    turn_a: int = Field(36, ge=0, le=1000)
    """Turn A cards in the deck."""
    turn_b: int = Field(32, ge=0, le=1000)
    """Turn B cards in the deck."""
    hand: int = Field(9, ge=0, le=100)
    """Cards dealt to each player."""
    straight_hazards: int = Field(9, ge=0, le=1000)
    """Straight cards in the box with a hazard printed on them (one each; the track's own hazards count)."""
    turn_a_hazards: int = Field(9, ge=0, le=1000)
    """Turn A cards in the box with a printed hazard."""
    turn_b_hazards: int = Field(8, ge=0, le=1000)
    """Turn B cards in the box with a printed hazard."""

    def hazards(self, kind: Kind) -> int:
        """Cards of `kind` in the box that carry a printed hazard."""
        return {Kind.STRAIGHT: self.straight_hazards, Kind.TURN_A: self.turn_a_hazards,
                Kind.TURN_B: self.turn_b_hazards}.get(kind, 0)

    def count(self, kind: Kind) -> int:
        """Cards of `kind` in the deck (Start/Finish is not a deck card: 0)."""
        return {Kind.STRAIGHT: self.straight, Kind.TURN_A: self.turn_a, Kind.TURN_B: self.turn_b}.get(kind, 0)

    @property
    def total(self) -> int:
        return self.straight + self.turn_a + self.turn_b


class NitroPrint(SpecModel):
    """What `pnp render` prints for a track (`print:`); every part can be switched off.

    All cards share the track's card size (`geometry.card_width` x `geometry.card_length`).
    """

    kit: str | None = Field(None, min_length=1, max_length=120)
    """Title on every sheet; default: the track's name."""
    map: bool = True
    """One page with the whole track drawn to scale."""
    cards: bool = True
    """A numbered card for every section, the Start/Finish and the Garage."""
    full_size: bool = False
    """The whole track at 1:1, tiled across sheets to be taped together."""
    condition_cards: bool = True
    """One Vehicle Condition card (0 to 9) per player."""
    player_cards: bool = True
    """One Player ID card per player."""
    nitro_cards: int = Field(2, ge=0, le=6)
    """Nitro cards printed per player."""
    sheets: SheetSettings = SheetSettings()
    """How the pieces go on paper."""


class NitroTrack(SpecModel):
    """A whole custom track: race, players, sections in driving order, Garage and parameters."""

    game: Literal["nitro-dice"]
    """This spec is a Nitro Dice track."""
    name: str | None = Field(None, max_length=200)
    """Name of the track."""
    race: Race
    """The kind of race."""
    players: int
    """Number of racers."""
    sections: tuple[Annotated[Section, BeforeValidator(_as_is, json_schema_input_type=Section | Kind)], ...] = Field(
        max_length=500)
    """The cards of the track in driving order, from the Start/Finish."""
    garage: Garage | None = None
    """Where the Garage card sits."""
    geometry: Geometry = Geometry()
    """Card sizes and turn angles."""
    deck: Deck = Deck()
    """Contents of the Track/Handling deck."""
    play: PlayRules = PlayRules()
    """How the race engine reads the open rules, and the variants (`pnp nitro simulate`, `play`)."""
    print: NitroPrint | None = None
    """What `pnp render` prints."""
