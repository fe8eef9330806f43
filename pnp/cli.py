"""The `pnp` command line: validate, render, info, schema, calibrate, and each game's own commands.

Exit codes: 0 success, 1 spec/validation/render error, 2 usage error. User errors never show a traceback.
Importing this module loads click and pnp's caps only: each command imports the stages it runs, and the game
command groups are imported when used, so `pnp --version` and `pnp --help` start quickly.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from pnp import __version__
from pnp.collector import collector_paused
from pnp.commands import report, say_how_to_print, user_errors
from pnp.diagnostics import Diagnostic, SpecError, sort_diagnostics
from pnp.games.registry import command_group, command_names, get_game, plugin_names
from pnp.pipeline import (
    MAX_PAGES,
    MAX_PIECES,
    Build,
    RunLimits,
    problems,
    translator,
    validate_spec,
)
from pnp.render.formats import (
    FORMAT_NAMES,
    FORMATS,
    Output,
    OutputFormat,
    Payload,
    RenderOptions,
    formats_help,
    output_format,
)
from pnp.source.files import MAX_DEPTH_CEILING, Limits
from pnp.source.images import MAX_IMAGE_BYTES, MAX_PIXELS
from pnp.source.shop_names import ShopChoice, check_shop

MAX_EXPORT_PIXELS = 4_000_000_000
"""Default budget of pixels an export (`--format tts`, `cards`) draws over all its files: a 2,000-card poker deck
(63 x 88 mm with 3 mm bleed: 815 x 1110 px at 300 dpi) with a back per card takes 3.6 billion."""

EXTRA_GROUPS: dict[str, tuple[str, str]] = {
    "i18n": ("pnp.i18n.cli", "i18n"),
}
"""Command groups outside the games: name -> (module, attribute)."""


class PnpGroup(click.Group):
    """The main group; game and i18n command groups are imported only when used."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run pnp. When the process ends, the objects the run made (modules, models, schemas) are frozen
        first: the cycle collector's last passes over them at interpreter exit cost as much as a tiny validate's
        own work (about 80 ms of 490), and the operating system frees the memory anyway. pnp writes and closes
        every file before it returns, so nothing waits on a finalizer."""
        atexit.unregister(gc.freeze)  # once per process, however often a test runner calls main
        atexit.register(gc.freeze)
        return super().main(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *command_names(), *EXTRA_GROUPS])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        game_group = command_group(cmd_name)
        if game_group is not None:
            return game_group
        if cmd_name in EXTRA_GROUPS:
            module, attribute = EXTRA_GROUPS[cmd_name]
            extra: click.Command = getattr(importlib.import_module(module), attribute)
            return extra
        return None


def limit_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The size caps for untrusted specs, each overridable."""
    defaults = Limits()
    options = [
        click.option("--max-bytes", type=click.IntRange(1), default=defaults.max_bytes, show_default=True,
                     help="Largest spec file."),
        click.option("--max-depth", type=click.IntRange(1, MAX_DEPTH_CEILING), default=defaults.max_depth,
                     show_default=True, help=f"Deepest nesting (at most {MAX_DEPTH_CEILING})."),
        click.option("--max-aliases", type=click.IntRange(0), default=defaults.max_aliases, show_default=True,
                     help="Most YAML aliases."),
        click.option("--max-nodes", type=click.IntRange(1), default=defaults.max_nodes, show_default=True,
                     help="Most values after expanding aliases."),
        click.option("--max-string", type=click.IntRange(1), default=defaults.max_string, show_default=True,
                     help="Longest text value."),
        click.option("--max-pixels", type=click.IntRange(1), default=MAX_PIXELS, show_default=True,
                     help="Most pixels in one image."),
        click.option("--max-image-bytes", type=click.IntRange(1), default=MAX_IMAGE_BYTES, show_default=True,
                     help="Largest image file."),
        click.option("--max-pages", type=click.IntRange(1), default=MAX_PAGES, show_default=True,
                     help="Most pages in one output."),
        click.option("--max-pieces", type=click.IntRange(1), default=MAX_PIECES, show_default=True,
                     help="Most cards, counters and other pieces."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _limits(kwargs: dict[str, Any]) -> RunLimits:
    yaml_limits = Limits(
        max_bytes=kwargs.pop("max_bytes"),
        max_depth=kwargs.pop("max_depth"),
        max_aliases=kwargs.pop("max_aliases"),
        max_nodes=kwargs.pop("max_nodes"),
        max_string=kwargs.pop("max_string"),
    )
    return RunLimits(yaml_limits, kwargs.pop("max_pixels"), kwargs.pop("max_pages"), kwargs.pop("max_pieces"),
                     kwargs.pop("max_image_bytes"))


class PaperChoice(click.Choice):  # type: ignore[type-arg]
    """A paper size from pnp/data/layouts/papers.yaml, in any case (`--paper A4`); the value is the lower-case
    name. The file is read when a command's help or a `--paper` value needs the names, not on import."""

    def __init__(self) -> None:
        self.case_sensitive = False

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        from pnp.source.layouts import layout_data

        return tuple(sorted(layout_data("papers")))


SPEC = click.Path(exists=True, dir_okay=False, path_type=Path)
PAPER = PaperChoice()


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """pnp turns YAML specs into exact print-and-play kits and checks setups against game rules."""


@main.command()
@click.argument("spec", type=SPEC)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Diagnostics for people (text) or machines (json).")
@click.option("--simulate", "games", type=click.IntRange(1, 100_000), default=None,
              help="Also play N simulated races and warn about balance (games that simulate).")
@limit_options
@user_errors
@collector_paused()
def validate(spec: Path, fmt: str, games: int | None, **kwargs: Any) -> None:
    """Check SPEC and report every problem with file:line:col, the rule broken and a fix."""
    limits = _limits(kwargs)
    try:
        diagnostics = _all_problems(spec, limits, games)
    except SpecError as exc:  # the spec could not be read or modelled: its own problems, then the summary
        diagnostics = exc.diagnostics
    diagnostics = sort_diagnostics(diagnostics)
    report(diagnostics, fmt)
    errors = sum(d.is_error for d in diagnostics)
    if fmt == "text":
        warnings = len(diagnostics) - errors
        click.echo(f"{spec}: {errors} error(s), {warnings} warning(s)", err=True)
    sys.exit(1 if errors else 0)


def _all_problems(spec: Path, limits: RunLimits, games: int | None) -> list[Diagnostic]:
    """Rule diagnostics, then what only printing would find, then (on request) simulated balance warnings."""
    loaded, diagnostics = problems(spec, limits)
    if games:
        if loaded.plugin.simulate is None:
            raise click.UsageError("--simulate works with specs of games pnp can play (game: mdd, nitro-dice)")
        if not any(d.is_error for d in diagnostics):
            diagnostics.extend(loaded.plugin.simulate(loaded.spec, loaded.located, games))
    return diagnostics


class FormatList(click.ParamType):
    """A comma-separated list of output formats (`pnp.render.formats.FORMATS`), lower-cased, in table order."""

    name = "formats"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, ...]:
        if isinstance(value, tuple):
            return value
        chosen = {part.strip().lower() for part in str(value).split(",") if part.strip()}
        if not chosen or chosen - set(FORMAT_NAMES):
            self.fail(f"use a comma-separated list of {', '.join(FORMAT_NAMES)}", param, ctx)
        return tuple(name for name in FORMAT_NAMES if name in chosen)


def _language(lang: str | None, catalogs: Path | None) -> str | None:
    """The catalog language for --lang (None: English); a usage error naming the languages there are."""
    if lang is None:
        return None
    from pnp.i18n.languages import UnknownLanguage, resolve_language

    try:
        return resolve_language(lang, catalogs)
    except UnknownLanguage as err:
        raise click.BadParameter(str(err), param_hint="--lang") from None


@main.command()
@click.argument("spec", type=SPEC)
@click.option("-o", "--output", "output", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Folder to write into.")
@click.option("--format", "formats", type=FormatList(), default="pdf", show_default=True, help=formats_help())
@click.option("--svg-text", "svg_text", type=click.Choice(["outline", "text"]), default="outline", show_default=True,
              help="SVG pages draw text as glyph outlines (the same in every reader, words kept in aria-label) or "
                   "as editable <text> (drawn with the fonts installed where the SVG is opened).")
@click.option("--dpi", type=click.IntRange(36, 1200), default=None,
              help="Resolution of card PNGs (default 300) and the most TTS sheets use (less when a sheet would pass "
                   "4096 px; the dpi used is printed). Page previews are 100 dpi.")
@click.option("--paper", type=PAPER, default=None,
              help="Paper size (default: the spec's).")
@click.option("--lang", default=None,
              help="Language of pnp's own texts and the rulebook (it, it-IT; en: English, the default).")
@click.option("--catalogs", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="A translator's folder of catalogs (from `pnp i18n init`), used before the installed ones.")
@click.option("--strict", is_flag=True, help="Any translation gap is an error (exit 1, nothing written).")
@click.option("--rulebook", "rulebook", type=click.Choice(["pages", "booklet", "none"]), default="pages",
              show_default=True, help="Also print the game's rulebook: as pages, as a folded A5 booklet, or not.")
@click.option("--force", is_flag=True, help="Overwrite files in the folder that pnp did not write.")
@click.option("--max-export-pixels", type=click.IntRange(1), default=MAX_EXPORT_PIXELS, show_default=True,
              help="Most pixels --format tts and cards draw, over all their files (the default fits a 2,000-card "
                   "poker deck with its own backs at 300 dpi).")
@click.option("--colour", "colour", type=click.Choice(["rgb", "cmyk"]), default=None,
              help="Colours of the PDFs: rgb (screens, home printers) or cmyk (process inks through the ICC "
                   "profile, for a press). Default: the spec's press.colour.")
@click.option("--profile", default=None,
              help="CMYK output profile: pnp-cmyk (pnp's own) or an .icc file (default: the spec's press.profile).")
@click.option("--pdfx", type=click.Choice(["x-4", "x-1a", "none"]), default=None,
              help="Write PDF/X-4 or PDF/X-1a (CMYK, output intent, fonts embedded); default: the spec's "
                   "press.standard.")
@click.option("--shop", type=ShopChoice(), default=None,
              help="Write --format cards and single as this print-on-demand shop's card templates want them "
                   "(its sizes, bleed and dpi), and draw its cut and safe zone on --format proof (docs/shops.md). "
                   "Default: the spec's press.shop.")
@click.option("--registration", type=click.Choice(["silhouette", "cricut", "none"]), default=None,
              help="Print a cutting machine's registration marks on every front sheet and keep the pieces out of "
                   "their keep-out (--format cut carries them too). Default: the spec's sheets.registration.")
@limit_options
@user_errors
@collector_paused()
def render(spec: Path, output: Path, formats: tuple[str, ...], svg_text: str, dpi: int | None, paper: str | None,
           lang: str | None, catalogs: Path | None, strict: bool, rulebook: str, force: bool, max_export_pixels: int,
           colour: str | None, profile: str | None, pdfx: str | None, shop: str | None, registration: str | None,
           **kwargs: Any) -> None:
    """Validate SPEC, then write its print sheets (PDF, SVG pages, PNG previews) or its decks card by card (TTS
    sheets, card PNGs, proof sheets) into the output folder."""
    from pnp.output import write_outputs

    chosen = [output_format(name) for name in formats]
    if dpi is not None and not any(f.dpi for f in chosen):
        raise click.UsageError(f"--dpi sets the resolution of --format {' and '.join(f.name for f in FORMATS if f.dpi)}"
                               " (page previews are 100 dpi)")
    check_shop(shop, dpi, [f.name for f in chosen if not f.shop], [f.name for f in FORMATS if f.shop])
    lang = _language(lang, catalogs)
    if catalogs is not None and lang is None:
        raise click.UsageError("--catalogs DIR is used with --lang LANG (English, the source, needs no catalogs)")
    build = Build(spec, _limits(kwargs), paper, lang, translator(lang, catalogs), registration)
    diagnostics = validate_spec(build.loaded)
    report(diagnostics)
    if any(d.is_error for d in diagnostics):
        click.echo(f"{spec}: not rendered, fix the errors above first", err=True)
        sys.exit(1)
    from pnp.render.press import press_for

    settings = getattr(build.loaded.spec, "press", None)
    try:  # read before the source is dropped; its errors are still told after the layout's
        press, failed = press_for(build.loaded.spec, build.loaded.located, colour, profile, pdfx), None
    except SpecError as exc:
        press, failed = None, exc
    if rulebook == "none" or build.loaded.plugin.rulebook is None:  # no rulebook is made from the spec
        build.drop_source()
    pages = len(build.document.pages)
    if failed is not None:
        raise failed
    bar = click.progressbar(length=pages, label="drawing pages", file=sys.stderr) if (
        pages > 20 and sys.stderr.isatty() and any(f.sheets for f in chosen)) else None
    options = RenderOptions(formats, paper, dpi, lang, svg_text, None if bar is None else lambda _n: bar.update(1),
                            press, shop or getattr(settings, "shop", None))
    outputs = _outputs(build, chosen, options, max_export_pixels)
    report(list(build.document.warnings))
    files: dict[str, Payload] = {name: payload for out in outputs for name, payload in out.files.items()}
    jobs = {name: out.job for out in outputs for name in out.files}
    gaps = _add_rulebook(build, rulebook, catalogs, strict, files)
    if any(d.is_error for d in gaps):
        click.echo(f"{spec}: not rendered, translation gaps with --strict (see above)", err=True)
        sys.exit(1)
    protected = [spec, *build.loaded.located.inputs]
    if bar is None:
        written = write_outputs(output, files, protected=protected, force=force, jobs=jobs)
    else:
        with bar:
            written = write_outputs(output, files, protected=protected, force=force, jobs=jobs)
    for path in written:
        click.echo(str(path))
    if any(f.sheets for f in chosen):
        say_how_to_print(build.plan, len(build.document.pages))


def _outputs(build: Build, chosen: list[OutputFormat], options: RenderOptions, budget: int) -> list[Output]:
    """Each chosen format's output (its files drawn when written), in table order; a SpecError when their pixels
    pass `budget`, before anything is drawn. Says on stderr what each export holds (the dpi TTS sheets use)."""
    outputs = [fmt.write(build, options) for fmt in chosen]
    needed = sum(out.pixels for out in outputs)
    if needed > budget:
        asked = " and ".join(fmt.name for fmt, out in zip(chosen, outputs, strict=True) if out.pixels)
        raise SpecError(Diagnostic.at(
            build.top, "limits.export_pixels",
            f"--format {asked} would draw {needed:,} pixels, over the budget of {budget:,}",
            "use a lower --dpi, or raise the budget with --max-export-pixels"))
    for out in outputs:
        for note in out.notes:
            click.echo(note, err=True)
    report([warning for out in outputs for warning in out.warnings])
    return outputs


def _add_rulebook(build: Build, rulebook: str, catalogs: Path | None, strict: bool,
                  files: dict[str, Payload]) -> list[Diagnostic]:
    """Add the game's rulebook (`--rulebook pages` or `booklet`) to `files` (its own render job), made from the
    build's print job and plan; report and return the translation gaps of the kit and the rulebook (errors under
    `strict`)."""
    loaded, tr = build.loaded, build.tr
    make_book = loaded.plugin.rulebook if rulebook != "none" else None
    request = make_book(loaded.spec, tr) if make_book is not None else None  # its figures' words are the kit's
    gaps = tr.gaps(strict) if hasattr(tr, "gaps") else []
    if request is not None:
        from pnp.booklet.request import render_kit_rulebook
        from pnp.render.outputs import sheets_stem

        options = RenderOptions(lang=build.lang)
        try:
            book = render_kit_rulebook(request, build.lang, build.plan.paper.name, rulebook, catalogs, strict,
                                       build.document, build.job, build.plan)
        except SpecError as exc:  # the kit's gaps (errors under --strict) are reported with the rulebook's
            raise SpecError([*gaps, *exc.diagnostics]) from None
        files[f"{sheets_stem(build, options)}-rules{'-booklet' if rulebook == 'booklet' else ''}.pdf"] = book.pdf
        gaps.extend(book.warnings)
    report(gaps)
    return gaps


@main.command()
@click.argument("spec", type=SPEC)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@limit_options
@user_errors
@collector_paused()
def info(spec: Path, fmt: str, **kwargs: Any) -> None:
    """Components, piece counts and the number of sheets on the kit's paper and the usual sizes."""
    build = Build(spec, _limits(kwargs))
    job = build.job
    groups = [{"name": g.name, "kind": g.kind, "pieces": len(g.pieces), "size_mm": list(g.size[:2]),
               "backs": g.has_backs} for g in job.groups]
    sheets: dict[str, int | str] = {}
    pages: dict[str, int] = {}
    for paper in dict.fromkeys((build.paper_name, "a4", "letter", "a3", "legal")):  # the kit's own first
        try:
            plan = build.on_paper(paper).plan
        except SpecError as exc:
            sheets[paper] = f"does not fit ({exc.diagnostics[0].message})"
            continue
        sheets[paper], pages[paper] = plan.paper_count, plan.sheet_count
    totals: dict[str, int] = {}
    for g in job.groups:
        totals[g.kind] = totals.get(g.kind, 0) + len(g.pieces)
    if fmt == "json":
        click.echo(json.dumps({"kit": job.title, "components": groups, "totals": totals, "sheets": sheets,
                               "pages": pages}, indent=2, ensure_ascii=False))
        return
    click.echo(f"kit: {job.title}")
    for group in job.groups:
        w, h = group.size[:2]
        click.echo(f"  {group.kind:<9} {group.name}: {len(group.pieces)} x {w:.4g} x {h:.4g} mm"
                   f"{' (with backs)' if group.has_backs else ''}")
    click.echo("totals: " + ", ".join(f"{n} {kind}{'' if n == 1 or kind.endswith('s') else 's'}"
                                      for kind, n in totals.items()))
    click.echo("sheets: " + ", ".join(f"{paper}: {n}" + (f" ({pages[paper]} pages, two-sided)" if isinstance(
        n, int) and pages[paper] > n else "") for paper, n in sheets.items()))


@main.command()
@click.option("--game", type=click.Choice(plugin_names()), default="kit", show_default=True,
              help="Which spec format.")
def schema(game: str) -> None:
    """Print the JSON Schema of a spec format, for editors that complete and check YAML."""
    from pnp.model.schema import spec_schema

    model = get_game(game).model
    if model is None:
        raise click.UsageError(f"{game} has no published schema yet")
    click.echo(json.dumps(spec_schema(model, game), indent=2, ensure_ascii=False))


@main.command()
@click.argument("spec", type=SPEC)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on; anything but this machine's own (loopback) is warned about.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True, help="Port (0: any free one).")
@click.option("--no-open", "no_open", is_flag=True, help="Do not open the page in a browser.")
@click.option("--lang", default=None, help="Language of pnp's own texts on the sheets (as for render).")
@click.option("--paper", type=PAPER, default=None, help="Paper size (default: the spec's).")
@limit_options
@user_errors
def preview(spec: Path, host: str, port: int, no_open: bool, lang: str | None, paper: str | None,
            **kwargs: Any) -> None:
    """Serve a live page of SPEC's sheets, cards and problems that rebuilds on every save; Ctrl-C stops it."""
    from pnp.preview.session import serve

    serve(spec, host, port, not no_open, _limits(kwargs), paper, _language(lang, None))


@main.command()
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size.")
@click.option("--duplex", type=click.Choice(["long-edge", "short-edge"]), default="long-edge", show_default=True)
@click.option("-o", "--output", "output", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True)
@click.option("--force", is_flag=True, help="Overwrite files in the folder that pnp did not write.")
@user_errors
def calibrate(paper: str, duplex: str, output: Path, force: bool) -> None:
    """Write a two-sided calibration sheet that shows the back offset your printer needs."""
    from pnp.layout.calibration import calibration_document
    from pnp.output import write_outputs
    from pnp.render.pdf import render_pdf

    document = calibration_document(paper, duplex)
    name = f"calibration-{paper}-{duplex}.pdf"
    for path in write_outputs(output, {name: render_pdf(document)}, protected=[], force=force):
        click.echo(str(path))


if __name__ == "__main__":
    main()
