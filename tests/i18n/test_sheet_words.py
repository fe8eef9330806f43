"""Every word pnp prints on a game kit's sheets is translated: rendered in each installed language, a kit's
sheets hold none of the English component texts whose translation differs, and no line is cut short."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.i18n.catalogs import read_po
from pnp.i18n.components import COMPONENTS_DIR, component_translator, gettext_for
from pnp.i18n.languages import SOURCE_LANGUAGE, available_languages
from pnp.layout.text import caps
from tests.conftest import PnpRunner
from tests.i18n.test_spanish_greek import KITS

LANGS = [lang for lang in available_languages() if lang != SOURCE_LANGUAGE]
PROPER_NAMES = ("Mini Demolition Derby", "Drag Rage", "Nitro Dice")
"""Game names, printed as they are in every language (and holding words of the template, like Nitro)."""
_PLACEHOLDER = re.compile(r"\{\w+\}")


@cache
def _english_fragments(lang: str) -> tuple[str, ...]:
    """The English texts of the component template that `lang` translates differently; a text with
    {placeholders} gives its literal pieces of three letters or more. A piece that is also a word of the
    language (Italian "mine") is left out."""
    with open(COMPONENTS_DIR / "messages.pot", "rb") as template:
        msgids = [text for m in read_po(template) if m.id for text in (m.id if m.pluralizable else [m.id])]
    tr = gettext_for(lang)
    entries = component_translator(lang).entries
    translations = " · ".join([tr(msgid) for msgid in msgids] + [f for e in entries.values() for f in e.forms])
    fragments: list[str] = []
    for msgid in msgids:
        if tr(msgid).casefold() == msgid.casefold() and not (msgid in entries and entries[msgid].forms):
            continue  # the same word (German "start" is "Start")
        fragments += [p.strip() for p in _PLACEHOLDER.split(msgid) if len(re.findall(r"[A-Za-z]", p)) >= 3]
    return tuple(f for f in dict.fromkeys(fragments) if not _found(f, translations))


def _sheet_text(pdf: Path) -> str:
    """The words of every page, in one line, game names left out."""
    text = " ".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
    for name in PROPER_NAMES:
        text = text.replace(name, " ")
    return " ".join(text.split())


def test_the_check_sees_english_words():
    """The check itself: an English sheet is full of the template's texts."""
    fragments = _english_fragments(LANGS[0])
    english = "HEATS — first to 2 wins · Player A · kit made with pnp"
    assert [f for f in fragments if _found(f, english)] == ["Heats", "first to", "wins", "Player", "kit made with pnp"]


def _found(fragment: str, text: str) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text) for form in {fragment, caps(fragment)})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(KITS))
def test_kit_sheets_print_no_english_component_text(run_pnp: PnpRunner, tmp_path: Path, game: str, lang: str):
    result = run_pnp("render", KITS[game], "-o", tmp_path, "--lang", lang, "--strict", "--rulebook", "none")
    assert result.exit_code == 0, result.output
    (pdf,) = tmp_path.glob(f"*-{lang}.pdf")
    text = _sheet_text(pdf)
    english = [fragment for fragment in _english_fragments(lang) if _found(fragment, text)]
    assert english == [], f"{game} sheets in {lang} print English: {english}"
    assert "…" not in text, f"{game} sheets in {lang} cut a text short (a translation too long for its place)"


def test_german_sheets_keep_their_nouns_capitalised(run_pnp: PnpRunner, tmp_path: Path):
    """Labels that English prints in lower case ("lane", "finish line", "start") are texts of their own,
    translated as such: a German noun is never lowered ("spur", "ziellinie")."""
    texts = {}
    for game in ("mdd", "nitro-dice"):
        result = run_pnp("render", KITS[game], "-o", tmp_path / game, "--lang", "de", "--strict", "--rulebook", "none")
        assert result.exit_code == 0, result.output
        (pdf,) = (tmp_path / game).glob("*-de.pdf")
        texts[game] = _sheet_text(pdf)
    assert re.search(r"(?<!\w)Spur(?!\w)", texts["mdd"])
    assert "Ziellinie" in texts["nitro-dice"]
    lowered = [w for w in ("spur", "ziellinie", "start") for t in texts.values() if re.search(rf"(?<!\w){w}(?!\w)", t)]
    assert lowered == []
