"""What every pnp command shares for reporting: diagnostics as text or JSON, and one path for errors.

The core CLI (`pnp.cli`) and each game's commands (`pnp.games.<game>.cli`) import this module; it imports no
command module, so neither depends on the other. Exit codes: 1 for spec, validation and output errors (and
internal errors, reported as one line), 2 for usage errors (click's own).
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from pnp.diagnostics import Diagnostic, Severity, SpecError, format_json, sort_diagnostics
from pnp.output.dates import creation_time

if TYPE_CHECKING:
    from pnp.layout.imposition import Plan
    from pnp.layout.scene import Page
    from pnp.source.located import Located

FIGURE_DPI = 150
"""Resolution of figures and charts written as PNG."""
MAX_REPORTED = 1000
"""Most diagnostics one report prints; a note says how many more were left out (fix the first, run again)."""
FORMAT_CHOICE = click.Choice(["text", "json"])
"""The `--format` of commands that report diagnostics: for people (text) or machines (json)."""


class Finite(click.FloatRange):
    """The type of every number option that takes a fraction (seconds, millimetres): a float in a range, never
    NaN or infinite. click's own FloatRange lets NaN through any bounds (every comparison with it is false), and
    infinity past an open end; a budget of NaN never runs out. Whole-number options use click.IntRange, which
    reads no NaN or infinity (they are not integers)."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def report(diagnostics: list[Diagnostic], fmt: str = "text") -> None:
    """Print diagnostics: text lines to stderr, or a JSON list to stdout; past MAX_REPORTED, a final note."""
    ordered = sort_diagnostics(diagnostics)
    if len(ordered) > MAX_REPORTED:
        left_out = len(ordered) - MAX_REPORTED
        ordered = [*ordered[:MAX_REPORTED], Diagnostic.at(
            None, "report.limit", f"{left_out:,} more problem(s) left out: pnp reports the first {MAX_REPORTED:,}",
            "fix these and run again", Severity.WARNING)]
    if fmt == "json":
        click.echo(format_json(ordered))
        return
    for d in ordered:
        click.echo(d.format_text(), err=True)


def exit_if_unmet(unmet: tuple[str, ...], located: Located, rule: str) -> None:
    """Exit 1, with one error at the scenario's `expect:` on stderr, when its stated outcome was not met (the
    `play` of every game, after its report)."""
    if unmet:
        report([Diagnostic.at(located.mark(("expect",)), rule,
                              f"the scenario's stated outcome is not met ({len(unmet)} check(s) failed: {unmet[0]})",
                              "the report above lists each; fix the scenario, or the `expect:` the rules give")])
        sys.exit(1)

def show_warnings(warnings: list[Diagnostic]) -> None:
    """Print a spec's warnings as text on stderr, where they never mix with a command's report on stdout."""
    report(warnings, "text")


def user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Run a command: a SpecError prints its diagnostics (text on stderr, or JSON on stdout when the command's
    `fmt` is "json") and exits 1; any other failure is one line (or one JSON diagnostic), never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        fmt = kwargs.get("fmt", "text")
        try:
            creation_time()  # a bad SOURCE_DATE_EPOCH, which reportlab reads for every PDF and SVG art, is one error
            return func(*args, **kwargs)
        except SpecError as exc:
            report(exc.diagnostics, fmt)
            sys.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt):
            raise
        except RecursionError:
            _give_up(fmt, "error", "input.depth", "the input nests too deeply to process")
        except MemoryError:
            _give_up(fmt, "error", "input.memory", "the input needs more memory than is available")
        except Exception as exc:
            _give_up(fmt, "internal error", "internal", f"{type(exc).__name__}: {exc}",
                     "This is a bug in pnp, not in your spec; please report it with the spec.")

    return wrapper


def _give_up(fmt: str, label: str, rule: str, message: str, hint: str = "") -> NoReturn:
    """Report a failure that has no place in the spec (a text line, or a JSON diagnostic) and exit 1."""
    if fmt == "json":
        report([Diagnostic.at(None, rule, message, hint)], fmt)
    else:
        click.echo(f"{label}: {message}" + (f"\n{hint}" if hint else ""), err=True)
    sys.exit(1)


def suffix_in(suffixes: tuple[str, ...]) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    """A click callback accepting a file path whose suffix is one of `suffixes` (a usage error otherwise)."""

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None and Path(value).suffix.lower() not in suffixes:
            raise click.BadParameter(f"{value!r} must end in {', '.join(suffixes)}; the suffix picks the format")
        return value

    return check


def write_figure(path: str, page: Page, title: str, protected: str, force: bool) -> None:
    """Render `page` (a figure or chart) in the format the suffix of `path` names (.svg, .pdf, .png at
    `FIGURE_DPI`) and write it safely: never over the input `protected`, nor over a file pnp did not write
    unless `force` (a SpecError with a hint otherwise)."""
    from pnp.layout.scene import Document

    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        from pnp.render.svg import render_svg_page

        data = render_svg_page(page, title).encode("utf-8")
    else:
        from pnp.render.pdf import render_pdf

        data = render_pdf(Document(title, (page,), author="pnp"))
        if suffix == ".png":
            from pnp.render.outputs import pdf_to_png

            data = pdf_to_png(data, FIGURE_DPI)[0]
    write_file(target, data, [Path(protected)], force)
    click.echo(f"wrote {target}", err=True)


def write_file(target: Path, data: bytes, protected: list[Path], force: bool) -> None:
    """Write one file a command produces safely (`pnp.output.write_outputs`): never over an input in
    `protected`, through a link, nor over a file pnp did not write unless `force`."""
    from pnp.output import write_outputs

    try:
        write_outputs(target.parent, {target.name: data}, protected=protected, force=force)
    except SpecError as exc:
        hints = {
            "output.refused": "give another file name, move the file away, or pass --force to overwrite it",
            "output.folder": "give a file name in a folder you can write to",
        }
        raise SpecError([replace(d, hint=hints.get(d.rule, d.hint)) for d in exc.diagnostics]) from None


def say_how_to_print(plan: Plan, pages: int) -> None:
    """The sheets' count and paper, and how to print them (at 100%, two-sided when they have backs)."""
    fronts = plan.paper_count
    two_sided = f", {fronts} sheet(s) printed two-sided" if fronts < len(plan.sheets) else ""
    click.echo(f"{pages} page(s) on {plan.paper.name} ({'landscape' if plan.paper.landscape else 'portrait'})"
               f"{two_sided}; print at 100% / actual size", err=True)
