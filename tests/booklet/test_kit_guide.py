"""The rulebook's "What is in the kit" table and "How to build" pages come from the kit itself: one row per
printed group with its count (read back from the PDF), build steps for every piece type, vector figures,
the assembly map of the kit's own tiles, and every installed language."""

from __future__ import annotations

import io
import shutil
import subprocess
import unicodedata
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from babel.messages.pofile import read_po

from pnp.booklet.request import render_kit_rulebook
from pnp.diagnostics import SpecError
from pnp.i18n.catalogs import coverage
from pnp.i18n.languages import available_languages, direction, installed_folders
from pnp.layout.pieces import Piece, PieceGroup
from pnp.layout.scene import Rect
from pnp.pipeline import layout_document, load_spec, print_job, translator
from pnp.rulebook.steps import parse_build

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
KITS = sorted(p for p in EXAMPLES.rglob("*.yaml")
              if "invalid" not in p.parts and p.name != "cards.yaml" and "game:" in p.read_text(encoding="utf-8"))
"""Every example game kit (the generic kits print no rulebook)."""
FAMILY = [EXAMPLES / "mdd-micro" / "kit.yaml", EXAMPLES / "mdd-classic" / "kit.yaml",
          EXAMPLES / "drag-rage" / "kit.yaml", EXAMPLES / "nitro-dice" / "two-lap-loop.yaml"]
"""The kits a family is handed: micro and classic MDD, Drag Rage, and a Nitro Dice track with a tiled board."""
HEADER = ["Component", "Number", "What it is for"]


def _ids(path: Path) -> str:
    return str(path.relative_to(EXAMPLES))


def _kit(spec: Path, lang: str | None = None, strict: bool = False, imposition: str = "pages"):
    """The kit's print job, plan, guide, kit page count and rulebook PDF, as `pnp render` makes them."""
    loaded = load_spec(spec)
    tr = translator(lang)
    document, plan = layout_document(loaded, None, lang=lang, tr=tr)
    job = print_job(loaded, None, None, tr)
    request = loaded.plugin.rulebook(loaded.spec)
    guide = request.guide(job, plan)
    result = render_kit_rulebook(request, lang, plan.paper.name, imposition, None, strict, document, job, plan)
    return job, plan, guide, len(document.pages), result


def _table_rows(pdf: bytes) -> list[tuple[str, str]]:
    """(component, number) of every row of the kit table, read from the words' places on the pages."""
    rows: list[tuple[str, str]] = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            words = page.extract_words(keep_blank_chars=False, use_text_flow=False)
            lines: dict[int, list[dict]] = {}
            for word in words:
                lines.setdefault(round(word["top"]), []).append(word)
            tops = sorted(lines)
            header = next((t for t in tops if [w["text"] for w in sorted(lines[t], key=lambda w: w["x0"])][:3]
                           == ["Component", "Number", "What"]), None)
            if header is None:
                continue
            by_x = sorted(lines[header], key=lambda w: w["x0"])
            number = by_x[1]
            use_x = by_x[2]["x0"]
            for top in tops:
                if top <= header:
                    continue
                line = sorted(lines[top], key=lambda w: w["x0"])
                label = " ".join(w["text"] for w in line if w["x1"] < number["x0"] - 2)
                count = [w["text"] for w in line if abs(w["x1"] - number["x1"]) < 1.5]
                if not label and not count:
                    if any(w["x0"] < use_x - 2 for w in line):
                        break  # the text after the table
                    continue  # the second line of a wrapped "What it is for"
                if not label:
                    break
                rows.append((label, count[0] if count else ""))
    return rows


@pytest.mark.parametrize("spec", KITS, ids=_ids)
def test_the_kit_table_lists_exactly_the_printed_pieces(spec: Path):
    job, plan, guide, pages, result = _kit(spec)
    assert guide.missing == ()
    rows = _table_rows(result.pdf)
    printed = [(group.name, str(len(group.pieces))) for group in job.groups]
    paper = {"a4": "A4", "a3": "A3", "letter": "Letter", "legal": "Legal"}[plan.paper.name]
    assert rows[:len(printed) + 1] == [*printed, (f"Pages to print ({paper})", str(pages))]
    assert all(label != "Pages to print" for label, _ in rows[len(printed) + 1:])


def test_the_table_counts_the_dice_each_rule_set_and_its_variants_need():
    micro = dict(_table_rows(_kit(EXAMPLES / "mdd-micro" / "kit.yaml")[4].pdf))
    classic = dict(_table_rows(_kit(EXAMPLES / "mdd-classic" / "kit.yaml")[4].pdf))
    assert micro["Dice you need"] == "1" and micro["Dice for the two-dice variant"] == "2"
    assert micro["Packs of playing cards"] == "2"
    assert classic["Dice you need"] == "1" and "Dice for the two-dice variant" not in classic
    assert dict(_table_rows(_kit(EXAMPLES / "drag-rage" / "kit.yaml")[4].pdf))["Dice you need"] == "4"
    nitro = dict(_table_rows(_kit(EXAMPLES / "nitro-dice" / "two-lap-loop.yaml")[4].pdf))
    assert nitro["Ten-sided dice"] == str(load_spec(EXAMPLES / "nitro-dice" / "two-lap-loop.yaml").spec.players)


def _text(pdf: bytes) -> str:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)


def test_printed_mines_get_a_counter_and_loose_ones_a_place():
    classic = _text(_kit(EXAMPLES / "mdd-classic" / "kit.yaml")[4].pdf)
    assert "Put a mine counter on every printed mine" in classic
    assert "remove its counter: the printed mine beneath it no longer counts" in classic
    micro = _text(_kit(EXAMPLES / "mdd-micro" / "kit.yaml")[4].pdf)
    assert "put the walls and the bomb counters where the picture of the track shows them" in micro
    assert "printed bomb" not in micro


def _catalog(game_folder: Path, lang: str | None) -> dict[str, str]:
    path = game_folder / f"{lang}.po"
    if lang is None or not path.is_file():
        return {}
    with path.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if m.id and m.string and not m.fuzzy}


def _complete(game_folder: Path, lang: str) -> bool:
    folders = [game_folder, installed_folders()["components"]]
    rows = [row for folder in folders for row in coverage(folder) if row.lang == lang]
    return len(rows) == 2 and all(row.translated == row.total for row in rows)


_BIDI_CONTROLS = dict.fromkeys([*range(0x200E, 0x2010), *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def _words(text: str) -> list[str]:
    """The words of right-to-left text as pdftotext reads them back: without bidi controls and vowel marks
    (poppler puts a space after a mark it reads apart from its letter: dropped with it), in any order (it
    orders the words of a heading or a table cell by where they stand on the page)."""
    bare: list[str] = []
    for char in text.translate(_BIDI_CONTROLS):
        if unicodedata.category(char) == "Mn":
            bare.append("\0")
        elif not (char.isspace() and bare and bare[-1] == "\0"):
            bare.append(char)
    return "".join(bare).replace("\0", "").split()


def _holds(text: str, words: str, right_to_left: bool = False) -> bool:
    """`words` in a page's extracted text (read with `_page_texts`): as a phrase, or for right-to-left text
    every one of its words."""
    if right_to_left:
        found = set(_words(text))
        return all(word in found for word in _words(words))
    return words in text


def _page_texts(pdf: bytes, right_to_left: bool) -> list[str]:
    """Each page's text on one line: pdfplumber's, or for right-to-left text poppler's, which reads the letters
    of a word in logical order (pdfplumber gives them as drawn)."""
    if right_to_left:
        if shutil.which("pdftotext") is None:
            pytest.skip("needs pdftotext (poppler-utils) to read right-to-left text back")
        out = subprocess.run(["pdftotext", "-", "-"], input=pdf, check=True, capture_output=True).stdout
        return [" ".join(page.split()) for page in out.decode("utf-8").split("\f")]
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [" ".join((page.extract_text() or "").split()) for page in doc.pages]


def _build_pages(pdf: bytes, heading: str, right_to_left: bool = False) -> list[int]:
    """The pages of the "How to build the kit" chapter (its title, as translated, heads each of them), not
    the table of contents."""
    texts = _page_texts(pdf, right_to_left)
    pages = [i for i, text in enumerate(texts) if _holds(text, heading, right_to_left) and ". . ." not in text]
    assert pages
    run = [pages[-1]]  # the chapter's pages, one run at the end (contents set without dot leaders, as
    while run[0] - 1 in pages:  # right-to-left and CJK rulebooks have them, name the heading too)
        run.insert(0, run[0] - 1)
    assert all(i < run[0] and i <= 2 for i in pages if i not in run)  # only the contents come before
    return run


@pytest.mark.parametrize("lang", [None, *available_languages()], ids=lambda lang: lang or "en")
@pytest.mark.parametrize("spec", FAMILY, ids=_ids)
def test_how_to_build_pages_render_in_every_language_as_vectors(spec: Path, lang: str | None):
    loaded = load_spec(spec)
    folder = loaded.plugin.rulebook(loaded.spec).source.parent
    strict = lang is None or _complete(folder, lang)
    job, _plan, _guide, _, result = _kit(spec, lang, strict)
    words = _catalog(folder, lang)
    data = parse_build((folder / "build.yaml").read_text(encoding="utf-8"), "build.yaml")
    heading = words.get("How to build the kit", "How to build the kit")
    right_to_left = direction(lang) == "rtl"
    pages = _build_pages(result.pdf, heading, right_to_left)
    texts = _page_texts(result.pdf, right_to_left)
    text = " ".join(texts[i] for i in pages)
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        assert all(not doc.pages[i].images for i in pages)
        assert all(doc.pages[i].curves or doc.pages[i].rects or doc.pages[i].lines for i in pages)
    for group in job.groups:
        piece_type = data.piece_type(group.kind, group.name)
        assert piece_type is not None, f"no build steps for {group.name!r} ({group.kind})"
        title = data.builds[piece_type.build].title.text
        assert _holds(text, words.get(title, title), right_to_left), title


def test_the_assembly_map_shows_the_tiles_of_the_kit_plan():
    _job, plan, _guide, _, result = _kit(EXAMPLES / "mdd-classic" / "kit.yaml")
    (tiles,) = [sheet.assembly for sheet in plan.sheets if sheet.assembly]
    labels = {tile.label for tile in tiles}
    assert len(labels) == 15
    pages = _build_pages(result.pdf, "How to build the kit")
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:  # the labels, not the tiny numbers of the board below
        big = [doc.pages[i].filter(lambda o: o["object_type"] != "char" or o["size"] > 6) for i in pages]
        words = {w["text"] for page in big for w in page.extract_words()}
    assert labels <= words
    letters = {w for w in words if len(w) == 2 and w[0] in "ABCDEFGH" and w[1].isdigit()}
    assert letters == labels


def test_a_kit_on_another_paper_maps_its_own_tiles():
    loaded = load_spec(EXAMPLES / "mdd-classic" / "kit.yaml")
    maps = []
    for paper in ("a4", "a3"):
        _, plan = layout_document(loaded, paper)
        job = print_job(loaded, None, paper)
        guide = loaded.plugin.rulebook(loaded.spec).guide(job, plan)
        (tiles,) = [sheet.assembly for sheet in plan.sheets if sheet.assembly]
        (figure,) = [piece for name, piece in guide.figures.items() if name.endswith("-tiles")]
        shown = {item.text for item in figure.front if hasattr(item, "text") and isinstance(item.text, str)}
        assert shown == {tile.label for tile in tiles}
        maps.append(shown)
    assert maps[0] != maps[1]


def test_a_printed_group_without_build_steps_is_a_warning_not_silence():
    spec = EXAMPLES / "drag-rage" / "kit.yaml"
    loaded = load_spec(spec)
    document, plan = layout_document(loaded)
    job = print_job(loaded)
    spinner = PieceGroup("Spinner", (Piece(30.0, 30.0, (Rect(0, 0, 30, 30),)),), kind="spinners")
    job = replace(job, groups=(*job.groups, spinner))
    request = loaded.plugin.rulebook(loaded.spec)
    assert request.guide(job, plan).missing == ("Spinner",)
    result = render_kit_rulebook(request, None, "a4", "pages", None, False, document, job, plan)
    (warning,) = [d for d in result.warnings if d.rule == "rulebook.build"]
    assert "'Spinner'" in warning.message and warning.file.endswith("build.yaml")


def test_a_rulebook_printed_without_its_kit_marks_the_kit_sections(write_book):
    source = write_book("# T\n\n## What is in the kit\n\n<!-- kit: contents -->\n")
    from pnp.booklet import render_rulebook

    assert "[ kit: contents ]" in _text(render_rulebook(source).pdf)
    with pytest.raises(SpecError) as err:
        render_rulebook(source, strict=True)
    assert "book.md:5:1: error [rulebook.kit]" in err.value.diagnostics[0].format_text()


def test_a_build_file_with_a_text_split_by_a_comma_is_refused_at_its_line():
    text = ("table: {component: C, number: N, use: U}\npages: {label: P, use: U}\nbacks: B\n"
            "pieces:\n  - {kind: cards, use: the rules, in short, build: cards}\n"
            "builds:\n  cards: {title: Cards, steps: [{figure: cut, text: Cut.}]}\n")
    with pytest.raises(SpecError) as err:
        parse_build(text, "build.yaml")
    assert err.value.diagnostics[0].format_text().startswith("build.yaml:5:35: error [rulebook.build]")
    with pytest.raises(SpecError, match="unknown value 'saw'"):
        parse_build(text.replace("the rules, in short", "'the rules, in short'").replace("cut", "saw"), "b")
    guide = parse_build(text.replace("the rules, in short", "'the rules, in short'"), "build.yaml")
    assert guide.pieces[0].use.text == "the rules, in short"


def test_strict_locates_a_missing_build_text_in_build_yaml_not_in_the_rulebook(tmp_path: Path):
    from babel.messages.pofile import write_po

    from pnp.games.mdd.printed.build import BUILD

    folder = installed_folders()["mdd"]
    with (folder / "de.po").open("rb") as po:
        catalog = read_po(po)
    catalog["What it is for"].string = ""  # a text of build.yaml only, line 3
    (tmp_path / "mdd").mkdir()
    with (tmp_path / "mdd" / "de.po").open("wb") as out:
        write_po(out, catalog)
    loaded = load_spec(EXAMPLES / "mdd-micro" / "kit.yaml")
    document, plan = layout_document(loaded, None, lang="de", tr=translator("de"))
    job = print_job(loaded, None, None, translator("de"))
    request = loaded.plugin.rulebook(loaded.spec)
    with pytest.raises(SpecError) as caught:
        render_kit_rulebook(request, "de", plan.paper.name, "pages", tmp_path, True, document, job, plan)
    [found] = [d for d in caught.value.diagnostics if d.rule == "i18n.missing"]
    line = BUILD.read_text(encoding="utf-8").split("\n")[2]
    assert (found.file, found.line, found.column) == (str(BUILD), 3, line.index("What it is for") + 1)
    assert "What it is for" in found.message
