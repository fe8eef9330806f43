"""pnp's PDFs deflate their streams without reportlab's default ASCII85 layer (issue 34): binary streams are a
quarter smaller, and no reader needs 7-bit ones."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf

from pnp.layout.scene import Document, Line, Page, Rect, Style, Text
from pnp.render.pdf import render_pdf

FRAME = Style(stroke="#1f2a44", stroke_width=0.3)


def _filters(pdf: bytes) -> list[list[str]]:
    """The filters of every stream in `pdf`, in object order."""
    found = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for obj in document.objects:
            if isinstance(obj, pikepdf.Stream):
                chosen = obj.get("/Filter")
                names = [] if chosen is None else [str(chosen)] if isinstance(chosen, pikepdf.Name) else [
                    str(name) for name in chosen]
                found.append(names)
    return found


def test_pages_and_font_streams_are_deflated_without_ascii85() -> None:
    items = (Rect(10, 10, 63, 88, FRAME), Line(12, 60, 70, 60, FRAME), Text(40, 30, "Card 1", 5.0, "sans-bold"),
             Text(40, 70, "Ability: move 3 spaces", 3.2, "sans"))
    pdf = render_pdf(Document("Encoding", (Page(210, 297, items), Page(210, 297, items[:1]))))
    filters = _filters(pdf)
    assert len(filters) >= 4  # two pages' contents and the two fonts' subsets at least
    assert all(names == ["/FlateDecode"] for names in filters), filters
    assert b"ASCII85Decode" not in pdf


def test_a_booklet_rulebook_is_written_without_ascii85(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    spec = Path(__file__).resolve().parents[2] / "examples" / "mdd-classic" / "kit.yaml"
    result = CliRunner().invoke(main, ["render", str(spec), "-o", str(tmp_path), "--format", "pdf",
                                       "--rulebook", "booklet", "--force"])
    assert result.exit_code == 0, result.output
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert pdfs
    for path in pdfs:
        filters = _filters(path.read_bytes())
        assert filters and all("/ASCII85Decode" not in names for names in filters), path.name


def test_each_page_is_deflated_as_it_is_closed_into_the_bytes_reportlab_writes_at_save(monkeypatch) -> None:
    from reportlab.pdfgen.canvas import Canvas

    import pnp.render.reportlab_internals as internals

    items = (Rect(10, 10, 63, 88, FRAME), Text(40, 30, "Card 1", 5.0, "sans-bold"))
    document = Document("Deflated", tuple(Page(210, 297, items) for _ in range(5)))
    held: list[object] = []
    save = Canvas.save

    def saving(canvas: Canvas) -> None:
        held.extend(page.stream for page in canvas._doc.Pages.pages)
        save(canvas)

    monkeypatch.setattr(Canvas, "save", saving)
    early = render_pdf(document)
    assert held == [None] * 5  # no page's text is held until the save (a deck's 1 KB a card)
    monkeypatch.setattr(internals, "deflate_page", lambda canvas: None)
    assert render_pdf(document) == early
