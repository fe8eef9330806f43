"""The pipeline: load → model → validate → layout → render, as functions the CLI calls.

Input: a spec path and options. Output: diagnostics, a plan and a `Document`, or rendered file bytes.
Each stage is imported by the function that runs it, so a command loads only the stages it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pnp.diagnostics import Diagnostic, Mark, PartialResult, SpecError
from pnp.games.base import GamePlugin, PrintContext, require_game
from pnp.games.registry import KIT, game_names, get_game
from pnp.source.files import MAX_PIECES, Limits
from pnp.source.images import MAX_IMAGE_BYTES, MAX_PIXELS

if TYPE_CHECKING:
    from pnp.layout.imposition import Plan
    from pnp.layout.pieces import PrintJob
    from pnp.layout.scene import Document
    from pnp.model.sheets import SheetSettings
    from pnp.source.located import Located

T = TypeVar("T")
MAX_PAGES = 500


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
    """A loaded and modelled spec: the located data, its game plugin (the generic kit's when it has no `game:`),
    the model."""

    located: Located
    plugin: GamePlugin
    spec: Any


def _top_error(located: Located, message: str, hint: str, rule: str = "spec.type") -> SpecError:
    return SpecError(Diagnostic.at(located.mark(()), rule, message, hint))


def load_spec(path: Path, limits: RunLimits | None = None) -> LoadedSpec:
    """Load and model a spec file; raise SpecError with located diagnostics."""
    located, plugin = _load(path, limits)
    return LoadedSpec(located, plugin, plugin.build(located))


def _load(path: Path, limits: RunLimits | None) -> tuple[Located, GamePlugin]:
    """A spec file loaded, and the plugin of its `game:` (the generic kit's without one)."""
    from pnp.source.loader import load_yaml

    limits = limits or RunLimits()
    located = load_yaml(path, limits.yaml)
    data = located.data
    if not isinstance(data, dict):
        raise _top_error(located, "a spec must be a mapping of keys to values at the top level",
                         "start with `kit: My kit` (or `game: mdd`) as in examples/")
    game = data.get("game")
    if game is not None and (not isinstance(game, str) or game not in game_names()):
        raise SpecError(Diagnostic.at(located.mark(("game",)), "spec.game", f"unknown game {game!r}",
                                      f"use one of: {', '.join(game_names())}"))
    return located, get_game(KIT if game is None else game)


def problems(path: Path, limits: RunLimits | None = None) -> tuple[LoadedSpec, list[Diagnostic]]:
    """Every problem `validate` reports, in one run: the build's errors, the rules' diagnostics and what only
    printing would find. When the build gives a partial spec despite its errors (a kit with its broken cards
    stood in for), the rest is checked too; SpecError when it gives none."""
    located, plugin = _load(path, limits)
    found: list[Diagnostic] = []
    try:
        loaded = LoadedSpec(located, plugin, plugin.build(located))
    except PartialResult as exc:
        if exc.partial is None:
            raise SpecError(exc.diagnostics) from None
        loaded, found = LoadedSpec(located, plugin, exc.partial), list(exc.diagnostics)
    rules = validate_spec(loaded)
    found.extend(rules)
    if not any(d.is_error for d in rules):
        found.extend(printable_problems(loaded, limits))
    return loaded, found


def load_checked(path: Path | str, game: str, limits: RunLimits | None = None) -> tuple[LoadedSpec, list[Diagnostic]]:
    """Load a spec a game's command needs: refuse a file of another kind, model it, run the game's rules.

    Returns the loaded spec and its warnings; raises SpecError with every error when the spec is invalid.
    """
    from pnp.source.loader import load_yaml

    limits = limits or RunLimits()
    located = load_yaml(path, limits.yaml)
    plugin = get_game(game)
    require_game(located, game, f"a {plugin.title} {plugin.noun} (game: {game})")
    loaded = LoadedSpec(located, plugin, plugin.build(located))
    found = validate_spec(loaded)
    errors = [d for d in found if d.is_error]
    if errors:
        raise SpecError(errors)
    return loaded, found


def validate_spec(loaded: LoadedSpec) -> list[Diagnostic]:
    """Every rule diagnostic for a loaded spec."""
    return loaded.plugin.check(loaded.spec, loaded.located)


def print_job(loaded: LoadedSpec, limits: RunLimits | None = None, paper: str | None = None,
              tr: Callable[[str], str] = str, registration: str | None = None) -> PrintJob:
    """The printable pieces of a spec, with the registration marks asked for (None: the spec's); SpecError when
    the game prints nothing."""
    limits = limits or RunLimits()
    located = loaded.located
    if loaded.plugin.components is None:
        raise _top_error(located, f"{loaded.plugin.title} specs have nothing to print yet",
                         "use `pnp validate` for this spec", rule="render.nothing")
    context = PrintContext(located, paper, tr, limits.max_pixels, limits.max_image_bytes, limits.max_pieces,
                           registration)
    job: PrintJob = loaded.plugin.components(loaded.spec, context)
    if registration is not None:
        job = replace(job, settings=settings_of(job).model_copy(update={"registration": registration}))
    pieces = sum(p.counts for g in job.groups for p in g.pieces)
    if pieces > limits.max_pieces:
        cells = any(p.counts > 1 for g in job.groups for p in g.pieces)
        boards = " (each cell of a board counts as a piece)" if cells else ""
        raise _top_error(located, f"the kit has {pieces} pieces{boards}, over the cap of {limits.max_pieces}",
                         "split the kit, or raise the cap with --max-pieces", rule="limits.pieces")
    return job


def printable_problems(loaded: LoadedSpec, limits: RunLimits | None = None) -> list[Diagnostic]:
    """What `render` would refuse or warn about that the rules do not see (missing images, template errors,
    pieces too big; text that does not fit), for specs that ask for a printed kit (see `GamePlugin.print_key`).
    Pieces that could be drawn despite errors are still laid out, for the layout's own problems."""
    key = loaded.plugin.print_key
    data = loaded.located.data
    if loaded.plugin.components is None or (key is not None and not (isinstance(data, dict) and key in data)):
        return []
    from pnp.layout.pieces import PrintJob as Job

    found: list[Diagnostic] = []
    try:
        job = print_job(loaded, limits)
    except PartialResult as exc:
        if not isinstance(exc.partial, Job):
            return exc.diagnostics
        job, found = exc.partial, list(exc.diagnostics)
    except SpecError as exc:
        return exc.diagnostics
    try:
        document = compose_pages(loaded, job, plan_sheets(loaded, job, None), limits, str, None)
    except SpecError as exc:  # the pieces' own warnings still hold
        return [*found, *exc.diagnostics, *job.warnings]
    return [*found, *document.warnings]


def settings_of(job: PrintJob) -> SheetSettings:
    """How a print job goes on paper: its own settings, or the defaults."""
    from pnp.model.sheets import SheetSettings

    return job.settings or SheetSettings()


def translator(lang: str | None, catalogs: Path | None = None) -> Callable[[str], str]:
    """The component-text translator for `lang` (identity for None); SpecError when pnp has no such language.

    The translator remembers the texts it could not translate (`gaps()`); `catalogs` is a translator's folder
    whose catalogs take precedence over the installed ones.
    """
    if lang is None:
        return str
    from pnp.i18n.languages import UnknownLanguage, resolve_language

    try:
        resolved = resolve_language(lang, catalogs)
    except UnknownLanguage as err:
        hint = f"use one of: {', '.join(err.available) or 'none'}, or leave out --lang"
        raise SpecError(Diagnostic.at(None, "i18n.language", f"pnp has no translations for {lang!r}", hint)) from None
    if resolved is None:
        return str
    from pnp.i18n.components import component_translator

    return component_translator(resolved, catalogs)


def layout_document(loaded: LoadedSpec, paper: str | None = None, limits: RunLimits | None = None,
                    lang: str | None = None, tr: Callable[[str], str] | None = None,
                    job: PrintJob | None = None) -> tuple[Document, Plan]:
    """Plan and compose the pages of a spec's kit, pnp's own texts in `lang` (None: English) or through `tr`;
    `job` is its `print_job` when the caller has made it already. A `Build` does the same and keeps each step.

    Texts are translated where they are drawn (sheet phrases, a game's component texts), never afterwards;
    a generic kit's own texts are the designer's and are printed as written.
    """
    tr = tr or translator(lang)
    job = job or print_job(loaded, limits, paper, tr)
    plan = plan_sheets(loaded, job, paper)
    return compose_pages(loaded, job, plan, limits, tr, lang), plan


class Build:
    """One spec built for printing: its loaded spec, print job, plan and document, each computed once, when
    first asked for (a step that fails raises its SpecError and is tried again if asked again).

    `pnp render`, its output formats (`pnp.render.formats`), the rulebook and the preview all read one Build, so
    a render lays the kit out once whatever it writes. `paper` is the paper asked for (None: the spec's),
    `lang` pnp's own texts' language, `tr` the component translator (default: `translator(lang)`) and
    `registration` the cutting machine whose marks the sheets print (`--registration`; None: the spec's).
    """

    def __init__(self, path: Path, limits: RunLimits | None = None, paper: str | None = None,
                 lang: str | None = None, tr: Callable[[str], str] | None = None,
                 registration: str | None = None) -> None:
        self.path = path
        self.limits = limits or RunLimits()
        self.paper = paper
        self.registration = registration
        self.lang = lang
        self._tr = tr
        self._loaded: LoadedSpec | None = None
        self._shared: dict[str, Any] = {}
        self._dropping = False  # `drop_source` was called
        self._marks: dict[str, Mark] = {}  # the top's ("") and the components' marks, once the source is dropped

    def on_paper(self, paper: str | None) -> Build:
        """The same spec built on another paper: the loaded spec is shared, the rest built anew."""
        other = Build(self.path, self.limits, paper, self.lang, self._tr, self.registration)
        other._loaded = self.loaded
        return other

    def drop_source(self) -> None:
        """Let go of the spec's source as soon as drawing has no more use for it (`pnp render` without a rulebook,
        once the rules ran and it read the press settings): its plain data now, its model once the print job is
        made, and where its values were written once the pages are composed, so a deck's pages are drawn beside
        its pages alone. `top` and `component_mark` keep their marks; `loaded.spec` is None once the job is made.
        A build whose source is dropped is not put `on_paper`."""
        self._marks = _spec_marks(self.loaded.located)
        self.loaded.located.data = None
        self._dropping = True

    @property
    def loaded(self) -> LoadedSpec:
        """The spec loaded and modelled (`load_spec`)."""
        if self._loaded is None:
            self._loaded = load_spec(self.path, self.limits)
        return self._loaded

    @property
    def paper_name(self) -> str:
        """The paper asked for, or the kit's own."""
        return self.paper or settings_of(self.job).paper

    @property
    def top(self) -> Mark:
        """Where the spec starts: the place of problems of the whole kit."""
        return self._marks[""] if self._marks else self.loaded.located.mark(())

    def component_mark(self, name: str) -> Mark:
        """Where the component called `name` is in the spec (its size when given; the spec's top when none is)."""
        marks = self._marks or _spec_marks(self.loaded.located)
        return marks.get("/" + name, marks[""])

    def shared(self, key: str, make: Callable[[], T]) -> T:
        """`make()`, made once per build under `key` (what several output formats draw alike)."""
        if key not in self._shared:
            self._shared[key] = make()
        value: T = self._shared[key]
        return value

    @cached_property
    def tr(self) -> Callable[[str], str]:
        """The component translator."""
        return self._tr or translator(self.lang)

    @cached_property
    def job(self) -> PrintJob:
        """The printable pieces (`print_job`), with the registration marks asked for (None: the spec's)."""
        job = print_job(self.loaded, self.limits, self.paper, self.tr, self.registration)
        if self._dropping:
            self._loaded = replace(self.loaded, spec=None)
        return job

    @cached_property
    def plan(self) -> Plan:
        """The print job's sheets on paper (`pnp.layout.imposition.choose_plan`)."""
        return plan_sheets(self.loaded, self.job, self.paper)

    @cached_property
    def document(self) -> Document:
        """The pages of the plan, composed (`pnp.layout.compose`)."""
        document = compose_pages(self.loaded, self.job, self.plan, self.limits, self.tr, self.lang)
        if self._dropping:
            from pnp.source.located import Located

            was = self.loaded.located
            self._loaded = replace(self.loaded, located=Located(None, was.file, was.root, inputs=was.inputs))
        return document


def _spec_marks(located: Located) -> dict[str, Mark]:
    """Where the spec starts (key "") and where each component is ("/" and its name; the first of a name): at its
    size when given."""
    marks = {"": located.mark(())}
    components = located.data.get("components") if isinstance(located.data, dict) else None
    for index, entry in enumerate(components if isinstance(components, list) else []):
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            marks.setdefault("/" + entry["name"], located.mark(
                ("components", index, "size") if "size" in entry else ("components", index)))
    return marks


def plan_sheets(loaded: LoadedSpec, job: PrintJob, paper: str | None) -> Plan:
    """A print job planned on paper; a SpecError located at the group that does not fit."""
    from pnp.layout.imposition import LayoutError, choose_plan
    from pnp.layout.registration import RegistrationError

    try:
        return choose_plan(job.groups, settings_of(job), paper)
    except (LayoutError, RegistrationError) as exc:
        where = job.groups[exc.group].where if isinstance(exc, LayoutError) else ("sheets", "registration")
        raise SpecError([replace(d, file=m.file, line=m.line, column=m.column) if not d.file else d
                         for d in exc.diagnostics for m in [loaded.located.mark(where)]]) from None


def compose_pages(loaded: LoadedSpec, job: PrintJob, plan: Plan, limits: RunLimits | None,
                  tr: Callable[[str], str], lang: str | None) -> Document:
    """A planned print job composed into pages; a SpecError when it needs more than `limits.max_pages`."""
    from pnp.layout.compose import compose

    limits = limits or RunLimits()
    if plan.sheet_count > limits.max_pages:
        raise _top_error(loaded.located, f"the kit needs {plan.sheet_count} pages, over the cap of "
                         f"{limits.max_pages}", "raise the cap with --max-pages", rule="limits.pages")
    return replace(compose(job, plan, settings_of(job), tr, loaded.located.mark), lang=lang or "en")
