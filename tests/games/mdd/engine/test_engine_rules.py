"""Engine behaviour a player would notice: turn order, moves, bumps, phases, variants, determinism."""

from __future__ import annotations

import pytest

from pnp.games.mdd.race.awards import Awards
from pnp.games.mdd.race.cells import mines_at
from pnp.games.mdd.race.engine import ELIMINATED, FINALS, OVER, QUALIFIED, RACING, Race, RaceOptions
from pnp.games.mdd.race.simulate import example_board
from tests.games.mdd.engine.mdd_engine_boards import make_board


def fixed_dice(*rolls: int):
    it = iter(rolls)
    return lambda: next(it)


def rolled_cars(race: Race) -> list[int]:
    assert race.events is not None
    return [e.car for e in race.events if e.kind == "roll"]


def test_first_turn_goes_front_row_left_to_right_then_next_row():
    board = make_board(5, 20, [(1, 1), (3, 1), (2, 3), (4, 3), (5, 5)])
    race = Race(board, RaceOptions(record=True), dice=fixed_dice(*[3] * 5))
    race.play_turn()
    assert rolled_cars(race) == [4, 2, 3, 0, 1]


def test_later_turns_follow_positions_most_advanced_first():
    # car 0 (lane 1) is behind car 1 (lane 2); car 0 rolls 6 (right-then-straight) and overtakes
    board = make_board(4, 30, [(1, 1), (3, 3)])
    race = Race(board, RaceOptions(record=True), dice=fixed_dice(4, 4, 3, 3))
    race.play_turn()  # car 1 moves to row 7, car 0 to row 5
    race.play_turn()
    assert rolled_cars(race) == [1, 0, 1, 0]
    board = make_board(4, 30, [(1, 1), (3, 3)])
    race = Race(board, RaceOptions(record=True), dice=fixed_dice(3, 6, 3, 3))
    race.play_turn()  # car 1: 3 steps to row 6; car 0: right to lane 2 then 5 steps to row 6
    race.play_turn()
    assert race.car_cell(0)[1] > 6 and rolled_cars(race)[2:] == [0, 1]


def test_roll_sets_the_first_step_and_the_rest_go_straight():
    for roll, lane in ((1, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4)):
        race = Race(make_board(5, 20, [(3, 1)]), dice=fixed_dice(roll))
        race.move(0, roll)
        straight = roll if lane == 3 else roll - 1
        assert race.car_cell(0) == (lane, 1 + straight)


def test_a_move_with_a_face_no_die_shows_is_refused_and_nothing_moves():
    race = Race(make_board(5, 20, [(3, 1)]))
    for roll, direction in ((0, None), (7, None), (3, 0), (3, 7), (-1, 2)):
        with pytest.raises(ValueError, match="a die shows 1 to 6"):
            race.move(0, roll, direction)
    assert race.car_cell(0) == (3, 1) and race.events is None


def test_two_dice_variant_takes_the_direction_from_the_second_die():
    race = Race(make_board(5, 20, [(3, 1)]), RaceOptions(two_dice=True), dice=fixed_dice(6, 1))
    race.play_turn()
    assert race.car_cell(0) == (2, 6)


def test_a_car_with_no_lives_left_survives_until_it_must_lose_one():
    race = Race(make_board(4, 20, [(2, 1), (2, 5, 1)]))
    race.move(0, 3)  # two free steps, then one hit: 1 -> 0, still racing
    assert race.status[1] == RACING and race.lives[1] == 0
    race.move(0, 3)
    assert race.status[1] == ELIMINATED


def test_pushed_car_blocked_by_the_edge_blocks_the_whole_chain():
    race = Race(make_board(3, 10, [(1, 1), (2, 1), (3, 1)]))
    race.move(0, 5)  # right: pushes car 1, which pushes car 2 off the edge
    assert [race.car_cell(i) for i in range(3)] == [(1, 5), (2, 1), (3, 1)]
    assert list(race.lives) == [7, 6, 4]


def test_qualifying_ends_at_the_finalists_number_and_finals_start_from_the_finals_cells():
    cars = [(lane, 19) for lane in range(1, 11)] + [(1, 1)]
    finals = tuple((lane, 1) for lane in range(1, 11))
    race = Race(make_board(10, 20, cars, finals=finals), RaceOptions(record=True), dice=lambda: 3)
    race.play_turn()
    assert race.phase == FINALS
    assert race.qualified == list(range(10))
    assert race.status[10] == ELIMINATED
    assert [race.car_cell(i) for i in race.qualified] == list(finals)


def test_finals_rank_cars_in_crossing_order_and_end_the_race():
    board = example_board(25, seed=3)
    race = Race(board, seed=11).run()
    assert race.phase == OVER
    assert set(race.finished) <= set(race.qualified)
    assert all(race.status[i] in (ELIMINATED, QUALIFIED, 2) for i in range(len(board.cars)))


def test_a_walled_in_car_is_removed_at_the_turn_cap():
    board = make_board(2, 10, [(1, 1, 7)], walls=((1, 3),))
    race = Race(board, RaceOptions(turn_cap=5), dice=lambda: 4).run()
    assert race.stuck == 1 and race.qualifying_turns == 5 and race.phase == OVER
    assert list(race.lives) == [7]  # a wall costs nothing, so only the cap ends this race


def test_same_seed_same_race_and_other_seed_other_race():
    board = example_board(25, seed=1)
    a = Race(board, RaceOptions(record=True), seed=5).run()
    b = Race(board, RaceOptions(record=True), seed=5).run()
    c = Race(board, RaceOptions(record=True), seed=6).run()
    assert a.events == b.events
    assert a.events != c.events


def test_awards_track_the_violent_hit_and_best_hit_records():
    # the red pushes a column of 4 cars 6 times: 4 cars bumped, far more than 5 lives taken in one roll
    cars = [(2, 1), (2, 3), (2, 5), (2, 7), (2, 9)]
    awards = Awards()
    race = Race(make_board(3, 40, cars), awards=awards)
    race.move(0, 3)
    assert awards.violent == (0, 12)
    assert awards.best_hit == (-1, 2)  # one pawn per roll: the red pawn wins over the green one
    race.move(1, 3)  # car 1 now bumps 3 cars, 9 lives: not more than 12, but a best hit
    assert awards.best_hit == (1, 3)


def test_pushed_car_entering_a_bomb_cell_loses_a_life_and_the_bomb_goes():
    race = Race(make_board(3, 20, [(2, 1), (2, 3)], mines=((2, 5, 2),)))
    race.move(0, 3)
    assert race.lives[1] == 7 - 3 - 1  # three hits, one bomb on the first push
    assert race.lives[0] == 6  # the pusher reaches the same cell on its third step: the second bomb
    assert mines_at(race, 2, 5) == 0
    assert (race.hits, race.mines_taken, race.exits) == (3, 2, 0)


def test_awards_first_bump_and_terminator_go_to_the_right_cars():
    # car 0 bumps car 1 (2 lives) twice: first bump of the race, then an elimination
    awards = Awards()
    race = Race(make_board(3, 40, [(2, 1), (2, 3, 1), (1, 20)]), awards=awards)
    race.move(2, 3)  # no bump: no pawn
    assert awards.first_bump == -1
    race.move(0, 3)  # hit (1 -> 0), then hit again: eliminated
    assert race.status[1] == ELIMINATED
    assert awards.terminator == (0, 1)
    assert awards.first_bump == -1  # one pawn per roll: the blue pawn came first
    assert awards.full_lives_holders(3) == [0, 2]
    assert awards.holders(3) == ((), (), (0,), (), (0, 2))


def test_36_cars_start_partly_behind_the_track_and_twelve_reach_the_finals():
    board = example_board(36, seed=2)
    assert min(c.row for c in board.cars) < 1
    race = Race(board, seed=4)
    assert race.finalists == 12
    race.run()
    assert race.phase == OVER and len(race.qualified) <= 12
