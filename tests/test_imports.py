"""The package's shape: no import cycles, the stages never import a game, every game has the same rooms."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.games.registry import GAMES, command_group, get_game

PNP = Path(__file__).resolve().parents[1] / "pnp"
STAGES = ("pnp.layout", "pnp.render", "pnp.booklet", "pnp.model", "pnp.source", "pnp.rules", "pnp.i18n")
"""Packages that work for every game and so must never import one."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PNP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PNP.rglob("*.py"))}


def _run_on_import(nodes: list[ast.stmt]) -> list[ast.stmt]:
    """The statements that run when a module is imported: the top level and inside if/try blocks (not in
    functions or classes' methods, nor under `if TYPE_CHECKING:`)."""
    found: list[ast.stmt] = []
    for node in nodes:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        found.append(node)
        if isinstance(node, ast.If):
            found.extend(_run_on_import(node.body + node.orelse))
        elif isinstance(node, ast.Try):
            handlers = [s for h in node.handlers for s in h.body]
            found.extend(_run_on_import(node.body + node.orelse + node.finalbody + handlers))
    return found


def _run_ever(tree: ast.AST, with_types: bool = False) -> list[ast.AST]:
    """Every node that may run at some point: all of the module but the `if TYPE_CHECKING:` blocks (type
    checkers read them; Python never imports them), unless `with_types`."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if not with_types and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def _imports(path: Path, module: str, top_level_only: bool, with_types: bool = False) -> set[str]:
    """The pnp modules that `module` imports: when it is imported (top level), or anywhere in it (type-only
    imports too, when `with_types`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = _run_on_import(tree.body) if top_level_only else _run_ever(tree, with_types)
    package = (module if path.name == "__init__.py" else module.rpartition(".")[0]).split(".")
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name in MODULES}


def _graph(top_level_only: bool = True) -> dict[str, set[str]]:
    """Import edges (made on import, or anywhere); importing `a.b.c` also runs the packages `a.b` and `a`
    unless they are packages of the importer itself (already being imported when it runs)."""
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        edges: set[str] = set()
        own = {module.rsplit(".", n)[0] for n in range(module.count(".") + 1)}
        for target in _imports(path, module, top_level_only):
            parts = target.split(".")
            edges.update(p for p in (".".join(parts[:i]) for i in range(1, len(parts) + 1))
                         if p in MODULES and p not in own)
        graph[module] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in graph[node]:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_the_cycle_finder_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_level_import_cycles():
    assert _cycles(_graph()) == []


def _every_import() -> dict[str, set[str]]:
    """Every edge between two modules: made on import, inside functions, or for type checkers only."""
    return {module: _imports(path, module, top_level_only=False, with_types=True) - {module}
            for module, path in MODULES.items()}


def test_no_import_circle_anywhere_even_inside_functions_or_for_types_only():
    assert _cycles(_every_import()) == []


FLOORS = (
    ("pnp", "pnp.units", "pnp.diagnostics", "pnp.collector", "pnp.sim", "pnp.text", "pnp.data"),
    ("pnp.source",),
    ("pnp.model", "pnp.rulebook", "pnp.rules"),
    ("pnp.layout",),
    ("pnp.render", "pnp.output"),
    ("pnp.commands",),
    ("pnp.i18n",),
    ("pnp.booklet",),
    ("pnp.games",),
    ("pnp.pipeline",),
    ("pnp.preview", "pnp.cli", "game commands"),
)
"""The stage order, lowest first: a module imports only from its own floor and the floors below it. A game's
command modules (`cli.py`, `*_cli.py`) stand with the commands, above the pipeline they call."""


def _floor(module: str) -> int:
    last = module.rsplit(".", 1)[-1]
    if module.startswith("pnp.games.") and (last == "cli" or last.endswith("_cli")):
        return len(FLOORS) - 1
    found = [i for i, names in enumerate(FLOORS) for n in names if module == n or module.startswith(n + ".")]
    assert found, f"{module} stands on no floor: add its package to FLOORS"
    return max(found)


def test_the_floor_finder_knows_the_stages():
    assert _floor("pnp.source.loader") < _floor("pnp.model.base") < _floor("pnp.layout.text") < _floor("pnp.cli")
    assert _floor("pnp.games.mdd.cli") > _floor("pnp.pipeline") > _floor("pnp.games.mdd.race.engine")


def test_no_import_runs_against_the_stage_order_even_inside_functions():
    against = sorted((module, target) for module, targets in _every_import().items() for target in targets
                     if _floor(target) > _floor(module))
    assert against == []


def test_nitro_has_no_import_circle_even_through_type_only_imports():
    graph = {module: {t for t in _imports(path, module, top_level_only=False, with_types=True)
                      if t.startswith("pnp.games.nitro.") and t in MODULES and MODULES[t].name != "__init__.py"}
             for module, path in MODULES.items() if module.startswith("pnp.games.nitro.")}
    assert _cycles(graph) == []


def test_nitro_top_level_shows_its_sub_systems():
    folder = PNP / "games" / "nitro"
    assert len(list(folder.glob("*.py"))) <= 16
    assert {"track", "race", "printed"} <= {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}


def test_every_module_imports_in_a_fresh_interpreter():
    names = sorted(m for m in MODULES if not m.endswith("__main__"))
    code = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    done = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def _game_packages() -> set[str]:
    return {entry.module.rpartition(".")[0] for entry in GAMES}


def test_stages_and_the_loader_never_import_a_game():
    offenders = {
        (module, target)
        for module, path in MODULES.items()
        if module.startswith(STAGES)
        for target in _imports(path, module, top_level_only=False)
        if target.startswith("pnp.games")
    }
    assert offenders == set()


def test_a_game_is_imported_only_by_itself():
    games = _game_packages()
    offenders = set()
    for module, path in MODULES.items():
        home = next((g for g in games if module == g or module.startswith(g + ".")), None)
        for target in _imports(path, module, top_level_only=False):
            owner = next((g for g in games if target == g or target.startswith(g + ".")), None)
            if owner is not None and owner != home:
                offenders.add((module, target))
    assert offenders == set()


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_every_game_has_the_same_rooms(entry):
    folder = PNP.parent.joinpath(*entry.module.split(".")[:-1])
    rooms = {p.stem for p in folder.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    assert {"model", "rules", "plugin"} <= rooms
    plugin = get_game(entry.name)
    assert plugin.name == entry.name
    if entry.command is not None:
        group = command_group(entry.command)
        assert "cli" in rooms and group is not None and group.name == entry.command


DRAG_RAGE = "pnp.games.dragrage"
DRAG_RAGE_LAYERS = {"race": set(), "solver": {"race"}, "printed": set()}
"""Drag Rage's sub-systems and the others each may import (besides the game's top-level modules)."""


def test_drag_rage_groups_its_modules_by_sub_system():
    folder = PNP / "games" / "dragrage"
    top = [p for p in folder.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()]
    assert len(top) <= 16
    assert {p.name for p in folder.iterdir() if (p / "__init__.py").exists()} == set(DRAG_RAGE_LAYERS)
    assert (folder / "race" / "summary.py").exists()  # the simulation summary, named as in every game
    offenders = set()
    for module, path in MODULES.items():
        room = module.removeprefix(DRAG_RAGE + ".").partition(".")[0]
        if not module.startswith(DRAG_RAGE + ".") or room not in DRAG_RAGE_LAYERS:
            continue
        for target in _imports(path, module, top_level_only=False):
            other = target.removeprefix(DRAG_RAGE + ".").partition(".")[0]
            if other in DRAG_RAGE_LAYERS and other != room and other not in DRAG_RAGE_LAYERS[room]:
                offenders.add((module, target))
    assert offenders == set()


def test_mdd_groups_its_modules_by_sub_system():
    """At most 16 modules at the top; the setup, the race and the printed kit in their own folders, the roles
    every game shares under the same names."""
    folder = PNP / "games" / "mdd"
    assert len([p for p in folder.iterdir() if p.suffix == ".py"]) <= 16
    roles = ("textmap.py", "setup/generate.py", "race/engine.py", "race/summary.py", "race/balance.py",
             "printed/kit.py", "printed/rulebook.py")
    assert [role for role in roles if not (folder / role).is_file()] == []
