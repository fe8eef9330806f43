"""Each `nitro.*` rule: a breaking track is reported at the right line, a fixed one passes.

The invalid example files cover one breach per rule; these add the other ways to break a rule."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pnp.diagnostics import Severity
from pnp.games.nitro.model import Kind
from pnp.games.nitro.rules import spare
from pnp.rules import REGISTRY


def found(check, text: str, rule: str) -> list[tuple[int, Severity]]:
    return [(d.line, d.severity) for d in check(text) if d.rule == rule]


def test_the_oval_passes_every_rule(check, oval):
    assert check(oval) == []


def test_every_rule_has_an_id_and_summary():
    ids = {r.id for r in REGISTRY.all() if r.id.startswith("nitro.")}
    assert {
        "nitro.start_finish",
        "nitro.garage",
        "nitro.race_length",
        "nitro.loop_closed",
        "nitro.overlap",
        "nitro.crossing",
        "nitro.balance",
        "nitro.deck",
        "nitro.garage_distance",
        "nitro.players",
        "nitro.hazards",
        "nitro.no_hazards",
    } <= ids


def test_missing_start_finish(check, oval):
    text = oval.replace("  - start_finish\n", "  - straight\n")
    assert found(check, text, "nitro.start_finish") == [(5, Severity.ERROR)]


def test_second_start_finish(check, oval):
    text = oval.replace("  - straight\n  - straight\n", "  - straight\n  - start_finish\n")
    assert found(check, text, "nitro.start_finish") == [(11, Severity.ERROR)]


def test_no_sections(check, oval):
    text = oval.split("sections:")[0] + "sections: []\ngarage: {beside: 1}\n"
    assert found(check, text, "nitro.start_finish") == [(4, Severity.ERROR)]


def test_missing_garage(check, oval):
    assert found(check, oval.replace("garage: {beside: 2}\n", ""), "nitro.garage") == [(1, Severity.ERROR)]


def test_garage_beside_a_missing_section(check, oval):
    assert found(check, oval.replace("{beside: 2}", "{beside: 11}"), "nitro.garage") == [(15, Severity.ERROR)]


def test_garage_beside_the_start_finish_is_fine(check, oval):
    assert check(oval.replace("{beside: 2}", "{beside: 1}")) == []


def test_garage_overlapping_a_card(check, oval):
    tight = oval + "geometry: {turn_radius: 40mm}\n"
    assert check(tight) == []
    inside = tight.replace("{beside: 2}", "{beside: 2, side: left}")
    assert set(found(check, inside, "nitro.overlap")) == {(15, Severity.ERROR)}


def test_out_and_back_counts_each_card_twice_but_the_start(check):
    line = "game: nitro-dice\nrace: {type: out-and-back}\nplayers: 2\ngarage: {beside: 2}\nsections:\n"
    eight = line + "  - start_finish\n" + "  - straight\n  - turn_a\n" * 3 + "  - turn_b\n"
    assert found(check, eight, "nitro.race_length") == [(2, Severity.ERROR)]  # 2 x 7 = 14
    nine = eight + "  - {type: turn_b, direction: right}\n"
    assert found(check, nine, "nitro.race_length") == []  # 2 x 8 = 16


def test_three_laps_of_six_is_long_enough(check):
    six = (
        "game: nitro-dice\nrace: {laps: 3}\nplayers: 2\ngarage: {beside: 1}\nsections:\n"
        "  - start_finish\n  - turn_b\n  - turn_b\n  - straight\n  - turn_b\n  - turn_b\n"
    )
    assert found(check, six, "nitro.race_length") == []
    assert found(check, six.replace("laps: 3", "laps: 2"), "nitro.race_length") == [(2, Severity.ERROR)]


def test_out_and_back_needs_no_loop(check, oval):
    text = oval.replace("  - turn_b\ngarage", "garage").replace("{laps: 2}", "{type: out-and-back}")
    assert found(check, text, "nitro.loop_closed") == []
    assert found(check, text.replace("{type: out-and-back}", "{laps: 2}"), "nitro.loop_closed") != []


@pytest.mark.parametrize("index", range(10))
def test_removing_any_card_of_a_closed_loop_opens_it(check, oval, index):
    data = yaml.safe_load(oval)
    del data["sections"][index]
    data["garage"] = {"beside": 1 if index == 1 else 2}
    assert "nitro.loop_closed" in {d.rule for d in check(yaml.safe_dump(data, sort_keys=False))}


@pytest.mark.parametrize("index", [2, 3, 4, 7, 8, 9])
def test_turning_any_turn_card_the_other_way_opens_the_loop(check, oval, index):
    data = yaml.safe_load(oval)
    data["sections"][index] = {"type": data["sections"][index], "direction": "right"}
    diagnostics = check(yaml.safe_dump(data, sort_keys=False))
    assert "nitro.loop_closed" in {d.rule for d in diagnostics}


def test_a_crossing_without_over_is_an_overlap_and_with_it_is_not(check):
    eight = (Path(__file__).parents[3] / "examples" / "nitro-dice" / "figure-eight.yaml").read_text()
    bare = eight.replace("{type: straight, over: [1, 2]}", "straight")
    assert {line for line, _ in found(check, bare, "nitro.overlap")} == {18, 19}
    assert check(eight) == []


def test_a_bridge_over_itself_or_past_the_end(check, oval):
    text = oval.replace(
        "  - straight\n  - straight\n", "  - {type: straight, over: 6}\n  - {type: straight, over: 40}\n"
    )
    assert found(check, text, "nitro.crossing") == [(10, Severity.ERROR), (11, Severity.ERROR)]


def test_balance_at_exactly_half_passes(check):
    half = (
        "game: nitro-dice\nrace: {laps: 2}\nplayers: 4\ngarage: {beside: 2}\nsections:\n"
        "  - start_finish\n  - straight\n  - turn_b\n  - turn_b\n  - straight\n  - straight\n"
        "  - turn_b\n  - turn_b\n  - straight\n"
    )
    assert found(check, half, "nitro.balance") == []


def test_spare_cards_after_dealing(build, oval):
    six = build(oval.replace("players: 4", "players: 6"))
    # 54 dealt from 104: 36 x 54 / 104 = 18.7 -> 19 Straights in hands, 32 x 54 / 104 = 16.6 -> 17 Turn Bs
    assert (spare(six, Kind.STRAIGHT), spare(six, Kind.TURN_A), spare(six, Kind.TURN_B)) == (17, 17, 15)
    two = build(oval.replace("players: 4", "players: 2"))
    assert spare(two, Kind.TURN_B) == 32 - 6


def test_deck_too_small_for_the_players(check, oval):
    text = oval.replace("players: 4", "players: 6") + "deck: {straight: 10, turn_a: 10, turn_b: 10}\n"
    # 54 cards cannot even be dealt from 30: nothing can be spared
    assert {line for line, _ in found(check, text, "nitro.deck")} == {6, 7, 9}


def test_garage_distance_on_an_out_and_back_counts_the_way_back(check):
    line = "game: nitro-dice\nrace: {type: out-and-back}\nplayers: 2\ngarage: {beside: 2}\nsections:\n"
    cards = "  - start_finish\n  - straight\n" + "  - turn_a\n  - {type: turn_a, direction: right}\n" * 4
    # from section 3: out to section 10 (7 cards), back to section 2 (8 cards) = 15
    assert found(check, line + cards, "nitro.garage_distance") == []
    longer = line + cards + "  - straight\n"
    assert found(check, longer, "nitro.garage_distance") == [(8, Severity.WARNING)]


def test_players_bounds(check, oval):
    assert found(check, oval.replace("players: 4", "players: 1"), "nitro.players") == [(3, Severity.ERROR)]
    assert found(check, oval.replace("players: 4", "players: 6"), "nitro.players") == []


def test_two_hazards_on_one_space(check, oval):
    hazard = "{lane: inside, space: 2}"
    text = oval.replace(
        "  - straight\n  - straight\n", f"  - {{type: straight, hazards: [{hazard}, {hazard}]}}\n  - straight\n"
    )
    assert found(check, text, "nitro.hazards") == [(10, Severity.ERROR)]


def test_garage_with_hazards(check, oval):
    text = oval.replace("{beside: 2}", "{beside: 2, hazards: [{lane: inside, space: 1}]}")
    assert found(check, text, "nitro.no_hazards") == [(15, Severity.ERROR)]
