"""Nitro Dice scenario files: a few cards, dice placed on them, scripted turns, and the outcome the rules state.

Input: a scenario YAML file (docs/nitro-dice.md, *Scenarios*): `sections` as in a track, an optional
`garage`, `play` readings and `geometry`; `dice` by letter with their place, speed, condition, hand and
Nitro cards; `turns`, each one die's actions in order; `expect`, the dice afterwards and event counts.
Output: `PlayResult` with the dice before and after, every event, and each stated outcome not met.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.base import require_game
from pnp.games.nitro.model import Garage, Geometry, NitroTrack, Section
from pnp.games.nitro.race.drivers import DRIVERS, Driver
from pnp.games.nitro.race.engine import Race
from pnp.games.nitro.race.moves import ACTIONS, IllegalMove
from pnp.games.nitro.race.state import Action, Event, RaceState, Turn
from pnp.games.nitro.readings import PlayRules
from pnp.model.base import SpecModel, build_model
from pnp.source.loader import load_yaml
from pnp.source.located import Located

LANES = ("inside", "outside")
CARD_TYPES = ("straight", "turn_a", "turn_b")


class Place(SpecModel):
    """Where a die is: a track space (section, lane, space from the card's entry) or a Garage space."""

    section: int | None = Field(None, ge=1)
    lane: Literal["inside", "outside"] | None = None
    space: int | None = Field(None, ge=1, le=12)
    garage: int | None = Field(None, ge=1, le=3)


class ScenarioDie(Place):
    """A die: its place, speed, condition, hand (card types) and Nitro cards, and how it answers the engine."""

    speed: int = Field(0, ge=0, le=9)
    condition: int = Field(9, ge=0, le=9)
    hand: tuple[Literal["straight", "turn_a", "turn_b"], ...] = ()
    nitro: int = Field(2, ge=0, le=6)
    pay: Literal["card", "three", "damage"] = "card"
    """Handling: a matching card when it has one (else three cards, else damage), or always this way."""
    resist: bool = False
    """Brake with a card against drafts."""


class ScenarioTurn(SpecModel):
    """One die's movement: its actions in order (`move`, `lane`, `drift`, `garage`, `repair`, `brake N`,
    `nitro N`, `stop`)."""

    die: str
    actions: tuple[str, ...] = Field(min_length=1, max_length=40)


class Expected(Place):
    """What a die looks like after the turns; only the keys given are checked."""

    speed: int | None = None
    condition: int | None = None
    cards: int | None = None
    nitro: int | None = None


class Expect(SpecModel):
    dice: dict[str, Expected] = Field(default_factory=dict)
    events: dict[str, int] = Field(default_factory=dict)
    """How many events of each kind (collision, sideswipe, pulled, damage, repair, nitro, ...)."""


class Scenario(SpecModel):
    """A scenario file."""

    title: str = Field(min_length=1, max_length=200)
    source: str = ""
    sections: tuple[Section, ...] = Field(min_length=1, max_length=40)
    garage: Garage | None = None
    geometry: Geometry = Geometry()
    play: PlayRules = PlayRules()
    dice: dict[str, ScenarioDie] = Field(min_length=1, max_length=6)
    turns: tuple[ScenarioTurn, ...] = Field(min_length=1, max_length=40)
    expect: Expect | None = None


@dataclass(frozen=True, slots=True)
class DieState:
    """A die as `pnp nitro play` prints it."""

    letter: str
    place: str
    speed: int
    condition: int
    hand: tuple[str, ...]
    nitro: int


@dataclass(frozen=True, slots=True)
class PlayResult:
    before: tuple[DieState, ...]
    after: tuple[DieState, ...]
    events: tuple[Event, ...]
    letters: tuple[str, ...]
    unmet: tuple[str, ...]
    race: Race


class Script:
    """A driver that plays a turn's listed actions and answers the engine as its die's settings say; the rest
    (which cards to discard, speeds, hazard swaps) it leaves to the cautious driver, which swaps no hazards in."""

    name = "script"

    def __init__(self, die: ScenarioDie) -> None:
        self.settings = die
        self.queue: list[str] = []
        self.base: Driver = DRIVERS["cautious"]

    def step(self, race: RaceState, die: int, turn: Turn) -> Action:
        if not self.queue:
            return ("stop", 0)
        name, _, amount = self.queue.pop(0).partition(" ")
        return (name, int(amount) if amount.isdigit() else 0)

    def pay(self, race: RaceState, die: int, kind: int) -> str:
        return self.base.pay(race, die, kind) if self.settings.pay == "card" else self.settings.pay

    def resist(self, race: RaceState, die: int) -> bool:
        return self.settings.resist

    def target_speed(self, race: RaceState, die: int) -> int:
        return race.speed[die]

    def discard(self, race: RaceState, die: int, count: int) -> list[int]:
        return self.base.discard(race, die, count)

    def swap(self, race: RaceState, die: int) -> tuple[int, int] | None:
        return None


def load_scenario(path: str) -> tuple[Scenario, Located]:
    """Read and validate a scenario file; SpecError with located diagnostics when it is wrong."""
    located = load_yaml(path)
    require_game(located, None, "a Nitro Dice scenario (sections, dice and turns; no `game:` line)")
    return build_model(Scenario, located), located


def _fail(located: Located, path: tuple[str | int, ...], message: str, hint: str) -> SpecError:
    return SpecError(Diagnostic.at(located.mark(path), "nitro.scenario", message, hint))


def setup_race(spec: Scenario, located: Located) -> tuple[Race, list[str], list[Script]]:
    """The engine race a scenario describes, its die letters and their scripted drivers."""
    letters = list(spec.dice)
    track = NitroTrack(game="nitro-dice", race={"laps": 1}, players=len(letters), sections=spec.sections,
                       garage=spec.garage, geometry=spec.geometry, play=spec.play)
    scripts = [Script(spec.dice[letter]) for letter in letters]
    try:
        race = Race(track, scripts, seed=0, record=True, order=range(len(letters)))
    except ValueError as exc:
        raise _fail(located, ("dice",), f"the scenario cannot be set up: {exc}",
                    "use fewer dice, or more spaces per lane") from None
    k, n = spec.geometry.spaces_per_lane, len(spec.sections)
    for i, hand in enumerate(race.hand):
        race.cards.pile.extend(hand)
        race.set_hand(i, [])
    race.occ[:] = [-1] * len(race.occ)
    for i, letter in enumerate(letters):
        die = spec.dice[letter]
        where = ("dice", letter)
        for type_ in die.hand:
            code = CARD_TYPES.index(type_)
            card = next((c for c in race.cards.pile if race.cards.kind[c] == code and not race.cards.hazards[c]), None)
            if card is None:
                raise _fail(located, (*where, "hand"), f"the deck has no {type_} card left for die {letter}",
                            "give the dice fewer cards")
            race.cards.pile.remove(card)
            race.set_hand(i, [*race.hand[i], card])
        race.speed[i], race.cond[i], race.nitro[i] = die.speed, die.condition, die.nitro
        if die.garage is not None:
            if spec.garage is None:
                raise _fail(located, (*where, "garage"), "the scenario has no Garage", "add `garage: {beside: N}`")
            race.garage[i], race.garage_leg[i], race.arrival[i] = die.garage - 1, spec.garage.beside - 1, i
            continue
        if die.section is None or die.lane is None or die.space is None or not die.section <= n or die.space > k:
            raise _fail(located, where, f"die {letter} needs a section (1 to {n}), a lane and a space (1 to {k})",
                        "write `{section: 2, lane: inside, space: 1}`, or `{garage: 1}`")
        pos = (die.section - 1) * k + die.space - 1
        lane = race.course.card_lane(pos, LANES.index(die.lane))  # the strip of that card's lane
        sid = race.course.sid(pos, lane)
        if race.occ[sid] >= 0:
            raise _fail(located, where, f"die {letter} is on the same space as another die", "move one of them")
        race.pos[i], race.lane[i] = pos, lane
        race.occ[sid] = i
    return race, letters, scripts


def snapshot(race: Race, letters: list[str]) -> tuple[DieState, ...]:
    """Every die's state, for printing."""
    return tuple(DieState(letter, place_name(race, i), race.speed[i], race.cond[i],
                          tuple(CARD_TYPES[race.cards.kind[c]] for c in race.hand[i]), race.nitro[i])
                 for i, letter in enumerate(letters))


def place_name(race: Race, die: int) -> str:
    c = race.course
    if race.garage[die] >= 0:
        return f"Garage space {race.garage[die] + 1}"
    pos = race.pos[die]
    return f"section {c.section(pos) + 1}, {LANES[c.card_lane(pos, race.lane[die])]} lane, space {pos % c.k + 1}"


def play_scenario(spec: Scenario, located: Located) -> PlayResult:
    """Play the scenario's turns; SpecError when a turn names an unknown die or breaks a rule."""
    race, letters, scripts = setup_race(spec, located)
    before = snapshot(race, letters)
    for t, turn in enumerate(spec.turns):
        if turn.die not in letters:
            raise _fail(located, ("turns", t, "die"), f"no die {turn.die!r}", f"use one of {', '.join(letters)}")
        bad = [a for a in turn.actions if a.split(" ")[0] not in ACTIONS]
        if bad:
            raise _fail(located, ("turns", t, "actions"), f"unknown action {bad[0]!r}",
                        f"use {', '.join(ACTIONS)} (brake and nitro take a number)")
        die = letters.index(turn.die)
        scripts[die].queue = list(turn.actions)
        try:
            race.take_turn(die)
        except IllegalMove as exc:
            raise _fail(located, ("turns", t), f"turn {t + 1} of die {turn.die}: {exc}", "fix the actions") from None
        race.end_turn_cards()
        left = scripts[die].queue
        if left:
            race.note("unplayed", die, len(left), ", ".join(left))
    return PlayResult(before, snapshot(race, letters), tuple(race.events), tuple(letters),
                      tuple(_unmet(spec, race, letters)), race)


def _unmet(spec: Scenario, race: Race, letters: list[str]) -> list[str]:
    if spec.expect is None:
        return []
    out: list[str] = []
    for letter, want in spec.expect.dice.items():
        if letter not in letters:
            out.append(f"no die {letter}")
            continue
        i = letters.index(letter)
        c = race.course
        got: dict[str, int | str | None] = {
            "speed": race.speed[i], "condition": race.cond[i], "cards": len(race.hand[i]), "nitro": race.nitro[i],
            "garage": race.garage[i] + 1 if race.garage[i] >= 0 else None}
        if race.garage[i] < 0:
            pos = race.pos[i]
            lane = LANES[c.card_lane(pos, race.lane[i])]
            got |= {"section": c.section(pos) + 1, "lane": lane, "space": pos % c.k + 1}
        for key, value in want.model_dump(exclude_none=True).items():
            if got.get(key) != value:
                out.append(f"{letter}: {key} is {got.get(key)}, expected {value}")
    counts = Counter(e.kind for e in race.events)
    for kind, number in spec.expect.events.items():
        if counts[kind] != number:
            out.append(f"{counts[kind]} {kind} event(s), expected {number}")
    return out
