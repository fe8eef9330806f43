"""The generic kit plugin: specs without a `game:` line are built as a `Kit`, checked and drawn as described.

Input: located YAML. Output: a `Kit`, its diagnostics from the kit rules (`text.glyphs`), and its printable
pieces, with images checked against the kit folder and card texts rendered as templates in the sandbox.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.diagnostics import Diagnostic, Mark, PartialResult, SpecError, merge_shared
from pnp.games.base import GamePlugin, PrintContext
from pnp.games.kit import press_rules, rules
from pnp.games.kit.decks import expand_decks
from pnp.games.kit.draw import Drawer, draw_kit
from pnp.games.kit.model import Kit
from pnp.games.kit.typeset import Typesetter
from pnp.layout.pieces import PrintJob
from pnp.model.base import build_model
from pnp.rules import check_rules
from pnp.source.images import ImageInfo, check_image
from pnp.source.located import Located, PathKey
from pnp.text.templating import render_template_string


def build_kit(located: Located) -> Kit:
    """Located YAML to a `Kit`; SpecError with located diagnostics on schema problems.

    Decks with `data:`, `front:` or `layouts:` are first expanded into plain cards in `located` (so that later
    marks point at data cells); the model's errors at a data cell are `deck.data.<property>`. With errors, a
    `PartialResult` carries the kit built with each broken card or component stood in for, when there is one."""
    from pydantic import ValidationError

    from pnp.model.base import diagnostics_from_validation

    data_files, errors, unread, copies = expand_decks(located)
    kit: Kit | None
    try:
        kit = Kit.model_validate(located.data) if isinstance(located.data, dict) else build_model(Kit, located)
    except ValidationError as exc:
        found = [_at_cell(d) if d.file in data_files else d for d in diagnostics_from_validation(exc, located, Kit)]
        taken = {(d.file, d.line, d.column, d.rule) for d in errors}  # a layout's error, again on its cards
        errors.extend(d for d in dict.fromkeys(found) if (d.file, d.line, d.column, d.rule) not in taken)
        kit = _stand_in_kit(located.data, exc)
    if kit is not None and unread:
        kit._stand_ins = kit._stand_ins | unread
        kit._left_out = kit._left_out | {getattr(kit.components[i], "name", "") for i in unread}
    if kit is not None:
        kit._copies = copies
    if errors or kit is None:
        raise PartialResult(merge_shared(errors), kit)
    return kit


def _stand_in_kit(data: dict[str, Any], error: Any) -> Kit | None:
    """The kit of `data` with each card that has an error replaced by a blank card, and each other component
    with an error by a stand-in deck (not drawn); None when the error is outside the components."""
    cards: dict[int, set[int]] = {}
    broken: set[int] = set()
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        if len(loc) < 2 or loc[0] != "components" or not isinstance(loc[1], int):
            return None
        if len(loc) > 4 and loc[3] == "cards" and isinstance(loc[4], int):
            cards.setdefault(loc[1], set()).add(loc[4])
        else:
            broken.add(loc[1])
    components = list(data["components"])
    for i, indices in cards.items():
        if i not in broken:
            deck = dict(components[i])
            deck["cards"] = [_blank(c) if j in indices else c for j, c in enumerate(deck["cards"])]
            components[i] = deck
    for i in broken:
        components[i] = {"type": "deck", "name": "stand-in", "cards": [{}]}
    try:
        kit = Kit.model_validate({**data, "components": components})
    except ValueError:
        return None
    kit._stand_ins = frozenset(broken)
    kit._left_out = frozenset(str(c["name"]) for i, c in enumerate(data["components"])
                              if i in broken and isinstance(c, dict) and isinstance(c.get("name"), str))
    return kit


def _blank(card: Any) -> dict[str, Any]:
    name = card.get("name") if isinstance(card, dict) else None
    return {"name": name[:200]} if isinstance(name, str) else {}


def _at_cell(d: Diagnostic) -> Diagnostic:
    """A model error at a data cell, named for the property the cell sets (`deck.data.colour`)."""
    prop = d.message.split(":", 1)[0].rsplit(".", 1)[-1].split("[", 1)[0]
    prop = "colour" if prop in COLOUR_PROPERTIES else prop
    message = d.message.split(": ", 1)[-1]
    return replace(d, rule=f"deck.data.{prop}" if prop.isidentifier() else "deck.data", message=message)


def kit_print_job(kit: Kit, context: PrintContext) -> PrintJob:
    """The kit's components drawn as pieces; SpecError with every image or template problem met."""
    located = context.located

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
        job = draw_kit(kit, Drawer(images, render_text, located.mark, Typesetter(kit, located, icon_image)),
                       context.paper)
    except PartialResult as exc:
        drawn = _merged_warnings(exc.partial) if isinstance(exc.partial, PrintJob) else None
        raise PartialResult(merge_shared(exc.diagnostics), drawn) from None
    return _merged_warnings(job)


def _merged_warnings(job: PrintJob) -> PrintJob:
    return replace(job, warnings=tuple(merge_shared(list(job.warnings))))


COLOUR_PROPERTIES = frozenset({"fill", "stroke", "colour"})
"""Properties whose errors at a data cell are `deck.data.colour`."""


def check_kit(kit: Kit, located: Located) -> list[Diagnostic]:
    """The kit rules' diagnostics, after the warnings met while reading its inputs (data tables)."""
    return merge_shared([*located.warnings, *check_rules(kit, located)])


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
