"""The game plugin contract: how a game tells the core to read, check and print its specs.

Every kind of spec is a game with a plugin, the generic kit (specs without a `game:` line) included, so the
pipeline has one path. Layout and render never import a game; the CLI finds games through `pnp.games.registry`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import Diagnostic, SpecError
from pnp.source.files import MAX_PIECES
from pnp.source.images import MAX_IMAGE_BYTES, MAX_PIXELS

if TYPE_CHECKING:
    from pnp.source.located import Located


@dataclass(frozen=True, slots=True)
class PrintContext:
    """What drawing a kit may need beyond its model: the located source (marks, the kit folder), the paper
    asked on the command line (None: the spec's), the text translator, the image caps (pixels, file bytes), the
    piece cap (a game refuses a component over it before drawing it) and the registration marks asked for."""

    located: Located
    paper: str | None = None
    tr: Callable[[str], str] = str
    max_pixels: int = MAX_PIXELS
    max_image_bytes: int = MAX_IMAGE_BYTES
    max_pieces: int = MAX_PIECES
    registration: str | None = None
    """The cutting machine asked on the command line (`--registration`; None: the spec's): what sizes itself to
    the sheet leaves room for its marks."""


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """One game: its name, how to build, check and print its specs, and its extra CLI commands."""

    name: str
    """The `game:` value of its specs (`kit` for generic kits, which have none)."""
    title: str
    build: Callable[[Located], Any]
    """Located YAML data to the game's frozen spec model; raises SpecError on schema problems."""
    check: Callable[[Any, Located], list[Diagnostic]]
    """Every game-rule diagnostic for a built spec (all rules run, all results collected)."""
    components: Callable[[Any, PrintContext], Any] | None = None
    """`components(spec, context)`: the printable kit as a `pnp.layout.pieces.PrintJob` (its `settings` say how
    it goes on paper); the context's `paper` is for parts sized to the page, its `tr` translates texts."""
    print_key: str | None = "print"
    """The top-level key that asks for a printed kit: `pnp validate` also tries the layout when the spec has it
    (None: always, for specs that are nothing but what they print)."""
    model: type | None = None
    """The spec's pydantic model, for `pnp schema`."""
    simulate: Callable[[Any, Located, int], list[Diagnostic]] | None = None
    """Balance warnings from N simulated games (`pnp validate --simulate N`)."""
    noun: str = "spec"
    """What its spec files are called in messages ("a Nitro Dice track")."""
    rulebook: Callable[[Any, Callable[[str], str]], Any] | None = None
    """`rulebook(spec, tr)`: the rulebook to print with a spec's kit, as a `pnp.booklet.request.RulebookRequest`;
    `tr` translates the words drawn in its figures, as the kit's own."""


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
