"""A right-to-left rulebook mirrors its layout: a table's first column at the right and the table against the
frame's right edge, the title and its rule at the right, a quote's bar on its right side. Positions read back
from the PDF with pdfplumber; the same book in English is the mirror image."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from pnp.booklet import render_rulebook
from tests.booklet.test_render import _po

BOOK = """# Mirror Book

A subtitle

## Parts

| Alpha | Beta | Gamma |
|-------|------|-------|
| a1    | b1   | c1    |
| a2    | b2   | c2    |

> Keep the dice in the box.
"""


def _pages(write_book, lang: str) -> list[dict]:
    source = write_book(BOOK, {"ar": _po("ar", {"A subtitle": "عنوان فرعي"})})
    pdf = render_rulebook(source, lang=lang, context={}).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [{"words": {w["text"]: w for w in page.extract_words()}, "width": float(page.width),
                 "lines": [*page.lines, *page.rects]} for page in document.pages]


def test_a_table_runs_right_to_left_against_the_right_edge_in_arabic(write_book):
    for lang in ("en", "ar"):
        page = next(p for p in _pages(write_book, lang) if "Alpha" in p["words"])
        alpha, beta, gamma = (page["words"][t] for t in ("Alpha", "Beta", "Gamma"))
        middle = page["width"] / 2
        if lang == "ar":
            assert gamma["x1"] < beta["x0"] and beta["x1"] < alpha["x0"]  # the first column at the right
            assert alpha["x0"] > middle  # a narrow table sits at the right of the frame
        else:
            assert alpha["x1"] < beta["x0"] and beta["x1"] < gamma["x0"]
            assert alpha["x1"] < middle


def test_the_title_and_its_rule_stand_at_the_right_in_arabic(write_book):
    for lang in ("en", "ar"):
        title_page = _pages(write_book, lang)[0]
        word = title_page["words"]["Mirror"]
        rules = [line for line in title_page["lines"] if line["top"] > word["bottom"] and
                 line["top"] - word["bottom"] < 30 and line["x1"] - line["x0"] > 50]
        assert rules, lang
        middle = title_page["width"] / 2
        if lang == "ar":
            assert word["x0"] > middle - 60 and min(r["x0"] for r in rules) > middle
        else:
            assert word["x0"] < middle and max(r["x1"] for r in rules) < middle


def test_a_quote_bar_is_on_the_quotes_right_side_in_arabic(write_book):
    for lang in ("en", "ar"):
        page = next(p for p in _pages(write_book, lang) if "dice" in p["words"])
        word = page["words"]["dice"]
        bars = [line for line in page["lines"] if abs(line["x1"] - line["x0"]) < 0.1
                and line["top"] - 20 < word["top"] < line["bottom"] + 20]
        assert bars, lang
        bar = bars[0]["x0"]
        assert (bar > word["x1"]) if lang == "ar" else (bar < word["x0"])


def test_a_short_arabic_cell_with_numbers_keeps_to_one_line(write_book):
    """'1 أو 2' (1 or 2): its right-to-left line holds numbers, and its column is as wide as the line breaking
    measures it, so the cell is one line, as in English (it broke after 'أو', its width measured across the
    items in logical order)."""
    book = ("# Rolls\n\nA subtitle\n\n## Table\n\n| Roll | First step | Then |\n|---|---|---|\n"
            "| 1 or 2 | one lane to the left | straight on |\n| 3 or 4 | straight on | straight on |\n")
    arabic = {"Roll": "الرمية", "First step": "الخطوة الأولى", "Then": "الخطوات الأخرى", "1 or 2": "1 أو 2",
              "3 or 4": "3 أو 4", "one lane to the left": "مسار واحد إلى اليسار", "straight on": "إلى الأمام"}
    source = write_book(book, {"ar": _po("ar", arabic)})
    pdf = render_rulebook(source, lang="ar", context={}).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        chars = next(p.chars for p in document.pages if any(c["text"] == "1" for c in p.chars))
    for first, second in (("1", "2"), ("3", "4")):
        [a] = [c for c in chars if c["text"] == first]
        near = [c for c in chars if c["text"] == second and abs(c["x0"] - a["x0"]) < 40]  # not the page number
        assert len(near) == 1 and abs(near[0]["top"] - a["top"]) < 0.5, (first, second)


def _orphaned_headings(pdf) -> list[tuple[int, str]]:
    """Headings (text set larger than the body, numbers aside) with nothing of the body below them on their
    page: a heading left at the foot of a page, what it heads on the next."""
    out = []
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages, start=1):
            heads = [c for c in page.chars if c["size"] > 12 and not c["text"].isdigit() and c["text"].strip()]
            if not heads or number == 1:
                continue
            last = max(c["bottom"] for c in heads)
            below = [c for c in page.chars if c["top"] > last + 1 and 9 < c["size"] < 12
                     and c["top"] < page.height - 40]  # the body, not the page number
            figures = [r for r in [*page.rects, *page.curves, *page.images] if r["top"] > last + 1]
            if not below and not figures:
                out.append((number, "".join(c["text"] for c in heads if c["bottom"] == last)))
    return out


def test_no_heading_is_left_at_the_foot_of_a_page_in_any_script(run_pnp, tmp_path):
    """The kit's assembly steps under their headings: in Arabic the headings are shaped paragraphs, which the
    steps did not keep with them, so four were left at the foot of the page before their steps."""
    kit = Path(__file__).resolve().parents[2] / "examples" / "mdd-micro" / "kit.yaml"
    for lang in ("en", "ar", "ja"):
        result = run_pnp("render", kit, "-o", tmp_path / lang, "--lang", lang, "--format", "pdf")
        assert result.exit_code == 0, result.output
        [book] = (tmp_path / lang).glob("*-rules.pdf")
        assert _orphaned_headings(book) == [], lang


def test_assembly_steps_are_numbered_at_the_right_in_arabic(run_pnp, tmp_path):
    kit = Path(__file__).resolve().parents[2] / "examples" / "mdd-micro" / "kit.yaml"
    for lang in ("en", "ar"):
        assert run_pnp("render", kit, "-o", tmp_path / lang, "--lang", lang, "--format", "pdf").exit_code == 0
        [book] = (tmp_path / lang).glob("*-rules.pdf")
        with pdfplumber.open(book) as document:
            page = document.pages[-3]  # the kit's assembly steps
            numbers = [c for c in page.chars if c["text"].isdigit() and c["size"] > 12]
            middle = float(page.width) / 2
        assert numbers, lang
        assert all((c["x0"] > middle) if lang == "ar" else (c["x1"] < middle) for c in numbers), lang
