"""The round of a Nitro Dice race: speeds, the order of moves, replenishing, swaps, the finish and the variants;
and the engine's invariants over thousands of random races."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp.games.nitro.model import Race as RaceSpec
from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.race.drivers import DRIVERS, Driver
from pnp.games.nitro.race.engine import Race
from pnp.games.nitro.race.simulate import play_race, race_seed, seat_drivers, simulate
from pnp.games.nitro.race.state import Turn
from pnp.games.nitro.readings import PlayRules, Variants
from pnp.games.nitro.track.cards import shuffle
from pnp.games.nitro.track.course import build_course
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).parents[3] / "examples" / "nitro-dice"


@dataclass(frozen=True, slots=True)
class Wants(Driver):
    want: int = 9
    section: int = -1

    def target_speed(self, race, die):
        return self.want

    def swap(self, race, die):
        if self.section < 0:
            return None
        old = race.cards.kind[race.cards.on_track[self.section]]
        card = next((c for c in race.hand[die] if race.cards.kind[c] == old), None)
        return None if card is None else (self.section, card)


def wants(want: int, section: int = -1) -> Wants:
    base = DRIVERS["cautious"]
    fields = {f: getattr(base, f) for f in Driver.__dataclass_fields__}
    return Wants(**fields, want=want, section=section)


@pytest.fixture
def track(build, oval):
    return build(oval)


def test_setup_deals_nine_cards_condition_nine_two_nitro_and_speed_zero_on_the_grid(track):
    race = Race(track, [DRIVERS["racer"]] * 4, seed=3)
    assert [len(h) for h in race.hand] == [9] * 4 and race.cond == [9] * 4 and race.nitro == [2] * 4
    assert race.speed == [0] * 4
    assert sorted((race.pos[d], race.lane[d]) for d in range(4)) == sorted(race.course.grid[:4])
    assert race.total_cards() == 104
    assert len(race.cards.pile) == 104 - 36 - 9  # the track's 9 Straight and Turn cards, 36 dealt


def test_start_order_is_rolled_by_seed(track):
    orders = {tuple(Race(track, [DRIVERS["racer"]] * 4, seed=s).start_place) for s in range(12)}
    assert len(orders) > 3
    assert Race(track, [DRIVERS["racer"]] * 4, seed=5).start_place == Race(track, [DRIVERS["racer"]] * 4,
                                                                              seed=5).start_place


@pytest.mark.parametrize(("want", "cond", "speed", "cards"), [(9, 9, 2, 8), (1, 9, 1, 9), (9, 1, 1, 9), (0, 9, 0, 9)])
def test_speed_changes_by_one_free_or_two_for_a_card_never_over_the_condition(track, want, cond, speed, cards):
    race = Race(track, [wants(want)] * 4, seed=1)
    race.cond[0] = cond
    race.set_speed(0)
    assert race.speed[0] == speed and len(race.hand[0]) == cards


def test_moves_go_fastest_first_then_furthest_forward(track):
    race = Race(track, [wants(2), wants(1), wants(2), wants(1)], seed=1, record=True, order=[3, 2, 1, 0])
    race.play_round()
    turns = [e.die for e in race.events if e.kind == "turn"]
    assert turns == [2, 0, 3, 1]


def test_replenish_by_position_with_the_garage_card_and_the_hand_limit(track):
    race = Race(track, [DRIVERS["racer"]] * 4, seed=1)
    for die, hand in enumerate(race.hand):
        race.discards.extend(hand)
        race.set_hand(die, [])
    race.garage[1], race.garage_leg[1] = 0, 1
    race.cond[2] = 2
    race.set_hand(2, [race.cards.pile.pop() for _ in range(5)])
    race.replenish([0, 1, 2, 3])
    assert [len(h) for h in race.hand] == [3, 5, 2, 5]
    assert race.total_cards() == 104


def test_the_discards_are_shuffled_into_a_new_pile_when_it_runs_out(track):
    race = Race(track, [DRIVERS["racer"]] * 4, seed=1)
    race.discards, race.cards.pile = race.cards.pile, []
    assert race.draw(0, 3, None) == 3 and len(race.hand[0]) == 12
    assert race.discards == [] and race.total_cards() == 104


def test_the_pile_is_shuffled_as_random_shuffle_would_from_the_same_seed():
    for seed in range(40):
        for length in (0, 1, 2, 3, 17, 95, 104):
            ours, theirs = list(range(length)), list(range(length))
            shuffle(random.Random(seed), ours)
            random.Random(seed).shuffle(theirs)
            assert ours == theirs


def test_a_swap_replaces_a_section_without_a_die_and_discards_the_old_card(track):
    race = Race(track, [wants(0, section=5)] + [wants(0)] * 3, seed=1)
    old = race.cards.on_track[5]
    race.place_hazards(0)
    assert race.cards.on_track[5] != old and race.discards[-1] == old and race.total_cards() == 104
    blocked = Race(track, [wants(0, section=5)] + [wants(0)] * 3, seed=1)
    blocked.relocate(1, 5 * 3, 0)
    with pytest.raises(ValueError, match="has a die on it"):
        blocked.place_hazards(0)


def test_the_race_ends_on_the_round_someone_finishes_and_the_furthest_wins(track):
    race = Race(track, [DRIVERS["racer"]] * 4, seed=2).run()
    assert not race.capped
    assert max(race.progress(d) for d in range(4)) >= race.course.finish
    assert race.standings[0] == max(range(4), key=race.progress)
    assert sorted(race.points()) == [1, 2, 3, 4] and race.points()[race.standings[0]] == 4


def test_the_round_cap_stops_a_race_that_cannot_end(track):
    stuck = Race(track.model_copy(update={"play": PlayRules(round_cap=10)}), [wants(0)] * 4, seed=1).run()
    assert stuck.capped and stuck.round == 10


def test_lap_leader_draws_two_cards_on_completing_a_lap(track):
    rules = PlayRules(variants=Variants(lap_leader=True))
    race = Race(track.model_copy(update={"play": rules}), [DRIVERS["racer"]] * 4, seed=2, record=True).run()
    led = [e for e in race.events if e.kind == "lap_leader"]
    assert len(led) == 1 and led[0].amount == 2
    plain = Race(track, [DRIVERS["racer"]] * 4, seed=2, record=True).run()
    assert not [e for e in plain.events if e.kind == "lap_leader"]


def test_disaster_area_scatters_hazards_before_the_race(track):
    rules = PlayRules(variants=Variants(disaster_area=12))
    assert sum(Race(track.model_copy(update={"play": rules}), [DRIVERS["racer"]] * 4, seed=2).hazard_on) == 12
    assert sum(Race(track, [DRIVERS["racer"]] * 4, seed=2).hazard_on) == 0


def _check(race: Race) -> None:
    c = race.course
    assert race.total_cards() == race.track.deck.total
    on_track = [d for d in range(len(race.pos)) if race.garage[d] < 0]
    places = {c.sid(race.pos[d], race.lane[d]) for d in on_track}
    assert len(places) == len(on_track) and {sid for sid, d in enumerate(race.occ) if d >= 0} == places
    for d in range(len(race.pos)):
        assert 0 <= race.cond[d] <= 9 and 0 <= race.speed[d] <= race.cond[d]
        assert len(race.hand[d]) <= race.cond[d]
        assert race.held[d] == [sum(race.cards.kind[card] == t for card in race.hand[d]) for t in range(3)]


def test_invariants_hold_through_thousands_of_random_races():
    rng = random.Random(14)
    tracks = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        spec = PLUGIN.build(load_yaml(path))
        if spec.race.type == "laps":  # one lap keeps the test quick
            spec = spec.model_copy(update={"race": RaceSpec(laps=1)})
        tracks.append((spec, build_course(spec)))
    played = 0
    for game in range(2000):
        spec, course = tracks[game % len(tracks)]
        rules = PlayRules(draft_chain=rng.random() < 0.3, draft_reach=rng.choice((1, 1, 2)),
                          sideswipe_no_room=rng.choice(("block", "bump")),
                          head_on=rng.choice(("pass", "pass", "rear_end")),
                          after_last_move=rng.choice(("none", "lane_change")),
                          variants=Variants(disaster_area=rng.choice((0, 0, 10)), lap_leader=rng.random() < 0.3,
                                            nitro_madness=rng.random() < 0.3))
        players = rng.randint(2, 4 if game % 4 else 6)
        spec = spec.model_copy(update={"players": players, "play": rules})
        race = Race(spec, [DRIVERS[rng.choice(tuple(DRIVERS))] for _ in range(players)], seed=game,
                    course=course)
        while not race.over:
            race.play_round()
            _check(race)
        played += 1
    assert played == 2000


def test_a_road_blocked_for_good_by_wrecked_dice_ends_the_race_as_stopped(build, oval):
    track = build(oval.replace("players: 4", "players: 3"))
    race = Race(track, [DRIVERS["cautious"]] * 3, seed=1, order=[0, 1, 2])
    for die, lane in ((0, 0), (1, 1)):
        race.relocate(die, 12, lane)
        race.cond[die] = 0
    race.relocate(2, 6, 0)
    race.run()
    assert race.capped and race.round <= 15
    assert race.progress(2) == 11 and race.cond[2] > 0



def _back_to_back(draft_oncoming: bool) -> tuple[Race, int]:
    """Out and back: A on the way back, B on the way out on the space A has just left, facing away from it;
    A (speed 2, as fast as B) makes its moves. The race and B's place before A moved."""
    spec = PLUGIN.build(load_yaml(EXAMPLES / "out-and-back.yaml"))
    spec = spec.model_copy(update={"players": 2, "play": PlayRules(draft_oncoming=draft_oncoming)})
    race = Race(spec, [DRIVERS["cautious"]] * 2, seed=3, order=[0, 1])
    c = race.course
    back = c.sections * c.k + 1  # the way back, second space of the card before the far end
    out = next(p for p in range(c.sections * c.k) if c.sid(p, 0) == c.sid(back - 1, 0))
    assert c.reversed_leg(back) and not c.reversed_leg(out)
    race.relocate(0, back, 0)
    race.relocate(1, out, 0)
    race.speed[:] = [2, 2]
    race.take_turn(0)
    return race, out


def test_a_die_driving_the_other_way_is_not_drafted():
    race, out = _back_to_back(draft_oncoming=False)
    assert race.counts["drafts"] == 0 and race.pos[1] == out
    assert race.pos[0] == race.course.sections * race.course.k + 3  # A made its two moves


def test_the_oncoming_draft_reading_pulls_it_away_from_the_mover():
    race, out = _back_to_back(draft_oncoming=True)
    assert race.counts["drafts"] == 1 and race.pos[1] == out + 1


def _head_on(meeting, head_on: str, speed: int = 3) -> Race:
    """A (the way back) makes one plain move onto B (the way out), as a player who does not steer round it."""
    race = meeting((speed, 1), head_on=head_on)
    turn = race.movement.turn = Turn()
    race.movement.mover = 0
    race.movement.act(0, turn, "move")
    return race


def test_dice_meeting_head_on_pass_each_other_when_the_mover_has_the_moves(meeting):
    race = _head_on(meeting, "pass")
    assert race.pos[0] == race.course.sections * race.course.k + 3  # beyond B, two moves spent
    assert race.counts["collisions"] == 0 and race.cond == [9, 9] and race.speed[0] == 3


def test_a_head_on_meeting_without_the_moves_to_pass_is_a_collision_that_slows_nobody(meeting):
    race = _head_on(meeting, "pass", speed=1)
    assert race.counts["collisions"] == 1 and race.cond == [8, 8]
    assert race.pos[0] == race.course.sections * race.course.k + 1 and race.speed[0] == 1
    race = _head_on(meeting, "collide")
    assert race.counts["collisions"] == 1 and race.cond == [8, 8] and race.speed[0] == 3


def test_the_rear_end_reading_of_a_head_on_meeting_slows_the_mover_to_the_oncoming_die(meeting):
    race = _head_on(meeting, "rear_end")
    assert race.counts["collisions"] == 1 and race.cond == [8, 8] and race.speed[0] == 1


def test_passing_head_on_keeps_six_dice_out_and_back_from_jamming():
    spec = PLUGIN.build(load_yaml(EXAMPLES / "out-and-back.yaml")).model_copy(update={"players": 6})
    def jammed(head_on: str) -> int:
        track = spec.model_copy(update={"play": PlayRules(head_on=head_on)})
        course = build_course(track)
        return sum(Race(track, [DRIVERS["racer"]] * 6, seed=g, course=course).run().capped for g in range(30))
    assert jammed("rear_end") >= 3
    assert jammed("pass") == 0


@pytest.mark.parametrize("example", ["out-and-back.yaml", "figure-eight.yaml"])
def test_races_sharing_one_course_and_deck_play_as_races_built_alone(example):
    """A simulation builds the course and the unshuffled deck once; a race must not carry anything (Disaster Area
    hazards, swapped cards) into the next one."""
    spec = PLUGIN.build(load_yaml(EXAMPLES / example))
    spec = spec.model_copy(update={"play": PlayRules(variants=Variants(disaster_area=12))})
    seats = seat_drivers(["table"], spec.players)
    alone = [play_race(spec, seats, race_seed(3, i)) for i in range(6)]
    assert simulate(spec, 6, seed=3) == alone
    assert len(set(alone)) == 6


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_the_course_tables_read_the_route_at_every_position(example):
    """The engine's per-position tables say what the route says from the back of the start grid (a loop's grid
    lies on negative positions, before the Start/Finish) to beyond the finish."""
    c = build_course(PLUGIN.build(load_yaml(EXAMPLES / example)))
    back = min(p for p, _ in c.grid)
    assert c.lo < back <= c.finish < c.hi
    for pos in range(back, c.hi):
        assert (c.section_at[pos], c.back_at[pos], c.flip_at[pos]) == \
            (c.section(pos), c.reversed_leg(pos), c.card_lane(pos, 0))
        assert c.sid_section(c.sids[0][pos]) == c.sid_section(c.sids[1][pos]) == c.section(pos)
        assert c.straight_at[pos] == c.is_straight(pos)
