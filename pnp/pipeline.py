"""The pipeline: load → model → validate → layout → render, as functions the CLI calls.

Input: a spec path and options. Output: diagnostics, a plan and a `Document`, or rendered file bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.base import GamePlugin
from pnp.games.registry import GAME_MODULES, get_game
from pnp.kit import rules as _kit_rules  # noqa: F401  (registers the generic kit rules)
from pnp.kit.draw import Drawer, draw_kit
from pnp.layout.compose import compose
from pnp.layout.imposition import LayoutError, Plan, choose_plan
from pnp.layout.pieces import PrintJob
from pnp.layout.scene import Document
from pnp.model.base import build_model
from pnp.model.kit import Kit, SheetSettings
from pnp.rules import check_rules
from pnp.spec.images import MAX_IMAGE_BYTES, MAX_PIXELS, ImageInfo, check_image
from pnp.spec.loader import Limits, Located, PathKey, load_yaml
from pnp.templating import render_template_string

MAX_PAGES = 500
MAX_PIECES = 5000


@dataclass(frozen=True, slots=True)
class RunLimits:
    """Caps for one run; every one can be raised from the command line."""

    yaml: Limits = field(default_factory=Limits)
    max_pixels: int = MAX_PIXELS
    max_pages: int = MAX_PAGES
    max_pieces: int = MAX_PIECES
    max_image_bytes: int = MAX_IMAGE_BYTES


@dataclass(frozen=True, slots=True)
class LoadedSpec:
    """A loaded and modelled spec: the located data, its game plugin (None for a generic kit), the model."""

    located: Located
    plugin: GamePlugin | None
    spec: Any


def _top_error(located: Located, message: str, hint: str, rule: str = "spec.type") -> SpecError:
    return SpecError(Diagnostic.at(located.mark(()), rule, message, hint))


def load_spec(path: Path, limits: RunLimits | None = None) -> LoadedSpec:
    """Load and model a spec file; raise SpecError with located diagnostics."""
    limits = limits or RunLimits()
    located = load_yaml(path, limits.yaml)
    data = located.data
    if not isinstance(data, dict):
        raise _top_error(located, "a spec must be a mapping of keys to values at the top level",
                         "start with `kit: My kit` (or `game: mdd`) as in examples/")
    game = data.get("game")
    if game is None:
        return LoadedSpec(located, None, build_model(Kit, located))
    if not isinstance(game, str) or game not in GAME_MODULES:
        raise SpecError(Diagnostic.at(located.mark(("game",)), "spec.game", f"unknown game {game!r}",
                                      f"use one of: {', '.join(sorted(GAME_MODULES))}"))
    plugin = get_game(game)
    return LoadedSpec(located, plugin, plugin.build(located))


def validate_spec(loaded: LoadedSpec) -> list[Diagnostic]:
    """Every rule diagnostic for a loaded spec."""
    if loaded.plugin is None:
        return check_rules(loaded.spec, loaded.located)
    return loaded.plugin.check(loaded.spec, loaded.located)


def print_job(loaded: LoadedSpec, limits: RunLimits | None = None, paper: str | None = None,
              tr: Callable[[str], str] = str) -> PrintJob:
    """The printable pieces of a spec; SpecError when the game prints nothing."""
    limits = limits or RunLimits()
    located = loaded.located
    if loaded.plugin is None:
        job = draw_kit(loaded.spec, _drawer(located, limits))
    else:
        if loaded.plugin.components is None:
            raise _top_error(located, f"{loaded.plugin.title} specs have nothing to print yet",
                             "use `pnp validate` for this spec", rule="render.nothing")
        job = loaded.plugin.components(loaded.spec, paper, tr)
    pieces = sum(len(g.pieces) for g in job.groups)
    if pieces > limits.max_pieces:
        raise _top_error(located, f"the kit has {pieces} pieces, over the cap of {limits.max_pieces}",
                         "split the kit, or raise the cap with --max-pieces", rule="limits.pieces")
    return job


def _drawer(located: Located, limits: RunLimits) -> Drawer:
    def images(src: str, path: PathKey) -> ImageInfo:
        mark = located.mark(path)
        return check_image(located.root, Path(mark.file).parent, src, mark, limits.max_pixels,
                           limits.max_image_bytes)

    def render_text(source: str, context: dict[str, Any], path: PathKey) -> str:
        mark = located.text_mark(path)
        return render_template_string(source, context, file=mark.file, line=mark.line, column=mark.column)

    return Drawer(images, render_text, located.mark)


def printable_problems(loaded: LoadedSpec, limits: RunLimits | None = None) -> list[Diagnostic]:
    """What `render` would refuse that the rules do not see (missing images, template errors, pieces too big),
    for kits: generic kits, and game specs with a `print:` section."""
    printable = loaded.plugin is None or (
        loaded.plugin.components is not None and isinstance(loaded.located.data, dict)
        and "print" in loaded.located.data)
    if not printable:
        return []
    try:
        layout_document(loaded, None, limits)
    except SpecError as exc:
        return exc.diagnostics
    return []


def settings_of(loaded: LoadedSpec, job: PrintJob) -> SheetSettings:
    if loaded.plugin is None:
        return loaded.spec.sheets  # type: ignore[no-any-return]
    return job.settings or SheetSettings()


def languages() -> list[str]:
    """Languages pnp can print component texts in (besides English, the source)."""
    from pnp.i18n.components import COMPONENTS_DIR  # i18n loads only when a language is asked for

    return sorted(p.stem for p in COMPONENTS_DIR.glob("*.po"))


def translator(lang: str | None) -> Callable[[str], str]:
    """The component-text translator for `lang` (identity for None); SpecError when pnp has no such language."""
    if lang is None:
        return str
    available = languages()
    if lang not in available:
        raise SpecError(Diagnostic.at(None, "i18n.language", f"pnp has no translations for {lang!r}",
                                      f"use one of: {', '.join(available) or 'none'}, or leave out --lang"))
    from pnp.i18n.components import gettext_for

    return gettext_for(lang)


def layout_document(loaded: LoadedSpec, paper: str | None = None, limits: RunLimits | None = None,
                    lang: str | None = None) -> tuple[Document, Plan]:
    """Plan and compose the pages of a spec's kit, component texts in `lang` (None: English)."""
    tr = translator(lang)
    limits = limits or RunLimits()
    job = print_job(loaded, limits, paper, tr)
    settings = settings_of(loaded, job)
    try:
        plan = choose_plan(job.groups, settings, paper)
    except LayoutError as exc:
        where = job.groups[exc.group].where
        raise SpecError([replace(d, file=m.file, line=m.line, column=m.column) if not d.file else d
                         for d in exc.diagnostics for m in [loaded.located.mark(where)]]) from None
    if plan.sheet_count > limits.max_pages:
        raise _top_error(loaded.located, f"the kit needs {plan.sheet_count} pages, over the cap of "
                         f"{limits.max_pages}", "raise the cap with --max-pages", rule="limits.pages")
    document = compose(job, plan, settings, tr)
    if lang is None:
        return document, plan
    from pnp.layout.localise import localise

    return localise(document, tr), plan
