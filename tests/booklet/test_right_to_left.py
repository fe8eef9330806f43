"""A right-to-left rulebook mirrors its layout: a table's first column at the right and the table against the
frame's right edge, the title and its rule at the right, a quote's bar on its right side. Positions read back
from the PDF with pdfplumber; the same book in English is the mirror image."""

from __future__ import annotations

import io

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
