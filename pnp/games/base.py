"""The game plugin contract: how a game tells the core to read, check and print its specs.

Layout and render never import a game; the CLI finds games through `pnp.games.registry`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from pnp.diagnostics import Diagnostic, SpecError
from pnp.spec.loader import Located


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """One game: its `game:` name, how to build and check its spec, and its extra CLI commands."""

    name: str
    title: str
    build: Callable[[Located], Any]
    """Located YAML data to the game's frozen spec model; raises SpecError on schema problems."""
    check: Callable[[Any, Located], list[Diagnostic]]
    """Every game-rule diagnostic for a built spec (all rules run, all results collected)."""
    components: Callable[[Any, str | None, Callable[[str], str]], Any] | None = None
    """`components(spec, paper, tr)`: the printable kit as a `pnp.layout.pieces.PrintJob`; `paper` is the paper
    asked on the command line (None: the spec's), for parts sized to the page; `tr` translates texts."""
    cli: click.Group | None = None
    """Extra commands under `pnp <name> …`."""
    model: type | None = None
    """The spec's pydantic model, for `pnp schema`."""
    simulate: Callable[[Any, Located, int], list[Diagnostic]] | None = None
    """Balance warnings from N simulated games (`pnp validate --simulate N`)."""
    rulebook: Callable[[Any], Any] | None = None
    """The rulebook to print with a spec's kit, as a `pnp.kit.rulebook.RulebookRequest`."""


def require_game(located: Located, game: str | None, what: str) -> None:
    """Refuse a file written for another purpose before its keys are checked one by one.

    `game` is the `game:` value the command needs, or None for files without one (MDD scenarios); `what` names
    the kind of file the command wants, for the message.
    """
    data = located.data
    found = data.get("game") if isinstance(data, dict) else None
    if found == game:
        return
    if found is None:
        message = f"this file has no `game: {game}` line: the command needs {what}"
    elif isinstance(data, dict) and "kit" in data and game is None:
        message = f"this is a kit, not {what}"
    else:
        message = f"this is a `game: {found}` spec, not {what}"
    mark = located.key_mark(("game",)) if found is not None else located.mark(())
    raise SpecError(Diagnostic.at(mark, "spec.kind", message, "check the file name, or use the command for this file"))
