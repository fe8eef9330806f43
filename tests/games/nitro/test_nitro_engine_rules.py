"""Each rule of the Nitro Dice engine, played from small scenarios: a case where the rule acts and one where it
does not (or forbids the move)."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.diagnostics import SpecError
from pnp.games.nitro.scenario import Scenario, play_scenario
from pnp.model.base import build_model
from pnp.source.loader import load_yaml_text

STRAIGHTS = "sections: [start_finish, straight, straight, straight]\n"


def play(text: str):
    located = load_yaml_text(text, file="scenario.yaml")
    return play_scenario(build_model(Scenario, located), located)


def events(result) -> Counter:
    return Counter(e.kind for e in result.events)


def die(result, letter):
    return next(s for s in result.after if s.letter == letter)


def illegal(text: str) -> str:
    with pytest.raises(SpecError) as caught:
        play(text)
    return caught.value.diagnostics[0].message


def scenario(dice: str, turns: str, head: str = STRAIGHTS) -> str:
    return f"title: t\n{head}dice:\n{dice}turns:\n{turns}"


def test_a_move_costs_a_matching_card_on_entering_a_new_card_and_none_within_a_card():
    r = play(scenario("  A: {section: 2, lane: inside, space: 2, speed: 2, hand: [turn_a, straight]}\n",
                      "  - {die: A, actions: [move, move]}\n"))
    assert die(r, "A").hand == ("turn_a",) and die(r, "A").place == "section 3, inside lane, space 1"
    r = play(scenario("  A: {section: 2, lane: inside, space: 1, speed: 2, hand: [turn_a, straight]}\n",
                      "  - {die: A, actions: [move, move]}\n"))
    assert die(r, "A").hand == ("turn_a", "straight")


@pytest.mark.parametrize(("hand", "paid", "condition", "cards"), [
    ("[turn_a, turn_b, turn_a, turn_b]", "three", 9, 1),
    ("[turn_a, turn_b]", "damage", 8, 2),
])
def test_handling_without_a_matching_card_costs_three_cards_or_a_point_of_damage(hand, paid, condition, cards):
    r = play(scenario(f"  A: {{section: 2, lane: inside, space: 3, speed: 1, hand: {hand}}}\n",
                      "  - {die: A, actions: [move]}\n"))
    handling = [e for e in r.events if e.kind == "handling"]
    assert [e.detail for e in handling] == [paid]
    assert die(r, "A").condition == condition and len(die(r, "A").hand) == cards


@pytest.mark.parametrize(("reading", "cards"), [("straight", 0), ("free", 1)])
def test_entering_the_start_finish_costs_a_straight_unless_the_reading_is_free(reading, cards):
    head = f"sections: [start_finish, straight]\nplay: {{start_finish_handling: {reading}}}\n"
    r = play(scenario("  A: {section: 2, lane: inside, space: 3, speed: 1, hand: [straight]}\n",
                      "  - {die: A, actions: [move]}\n", head))
    assert len(die(r, "A").hand) == cards


def test_lane_change_costs_a_card_and_no_move_drift_costs_a_card_and_a_move():
    r = play(scenario("  A: {section: 2, lane: inside, space: 1, speed: 2, hand: [turn_a, turn_b]}\n",
                      "  - {die: A, actions: [lane, move, move]}\n"))
    assert die(r, "A").place == "section 2, outside lane, space 3" and len(die(r, "A").hand) == 1
    r = play(scenario("  A: {section: 2, lane: inside, space: 1, speed: 2, hand: [turn_a, turn_b]}\n",
                      "  - {die: A, actions: [drift, move]}\n"))
    assert die(r, "A").place == "section 2, outside lane, space 3" and len(die(r, "A").hand) == 1


def test_a_lane_change_needs_a_card_to_discard():
    assert "needs 1 card" in illegal(scenario("  A: {section: 2, lane: inside, space: 1, speed: 2}\n",
                                              "  - {die: A, actions: [lane]}\n"))


def test_braking_costs_a_card_a_point_and_never_below_the_moves_made():
    r = play(scenario("  A: {section: 2, lane: inside, space: 1, speed: 4, hand: [turn_a, turn_b]}\n",
                      "  - {die: A, actions: [move, brake 2, move]}\n"))
    assert die(r, "A").speed == 2 and die(r, "A").hand == ()
    assert "below the 2 moves made" in illegal(
        scenario("  A: {section: 2, lane: inside, space: 1, speed: 4, hand: [turn_a, turn_b, turn_a]}\n",
                 "  - {die: A, actions: [move, move, brake 3]}\n"))


def test_movement_is_mandatory_unless_the_reading_allows_stopping_short():
    dice = "  A: {section: 2, lane: inside, space: 1, speed: 3}\n"
    assert "whole speed" in illegal(scenario(dice, "  - {die: A, actions: [move, stop]}\n"))
    r = play(scenario(dice, "  - {die: A, actions: [move, stop]}\n", STRAIGHTS + "play: {full_movement: false}\n"))
    assert die(r, "A").place == "section 2, inside lane, space 2"


def test_nitro_gives_two_moves_on_straights_only_and_madness_three_for_a_damage():
    onto_turn = "sections: [start_finish, straight, turn_a]\n"
    assert "straight cards" in illegal(scenario(
        "  A: {section: 2, lane: inside, space: 2, speed: 1, hand: [turn_a]}\n",
        "  - {die: A, actions: [nitro 2]}\n", onto_turn))
    assert "2 bonus moves" in illegal(scenario("  A: {section: 2, lane: inside, space: 1, speed: 1}\n",
                                               "  - {die: A, actions: [nitro 3]}\n"))
    r = play(scenario("  A: {section: 2, lane: inside, space: 1, speed: 1, hand: [straight]}\n",
                      "  - {die: A, actions: [nitro 3, move]}\n",
                      STRAIGHTS + "play: {variants: {nitro_madness: true}}\n"))
    assert die(r, "A").place == "section 3, inside lane, space 2" and die(r, "A").condition == 8
    assert die(r, "A").nitro == 1


def test_one_nitro_card_a_turn():
    assert "no Nitro card left" in illegal(scenario(
        "  A: {section: 1, lane: inside, space: 1, speed: 1, hand: [straight, straight]}\n",
        "  - {die: A, actions: [nitro 2, nitro 2]}\n", "sections: [start_finish, straight, straight, straight, "
        "straight]\n"))


DRAFT = ("  F: {section: 2, lane: inside, space: 2, speed: %d}\n"
         "  D: {section: 2, lane: inside, space: 1, speed: 2%s}\n")


@pytest.mark.parametrize(("speed", "extra", "pulled"), [(2, "", True), (3, "", True), (1, "", False),
                                                         (3, ", resist: true, hand: [turn_a]", False)])
def test_a_draft_pulls_the_die_directly_behind_when_the_mover_is_as_fast_unless_it_brakes(speed, extra, pulled):
    moves = ", ".join(["move"] * speed)
    r = play(scenario(DRAFT % (speed, extra), f"  - {{die: F, actions: [{moves}]}}\n"))
    assert (die(r, "D").place == "section 2, inside lane, space 2") == pulled
    assert die(r, "D").speed == 2


def test_draft_reach_and_chains_are_readings():
    dice = ("  F: {section: 2, lane: inside, space: 3, speed: 3}\n"
            "  D: {section: 2, lane: inside, space: 2, speed: 2}\n"
            "  E: {section: 2, lane: inside, space: 1, speed: 1}\n")
    turn = "  - {die: F, actions: [move, move, move]}\n"
    plain = play(scenario(dice, turn))
    assert die(plain, "E").place == "section 2, inside lane, space 1"
    chained = play(scenario(dice, turn, STRAIGHTS + "play: {draft_chain: true}\n"))
    assert die(chained, "E").place == "section 2, inside lane, space 2"
    far = ("  F: {section: 2, lane: inside, space: 3, speed: 3}\n  D: {section: 2, lane: inside, space: 1, speed: 2}\n")
    assert die(play(scenario(far, turn)), "D").place == "section 2, inside lane, space 1"
    reach = play(scenario(far, turn, STRAIGHTS + "play: {draft_reach: 2}\n"))
    assert die(reach, "D").place == "section 2, inside lane, space 2"


def test_a_rear_end_collision_stops_the_mover_damages_both_and_slows_the_rear_only_to_a_lower_speed():
    r = play(scenario("  R: {section: 2, lane: inside, space: 1, speed: 3}\n"
                      "  B: {section: 2, lane: inside, space: 3, speed: 5}\n", "  - {die: R, actions: [move, move]}\n"))
    assert die(r, "R").speed == 3 and die(r, "R").condition == 8 and die(r, "B").condition == 8
    clear = play(scenario("  R: {section: 2, lane: inside, space: 1, speed: 1}\n"
                          "  B: {section: 2, lane: inside, space: 3, speed: 5}\n", "  - {die: R, actions: [move]}\n"))
    assert events(clear)["collision"] == 0 and die(clear, "R").condition == 9


SIDE_BY_SIDE = ("  R: {section: 2, lane: inside, space: 2, speed: 1, hand: [turn_a]}\n"
                "  B: {section: 2, lane: outside, space: 2, speed: 1}\n")


def test_a_sideswipe_pushes_sideways_so_on_two_lanes_nobody_is_pushed_and_both_are_damaged():
    r = play(scenario(SIDE_BY_SIDE, "  - {die: R, actions: [lane, move]}\n"))
    assert events(r)["sideswipe"] == 1 and die(r, "R").condition == 8 and die(r, "B").condition == 8
    assert die(r, "B").place == "section 2, outside lane, space 2"  # not pushed off the track, nor ahead
    assert die(r, "R").place == "section 2, inside lane, space 3"  # the mover keeps its lane
    assert die(r, "R").hand == ()  # the lane change's card is paid


def test_the_forward_push_reading_pushes_ahead_and_when_that_space_is_taken_refuses_or_bumps():
    forward = STRAIGHTS + "play: {sideswipe_push: forward}\n"
    two_cards = SIDE_BY_SIDE.replace("hand: [turn_a]", "hand: [turn_a, turn_a]")
    pushed = play(scenario(two_cards, "  - {die: R, actions: [lane, drift]}\n", forward))
    assert die(pushed, "B").place == "section 2, outside lane, space 3"
    assert die(pushed, "R").place == "section 2, inside lane, space 3" and die(pushed, "R").condition == 8
    dice = SIDE_BY_SIDE + "  C: {section: 2, lane: outside, space: 3, speed: 1}\n"
    assert "push it into" in illegal(scenario(dice, "  - {die: R, actions: [lane]}\n", forward))
    bump = STRAIGHTS + "play: {sideswipe_push: forward, sideswipe_no_room: bump}\n"
    r = play(scenario(dice, "  - {die: R, actions: [lane, move]}\n", bump))
    assert die(r, "R").condition == 8 and die(r, "B").condition == 8
    assert die(r, "B").place == "section 2, outside lane, space 2"
    assert die(r, "R").place == "section 2, inside lane, space 3"


def test_a_drift_blocked_by_a_die_still_pays_the_hazard_of_the_space_it_slides_into():
    head = "sections: [start_finish, {type: straight, hazards: [{lane: outside, space: 1}]}, straight, straight]\n"
    dice = ("  R: {section: 2, lane: inside, space: 1, speed: 1, hand: [turn_a]}\n"
            "  B: {section: 2, lane: outside, space: 2, speed: 1}\n")
    r = play(scenario(dice, "  - {die: R, actions: [drift]}\n", head))
    assert die(r, "R").place == "section 2, outside lane, space 1"
    assert [e.detail for e in r.events if e.kind == "damage" and e.die == 0] == ["hazard", "collision"]
    assert die(r, "R").condition == 7 and die(r, "B").condition == 8
    free = play(scenario(dice, "  - {die: R, actions: [drift]}\n", head + "play: {blocked_drift_hazards: false}\n"))
    assert die(free, "R").condition == 8


S_BEND = ("sections: [start_finish, straight, turn_a, {type: turn_a, direction: right, "
          "hazards: [{lane: inside, space: 1}]}, straight]\n")
"""Section 3 turns left (inside lane on the left), section 4 right (inside on the right): the left strip of
the road is section 3's inside lane and section 4's outside lane."""


def test_a_die_keeps_its_strip_of_road_across_an_s_bend_so_the_lane_names_swap():
    r = play(scenario("  A: {section: 3, lane: inside, space: 3, speed: 1, hand: [turn_a]}\n",
                      "  - {die: A, actions: [move]}\n", S_BEND))
    assert die(r, "A").place == "section 4, outside lane, space 1"
    assert die(r, "A").condition == 9  # the hazard lies on section 4's inside lane, the other strip


def test_a_rear_end_across_a_card_join_is_in_the_same_strip():
    dice = ("  A: {section: 3, lane: inside, space: 3, speed: 1, hand: [turn_a]}\n"
            "  B: {section: 4, lane: outside, space: 1, speed: 1}\n")
    r = play(scenario(dice, "  - {die: A, actions: [move]}\n", S_BEND))
    assert events(r)["collision"] == 1 and die(r, "A").place == "section 3, inside lane, space 3"


def test_inside_first_is_read_on_each_card_for_dice_level_on_it():
    dice = ("  A: {section: 4, lane: outside, space: 2}\n"
            "  B: {section: 4, lane: inside, space: 2}\n")
    r = play(scenario(dice, "  - {die: A, actions: [stop]}\n", S_BEND + "play: {full_movement: false}\n"))
    assert r.race.order() == [1, 0]


def test_the_card_lanes_reading_keeps_the_lane_name_from_card_to_card():
    r = play(scenario("  A: {section: 3, lane: inside, space: 3, speed: 1, hand: [turn_a]}\n",
                      "  - {die: A, actions: [move]}\n", S_BEND + "play: {lanes: card_lanes}\n"))
    assert die(r, "A").place == "section 4, inside lane, space 1" and die(r, "A").condition == 8


GARAGE_BESIDE_2 = STRAIGHTS + "garage: {beside: 2}\nplay: {full_movement: false}\n"


def test_a_garage_die_ranks_by_the_space_beside_it_after_both_lanes_of_that_space():
    ahead = play(scenario("  A: {garage: 3}\n  B: {section: 2, lane: inside, space: 1}\n",
                          "  - {die: B, actions: [stop]}\n", GARAGE_BESIDE_2))
    assert ahead.race.order() == [0, 1]  # A is beside space 3, B on space 1
    level = play(scenario("  A: {garage: 1}\n  B: {section: 2, lane: outside, space: 1}\n",
                          "  - {die: B, actions: [stop]}\n", GARAGE_BESIDE_2))
    assert level.race.order() == [1, 0]  # beside the same space: inside, outside, then the Garage
    behind = play(scenario("  A: {garage: 3}\n  B: {section: 2, lane: inside, space: 1}\n",
                           "  - {die: B, actions: [stop]}\n", GARAGE_BESIDE_2.replace(
                               "play: {", "play: {garage_rank: behind_the_card, ")))
    assert behind.race.order() == [1, 0]


def test_a_hazard_damages_the_die_that_enters_its_space_only():
    head = "sections: [start_finish, {type: straight, hazards: [{lane: inside, space: 2}]}, straight]\n"
    hit = play(scenario("  A: {section: 2, lane: inside, space: 1, speed: 1}\n", "  - {die: A, actions: [move]}\n",
                        head))
    assert die(hit, "A").condition == 8
    miss = play(scenario("  A: {section: 2, lane: outside, space: 1, speed: 1}\n",
                         "  - {die: A, actions: [move]}\n", head))
    assert die(miss, "A").condition == 9


def test_damage_lowers_speed_to_the_condition_and_halts_the_move_when_the_moves_are_made():
    head = "sections: [start_finish, {type: straight, hazards: [{lane: inside, space: 2}]}, straight]\n"
    r = play(scenario("  A: {section: 2, lane: inside, space: 1, speed: 3, condition: 2}\n",
                      "  - {die: A, actions: [move, move, move]}\n", head))
    assert die(r, "A").condition == 1 and die(r, "A").speed == 1
    assert die(r, "A").place == "section 2, inside lane, space 2"
    assert events(r)["unplayed"] == 1


GARAGE = "sections: [start_finish, straight, straight, straight]\ngarage: {beside: 2}\n"


@pytest.mark.parametrize(("condition", "speed", "why"), [(9, 3, "condition 8 or less"), (7, 6, "speed 5 or less")])
def test_the_garage_takes_only_damaged_dice_at_speed_five_or_less(condition, speed, why):
    dice = f"  G: {{section: 2, lane: outside, space: 1, speed: {speed}, condition: {condition}, hand: [turn_a]}}\n"
    assert why in illegal(scenario(dice, "  - {die: G, actions: [garage]}\n", GARAGE))


def test_the_garage_is_entered_from_the_lane_beside_it_shared_and_left_by_a_lane_change():
    dice = ("  G: {section: 2, lane: outside, space: 1, speed: 2, condition: 6, hand: [turn_a, turn_b]}\n"
            "  H: {garage: 1, speed: 2, condition: 7, hand: [turn_a]}\n")
    assert "lane beside it" in illegal(scenario(dice.replace("outside", "inside"),
                                                "  - {die: G, actions: [garage]}\n", GARAGE))
    r = play(scenario(dice, "  - {die: G, actions: [garage, repair, repair]}\n"
                            "  - {die: H, actions: [repair, lane, move]}\n", GARAGE))
    assert die(r, "G").place == "Garage space 1" and die(r, "G").condition == 8
    assert die(r, "H").place == "section 2, outside lane, space 2" and die(r, "H").condition == 8
    assert events(r)["collision"] == 0


def test_repairs_stop_at_nine():
    r = play(scenario("  G: {garage: 2, speed: 3, condition: 8}\n", "  - {die: G, actions: [repair, repair, repair]}\n",
                      GARAGE))
    assert die(r, "G").condition == 9 and events(r)["repair"] == 3


def test_a_die_turn_ends_with_its_last_move_unless_the_reading_allows_a_lane_change_after_it():
    dice = "  A: {section: 2, lane: inside, space: 1, speed: 1, hand: [turn_a, turn_b]}\n"
    turns = "  - {die: A, actions: [move, lane]}\n"
    plain = play(scenario(dice, turns))
    assert die(plain, "A").place == "section 2, inside lane, space 2" and events(plain)["unplayed"] == 1
    late = play(scenario(dice, turns, STRAIGHTS + "play: {after_last_move: lane_change}\n"))
    assert die(late, "A").place == "section 2, outside lane, space 2" and events(late)["lane"] == 1
    assert len(die(late, "A").hand) == 1
    assert "may only change lanes" in illegal(scenario(dice, "  - {die: A, actions: [move, move]}\n",
                                                       STRAIGHTS + "play: {after_last_move: lane_change}\n"))


def test_the_late_lane_change_reading_lets_a_die_enter_the_garage_after_its_last_move():
    dice = "  G: {section: 2, lane: outside, space: 1, speed: 1, condition: 6, hand: [turn_a]}\n"
    turns = "  - {die: G, actions: [move, garage]}\n"
    assert die(play(scenario(dice, turns, GARAGE)), "G").place == "section 2, outside lane, space 2"
    late = play(scenario(dice, turns, GARAGE + "play: {after_last_move: lane_change}\n"))
    assert die(late, "G").place == "Garage space 2"
