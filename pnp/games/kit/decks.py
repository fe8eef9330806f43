"""Decks written as data and layouts, expanded into the cards the model knows, before the model is built.

Input: the located spec. A deck may read its cards from `data: FILE` (`pnp.source.table`: one card per row,
`count`, `name` and `layout` columns, the other columns its fields), draw a `front:` layout (`fill`, `elements`)
on every card below the card's own elements, or a named one of `layouts:` chosen by a card's or row's `layout`.
Every string property but `text` of an element, `fill` and `back` may be a `{{ card.X }}` template, rendered
here per card; `when: EXPRESSION` keeps an element only on cards where it is true (texts stay templates: the
drawing code renders them). Output: the same `Located`, its decks rewritten as plain `cards:` whose values
carry their marks: a value from a data cell is marked at that cell, a template's result at the one field it
quotes (else at the property), so the model's errors point where the user can fix them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.games.kit.card_places import PLACE_KEYS, ROW_KEYS, count_of, near_misses, numbered
from pnp.games.kit.model.components import DataTable, Layout
from pnp.model.base import build_model
from pnp.source.files import resolve_inside
from pnp.source.located import Located, PathKey
from pnp.text.suggest import did_you_mean
from pnp.text.templating import render_template_string

if TYPE_CHECKING:
    from pnp.source.table import Row, Table

DECK_KEYS = ("data", "front", "layouts")
"""Deck keys this module consumes."""
_FIELD = re.compile(r"\bcard\s*(?:\.\s*(\w+)|\[\s*['\"]([^'\"]+)['\"]\s*\])")
_TEMPLATE = ("{{", "{%")
Tree = tuple[Any, Any]
"""A value and the loader's node that marks it (and its children): made with `Located.graft`."""


def _fields(text: str) -> list[str]:
    return [a or b for a, b in _FIELD.findall(text)]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _templated(value: Any) -> bool:
    """Whether `value` holds a `when` or a template outside texts (work for this module). One loop over a stack,
    strings tested where they are met: every deck is scanned whole before its model is built."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "when" in node:
                return True
            for key, item in node.items():
                if isinstance(item, str):
                    if ("{{" in item or "{%" in item) and key != "text":
                        return True
                elif isinstance(item, dict | list) and key != "text":
                    stack.append(item)
        elif isinstance(node, list):
            for item in node:
                if isinstance(item, str):
                    if "{{" in item or "{%" in item:
                        return True
                elif isinstance(item, dict | list):
                    stack.append(item)
        elif isinstance(node, str):
            return "{{" in node or "{%" in node
    return False


class _Expander:
    """Rewrites one located spec's decks; collects every error met."""

    def __init__(self, located: Located):
        self.located = located
        self.errors: list[Diagnostic] = []
        self.data_files: set[str] = set()
        self.unread: set[PathKey] = set()
        """The decks whose data could not be read."""
        self.missing: set[str] = set()
        """The fields the deck being expanded quotes that its data lacks: what quotes them is left out."""
        self.copies: dict[tuple[int, int], tuple[int, int]] = {}
        """(component, card) -> (copy, count) of each card split from one whose copies differ."""
        self._index = 0
        """How many cards of the deck being expanded come before the next one (`card.index` - 1)."""
        self._marks: dict[tuple[str, PathKey], Mark] = {}
        self._nodes: dict[PathKey, tuple[Any, str]] = {}

    def _cached(self, kind: str, path: PathKey) -> Mark:
        """`located.mark`, `key_mark` or `text_mark` of `path`, each walked once (every card of a deck asks
        again for its layout's marks)."""
        found = self._marks.get((kind, path))
        if found is None:
            found = self._marks[(kind, path)] = getattr(self.located, kind)(path)
        return found

    def mark(self, path: PathKey) -> Mark:
        return self._cached("mark", path)

    def key_mark(self, path: PathKey) -> Mark:
        return self._cached("key_mark", path)

    def text_mark(self, path: PathKey) -> Mark:
        return self._cached("text_mark", path)

    def _scalar(self, value: str, mark: Mark) -> Any:
        return self.located.graft(value, mark)

    def _mapping(self, pairs: list[tuple[str, Tree]], mark: Mark, key_marks: dict[str, Mark]) -> Tree:
        nodes = [(self._scalar(k, key_marks.get(k, mark)), node) for k, (_, node) in pairs]
        value = {k: v for k, (v, _) in pairs}
        return value, self.located.graft(value, mark, nodes)

    def _sequence(self, items: list[Tree], mark: Mark) -> Tree:
        return [v for v, _ in items], self.located.graft([], mark, [n for _, n in items])

    def copy(self, path: PathKey) -> Tree:
        """The value at `path` as written, with its own node (its file remembered for marks)."""
        if path not in self._nodes:
            self._nodes[path] = self.located.node_at(path)
        node, file = self._nodes[path]
        value = self._value(path)
        if node is None:
            return value, self._scalar("", self.mark(path))
        self.located.included[id(node)] = file
        return value, node

    def _value(self, path: PathKey) -> Any:
        data = self.located.data
        for step in path:
            data = data[step]
        return data

    # templates -------------------------------------------------------------------------------------------
    def render(self, path: PathKey, context: dict[str, Any], cells: dict[str, Mark]) -> Tree | None:
        """The value at `path` with its templates rendered for one card; None for an element whose `when` is
        false. Texts stay as written (drawn later); a mapping keeps its keys' marks."""
        value = self._value(path)
        if not _templated(value):
            return self.copy(path)  # the same for every card: its own nodes, as written
        if isinstance(value, dict):
            if "when" in value and not self._when(value["when"], (*path, "when"), context):
                return None
            pairs: list[tuple[str, Tree]] = []
            for key in value:
                if key == "when":
                    continue
                child = (*path, key)
                tree = self.copy(child) if key == "text" else self.render(child, context, cells)
                if tree is not None:
                    pairs.append((key, tree))
            return self._mapping(pairs, self.mark(path), {k: self.key_mark((*path, k)) for k in value})
        if isinstance(value, list):
            items = [self.render((*path, i), context, cells) for i in range(len(value))]
            return self._sequence([t for t in items if t is not None], self.mark(path))
        if isinstance(value, str) and any(t in value for t in _TEMPLATE):
            mark = self.text_mark(path)
            result = render_template_string(value, context, file=mark.file, line=mark.line, column=mark.column)
            quoted = set(_fields(value))
            field = next(iter(quoted)) if len(quoted) == 1 else ""
            cell = str(context["card"].get(field, "")) if field else ""
            at = cells.get(field, mark) if cell and cell in result else mark
            return result, self._scalar(result, at)
        return self.copy(path)

    def _when(self, expression: Any, path: PathKey, context: dict[str, Any]) -> bool:
        mark = self.text_mark(path)
        if not isinstance(expression, str) or not expression.strip() or any(
                t in expression for t in ("{{", "}}", "{%", "%}")):
            raise SpecError(Diagnostic.at(mark, "deck.when", "`when` takes an expression such as card.kind == 'boss'",
                                          "write the condition without {{ }} or {% %}"))
        source = "{% if " + expression + " %}1{% endif %}"
        return render_template_string(source, context, file=mark.file, line=mark.line, column=mark.column) == "1"

    # decks -----------------------------------------------------------------------------------------------
    def deck(self, path: PathKey, kit: dict[str, Any]) -> Tree:
        """The deck at `path` rewritten with plain cards."""
        deck = self._value(path)
        self.missing = set()
        table = self._table(path, deck) if "data" in deck else None
        if not self._layouts_well_formed(path, deck):
            return self.copy(path)
        layouts = deck.get("layouts") or {}
        shared_back = "back" in deck and _templated(deck["back"])
        cards: list[Tree] = []
        self._index = 0
        split = numbered([deck.get(k) for k in ("front", "layouts", "back")])
        written = deck.get("cards", [])
        if isinstance(written, list):
            for i, card in enumerate(written):
                cpath = (*path, "cards", i)
                count = count_of(card.get("count", 1)) if isinstance(card, dict) else 1
                for copy in self._copies(path, len(cards), count, split or numbered(card)):
                    cards.append(self._try(lambda cp=cpath, c=card, k=copy: self._card(
                        path, cp, c, None, layouts, shared_back, kit, k), self.copy(cpath)))
        if table is None and "data" in deck and not cards:  # unread: a stand-in card, the deck not drawn
            cards.append(({}, self._scalar("", self.mark((*path, "data")))))
            self.unread.add(path)
        if table is not None:
            for n, row in enumerate(table.rows, start=1):
                fallback: Tree = ({}, self._scalar("", row.mark))
                for copy in self._copies(path, len(cards), count_of(row.cells.get("count", 1)), split):
                    cards.append(self._try(lambda r=row, n=n, k=copy: self._card(
                        path, (*path, "data"), None, (r, n), layouts, shared_back, kit, k), fallback))
        pairs = [(k, self.copy((*path, k))) for k in deck if k not in (*DECK_KEYS, "cards")
                 and not (k == "back" and shared_back)]
        cards_mark = self.mark((*path, "cards")) if "cards" in deck else self.mark(path)
        pairs.append(("cards", self._sequence(cards, cards_mark)))
        return self._mapping(pairs, self.mark(path), {k: self.key_mark((*path, k)) for k in deck})

    def _copies(self, path: PathKey, card: int, count: int, split: bool) -> list[tuple[int, int, int, bool]]:
        """(index, copy, count, split) of each model card a card of `count` copies becomes: one per copy when
        its copies differ (`split`), else one for all, numbered as its first copy."""
        first = self._index + 1
        self._index += count
        if not split or count == 1:
            return [(first, 1, count, False)]
        for copy in range(count):
            self.copies[(int(path[1]), card + copy)] = (copy + 1, count)
        return [(first + copy, copy + 1, count, True) for copy in range(count)]

    def _layouts_well_formed(self, path: PathKey, deck: dict[str, Any]) -> bool:
        """Whether `front` and every one of `layouts` is a layout (else their errors are collected): they are
        gone from the spec once expanded, so the model would not see a misspelt key in them."""
        found = [(*path, "front")] if "front" in deck else []
        layouts = deck.get("layouts")
        if layouts is not None and not isinstance(layouts, dict):
            self.errors.append(Diagnostic.at(self.mark((*path, "layouts")), "spec.value",
                                             "`layouts` takes a mapping of layout names to layouts",
                                             "write layouts: {attack: {fill: ..., elements: [...]}}"))
            return False
        found.extend((*path, "layouts", name) for name in layouts or {})
        well_formed = True
        for where in found:
            try:
                build_model(Layout, self.located, where)
            except SpecError as exc:
                self.errors.extend(exc.diagnostics)
                well_formed = False
        return well_formed

    def _try(self, make: Any, fallback: Tree) -> Tree:
        try:
            return make()  # type: ignore[no-any-return]
        except SpecError as exc:
            self.errors.extend(d for d in exc.diagnostics if d not in self.errors)
            return fallback

    def _table(self, path: PathKey, deck: dict[str, Any]) -> Table | None:
        from pnp.source.table import TableOptions, read_table  # csv, zip and XML readers: a deck with data only

        where = (*path, "data")
        try:
            source = self._source(where, deck["data"])
            mark = self.mark((*where, "file") if isinstance(deck["data"], dict) else where)
            resolved = resolve_inside(self.located.root, Path(mark.file).parent, source.file, mark, "data")
            self.located.inputs.add(resolved)
            sheet_mark = self.mark((*where, "sheet")) if source.sheet is not None else mark
            table = read_table(resolved, str(resolved), options=TableOptions(source.sheet, source.delimiter,
                                                                             ROW_KEYS, sheet_mark))
        except SpecError as exc:
            self.errors.extend(exc.diagnostics)
            return None
        self.data_files.add(table.file)
        self.located.warnings.extend(table.warnings)
        self.located.warnings.extend(near_misses(table))
        used = {f for key in ("front", "layouts", "back") for s in _strings(deck.get(key)) for f in _fields(s)}
        missing = sorted(used - set(table.header) - set(ROW_KEYS) - set(PLACE_KEYS))
        for name in missing:
            hint = did_you_mean(name, table.header) or f"add a {name!r} column (the columns: {', '.join(table.header)})"
            self.errors.append(Diagnostic.at(table.header_mark, "deck.data.field",
                                             f"the layout uses card.{name}, but the data has no {name!r} column", hint))
        self.missing = set(missing)
        return table

    def _source(self, where: PathKey, value: Any) -> DataTable:
        """The `data:` value as a `DataTable` (a plain path is its `file`); SpecError at the value when wrong."""
        if isinstance(value, str):
            return DataTable(file=value)
        if not isinstance(value, dict):
            raise SpecError(Diagnostic.at(self.mark(where), "deck.data", "`data` takes the path of a table file, "
                                          "or {file: ..., sheet: ...}", "write data: cards.csv"))
        return build_model(DataTable, self.located, where)

    def _card(self, deck_path: PathKey, cpath: PathKey, card: Any, numbered: tuple[Row, int] | None,
              layouts: dict[str, Any], shared_back: bool, kit: dict[str, Any],
              place: tuple[int, int, int, bool] = (1, 1, 1, False)) -> Tree:
        """One card: a card written in YAML (`card`, at `cpath`) or the `numbered` data row (row, number), at
        `place` (index, copy, count) in the deck: a card split into its copies has a count of 1 each."""
        deck = self._value(deck_path)
        row = numbered[0] if numbered else None
        if numbered is not None and row is not None:
            cells = dict(row.cells)
            name = cells.get("name", "").strip() or str(numbered[1])
            fields = {k: v for k, v in cells.items() if k not in ROW_KEYS}
            marks = dict(row.marks)
            choice, choice_mark = cells.get("layout", "").strip(), row.marks.get("layout", row.mark)
            pairs: list[tuple[str, Tree]] = [("name", (name, self._scalar(name, marks.get("name", row.mark))))]
            if cells.get("count", "").strip():
                pairs.append(("count", (cells["count"], self._scalar(cells["count"], marks["count"]))))
            field_pairs = [(k, (v, self._scalar(v, marks[k]))) for k, v in fields.items()]
            pairs.append(("fields", self._mapping(field_pairs, row.mark, {k: marks[k] for k in fields})))
            own: dict[str, Any] = {}
            where, key_marks = row.mark, {k: marks[k] for k in marks}
        else:
            if not isinstance(card, dict):
                return self.copy(cpath)
            fields = card["fields"] if isinstance(card.get("fields"), dict) else {}
            name = card["name"] if isinstance(card.get("name"), str) else ""
            marks = {k: self.mark((*cpath, "fields", k)) for k in fields}
            choice = card.get("layout") or ""
            choice_mark = self.mark((*cpath, "layout"))
            own = card
            pairs = [(k, self.copy((*cpath, k))) for k in card if k not in ("layout", "elements", "fill", "back")]
            where, key_marks = self.mark(cpath), {k: self.key_mark((*cpath, k)) for k in card}
        index, copy, count, split = place
        if split:  # one model card per copy
            at = row.marks["count"] if row is not None else self.mark((*cpath, "count"))
            pairs = [(k, (1, self._scalar("1", at))) if k == "count" else (k, tree) for k, tree in pairs]
        context = {"card": {"name": name, **{str(k): v for k, v in fields.items()}, "count": count, "index": index,
                            "copy": copy},
                   "deck": {"name": deck.get("name")}, "kit": kit}
        layout_path = self._layout(deck_path, deck, layouts, choice, choice_mark)
        elements: list[Tree] = []
        layout = self._value(layout_path) if layout_path is not None else None
        if layout_path is not None and isinstance(layout, dict) and isinstance(layout.get("elements"), list):
            elements.extend(self._elements((*layout_path, "elements"), context, marks))
        if "elements" in own and not isinstance(own["elements"], list):
            pairs.append(("elements", self.copy((*cpath, "elements"))))  # the model says what is wrong
        else:
            if "elements" in own:
                elements.extend(self._elements((*cpath, "elements"), context, marks))
            pairs.append(("elements", self._sequence(elements, self.mark((*cpath, "elements")) if "elements" in own
                                                     else where)))
        fill_path = (*cpath, "fill") if "fill" in own else (
            (*layout_path, "fill") if layout_path is not None and isinstance(layout, dict) and "fill" in layout
            else None)
        if fill_path is not None and self._complete(fill_path):
            fill = self.render(fill_path, context, marks)
            if fill is not None:
                pairs.append(("fill", fill))
        if "back" in own:
            back = self.render((*cpath, "back"), context, marks)
        elif shared_back and self._complete((*deck_path, "back")):
            back = self.render((*deck_path, "back"), context, marks)
        else:
            back = None
        if back is not None:
            pairs.append(("back", back))
        return self._mapping(pairs, where, key_marks)

    def _elements(self, path: PathKey, context: dict[str, Any], marks: dict[str, Mark]) -> list[Tree]:
        """The elements at `path` rendered for one card; one whose template fails, or that quotes a field the
        data lacks, is left out (its error collected) so that the card's other elements are still checked."""
        items = []
        for i in range(len(self._value(path))):
            if not self._complete((*path, i)):
                continue
            try:
                item = self.render((*path, i), context, marks)
            except SpecError as exc:
                self.errors.extend(exc.diagnostics)
                continue
            if item is not None:
                items.append(item)
        return items

    def _complete(self, path: PathKey) -> bool:
        """Whether the value at `path` quotes only fields the data has."""
        return not self.missing or not any(f in self.missing for s in _strings(self._value(path)) for f in _fields(s))

    def _layout(self, deck_path: PathKey, deck: dict[str, Any], layouts: dict[str, Any], choice: Any,
                mark: Mark) -> PathKey | None:
        if not choice:
            return (*deck_path, "front") if "front" in deck else None
        if isinstance(choice, str) and choice in layouts:
            return (*deck_path, "layouts", choice)
        raise SpecError(Diagnostic.at(mark, "deck.layout", f"no layout named {choice!r} in this deck's `layouts`",
                                      did_you_mean(choice, layouts) or (
                                          f"the layouts are {', '.join(layouts)}" if layouts
                                          else "add it under the deck's `layouts:`")))


def _needs(deck: Any) -> bool:
    if not isinstance(deck, dict) or deck.get("type") != "deck":
        return False
    if any(k in deck for k in DECK_KEYS):
        return True
    cards = deck["cards"] if isinstance(deck.get("cards"), list) else []
    return any(isinstance(c, dict) and "layout" in c for c in cards) or _templated(deck)


Copies = dict[tuple[int, int], tuple[int, int]]
"""(component, card) -> (copy, count) of the cards split into one per copy."""


def expand_decks(located: Located) -> tuple[set[str], list[Diagnostic], set[int], Copies]:
    """Rewrite the located spec's data and layout decks into plain cards (in place): the data files read,
    every problem found (bad data files, missing fields, template errors, unknown layouts), the indices of
    the decks whose data could not be read (they hold one stand-in card) and the cards split into their copies
    (a layout quoting `card.index` or `card.copy` outside texts). What a problem breaks is left out (a card,
    an element), the rest expanded, so that the model checks all of it."""
    data = located.data
    components = data.get("components") if isinstance(data, dict) else None
    if not isinstance(components, list) or not any(_needs(c) for c in components):
        return set(), [], set(), {}
    expander = _Expander(located)
    kit = {"name": data.get("kit")}
    for i, component in enumerate(components):
        if _needs(component):
            value, node = expander.deck(("components", i), kit)
            located.place(("components", i), value, node)
    return expander.data_files, expander.errors, {int(path[1]) for path in expander.unread}, expander.copies
