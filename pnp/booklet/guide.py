"""A kit's own rulebook sections, derived from its print job and plan: "What is in the kit" and "How to build".

Input: the game's build guide data (`pnp.rulebook.steps`, its `build.yaml`), the kit's `PrintJob`, the `Plan`
of its sheets on the chosen paper and what the game adds (`KitExtras`: rows of things the kit needs but does
not print, notes that apply). Output: a `KitGuide`: the blocks of each `<!-- kit: NAME -->` section, the
step figures (vector pieces drawn from the kit's own pieces and tiling), the values the texts quote
(`printed.paper`, `printed.pages`, `printed.dice`) and the groups the guide has no instructions for.

The table has one row per printed group (its count: the group's pieces), one for the pages, then the game's
rows; the steps come once per build section, in the order the print job first uses them, drawn on that
group's first piece. A group printed with backs gets the `backs` step; a board gets its `tiled` steps
when the plan splits it into tiles (with the assembly map of those tiles), its `single` steps otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pnp.diagnostics import Diagnostic, Mark, Severity
from pnp.layout.build_figures import step_figure
from pnp.layout.imposition import Plan, Tile
from pnp.layout.pieces import Piece, PieceGroup, PrintJob
from pnp.rulebook import markdown as doc
from pnp.rulebook.steps import BuildGuideData, Step

SECTIONS = ("contents", "build")


@dataclass(frozen=True, slots=True)
class StepFigure:
    """A step: its text and the name of the figure drawn beside it."""

    figure: str
    text: doc.Unit


@dataclass(frozen=True, slots=True)
class Steps:
    """The numbered steps of one piece type, each beside its figure (a block of the `build` section)."""

    steps: tuple[StepFigure, ...]


@dataclass(frozen=True, slots=True)
class KitExtras:
    """What the game adds to its kit's sections: counts of the `needs` rows it shows, in order, and the notes
    (keys of `notes`) that apply to this kit."""

    needs: dict[str, int] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class KitGuide:
    sections: dict[str, tuple[Any, ...]]
    figures: dict[str, Piece]
    context: dict[str, Any]
    missing: tuple[str, ...]
    """Names of the printed groups the build guide has no instructions for."""
    rows: tuple[tuple[str, int], ...] = ()
    """(label msgid, count) of every table row, for checks."""
    file: str = ""
    """The build guide data file (where missing instructions belong)."""

    def warnings(self) -> list[Diagnostic]:
        """One warning per printed group without instructions (left out of the table and the steps)."""
        return [Diagnostic.at(Mark(self.file, 1, 1), "rulebook.build",
                              f"the kit prints '{name}' but its rulebook has no build steps for it, so the rulebook "
                              "does not list it", "add its piece type to this file's `pieces:`", Severity.WARNING)
                for name in self.missing]


def _literal(value: int | str, near: doc.Unit) -> doc.Unit:
    """A text the kit supplies (a count, a group's name), located at the build.yaml text `near` it."""
    return replace(near, text=str(value))


def _tiles(plan: Plan, group_index: int) -> tuple[Tile, ...]:
    for sheet in plan.sheets:
        if sheet.assembly and sheet.assembly[0].group == group_index:
            return sheet.assembly
    return ()


def _steps_for(steps: tuple[Step, ...], tiled: bool) -> list[Step]:
    wanted = "tiled" if tiled else "single"
    return [step for step in steps if step.when in (None, wanted)]


def paper_label(plan: Plan) -> str:
    """The paper's name as people write it (A4, Letter)."""
    name = plan.paper.name
    return name.upper() if name[:1] in "abc" and name[1:].isdigit() else name.capitalize()


def kit_guide(data: BuildGuideData, job: PrintJob, plan: Plan, extras: KitExtras | None = None) -> KitGuide:
    """The kit's sections for the rulebook (see the module docstring)."""
    extras = extras or KitExtras()
    header = data.header[0]
    rows: list[tuple[doc.Unit, ...]] = []
    counted: list[tuple[str, int]] = []
    missing: list[str] = []
    blocks: list[Any] = []
    figures: dict[str, Piece] = {}
    done: set[str] = set()
    for index, group in enumerate(job.groups):
        piece_type = data.piece_type(group.kind, group.name)
        if piece_type is None:
            missing.append(group.name)
            continue
        label = next((g for g in piece_type.groups if g.text == group.name), _literal(group.name, header))
        rows.append((label, _literal(len(group.pieces), label), piece_type.use))
        counted.append((label.text, len(group.pieces)))
        key = piece_type.build + (":backs" if group.has_backs else "")
        if key in done:
            continue
        done.add(key)
        blocks.extend(_section(data, group, index, plan, figures))
    rows.append((data.pages.label, _literal(plan.sheet_count, data.pages.label), data.pages.use))
    counted.append((data.pages.label.text, plan.sheet_count))
    for key, count in extras.needs.items():
        need = data.needs[key]
        rows.append((need.label, _literal(count or "", need.label), need.use))
        counted.append((need.label.text, count))
    contents: list[Any] = [doc.Table(("left", "right", "left"), data.header, tuple(rows))]
    contents.extend(doc.Quote((doc.Paragraph(data.notes[key]),)) for key in extras.notes)
    dice = sum(len(g.pieces) for g in job.groups if g.kind == "dice")
    context = {"printed": {"paper": paper_label(plan), "pages": plan.sheet_count, "dice": dice}}
    return KitGuide({"contents": tuple(contents), "build": tuple(blocks)}, figures, context, tuple(missing),
                    tuple(counted), data.file)


def _section(data: BuildGuideData, group: PieceGroup, index: int, plan: Plan,
             figures: dict[str, Piece]) -> list[Any]:
    """The heading and steps of the build section of `group` (the `index`-th group of the job)."""
    piece_type = data.piece_type(group.kind, group.name)
    assert piece_type is not None
    section = data.builds[piece_type.build]
    tiles = _tiles(plan, index) if group.tile else ()
    chosen = _steps_for(section.steps, bool(tiles))
    if group.has_backs:
        chosen.insert(1 if chosen else 0, Step(data.backs, "card"))
    sample = group.pieces[0]
    steps: list[StepFigure] = []
    for number, step in enumerate(chosen, start=1):
        name = f"build-{index}-{number}-{step.figure}"
        figures[name] = step_figure(step.figure, sample, tiles)
        steps.append(StepFigure(name, step.text))
    return [doc.Heading(3, section.title), Steps(tuple(steps))]
