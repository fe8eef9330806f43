"""Generated tracks that pass the validator: what `pnp nitro generate` writes and its search ranks.

Input: a `Request` (sections, players, seed, type weights, hazards, start grid). Output: `Candidate`s, each a
generated track with its spec text, its built `NitroTrack` and the engine's course, in a reproducible stream:
stream `b` of seed `s` always yields the same tracks in the same order, and the first track of stream 0 is the
one plain `pnp nitro generate --seed s` writes. Every candidate has been run through every `nitro.*` rule
and has no error and no warning but `nitro.garage_distance`, which no loop of more than
`MAX_GARAGE_DISTANCE + 1` sections can avoid (on a loop some section is always sections - 1 ahead of the Garage).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from pnp.games.nitro.model import Kind, NitroTrack, Race
from pnp.games.nitro.rules import MIN_SECTIONS_CROSSED, spare
from pnp.games.nitro.track.course import Course, build_course
from pnp.games.nitro.track.generate import DEFAULT_MIX, TYPES, Generated, random_track, track_yaml, type_caps

ALLOWED_WARNINGS = frozenset({"nitro.garage_distance"})
"""Warnings a generated loop may carry (see the module docstring)."""
TRIES = 50
"""Random tracks drawn for one candidate before the validator's refusals count as a failure."""


@dataclass(frozen=True, slots=True)
class Request:
    """What to generate."""

    sections: int
    players: int
    seed: int
    mix: Mapping[Kind, float] = field(default_factory=lambda: dict(DEFAULT_MIX))
    hazards: int = 0
    grid: str = "side_by_side"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One generated track that passed the validator."""

    generated: Generated
    body: str
    """The spec text without its comment header."""
    track: NitroTrack
    course: Course
    warnings: tuple[str, ...]
    """Rule ids of the warnings it carries (only those in ALLOWED_WARNINGS)."""


def _limits(request: Request) -> tuple[dict[Kind, int], dict[Kind, int]]:
    """Type caps (balance and deck rules) and the box's printed-hazard cards per type."""
    probe = NitroTrack(game="nitro-dice", race=Race(laps=1), players=request.players, sections=())
    caps = type_caps(request.sections, {kind: spare(probe, kind) for kind in TYPES})
    return caps, {kind: probe.deck.hazards(kind) for kind in TYPES}


def body_text(request: Request, generated: Generated) -> str:
    """The spec text of a generated track (with the `play:` key when the grid is not the default)."""
    text = track_yaml(generated, f"Generated {request.sections}-card loop (seed {request.seed})", [])
    if request.grid != "side_by_side":
        text += f"play: {{grid: {request.grid}}}\n"
    return text


def check(text: str) -> tuple[NitroTrack, list[str], list[str]]:
    """Build and validate spec text: the track, the rule ids of its errors and of its warnings (every `nitro.*`
    rule, as `validate` runs them; the plugin is not imported, its module imports the command line)."""
    from pnp.model.base import build_model
    from pnp.rules import check_rules
    from pnp.source.loader import load_yaml_text

    located = load_yaml_text(text, file="generated.yaml")
    track = build_model(NitroTrack, located)
    found = check_rules(track, located)
    return track, [d.rule for d in found if d.is_error], [d.rule for d in found if not d.is_error]


def stream(request: Request, index: int = 0) -> Iterator[Candidate]:
    """Valid tracks in a reproducible order (see the module docstring); ValueError when none can be made."""
    rng = random.Random(f"nitro-generate:{request.seed}:{index}")
    caps, hazard_cards = _limits(request)
    while True:
        for _ in range(TRIES):
            generated = random_track(request.sections, request.players, rng, request.mix, request.hazards, caps,
                                     hazard_cards, MIN_SECTIONS_CROSSED)
            body = body_text(request, generated)
            track, errors, warnings = check(body)
            if not errors and set(warnings) <= ALLOWED_WARNINGS:
                yield Candidate(generated, body, track, build_course(track), tuple(sorted(set(warnings))))
                break
        else:
            raise ValueError(f"the validator refused {TRIES} generated tracks in a row")


def first_track(request: Request) -> Candidate:
    """The track plain `pnp nitro generate` writes for the request."""
    return next(stream(request))
