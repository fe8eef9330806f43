"""The heat rules as pure functions: state plus decision (or dice outcome) to the next state.

Input: a `Variant` and a `HeatState`. Output: the legal actions, the next state, the chance that a
challenged driver holds on, and the `HeatResult` once the heat is over. No dice are rolled here:
callers (simulator, search, tests) supply the outcome of each challenge, so any source of dice fits.
"""

from __future__ import annotations

from fractions import Fraction

from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE, p_at_least
from pnp.games.dragrage.race.state import (
    Action,
    Advance,
    Challenge,
    HeatResult,
    HeatState,
    Pass,
    Phase,
    Reason,
    Roll,
    Wait,
)
from pnp.games.dragrage.variant import START_SPACE, BlownEngine, Crossing, Pool, SpinOut, Variant


def _pair(values: tuple[int, int], player: int, value: int) -> tuple[int, int]:
    return (value, values[1]) if player == 0 else (values[0], value)


def _flag(values: tuple[bool, bool], player: int, value: bool) -> tuple[bool, bool]:
    return (value, values[1]) if player == 0 else (values[0], value)


def pool_index(variant: Variant, player: int) -> int:
    """Which entry of `HeatState.pools` the player draws from."""
    return 0 if variant.pool is Pool.SHARED else player


def pool_of(variant: Variant, state: HeatState, player: int) -> int:
    """Bit mask of the counters the player may still play."""
    return state.pools[pool_index(variant, player)]


def _with_pool(variant: Variant, state: HeatState, player: int, mask: int) -> tuple[int, ...]:
    pools = list(state.pools)
    pools[pool_index(variant, player)] = mask
    return tuple(pools)


def crossed(variant: Variant, state: HeatState, player: int) -> bool:
    """True when the player's car stands beyond the finish line."""
    return state.pos[player] >= variant.finish_space


def broken_chute(variant: Variant, state: HeatState, player: int) -> bool:
    """True when the player's car went past the last space of its lane."""
    return state.pos[player] > variant.lane_length


def out_of_counters(variant: Variant, state: HeatState, player: int) -> bool:
    """True when the player's own counters end his play: none is left to him, or his engine is blown and
    rule 8 is read as `blown_engine: stops` (with `keeps_turns` a blown driver lays counters as before)."""
    if variant.blown_engine is BlownEngine.STOPS and state.blown[player]:
        return True
    return not pool_of(variant, state, player)


def done(variant: Variant, state: HeatState, player: int) -> bool:
    """True when the player plays no more counters: crossed, out of counters (`out_of_counters`), or (the
    opponent having crossed) already played as many counters as the opponent."""
    other = 1 - player
    if crossed(variant, state, player) or out_of_counters(variant, state, player):
        return True
    return crossed(variant, state, other) and state.played[player] >= state.played[other]


def legal_counters(variant: Variant, state: HeatState, player: int) -> tuple[int, ...]:
    """Counters the player may advance with: those that stay inside the lane, or, when every one
    left would run past its end, all of them (a broken chute)."""
    mask = pool_of(variant, state, player)
    left = [v for i, v in enumerate(variant.counters) if mask >> i & 1]
    inside = tuple(v for v in left if state.pos[player] + v <= variant.lane_length)
    return inside or tuple(left)


def initial_state(variant: Variant, first: int) -> HeatState:
    """Cars on the Start space, all counters and both nitro dice unused, `first` to move."""
    shared = variant.pool is Pool.SHARED
    state = HeatState(
        phase=Phase.TURN,
        actor=first,
        pos=(START_SPACE, START_SPACE),
        played=(0, 0),
        pools=(variant.full_mask,) if shared else (variant.full_mask, variant.full_mask),
        nitro=(True, True),
        blown=(False, False),
    )
    return start_turn(variant, state._replace(blown=blown_engines(variant, state)))


def blown_engines(variant: Variant, state: HeatState) -> tuple[bool, bool]:
    """Engines blown so far, plus any car that the counters left can no longer carry across."""
    flags = []
    for p in (0, 1):
        short = variant.mask_sum(pool_of(variant, state, p)) < variant.finish_space - state.pos[p]
        flags.append(state.blown[p] or (not crossed(variant, state, p) and short))
    return (flags[0], flags[1])


def start_turn(variant: Variant, state: HeatState) -> HeatState:
    """`state` at the start of `state.actor`'s turn: a driver with nothing to do (no counter to lay, no move to
    challenge) is skipped, and the heat ends when neither has anything to do."""
    actor = state.actor
    if done(variant, state, actor) and not state.pending:
        if done(variant, state, 1 - actor):
            return state._replace(phase=Phase.OVER)
        return state._replace(phase=Phase.TURN, actor=1 - actor, pending=0)
    return state._replace(phase=Phase.TURN)


def challengeable(variant: Variant, state: HeatState, player: int) -> bool:
    """Whether the move `player` has just made stays open to a challenge (rule 9's reading decides for a
    move that carried the car across the line)."""
    if variant.crossing is Crossing.LITERAL and crossed(variant, state, 1 - player):
        return False  # the opponent is across and only this driver still plays
    if not crossed(variant, state, player) or variant.crossing is Crossing.CHALLENGEABLE:
        return True
    if variant.crossing is Crossing.LITERAL:
        return state.played[1 - player] < state.played[player]
    return False


def _end_turn(variant: Variant, state: HeatState, advanced: int) -> HeatState:
    """Hand the turn to the opponent; `advanced` is the counter just played (0: none, so no challenge)."""
    if advanced and not challengeable(variant, state, state.actor):
        advanced = 0
    state = state._replace(blown=blown_engines(variant, state), actor=1 - state.actor, pending=advanced, dice=0)
    return start_turn(variant, state)


def _advance(variant: Variant, state: HeatState, player: int, counter: int) -> HeatState:
    index = variant.counters.index(counter)
    mask = pool_of(variant, state, player) & ~(1 << index)
    return state._replace(
        pos=_pair(state.pos, player, state.pos[player] + counter),
        played=_pair(state.played, player, state.played[player] + 1),
        pools=_with_pool(variant, state, player, mask),
    )


def legal_actions(variant: Variant, state: HeatState) -> tuple[Action, ...]:
    """Every decision open to `state.actor` (empty when the heat is over or a roll is due)."""
    player = state.actor
    racing = not done(variant, state, player)
    if state.phase is Phase.TURN:
        actions: list[Action] = [Advance(c) for c in legal_counters(variant, state, player)] if racing else []
        if state.pending:
            actions.append(Challenge())
            if not racing:
                actions.append(Wait())
        return tuple(actions)
    if state.phase is Phase.DEFEND:
        return (Roll(FREE_DICE), Roll(FREE_DICE + NITRO_DICE))
    if state.phase is Phase.AFTER_FAIL:
        return (*(Advance(c) for c in legal_counters(variant, state, player)), Pass())
    if state.phase is Phase.AFTER_SUCCESS:
        return tuple(Advance(c) for c in legal_counters(variant, state, player))
    return ()


def apply(variant: Variant, state: HeatState, action: Action) -> HeatState:
    """The state after `state.actor` takes `action`; ValueError when the action is not legal."""
    if action not in legal_actions(variant, state):
        raise ValueError(f"{action} is not a legal action in phase {state.phase.value} for player {state.actor}")
    return step(variant, state, action)


def step(variant: Variant, state: HeatState, action: Action) -> HeatState:
    """Like `apply` without the legality check, for actions taken from `legal_actions`."""
    player = state.actor
    if isinstance(action, Advance):
        moved = _advance(variant, state, player, action.counter)
        if state.phase is Phase.AFTER_FAIL:
            moved = moved._replace(nitro=_flag(moved.nitro, player, False))
        return _end_turn(variant, moved, action.counter)
    if isinstance(action, Challenge):
        defender = state._replace(actor=1 - player)
        if state.nitro[1 - player]:
            return defender._replace(phase=Phase.DEFEND)
        return defender._replace(phase=Phase.ROLL, dice=FREE_DICE)
    if isinstance(action, Roll):
        nitro = state.nitro if action.dice == FREE_DICE else _flag(state.nitro, player, False)
        return state._replace(phase=Phase.ROLL, dice=action.dice, nitro=nitro)
    return _end_turn(variant, state, 0)  # Wait or Pass


def hold_chance(state: HeatState) -> Fraction:
    """Chance that the challenged driver rolls at least the counter of the challenged move."""
    return p_at_least(state.pending, state.dice)


def resolve_roll(variant: Variant, state: HeatState, held: bool) -> HeatState:
    """Settle a challenge: `held` is True when the roll reached the counter of the challenged move."""
    if state.phase is not Phase.ROLL:
        raise ValueError("no challenge roll is due")
    defender, challenger = state.actor, 1 - state.actor
    after = state._replace(actor=challenger, dice=0)
    if held:
        after = after._replace(phase=Phase.AFTER_FAIL)
        can_advance = not done(variant, after, challenger)
        return after if can_advance and after.nitro[challenger] else _end_turn(variant, after, 0)
    counter = state.pending
    after = after._replace(phase=Phase.AFTER_SUCCESS, pos=_pair(after.pos, defender, after.pos[defender] - counter))
    if variant.spin_out is SpinOut.RETURNED:
        mask = pool_of(variant, after, defender) | 1 << variant.counters.index(counter)
        after = after._replace(
            pools=_with_pool(variant, after, defender, mask),
            played=_pair(after.played, defender, after.played[defender] - 1),
        )
    return after if not done(variant, after, challenger) else _end_turn(variant, after, 0)


def result(variant: Variant, state: HeatState) -> HeatResult:
    """Who won a finished heat, and why; None as winner means a dead heat. A car whose engine blew cannot win
    (rule 8), even if it got across later (only possible when spun-out counters return to the pool)."""
    if state.phase is not Phase.OVER:
        raise ValueError("the heat is not over")
    across = [p for p in (0, 1) if crossed(variant, state, p) and not state.blown[p]]
    if not across:
        return HeatResult(None, Reason.BOTH_ENGINES)
    if len(across) == 1:
        return HeatResult(across[0], Reason.ONLY_FINISHER)
    clean = [p for p in (0, 1) if not broken_chute(variant, state, p)]
    if not clean:
        return HeatResult(None, Reason.BOTH_CHUTES)
    if len(clean) == 1:
        return HeatResult(clean[0], Reason.CLEAN_FINISH)
    if state.played[0] != state.played[1]:
        return HeatResult(0 if state.played[0] < state.played[1] else 1, Reason.FEWER_COUNTERS)
    if state.pos[0] != state.pos[1]:
        return HeatResult(0 if state.pos[0] < state.pos[1] else 1, Reason.CLOSER_TO_LINE)
    return HeatResult(None, Reason.SAME_FINISH)
