"""Other libraries' private names live in one `*_internals.py` module per library, and each such module still
does what pnp relies on: these tests fail the day a new version of the library changes it."""

from __future__ import annotations

import ast
import io
import re
import struct
from pathlib import Path

PNP = Path(__file__).resolve().parents[1] / "pnp"
PUBLIC_UNDERSCORED = {"_replace", "_asdict", "_fields", "_make"}
"""Names of the standard library's documented API that start with an underscore (named tuples)."""


def _own_names(trees: dict[Path, ast.AST]) -> set[str]:
    """Every name pnp itself defines or assigns: its own private attributes are not another library's."""
    names: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name | ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.id if isinstance(node, ast.Name) else node.attr)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"_\w+", node.value):
                names.add(node.value)
    return names


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC_UNDERSCORED


def test_private_names_of_other_libraries_stand_only_in_their_internals_modules():
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PNP.rglob("*.py"))}
    own = _own_names(trees)
    found = []
    for path, tree in trees.items():
        if path.name.endswith("_internals.py"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and not (node.module or "").startswith("pnp"):
                found += [(path.name, node.lineno, a.name) for a in node.names if _private(a.name)]
            elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
                found.append((path.name, node.lineno, node.attr))
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                  and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
                  and _private(str(node.args[1].value))):
                found.append((path.name, node.lineno, str(node.args[1].value)))
    assert found == []


def test_the_scan_sees_a_private_name_of_a_library():
    tree = ast.parse("import x\nx.canvas._code\nfrom jinja2.utils import _PassArg\n")
    attrs = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and _private(n.attr)]
    imports = [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names if _private(a.name)]
    assert attrs == ["_code"] and imports == ["_PassArg"]


def test_each_internals_module_names_its_library_and_the_version_pyproject_caps():
    pyproject = (PNP.parent / "pyproject.toml").read_text(encoding="utf-8")
    modules = sorted(PNP.rglob("*_internals.py"))
    assert {p.name for p in modules} >= {"reportlab_internals.py", "jinja2_internals.py", "svglib_internals.py",
                                         "pillow_internals.py"}
    for path in modules:
        library = path.name.removesuffix("_internals.py")
        assert re.search(rf'"{library}>=[\d.]+,\s*<[\d.]+"', pyproject, re.IGNORECASE), library
        assert "beyond its public API" in path.read_text(encoding="utf-8").split('"""')[1]


def test_jinja2_tells_which_filters_take_the_context():
    from jinja2 import pass_context

    from pnp.text.jinja2_internals import passes_context

    @pass_context
    def with_context(context: object, value: str) -> str:
        return value

    assert passes_context(with_context) and not passes_context(str.upper)


def test_jinja2_compiles_a_concatenation_through_the_bounded_call():
    from pnp.text.jinja2_internals import BoundedCodeGenerator
    from pnp.text.template_limits import BoundedEnvironment

    env = BoundedEnvironment()
    env.code_generator_class = BoundedCodeGenerator
    assert "environment.bounded_concat((" in env.compile("{{ a ~ b }}", raw=True)
    assert env.from_string("{{ a ~ b }}").render(a="x", b=1) == "x1"


def _jpeg_header(width: int, height: int) -> bytes:
    """A baseline JPEG whose frame header claims `width` x `height` pixels (an empty scan follows)."""
    frame = struct.pack(">BHHB", 8, height, width, 3) + b"".join(bytes([i, 0x11, 0]) for i in (1, 2, 3))
    scan = b"\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00"
    return (b"\xff\xd8\xff\xc0" + struct.pack(">H", len(frame) + 2) + frame + b"\xff\xda"
            + struct.pack(">H", len(scan) + 2) + scan + b"\xff\xd9")


def test_pillow_reads_a_header_without_its_own_pixel_cap():
    from pnp.source.pillow_internals import format_reader

    header = io.BytesIO(_jpeg_header(40_000, 40_000))  # 1.6 billion pixels: over Pillow's own cap
    with format_reader("JPEG")(header) as img:
        assert img.size == (40_000, 40_000)


def test_svglib_maps_every_family_to_a_standard_font_without_opening_files(monkeypatch):
    import builtins

    from svglib.fonts import DEFAULT_FONT_NAME

    from pnp.source.svglib_internals import _standard_fonts

    opened: list[str] = []
    real_open = builtins.open
    monkeypatch.setattr(builtins, "open", lambda f, *a, **k: opened.append(str(f)) or real_open(f, *a, **k))
    fonts = _standard_fonts()
    assert fonts.find_font("Helvetica") == ("Helvetica", True)
    assert fonts.find_font("helvetica", "bold")[0] == "Helvetica-Bold"
    assert fonts.find_font("/etc/passwd") == (DEFAULT_FONT_NAME, False)
    assert opened == []


def test_reportlab_writes_the_operators_added_to_a_pages_list_even_past_a_form_drawn_meanwhile():
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.reportlab_internals import page_operators

    out = io.BytesIO()
    canvas = Canvas(out, pageCompression=0)
    add = page_operators(canvas).append
    add("0 0 1 rg")
    canvas.beginForm("art")  # as `vector_form` draws SVG art in the middle of a page
    canvas.rect(0, 0, 5, 5)
    canvas.endForm()
    add("n 1 2 3 4 re f*")
    canvas.showPage()
    assert page_operators(canvas) == []  # the next page's own list
    canvas.save()
    assert b"0 0 1 rg\nn 1 2 3 4 re f*" in out.getvalue()
