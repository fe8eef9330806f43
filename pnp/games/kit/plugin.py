"""The generic kit plugin: specs without a `game:` line are built as a `Kit`, checked and drawn as described.

Input: located YAML. Output: a `BuiltKit` (the `Kit` and what building found that drawing needs), its
diagnostics from the kit rules (`text.glyphs`), and its printable pieces, with images checked against the kit
folder and card texts rendered as templates in the sandbox.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.diagnostics import Diagnostic, Mark, PartialResult, SpecError, merge_shared
from pnp.games.base import GamePlugin, PrintContext
from pnp.games.kit import press_rules, rules
from pnp.games.kit.built import BuiltKit
from pnp.games.kit.decks import expand_decks
from pnp.games.kit.draw import draw_kit
from pnp.games.kit.drawer import Drawer
from pnp.games.kit.model import Kit
from pnp.games.kit.model.components import Board
from pnp.games.kit.stand_ins import stand_in_kit
from pnp.games.kit.typeset import Typesetter
from pnp.layout.pieces import PrintJob
from pnp.model.base import build_model
from pnp.rules import check_rules
from pnp.source.images import ImageInfo, check_image
from pnp.source.located import Located, PathKey
from pnp.text.templating import render_template_string


def build_kit(located: Located) -> BuiltKit:
    """Located YAML to a built `Kit`; SpecError with located diagnostics on schema problems.

    Decks with `data:`, `front:` or `layouts:` are first expanded into plain cards in `located` (so that later
    marks point at data cells); the model's errors at a data cell are `deck.data.<property>`. With errors, a
    `PartialResult` carries the kit built with each broken card or component stood in for, when there is one."""
    from pydantic import ValidationError

    from pnp.model.base import diagnostics_from_validation

    data_files, errors, unread, copies = expand_decks(located)
    built: BuiltKit | None
    try:
        kit = Kit.model_validate(located.data) if isinstance(located.data, dict) else build_model(Kit, located)
        built = BuiltKit(kit)
    except ValidationError as exc:
        found = [_at_cell(d) if d.file in data_files else d for d in diagnostics_from_validation(exc, located, Kit)]
        taken = {(d.file, d.line, d.column, d.rule) for d in errors}  # a layout's error, again on its cards
        errors.extend(d for d in dict.fromkeys(found) if (d.file, d.line, d.column, d.rule) not in taken)
        built = stand_in_kit(located.data, exc)
    if built is not None:
        left_out = {getattr(built.kit.components[i], "name", "") for i in unread}
        built = replace(built, stand_ins=built.stand_ins | unread, left_out=built.left_out | left_out, copies=copies)
    if errors or built is None:
        raise PartialResult(merge_shared(errors), built)
    return built


def _at_cell(d: Diagnostic) -> Diagnostic:
    """A model error at a data cell, named for the property the cell sets (`deck.data.colour`)."""
    prop = d.message.split(":", 1)[0].rsplit(".", 1)[-1].split("[", 1)[0]
    prop = "colour" if prop in COLOUR_PROPERTIES else prop
    message = d.message.split(": ", 1)[-1]
    return replace(d, rule=f"deck.data.{prop}" if prop.isidentifier() else "deck.data", message=message)


def kit_print_job(built: BuiltKit, context: PrintContext) -> PrintJob:
    """The kit's components drawn as pieces; SpecError with every image or template problem met."""
    located = context.located
    _check_board_sizes(built, context)

    def images(src: str, path: PathKey) -> ImageInfo:
        mark = located.mark(path)
        info = check_image(located.root, Path(mark.file).parent, src, mark, context.max_pixels,
                           context.max_image_bytes)
        located.inputs.add(info.path)
        return info

    def render_text(source: str, values: dict[str, Any], path: PathKey) -> str:
        try:  # the text's mark is looked up only for an error: rendering again there raises it, located
            return render_template_string(source, values, file="", line=1)
        except SpecError:
            mark = located.text_mark(path)
            return render_template_string(source, values, file=mark.file, line=mark.line, column=mark.column)

    def icon_image(src: str, folder: Path, mark: Mark) -> ImageInfo:
        info = check_image(located.root, folder, src, mark, context.max_pixels, context.max_image_bytes)
        located.inputs.add(info.path)
        return info

    try:
        job = draw_kit(built, Drawer(images, render_text, located.mark, Typesetter(built.kit, located, icon_image)),
                       context.paper, context.registration)
    except PartialResult as exc:
        drawn = _merged_warnings(exc.partial) if isinstance(exc.partial, PrintJob) else None
        raise PartialResult(merge_shared(exc.diagnostics), drawn) from None
    return _merged_warnings(job)


def _check_board_sizes(built: BuiltKit, context: PrintContext) -> None:
    """SpecError at `rows:` of each board with more cells than the piece cap, before any is drawn: a board
    counts as many pieces as it has cells (each is drawn, in every format)."""
    cap = context.max_pieces
    errors = [Diagnostic.at(context.located.mark(("components", i, "rows")), "limits.pieces",
                            f"board {c.name!r} has {c.rows} x {c.columns} = {c.rows * c.columns:,} cells, over the cap "
                            f"of {cap:,} pieces (each cell of a board counts as a piece)",
                            "give the board fewer rows or columns, or raise the cap with --max-pieces")
              for i, c in enumerate(built.kit.components)
              if isinstance(c, Board) and i not in built.stand_ins and c.rows * c.columns > cap]
    if errors:
        raise SpecError(errors)


def _merged_warnings(job: PrintJob) -> PrintJob:
    return replace(job, warnings=tuple(merge_shared(list(job.warnings))))


COLOUR_PROPERTIES = frozenset({"fill", "stroke", "colour"})
"""Properties whose errors at a data cell are `deck.data.colour`."""


def check_kit(built: BuiltKit, located: Located) -> list[Diagnostic]:
    """The kit rules' diagnostics, after the warnings met while reading its inputs (data tables)."""
    return merge_shared([*located.warnings, *check_rules(built.kit, located)])


PLUGIN = GamePlugin(
    name="kit",
    title="Generic kit",
    build=build_kit,
    check=check_kit,
    components=kit_print_job,
    model=Kit,
    print_key=None,
)

__all__ = ["PLUGIN", "build_kit", "kit_print_job", "press_rules", "rules"]
