"""Every heat rule, played out move by move with scripted dice."""

from __future__ import annotations

import pytest

from pnp.games.dragrage.race.dice import ScriptedDice
from pnp.games.dragrage.race.engine import (
    apply,
    initial_state,
    legal_actions,
    legal_counters,
    resolve_roll,
    result,
    start_turn,
)
from pnp.games.dragrage.race.state import (
    Action,
    Advance,
    Challenge,
    HeatState,
    Pass,
    Phase,
    Reason,
    Roll,
    Wait,
)
from pnp.games.dragrage.variant import BlownEngine, Crossing, Pool, SpinOut, Variant

# Lane of 12 spaces, line after space 9 (a car needs 9 spaces and must stop on space 12 or before).
SMALL = Variant(lane_length=12, finish_after=9, counters=(1, 2, 3, 4, 5, 6))
OWN = Variant(lane_length=12, finish_after=9, counters=(1, 2, 3, 4, 5, 6), pool=Pool.SEPARATE)


def play(variant: Variant, steps: list[Action], rolls: list[tuple[int, ...]] = (), first: int = 0) -> HeatState:
    """Apply `steps` from the start; each due challenge roll takes the next scripted roll."""
    dice = ScriptedDice(rolls)
    state = initial_state(variant, first)
    for action in steps:
        state = _settle(variant, state, dice)
        state = apply(variant, state, action)
    state = _settle(variant, state, dice)
    assert dice.unused == 0, "every scripted roll is used"
    return state


def play_on(variant: Variant, state: HeatState, steps: list[Action], rolls: list[tuple[int, ...]]) -> HeatState:
    """Apply `steps` from `state`, as `play` does from the start."""
    dice = ScriptedDice(rolls)
    for action in steps:
        state = apply(variant, _settle(variant, state, dice), action)
    state = _settle(variant, state, dice)
    assert dice.unused == 0, "every scripted roll is used"
    return state


def _settle(variant: Variant, state: HeatState, dice: ScriptedDice) -> HeatState:
    while state.phase is Phase.ROLL:
        state = resolve_roll(variant, state, sum(dice.roll(state.dice)) >= state.pending)
    return state


def counters_left(variant: Variant, state: HeatState, player: int) -> set[int]:
    return (
        {c.counter for c in legal_actions(variant, state) if isinstance(c, Advance)} if state.actor == player else set()
    )


def test_first_move_offers_every_counter_and_no_challenge() -> None:
    state = initial_state(SMALL, 0)
    assert legal_actions(SMALL, state) == tuple(Advance(c) for c in SMALL.counters)


def test_advance_moves_the_car_and_uses_the_shared_counter() -> None:
    state = play(SMALL, [Advance(5)])
    assert state.pos == (6, 1)
    assert state.played == (1, 0)
    assert (state.actor, state.phase) == (1, Phase.TURN)
    assert counters_left(SMALL, state, 1) == {1, 2, 3, 4, 6}
    assert Challenge() in legal_actions(SMALL, state)


def test_separate_pools_leave_the_opponent_every_counter() -> None:
    state = play(OWN, [Advance(5)])
    assert counters_left(OWN, state, 1) == {1, 2, 3, 4, 5, 6}


def test_challenged_driver_chooses_two_or_three_dice() -> None:
    state = play(SMALL, [Advance(6), Challenge()])
    assert (state.phase, state.actor) == (Phase.DEFEND, 0)
    assert legal_actions(SMALL, state) == (Roll(2), Roll(3))


def test_successful_challenge_spins_out_and_the_challenger_advances() -> None:
    state = play(SMALL, [Advance(6), Challenge(), Roll(2)], rolls=[(2, 3)])
    assert state.pos == (1, 1)
    assert (state.phase, state.actor) == (Phase.AFTER_SUCCESS, 1)
    assert all(isinstance(a, Advance) for a in legal_actions(SMALL, state))
    state = apply(SMALL, state, Advance(4))
    assert state.pos == (1, 5)
    assert (state.actor, state.pending) == (0, 4)


def test_spent_counter_stays_used_and_counts() -> None:
    state = play(SMALL, [Advance(6), Challenge(), Roll(2)], rolls=[(2, 3)])
    assert state.played == (1, 0)
    assert 6 not in {a.counter for a in legal_actions(SMALL, state) if isinstance(a, Advance)}


def test_returned_counter_goes_back_and_no_longer_counts() -> None:
    variant = Variant(lane_length=12, finish_after=9, counters=SMALL.counters, spin_out=SpinOut.RETURNED)
    state = play(variant, [Advance(6), Challenge(), Roll(2)], rolls=[(2, 3)])
    assert state.played == (0, 0)
    assert 6 in {a.counter for a in legal_actions(variant, state) if isinstance(a, Advance)}


def test_roll_equal_to_the_counter_holds() -> None:
    state = play(SMALL, [Advance(6), Challenge(), Roll(2)], rolls=[(3, 3)])
    assert state.pos == (7, 1)
    assert state.phase is Phase.AFTER_FAIL


def test_nitro_die_is_spent_when_rolled() -> None:
    state = play(SMALL, [Advance(6), Challenge(), Roll(3)], rolls=[(1, 1, 4)])
    assert state.nitro == (False, True)
    assert state.pos == (7, 1)


def test_without_nitro_the_defender_rolls_the_two_free_dice() -> None:
    steps = [Advance(6), Challenge(), Roll(3), Pass(), Advance(1), Challenge()]
    state = play(SMALL, steps, rolls=[(1, 1, 4), (1, 1)])
    # no choice of dice was offered: the scripted dice refuse any roll that is not two dice
    assert state.pos == (8, 1)
    assert state.nitro == (False, True)


def test_failed_challenge_then_pass_forbids_a_challenge_back() -> None:
    state = play(SMALL, [Advance(6), Challenge(), Roll(2), Pass()], rolls=[(6, 6)])
    assert (state.actor, state.phase) == (0, Phase.TURN)
    actions = legal_actions(SMALL, state)
    assert Challenge() not in actions
    assert all(isinstance(a, Advance) for a in actions)
    assert state.nitro == (True, True)


def test_failed_challenge_then_nitro_advance_costs_the_nitro_die() -> None:
    state = play(SMALL, [Advance(6), Challenge(), Roll(2), Advance(3)], rolls=[(6, 6)])
    assert state.nitro == (True, False)
    assert state.pos == (7, 4)
    assert Challenge() in legal_actions(SMALL, state)


def test_challenger_without_nitro_must_pass_after_failing() -> None:
    steps = [Advance(6), Challenge(), Roll(2), Advance(2), Advance(1), Challenge(), Roll(2)]
    state = play(SMALL, steps, rolls=[(6, 6), (5, 5)])
    assert (state.actor, state.phase) == (0, Phase.TURN)
    assert Challenge() not in legal_actions(SMALL, state)


def _state(variant: Variant, pos: tuple[int, int], left: set[int], played: tuple[int, int] = (2, 2)) -> HeatState:
    mask = sum(1 << i for i, c in enumerate(variant.counters) if c in left)
    return HeatState(Phase.TURN, 0, pos, played, (mask,), (True, True), (False, False))


def test_counters_that_run_past_the_lane_are_refused_while_others_fit() -> None:
    assert legal_counters(SMALL, _state(SMALL, (8, 1), {3, 5, 6}), 0) == (3,)


def test_only_counters_past_the_lane_left_means_a_broken_chute_move() -> None:
    assert legal_counters(SMALL, _state(SMALL, (8, 1), {5, 6}), 0) == (5, 6)


def over(variant: Variant, pos: tuple[int, int], played: tuple[int, int], blown: tuple[bool, bool]) -> HeatState:
    return HeatState(Phase.OVER, 0, pos, played, (0,), (True, True), blown)


@pytest.mark.parametrize(
    ("pos", "played", "blown", "winner", "reason"),
    [
        ((11, 10), (3, 2), (False, False), 1, Reason.FEWER_COUNTERS),
        ((11, 10), (2, 2), (False, False), 1, Reason.CLOSER_TO_LINE),
        ((11, 11), (2, 2), (False, False), None, Reason.SAME_FINISH),
        ((13, 12), (2, 3), (False, False), 1, Reason.CLEAN_FINISH),
        ((13, 14), (2, 2), (False, False), None, Reason.BOTH_CHUTES),
        ((13, 5), (2, 2), (False, True), 0, Reason.ONLY_FINISHER),
        ((5, 6), (3, 3), (True, True), None, Reason.BOTH_ENGINES),
    ],
)
def test_heat_results(
    pos: tuple[int, int], played: tuple[int, int], blown: tuple[bool, bool], winner: int | None, reason: Reason
) -> None:
    assert result(SMALL, over(SMALL, pos, played, blown)).winner == winner
    assert result(SMALL, over(SMALL, pos, played, blown)).reason is reason


def test_same_counters_same_space_is_a_dead_heat() -> None:
    state = play(OWN, [Advance(6), Advance(6), Advance(3), Advance(3), Wait()])
    assert state.phase is Phase.OVER
    assert result(OWN, state).winner is None


def test_closest_to_the_first_space_past_the_line_wins() -> None:
    state = play(OWN, [Advance(6), Advance(6), Advance(3), Advance(4), Wait()])
    assert state.pos == (10, 11)
    assert result(OWN, state).winner == 0


def test_fewer_counters_win_even_when_crossing_later() -> None:
    steps = [Advance(6), Challenge(), Roll(2), Pass(), Advance(1), Advance(6), Advance(3), Advance(3), Wait()]
    state = play(OWN, steps, rolls=[(6, 6)])
    assert state.played == (3, 2)
    assert (result(OWN, state).winner, result(OWN, state).reason) == (1, Reason.FEWER_COUNTERS)


def test_after_one_car_crosses_the_other_plays_on_until_counters_are_equal() -> None:
    state = play(OWN, [Advance(6), Advance(1), Advance(4)])
    assert state.pos == (11, 2)
    assert counters_left(OWN, state, 1)  # still racing: one counter behind
    state = apply(OWN, state, Advance(2))
    # the finished driver may only challenge the last move or let it stand
    assert legal_actions(OWN, state) == (Challenge(), Wait())
    state = apply(OWN, state, Wait())
    assert state.phase is Phase.OVER
    assert (result(OWN, state).winner, result(OWN, state).reason) == (0, Reason.ONLY_FINISHER)


def test_a_crossing_move_can_be_challenged() -> None:
    state = play(OWN, [Advance(6), Advance(1), Advance(4), Challenge(), Roll(2)], rolls=[(1, 2)])
    assert state.pos == (7, 2)
    assert (state.actor, state.phase) == (1, Phase.AFTER_SUCCESS)


def test_crossing_second_with_equal_counters_still_faces_a_challenge() -> None:
    state = play(OWN, [Advance(6), Advance(6), Advance(3), Advance(3)])
    assert legal_actions(OWN, state) == (Challenge(), Wait())
    state = play(OWN, [Advance(6), Advance(6), Advance(3), Advance(3), Challenge(), Roll(2)], rolls=[(1, 1)])
    assert state.phase is Phase.OVER
    assert result(OWN, state).winner == 0


ENGINE = Variant(lane_length=12, finish_after=9, counters=(2, 3, 5, 8))
STOPS = Variant(lane_length=12, finish_after=9, counters=(2, 3, 5, 8), blown_engine=BlownEngine.STOPS)


def test_opponent_taking_counters_blows_an_engine() -> None:
    state = play(ENGINE, [Advance(8), Advance(2), Advance(3)])
    assert state.blown == (False, True)
    # rule 1: the blown driver still challenges or advances (one counter behind, he may play on), but cannot win
    assert legal_actions(ENGINE, state) == (Advance(5), Challenge())
    state = apply(ENGINE, state, Advance(5))
    assert legal_actions(ENGINE, state) == (Challenge(), Wait())  # driver 0, across the line, may only challenge
    state = apply(ENGINE, state, Wait())
    assert (result(ENGINE, state).winner, result(ENGINE, state).reason) == (0, Reason.ONLY_FINISHER)


def test_read_as_stops_a_blown_engine_lays_no_more_counters() -> None:
    state = play(STOPS, [Advance(8), Advance(2), Advance(3)])
    assert state.blown == (False, True)
    assert legal_actions(STOPS, state) == (Challenge(), Wait())
    state = apply(STOPS, state, Wait())
    assert (result(STOPS, state).winner, result(STOPS, state).reason) == (0, Reason.ONLY_FINISHER)


BOTH_BLOW: list[Action] = [Advance(8), Challenge(), Roll(2), Advance(5), Challenge(), Roll(2)]
"""Driver 1 spins out driver 0's 8 and plays the 5; driver 0 (blown: 2 and 3 left for 9 spaces) spins out the 5,
which blows driver 1's engine too."""


def test_both_engines_blown_is_a_dead_heat() -> None:
    state = play(STOPS, BOTH_BLOW, rolls=[(1, 1), (1, 1)])
    assert state.blown == (True, True)
    assert state.phase is Phase.OVER
    assert (result(STOPS, state).winner, result(STOPS, state).reason) == (None, Reason.BOTH_ENGINES)


def test_blown_engines_lay_the_counters_left_before_the_dead_heat() -> None:
    state = play(ENGINE, BOTH_BLOW, rolls=[(1, 1), (1, 1)])
    assert (state.phase, state.actor) == (Phase.AFTER_SUCCESS, 0)  # the challenger advances, blown or not
    assert legal_actions(ENGINE, state) == (Advance(2), Advance(3))
    state = play(ENGINE, [*BOTH_BLOW, Advance(3)], rolls=[(1, 1), (1, 1)])
    assert state.blown == (True, True)
    state = play(ENGINE, [*BOTH_BLOW, Advance(3), Advance(2), Wait()], rolls=[(1, 1), (1, 1)])
    assert (state.phase, state.pos) == (Phase.OVER, (4, 3))
    assert (result(ENGINE, state).winner, result(ENGINE, state).reason) == (None, Reason.BOTH_ENGINES)


BLOWN_POSITION = HeatState(Phase.TURN, 0, (1, 4), (1, 1), (0b001,), (True, True), (True, False))
"""Counters 2-4, line after space 4, lanes of 6: the 2 is left; driver 0 on space 1 (blown: 4 spaces to go),
driver 1 on space 4 (1 to go), one counter each, driver 0 to move with no move open to a challenge."""
TINY = Variant(lane_length=6, finish_after=4, counters=(2, 3, 4), crossing=Crossing.LITERAL)


def test_a_blown_driver_takes_the_counter_the_other_car_needs_for_a_dead_heat() -> None:
    # Reached from the set-up: driver 0 crosses with the 4 and spins out, driver 1 advances 3; driver 0 challenges
    # the 3 in vain and turns in the nitro die to lay the 2.
    steps: list[Action] = [Advance(4), Challenge(), Roll(2), Advance(3), Challenge(), Roll(2), Advance(2)]
    reached = play(TINY, steps, rolls=[(1, 2), (2, 2)])
    assert (reached.pos, reached.played, reached.blown) == ((3, 4), (2, 1), (True, True))
    state = start_turn(TINY, BLOWN_POSITION)
    assert legal_actions(TINY, state) == (Advance(2),)  # rule 1: nothing to challenge, so he advances
    state = apply(TINY, state, Advance(2))
    assert state.blown == (True, True)
    assert legal_actions(TINY, state) == (Challenge(), Wait())  # driver 1 has no counter left
    over = apply(TINY, state, Wait())
    assert (result(TINY, over).winner, result(TINY, over).reason) == (None, Reason.BOTH_ENGINES)
    spun = play_on(TINY, state, [Challenge(), Roll(2)], [(1, 1)])  # spun out: driver 0 has nothing left to lay
    assert spun.phase is Phase.OVER and result(TINY, spun).winner is None


def test_read_as_stops_the_blown_driver_lets_the_other_car_cross() -> None:
    stops = Variant(lane_length=6, finish_after=4, counters=(2, 3, 4), crossing=Crossing.LITERAL,
                    blown_engine=BlownEngine.STOPS)
    state = start_turn(stops, BLOWN_POSITION)
    assert (state.actor, legal_actions(stops, state)) == (1, (Advance(2),))
    state = apply(stops, state, Advance(2))
    assert legal_actions(stops, state) == (Challenge(), Wait())
    over = apply(stops, state, Wait())
    assert (result(stops, over).winner, result(stops, over).reason) == (1, Reason.ONLY_FINISHER)


def test_illegal_actions_are_refused() -> None:
    with pytest.raises(ValueError, match="not a legal action"):
        apply(SMALL, initial_state(SMALL, 0), Challenge())
    with pytest.raises(ValueError, match="no challenge roll"):
        resolve_roll(SMALL, initial_state(SMALL, 0), True)
    with pytest.raises(ValueError, match="not over"):
        result(SMALL, initial_state(SMALL, 0))


def test_only_overshooting_counters_left_break_the_chute_in_play() -> None:
    variant = Variant(lane_length=10, finish_after=7, counters=(5, 6, 7), pool=Pool.SEPARATE)
    state = play(variant, [Advance(5), Advance(5)])
    assert counters_left(variant, state, 0) == {6, 7}  # both run past space 10
    state = play(variant, [Advance(5), Advance(5), Advance(6), Advance(7), Wait()])
    assert state.pos == (12, 13)
    assert (result(variant, state).winner, result(variant, state).reason) == (None, Reason.BOTH_CHUTES)


FINAL = Variant(lane_length=12, finish_after=9, counters=(1, 2, 3, 4, 5, 6), pool=Pool.SEPARATE,
                crossing=Crossing.FINAL)


def test_challengeable_reading_lets_the_crossing_move_be_challenged_when_counters_are_level() -> None:
    # Driver 0 crosses with 6 + 4 while driver 1 has played one counter, so driver 1 plays on; the
    # crossing move is open to "Let's Roll", and a roll that falls short spins it out.
    state = play(OWN, [Advance(6), Advance(1), Advance(4)])
    assert Challenge() in legal_actions(OWN, state)
    state = play(OWN, [Advance(6), Advance(1), Advance(4), Challenge(), Roll(2)], rolls=[(1, 1)])
    assert state.pos == (7, 2)
    # crossing second with level counters: the heat is not over until the crossing move is settled
    level = play(OWN, [Advance(6), Advance(6), Advance(3), Advance(4)])
    assert level.phase is Phase.TURN and legal_actions(OWN, level) == (Challenge(), Wait())


def test_final_reading_ends_the_heat_at_the_crossing_or_lets_the_other_play_on_unchallenged() -> None:
    # Same moves under the literal reading: the crossing move stands.
    state = play(FINAL, [Advance(6), Advance(1), Advance(4)])
    assert state.pos == (11, 2)
    assert Challenge() not in legal_actions(FINAL, state)
    with pytest.raises(ValueError, match="not a legal action"):
        apply(FINAL, state, Challenge())
    # crossing second with level counters: the heat ends at once (driver 0 stopped nearer the line)
    level = play(FINAL, [Advance(6), Advance(6), Advance(3), Advance(4)])
    assert level.phase is Phase.OVER
    assert (result(FINAL, level).winner, result(FINAL, level).reason) == (0, Reason.CLOSER_TO_LINE)
    # a move that stays short of the line can still be challenged
    short = play(FINAL, [Advance(6)])
    assert Challenge() in legal_actions(FINAL, short)


LITERAL = Variant(lane_length=12, finish_after=9, counters=(1, 2, 3, 4, 5, 6), pool=Pool.SEPARATE,
                  crossing=Crossing.LITERAL)


def test_literal_reading_leaves_a_crossing_open_only_while_the_other_driver_is_behind_on_counters() -> None:
    # Driver 0 crosses (6 + 4) with driver 1 one counter behind: the race goes on and the crossing move
    # is open to "Let's Roll" on driver 1's next turn; a roll that falls short spins it out.
    state = play(LITERAL, [Advance(6), Advance(1), Advance(4)])
    assert Challenge() in legal_actions(LITERAL, state)
    spun = play(LITERAL, [Advance(6), Advance(1), Advance(4), Challenge(), Roll(2)], rolls=[(1, 1)])
    assert spun.pos == (7, 2)
    # driver 1 crosses with as many counters as driver 0: the heat is over at once, nothing to challenge
    level = play(LITERAL, [Advance(6), Advance(6), Advance(3), Advance(4)])
    assert level.phase is Phase.OVER
    assert (result(LITERAL, level).winner, result(LITERAL, level).reason) == (0, Reason.CLOSER_TO_LINE)


def test_literal_reading_lets_only_the_driver_behind_play_while_catching_up() -> None:
    # Driver 0 crosses; driver 1 lets the crossing stand and catches up with a move that stays short:
    # driver 0, across the line, plays no more and cannot challenge it, so the heat ends.
    state = play(LITERAL, [Advance(6), Advance(1), Advance(4), Advance(2)])
    assert state.phase is Phase.OVER
    assert result(LITERAL, state).winner == 0
