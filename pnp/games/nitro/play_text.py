"""Text for `pnp nitro play`: the cards of a scenario with the dice on them, the dice, and events in words.

Input: a `Race` (its course, dice and hazards), the dice letters and the recorded `Event`s. Output: lines of
text. The strip shows one column of spaces per card, inside lane above the outside lane, `*` a hazard, a
letter a die; the Garage row sits under the card it lies beside.
"""

from __future__ import annotations

from pnp.games.nitro.race.engine import Race
from pnp.games.nitro.race.state import Event
from pnp.games.nitro.scenario import DieState
from pnp.games.nitro.track.course import KIND_NAMES
from pnp.games.nitro.track.geometry import GARAGE_SPACES

SHORT = ("Str", "T-A", "T-B", "S/F")
SIDESWIPE_WORDS = {"pushed": ", pushing it ahead", "no room": " (no room to push it)",
                   "off the track": " (pushing it that way would put it off the track: it stays)"}
PAYMENT_WORDS = {"card": "a matching card", "three": "three cards", "damage": "a point of damage"}


def strip(race: Race, letters: tuple[str, ...]) -> list[str]:
    """The cards in driving order with the dice and hazards on them."""
    c = race.course
    width = max(c.k, GARAGE_SPACES) * 2 + 1
    head, rows = ["        "], {0: ["inside  "], 1: ["outside "]}
    garage = ["garage  "]
    for section in range(c.sections):
        head.append(f"{section + 1} {SHORT[c.kinds[section]]}".ljust(width))
        for lane in (0, 1):
            cells = []
            for space in range(c.k):
                pos = section * c.k + space
                strip = c.card_lane(pos, lane)  # the card's own inside lane on the top row
                die = race.occ[c.sid(pos, strip)]
                cells.append(letters[die] if die >= 0 else "*" if race.hazard_at(pos, strip) else ".")
            rows[lane].append(" ".join(cells).ljust(width))
        if section == c.garage_host:
            cells = []
            for g in range(GARAGE_SPACES):
                here = [letters[d] for d in sorted(range(len(letters)), key=lambda d: race.arrival[d])
                        if race.garage[d] == g]
                cells.append("".join(here) or ".")
            garage.append(" ".join(cells).ljust(width))
        else:
            garage.append(" " * width)
    lines = ["".join(head).rstrip(), "".join(rows[0]).rstrip(), "".join(rows[1]).rstrip()]
    if c.garage_host >= 0:
        lines.append("".join(garage).rstrip())
    return lines


def dice_table(states: tuple[DieState, ...]) -> list[str]:
    """One line per die: place, speed, condition, Nitro cards and hand."""
    return [f"  {s.letter}  {s.place:<36} speed {s.speed}  condition {s.condition}  nitro {s.nitro}  "
            f"hand {', '.join(s.hand) or '-'}" for s in states]


def describe(events: tuple[Event, ...], letters: tuple[str, ...], k: int) -> list[str]:
    """Each event in words."""
    out = []
    for e in events:
        who = letters[e.die] if 0 <= e.die < len(letters) else ""
        other = letters[e.other] if 0 <= e.other < len(letters) else ""
        place = f"section {e.amount // k + 1}, space {e.amount % k + 1}"
        card = KIND_NAMES[e.amount] if e.kind == "handling" else ""
        words = {
            "turn": f"{who} moves at speed {e.amount}",
            "move": f"{who} moves to {place}",
            "drift": f"{who} drifts into the other lane, to {place}",
            "lane": f"{who} changes lanes (a card)",
            "handling": f"{who} pays the handling of a {card} card with "
                        f"{PAYMENT_WORDS.get(e.detail, e.detail)}",
            "damage": f"{who} takes a point of damage ({e.detail}): condition {e.amount}",
            "pulled": f"{who} is pulled by the draft to {place}",
            "resist": f"{who} brakes with a card and resists the draft",
            "collision": f"{who} runs head on into {other} and stops in front of it" if e.detail == "head-on"
                         else f"{who} runs into the back of {other} and stops behind it",
            "pass": f"{who} passes {other}, who drives the other way, to {place}",
            "sideswipe": f"{who} sideswipes {other}{SIDESWIPE_WORDS.get(e.detail, e.detail)}",
            "brake": f"{who} brakes: speed {e.amount}",
            "nitro": f"{who} uses a Nitro card: {e.amount} bonus moves",
            "garage": f"{who} changes lanes into Garage space {e.amount}",
            "garage_move": f"{who} moves on to Garage space {e.amount}",
            "repair": f"{who} repairs: condition {e.amount}",
            "leave_garage": f"{who} leaves the Garage to {place}",
            "speed": f"{who} sets speed {e.amount}",
            "swap": f"{who} replaces section {e.amount} ({e.detail})",
            "lap_leader": f"{who} leads {e.detail} and draws {e.amount} cards",
            "unplayed": f"{who}'s turn ended before its last actions: {e.detail}",
        }
        if e.kind in words:
            out.append("  " + words[e.kind])
    return out
