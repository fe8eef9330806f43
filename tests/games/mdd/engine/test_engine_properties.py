"""Property tests over random boards and dice: the invariants the rules promise, checked from events."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.games.mdd.race.cells import mines_at, snapshot
from pnp.games.mdd.race.engine import ELIMINATED, OVER, RACING, Race, RaceOptions
from tests.games.mdd.engine.mdd_engine_boards import make_board

AMOUNTS = {"hit": 1, "mine": 1, "exit": 2}


@st.composite
def races(draw: st.DrawFn) -> tuple[Race, list[int]]:
    lanes = draw(st.integers(3, 7))
    rows = draw(st.integers(10, 20))
    free = [(lane, row) for row in range(1, 7, 2) for lane in range(1, lanes + 1)]
    picked = draw(st.lists(st.sampled_from(free), min_size=1, max_size=12, unique=True))
    lives = draw(st.lists(st.integers(0, 7), min_size=len(picked), max_size=len(picked)))
    cars = [(lane, row, life, f"team{lane % 3}") for (lane, row), life in zip(picked, lives, strict=True)]
    walls = draw(st.lists(st.tuples(st.integers(1, lanes - 1), st.integers(8, rows)), max_size=4, unique=True))
    walled = {(lane + d, row) for lane, row in walls for d in (0, 1)}
    if len(walled) < 2 * len(walls):
        walls = walls[:1]
        walled = {(lane + d, row) for lane, row in walls for d in (0, 1)}
    mine_cells = draw(st.lists(st.tuples(st.integers(1, lanes), st.integers(3, rows)), max_size=10, unique=True))
    mines = tuple((lane, row, draw(st.integers(1, 3))) for lane, row in mine_cells if (lane, row) not in walled)
    finals = tuple((lane, row) for row in (1, 3, 5) for lane in range(1, lanes + 1))
    board = make_board(lanes, rows, cars, tuple(walls), mines, finals)
    rolls = draw(st.lists(st.integers(1, 6), min_size=1, max_size=40))
    two = draw(st.booleans())
    return Race(board, RaceOptions(record=True, two_dice=two, turn_cap=60), seed=0), rolls


def occupied_cells(race: Race) -> list[tuple[int, int]]:
    cells = []
    for i, status in enumerate(race.status):
        if status == RACING:
            lane, row = race.car_cell(i)
            cells += [(lane, row), (lane, row + 1)]
    return cells


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(races())
def test_invariants_hold_through_whole_races(case: tuple[Race, list[int]]) -> None:
    race, rolls = case
    board = race.board
    overlaps: list[list[tuple[int, int]]] = []
    position = iter(range(10**9))

    def dice() -> int:
        # called before every move: check the board is consistent at that moment
        cells = occupied_cells(race)
        if len(cells) != len(set(cells)):
            overlaps.append(cells)
        return rolls[next(position) % len(rolls)]

    race.reset(awards=None, dice=dice)  # the engine's seeded dice replaced by the drawn sequence
    race.run()
    assert race.phase == OVER  # a race always ends
    assert not overlaps

    events = race.events
    assert events is not None
    lives = [c.lives for c in board.cars]
    shortfall = 0
    mines = {(c.lane, c.row): n for c, n in board.mines}
    rolled_this_turn: set[int] = set()
    counts = {"hit": 0, "mine": 0, "exit": 0}
    for k, e in enumerate(events):
        if e.kind == "turn":
            rolled_this_turn = set()
        elif e.kind == "roll":
            assert e.car not in rolled_this_turn  # at most one move per car per turn
            rolled_this_turn.add(e.car)
        elif e.kind in AMOUNTS:
            assert e.amount == AMOUNTS[e.kind]
            counts[e.kind] += 1
            if e.amount > lives[e.car]:
                nxt = events[k + 1]
                assert (nxt.kind, nxt.car) == ("eliminated", e.car)
                shortfall += e.amount - lives[e.car]
                lives[e.car] = 0
            else:
                lives[e.car] -= e.amount
        elif e.kind == "eliminated" and e.detail in AMOUNTS:
            prev = events[k - 1]
            assert prev.kind == e.detail and prev.car == e.car
    # lives only go down, by the rules' amounts, and nothing else changes them
    final = [0 if race.status[i] == ELIMINATED else race.lives[i] for i in range(len(lives))]
    replayed = [0 if race.status[i] == ELIMINATED else lives[i] for i in range(len(lives))]
    assert final == replayed
    assert all(f <= c.lives for f, c in zip(final, board.cars, strict=True))
    lost = sum(c.lives for c in board.cars) - sum(lives)
    assert lost == counts["hit"] + 2 * counts["exit"] + counts["mine"] - shortfall
    assert (race.hits, race.exits, race.mines_taken) == (counts["hit"], counts["exit"], counts["mine"])
    # mines only disappear when taken
    assert race.mines_left() == sum(mines.values()) - counts["mine"]
    for (lane, row), n in mines.items():
        assert 0 <= mines_at(race, lane, row) <= n
    assert {(lane, row) for lane, row, _ in snapshot(race).mines} <= set(mines)


@settings(max_examples=60, deadline=None)
@given(races())
def test_every_car_on_the_track_moves_once_per_turn(case: tuple[Race, list[int]]) -> None:
    race, rolls = case
    position = iter(range(10**9))
    race.reset(dice=lambda: rolls[next(position) % len(rolls)])
    while race.phase != OVER and race.turn < 30:
        before = set(race.on_track())
        phase = race.phase
        start = len(race.events or [])
        race.play_turn()
        new = (race.events or [])[start:]
        rolled = [e.car for e in new if e.kind == "roll"]
        assert len(rolled) == len(set(rolled))
        if race.phase == phase:
            # a car still racing at the end of the turn moved exactly once
            still = {i for i in before if race.status[i] == RACING}
            assert still <= set(rolled)
