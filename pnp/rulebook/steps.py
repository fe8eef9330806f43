"""A game's build guide data (`build.yaml` beside its rulebook): what each printed piece type is for and how
to build it, as translation units.

Input: the text of a `build.yaml` and its file name. Output: a `BuildGuideData`: the table's header, the rows
that match the print job's groups (by kind and group name), the "How to build" sections (steps, each a text
and the name of the figure drawn beside it), the rows of things the kit needs but does not print, and notes.
Every text is a `Unit` (its file, line and column), so the catalog extractor and the typesetter read the same
msgids; neither imports the other (as with `pnp.rulebook.markdown`).

Shape of the file (see docs/rulebooks.md):

    table: {component: ..., number: ..., use: ...}
    pages: {label: ..., use: ...}
    backs: ...                                      # the step added to a piece type printed with backs
    pieces:                                         # one per kind of group the kits print
      - {kind: counters, groups: [Life counters], use: ..., build: counters}
    builds:
      counters:
        title: ...
        steps: [{figure: cut, text: ..., when: tiled}]   # `when`: tiled | single (boards only)
    needs: {dice: {label: ..., use: ...}}           # rows the game counts (not printed)
    notes: {preprinted: ...}                        # paragraphs the game adds when they apply
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.diagnostics import Diagnostic, SpecError
from pnp.rulebook.markdown import Unit, unit_of
from pnp.source.located import Located, PathKey

FIGURES = ("piece", "cut", "score", "tent", "tube", "half", "cube", "glue", "tiles", "overlap", "card")
"""The figures a step can name (drawn by `pnp.layout.build_figures`)."""
WHEN = ("tiled", "single")


@dataclass(frozen=True, slots=True)
class Step:
    text: Unit
    figure: str
    when: str | None = None


@dataclass(frozen=True, slots=True)
class BuildSection:
    key: str
    title: Unit
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class PieceType:
    """A printed piece type: the print job's groups of `kind` named one of `groups` (any name when empty)."""

    kind: str
    groups: tuple[Unit, ...]
    use: Unit
    build: str


@dataclass(frozen=True, slots=True)
class Row:
    label: Unit
    use: Unit


@dataclass(frozen=True, slots=True)
class BuildGuideData:
    file: str
    header: tuple[Unit, Unit, Unit]
    pages: Row
    backs: Unit
    pieces: tuple[PieceType, ...]
    builds: dict[str, BuildSection]
    needs: dict[str, Row]
    notes: dict[str, Unit]

    def piece_type(self, kind: str, name: str) -> PieceType | None:
        """The piece type of a group of `kind` named `name`, or None when the guide has none."""
        for piece in self.pieces:
            if piece.kind == kind and (not piece.groups or any(g.text == name for g in piece.groups)):
                return piece
        return None


class _Reader:
    """Reads the located data of a build.yaml; every error is at the line of the entry it is about."""

    def __init__(self, located: Located) -> None:
        self.located = located

    def error(self, path: PathKey, message: str, key: bool = False) -> SpecError:
        mark = self.located.key_mark(path) if key else self.located.mark(path)
        return SpecError(Diagnostic.at(mark, "rulebook.build", message,
                                       "see the shape of build.yaml in pnp/rulebook/steps.py"))

    def value(self, path: PathKey | None) -> Any:
        if path is None:
            return None
        value = self.located.data
        for step in path:
            value = value[step]
        return value

    def mapping(self, path: PathKey, keys: tuple[str, ...] | None = None) -> dict[str, PathKey]:
        found = self.value(path)
        if not isinstance(found, dict):
            raise self.error(path, "expected a mapping")
        for key, value in found.items():
            if keys is not None and key not in keys:
                raise self.error((*path, key), f"unknown key {key!r} (use {', '.join(keys)}); quote texts with commas",
                                 key=True)
            if value is None:
                raise self.error((*path, key), f"{key!r} has no value", key=True)
        return {key: (*path, key) for key in found}

    def sequence(self, path: PathKey) -> list[PathKey]:
        found = self.value(path)
        if not isinstance(found, list):
            raise self.error(path, "expected a list")
        return [(*path, i) for i in range(len(found))]

    def unit(self, path: PathKey | None, where: PathKey) -> Unit:
        value = self.value(path)
        if path is None or not isinstance(value, str) or not value.strip():
            raise self.error(path or where, "expected a text")
        at = self.located.mark(path)
        return unit_of(" ".join(value.split()), at, at.file)

    def word(self, path: PathKey | None, where: PathKey, allowed: tuple[str, ...] | None = None) -> str:
        value = self.value(path)
        if path is None or not isinstance(value, str):
            raise self.error(path or where, "expected a name")
        if allowed is not None and value not in allowed:
            raise self.error(path, f"unknown value {value!r} (use one of {', '.join(allowed)})")
        return value

    def row(self, path: PathKey) -> Row:
        fields = self.mapping(path)
        return Row(self.unit(fields.get("label"), path), self.unit(fields.get("use"), path))


def parse_build(text: str, file: str) -> BuildGuideData:
    """Parse the `build.yaml` text (named `file` in messages); SpecError at the line of a malformed entry."""
    from pnp.source.loader import load_yaml_text  # the YAML parser, only when a guide is read

    reader = _Reader(load_yaml_text(text, file))
    root: PathKey = ()
    top = reader.mapping(root, ("table", "pages", "backs", "pieces", "builds", "needs", "notes"))
    table = reader.mapping(top.get("table") or root, ("component", "number", "use"))
    header = (reader.unit(table.get("component"), root), reader.unit(table.get("number"), root),
              reader.unit(table.get("use"), root))
    builds: dict[str, BuildSection] = {}
    for key, node in reader.mapping(top.get("builds") or root).items():
        fields = reader.mapping(node, ("title", "steps"))
        steps = []
        for step in reader.sequence(fields.get("steps") or node):
            parts = reader.mapping(step, ("figure", "text", "when"))
            when = reader.word(parts["when"], step, WHEN) if "when" in parts else None
            steps.append(Step(reader.unit(parts.get("text"), step), reader.word(parts.get("figure"), step, FIGURES),
                              when))
        builds[key] = BuildSection(key, reader.unit(fields.get("title"), node), tuple(steps))
    pieces = []
    for node in reader.sequence(top.get("pieces") or root):
        fields = reader.mapping(node, ("kind", "groups", "use", "build"))
        build = reader.word(fields.get("build"), node)
        if build not in builds:
            raise reader.error(fields["build"], f"no build section named {build!r} under `builds:`")
        groups = tuple(reader.unit(g, node) for g in reader.sequence(fields["groups"])) if "groups" in fields else ()
        pieces.append(PieceType(reader.word(fields.get("kind"), node), groups, reader.unit(fields.get("use"), node),
                                build))
    needs = {key: reader.row(node) for key, node in reader.mapping(top["needs"]).items()} if "needs" in top else {}
    notes = ({key: reader.unit(node, root) for key, node in reader.mapping(top["notes"]).items()}
             if "notes" in top else {})
    return BuildGuideData(file, header, reader.row(top.get("pages") or root), reader.unit(top.get("backs"), root),
                          tuple(pieces), builds, needs, notes)


def guide_units(guide: BuildGuideData) -> list[Unit]:
    """Every translation unit of `guide`, in file order."""
    units: list[Any] = [*guide.header, guide.pages.label, guide.pages.use, guide.backs]
    for piece in guide.pieces:
        units.extend([*piece.groups, piece.use])
    for section in guide.builds.values():
        units.append(section.title)
        units.extend(step.text for step in section.steps)
    for row in guide.needs.values():
        units.extend([row.label, row.use])
    units.extend(guide.notes.values())
    return sorted(units, key=lambda u: u.line)
