"""Helpers for rulebook tests: write a small rulebook folder and read the text back from a PDF."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader


def pdf_text(pdf: bytes) -> str:
    """All text of a PDF, pages joined, runs of whitespace collapsed to one space."""
    reader = PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s+", " ", " ".join(page.extract_text() or "" for page in reader.pages))


@pytest.fixture
def write_book(tmp_path: Path):
    """Write `text` as tmp_path/book.md (and optional `<lang>.po` files); return the .md path."""

    def write(text: str, catalogs: dict[str, str] | None = None) -> Path:
        path = tmp_path / "book.md"
        path.write_text(text, encoding="utf-8")
        for lang, po in (catalogs or {}).items():
            (tmp_path / f"{lang}.po").write_text(po, encoding="utf-8")
        return path

    return write
