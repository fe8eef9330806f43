"""The two Mini Demolition Derby rulesets as numbers: `v2.1` (2009) and `current`.

Input: a ruleset name from a setup (`ruleset: v2.1`). Output: a fresh `RuleLimits` holding the counts the
setup checker, the generator and the engine use (lives, walls, mines, car counts, finalists, kit counters).
"""

from __future__ import annotations

from pnp.games.mdd.geometry import RuleLimits

RULESET_NAMES: tuple[str, ...] = ("v2.1", "current")


def life_counters(lives: int) -> tuple[int, int]:
    """The (five-life, one-life) counters that show `lives` on a car's roof at the start: a five for each
    full five, a one for each life left over (7 = 5 + 1 + 1, 5 = 5, 2 = 1 + 1)."""
    return divmod(lives, 5)


def limits_for(name: str) -> RuleLimits:
    """The limits of ruleset `name` (one of RULESET_NAMES); KeyError for an unknown name."""
    if name == "v2.1":
        return RuleLimits(
            name="v2.1",
            lives=7,
            walls=6,
            wall_min_ahead=5,
            mines_min=20,
            mines_max=25,
            mines_per_cell=3,
            mines_min_ahead=5,
            car_counts=(25, 30, 36),
            finalists={25: 10, 30: 12, 36: 12},
            kit_five_life=27,
            kit_one_life=60,
            kit_mines=27,
            mine_word="bomb",
            damage="lives",
            year=2009,
            kit_dice=2,
            awards=True,
        )
    if name == "current":
        return RuleLimits(
            name="current",
            lives=7,
            walls=6,
            wall_min_ahead=None,
            mines_min=25,
            mines_max=30,
            mines_per_cell=4,
            mines_min_ahead=None,
            car_counts=(25,),
            finalists={25: 10},
            kit_five_life=25,
            kit_one_life=60,
            kit_mines=27,
            mine_word="mine",
            damage="HP",
            year=None,
            kit_dice=1,
        )
    raise KeyError(name)
