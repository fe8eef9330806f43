"""Every number option of every command refuses NaN and infinity as a usage error (exit 2), before anything
runs: a budget of NaN never ran out (`pnp mdd setup --balanced --budget nan` never ended)."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.commands import Finite


def _commands(group: click.Group, ctx: click.Context, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], click.Command]]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            yield from _commands(command, click.Context(command, parent=ctx, info_name=name), (*path, name))
        else:
            yield (*path, name), command


NUMBERS = (click.types.IntParamType, click.types.FloatParamType)
"""click's number types (their ranges are subclasses)."""


def _number_options() -> list[tuple[tuple[str, ...], str, click.ParamType]]:
    found = []
    for path, command in _commands(main, click.Context(main, info_name="pnp")):
        for param in command.params:
            if isinstance(param, click.Option) and isinstance(param.type, NUMBERS):
                found.append((path, param.opts[0], param.type))
    return found


NUMBER_OPTIONS = _number_options()


def test_the_walk_finds_the_number_options_of_every_game() -> None:
    names = {(" ".join(path), option) for path, option, _ in NUMBER_OPTIONS}
    assert {("mdd setup", "--budget"), ("mdd setup", "--games"), ("mdd setup", "--jobs"), ("mdd setup", "--brackets"),
            ("nitro generate", "--sections"), ("nitro generate", "--budget"), ("mdd simulate", "--games"),
            ("nitro simulate", "--jobs"), ("dragrage optimal", "--max-states"), ("dragrage balance", "--budget"),
            ("dragrage simulate", "--games"), ("render", "--max-pieces")} <= names


@pytest.mark.parametrize("path, option, kind", NUMBER_OPTIONS, ids=[f"{' '.join(p)} {o}" for p, o, _ in NUMBER_OPTIONS])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN", "1e400"])
def test_nan_and_infinity_are_usage_errors(path: tuple[str, ...], option: str, kind: click.ParamType,
                                           value: str) -> None:
    result = CliRunner().invoke(main, [*path, f"{option}={value}"])
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.output and "Traceback" not in result.output


def test_every_fractional_option_uses_the_shared_finite_type() -> None:
    floats = [(path, option) for path, option, kind in NUMBER_OPTIONS if isinstance(kind, click.types.FloatParamType)]
    assert floats and all(isinstance(kind, Finite) for _, _, kind in NUMBER_OPTIONS
                          if isinstance(kind, click.types.FloatParamType)), floats


def test_a_finite_range_keeps_its_bounds() -> None:
    kind = Finite(1, 3600)
    assert kind.convert("2.5", None, None) == 2.5
    with pytest.raises(click.BadParameter, match="not in the range"):
        kind.convert("0.5", None, None)
    with pytest.raises(click.BadParameter, match="not a finite number"):
        kind.convert(float("nan"), None, None)
