"""Texts bound to a number (`singular {% plural EXPR %} plural`): gettext plural entries chosen by each
catalog's Plural-Forms and the number's value, so "12 cars" reads right in Arabic (سيارةً, not سيارات) and
"1 cars" is never printed in English; a plural entry with an empty form is a located warning."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from pnp.booklet.text import TextResolver
from pnp.diagnostics import SpecError
from pnp.games.mdd.printed.build import build_data
from pnp.games.mdd.printed.rulebook import RULEBOOKS, rulebook_context
from pnp.games.mdd.rulesets import limits_for
from pnp.i18n.catalogs import coverage
from pnp.i18n.cli import i18n
from pnp.i18n.translate import translation_for
from pnp.rulebook.markdown import iter_units, parse_document
from pnp.rulebook.steps import guide_units

RULE_SETS = {"current": RULEBOOKS / "rules-current.md", "v2.1": RULEBOOKS / "rules-v2.1.md"}


def _texts(lang: str, ruleset: str, finalists: int, teams: int = 5, cars: int = 25) -> list[str]:
    """Every text of the MDD rulebook (and its build guide) as printed in `lang` for a kit of these numbers."""
    source = RULE_SETS[ruleset]
    context = {**rulebook_context(limits_for(ruleset), cars=cars, teams=teams, finalists=finalists),
               "printed": {"paper": "A4", "pages": 3, "dice": 1}}
    translation = translation_for(source, None if lang == "en" else lang)
    document = parse_document(source.read_text(encoding="utf-8"), str(source))
    resolver = TextResolver(translation, context, phrases=document.phrases)
    units = iter_units(document)
    units += guide_units(build_data())
    texts = [resolver(unit).plain for unit in units]
    assert translation.missing == [] and resolver.warnings == []
    return texts


def _joined(lang: str, ruleset: str, finalists: int, teams: int = 5) -> str:
    return "\n".join(_texts(lang, ruleset, finalists, teams))


@pytest.mark.parametrize("ruleset", ["current", "v2.1"])
@pytest.mark.parametrize(("finalists", "words"), [
    (1, "لا تتأهل إلى النهائي إلا أول سيارة تعبر الخط،"),
    (2, "تتأهل أول سيارتين تعبران الخط إلى النهائي"),
    (5, "تتأهل أول 5 سيارات تعبر الخط"),
    (11, "تتأهل أول 11 سيارةً تعبر الخط"),
    (12, "تتأهل أول 12 سيارةً تعبر الخط"),
    (100, "تتأهل أول 100 سيارة تعبر الخط"),
])
def test_arabic_counts_the_finalists_in_the_form_their_number_takes(ruleset, finalists, words):
    text = _joined("ar", ruleset, finalists)
    assert words in text
    assert f"{finalists} سيارات" not in text or 3 <= finalists <= 10  # the plural of 3-10 only


@pytest.mark.parametrize(("teams", "words"), [
    (1, "تشكّل السيارات كلها فريقًا واحدًا"),
    (2, "على فريقين"),
    (5, "على 5 فرق"),
    (11, "على 11 فريقًا"),
])
def test_arabic_counts_the_teams_in_the_rules_and_the_kit_table(teams, words):
    texts = _texts("ar", "current", 10, teams=teams, cars=max(teams, 25))
    assert any(words in text for text in texts)
    kit_rows = [text for text in texts if "من السيارات، " in text or "من السيارات،" in text]
    expected = {1: "فريق واحد من السيارات", 2: "فريقان من السيارات", 5: "5 فرق من السيارات",
                11: "11 فريقًا من السيارات"}[teams]
    assert kit_rows and all(expected in row for row in kit_rows)


def test_qualifying_ends_with_two_cars_in_the_dual():
    text = _joined("ar", "v2.1", 2)
    assert "وتنتهي ما إن تعبر سيارتان خط النهاية" in text
    assert "يبلغ عدد السيارات التي عبرت خط النهاية 2" not in text


_ONE_PLURAL = {
    "en": r"\b1 (cars|teams)\b|\b1th\b",
    "de": r"\b1 (Autos|Teams)\b|\bdas 1\. Auto",
    "fr": r"\b1 (voitures|équipes)\b|\b1e voiture",
    "es": r"\b1 (coches|equipos)\b",
    "it": r"\b1 (macchinine|squadre)\b|\b1ª",
    "el": r"\b1 (αυτοκίνητα|ομάδες)\b|\b1ο αυτοκίνητο",
}


@pytest.mark.parametrize("lang", sorted(_ONE_PLURAL))
@pytest.mark.parametrize("ruleset", ["current", "v2.1"])
def test_one_finalist_and_one_team_are_singular_in_english_and_the_european_languages(lang, ruleset):
    text = _joined(lang, ruleset, 1, teams=1)
    assert not re.search(_ONE_PLURAL[lang], text), re.search(_ONE_PLURAL[lang], text)


def test_english_keeps_its_plural_for_other_numbers_and_names_no_ordinal():
    text = _joined("en", "current", 12)
    assert "The first 12 cars over the line go on to the final" in text
    assert "It ends as soon as 12 cars have crossed the finish line" in text
    assert "12th" not in text
    assert "Only the first car over the line goes on to the final" in _joined("en", "current", 1)


def test_japanese_has_one_form_for_every_number():
    for finalists in (1, 2, 12):
        assert f"先にゴールラインを越えた{finalists}台が決勝に進み" in _joined("ja", "current", finalists)


BOOK = """# Title

One car starts.
{% plural rules.cars %}
The {{ rules.cars }} cars start.
"""


def _folder(tmp_path: Path, forms: list[str]) -> Path:
    (tmp_path / "rules.md").write_text(BOOK, encoding="utf-8")
    assert CliRunner().invoke(i18n, ["update", str(tmp_path), "--init", "ar"]).exit_code == 0
    with (tmp_path / "ar.po").open("rb") as handle:
        catalog = read_po(handle)
    catalog.get("Title").string = "العنوان"
    catalog.get("One car starts.").string = tuple(forms)
    with (tmp_path / "ar.po").open("wb") as out:
        write_po(out, catalog)
    return tmp_path


FORMS = ["لا سيارة تنطلق.", "تنطلق سيارة واحدة.", "تنطلق سيارتان.", "تنطلق {{ rules.cars }} سيارات.",
         "تنطلق {{ rules.cars }} سيارةً.", "تنطلق {{ rules.cars }} سيارة."]


def test_a_number_bound_text_is_one_plural_entry_with_six_forms_in_arabic(tmp_path):
    folder = _folder(tmp_path, FORMS)
    text = (folder / "messages.pot").read_text(encoding="utf-8")
    assert 'msgid "One car starts."\nmsgid_plural "The {{ rules.cars }} cars start."' in text
    assert "msgstr[5]" in (folder / "ar.po").read_text(encoding="utf-8")
    [row] = coverage(folder)
    assert (row.translated, row.untranslated, row.problems) == (2, 0, ())


def test_a_plural_entry_with_an_empty_form_is_a_located_warning_and_not_translated(tmp_path):
    folder = _folder(tmp_path, [*FORMS[:4], "", FORMS[5]])
    result = CliRunner().invoke(i18n, ["status", str(folder)])
    assert result.exit_code == 0
    assert "ar        1/2     50.0%" in result.output
    line = next(n for n, text in enumerate((folder / "ar.po").read_text().splitlines(), 1)
                if text.startswith('msgid "One car starts."'))
    assert f"ar.po:{line}:1: warning [i18n.plural]" in result.output
    assert "msgstr[4] (for 11, 12, 13...)" in result.output


def test_rendering_with_an_empty_form_prints_english_and_fails_under_strict(tmp_path):
    folder = _folder(tmp_path, [*FORMS[:4], "", FORMS[5]])
    translation = translation_for(folder / "rules.md", "ar")
    resolver = TextResolver(translation, {"rules": {"cars": 12}})
    [_, unit] = iter_units(parse_document(BOOK, str(folder / "rules.md")))
    assert resolver(unit).plain == "The 12 cars start."
    with pytest.raises(SpecError) as raised:
        translation.check_strict()
    assert any(d.rule == "i18n.plural" and d.file.endswith("ar.po") for d in raised.value.diagnostics)


def test_each_number_takes_its_arabic_form(tmp_path):
    folder = _folder(tmp_path, FORMS)
    [_, unit] = iter_units(parse_document(BOOK, str(folder / "rules.md")))
    printed = {n: TextResolver(translation_for(folder / "rules.md", "ar"), {"rules": {"cars": n}})(unit).plain
               for n in (0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111)}
    assert printed == {0: FORMS[0], 1: FORMS[1], 2: FORMS[2], 3: "تنطلق 3 سيارات.", 10: "تنطلق 10 سيارات.",
                       11: "تنطلق 11 سيارةً.", 99: "تنطلق 99 سيارةً.", 100: "تنطلق 100 سيارة.",
                       102: "تنطلق 102 سيارة.", 103: "تنطلق 103 سيارات.", 111: "تنطلق 111 سيارةً."}


def test_the_plural_mark_is_checked_where_it_is_written():
    with pytest.raises(SpecError) as raised:
        parse_document("# T\n\nOne. {% plural a %} Two. {% plural b %} Three.\n", "book.md")
    assert (raised.value.diagnostics[0].rule, raised.value.diagnostics[0].line) == ("rulebook.plural", 3)
    [_, unit] = iter_units(parse_document(BOOK, "book.md"))
    with pytest.raises(SpecError) as raised:
        TextResolver(translation_for(Path("book.md"), None), {"rules": {"cars": "many"}})(unit)
    assert raised.value.diagnostics[0].rule == "rulebook.plural"


def _qualifying_card(lang: str | None, finalists: int) -> str:
    from pnp.games.mdd.printed.draw_reference import reference_cards
    from pnp.pipeline import translator
    from tests.scene_text import scene_words

    tr = translator(lang)
    cards = reference_cards(limits_for("v2.1"), finalists, "credit", tr=tr)
    assert not getattr(tr, "gaps", lambda **_: [])(strict=True)
    return scene_words(item for card in cards for item in card.front)


@pytest.mark.parametrize(("lang", "finalists", "words"), [
    (None, 1, "Qualifying ends when the first car has qualified"),
    (None, 12, "Qualifying ends when 12 cars have qualified"),
    ("ar", 1, "تنتهي التصفيات حين تتأهل أول سيارة"),
    ("ar", 2, "تنتهي التصفيات حين تتأهل سيارتان"),
    ("ar", 10, "تنتهي التصفيات حين تتأهل 10 سيارات"),
    ("ar", 12, "تنتهي التصفيات حين تتأهل 12 سيارةً"),
    ("fr", 1, "dès que la première voiture est qualifiée"),
    ("de", 12, "wenn sich 12 Autos qualifiziert haben"),
])
def test_the_reference_card_counts_the_finalists_in_each_language(lang, finalists, words):
    assert words in _qualifying_card(lang, finalists)


def test_a_variant_spec_with_30_cars_prints_12_finalists_and_6_teams_in_their_arabic_forms():
    """The micro kit set to 30 cars: its rulebook quotes the spec's 12 finalists and 6 teams."""
    from pnp.games.mdd.model import load_setup
    from pnp.games.mdd.printed.rulebook import mdd_rulebook
    from pnp.source.loader import load_yaml_text

    kit = Path(__file__).parents[2] / "examples" / "mdd-micro" / "kit.yaml"
    spec = kit.read_text(encoding="utf-8").replace("\ncars: 25\n", "\ncars: 30\n")
    request = mdd_rulebook(load_setup(load_yaml_text(spec, str(kit))))
    assert (request.context["rules"]["finalists"], request.context["rules"]["teams"]) == (12, 6)
    translation = translation_for(request.source, "ar")
    document = parse_document(request.source.read_text(encoding="utf-8"), str(request.source))
    resolver = TextResolver(translation, request.context, phrases=document.phrases)
    units = iter_units(document)
    text = "\n".join(resolver(unit).plain for unit in units)
    assert "تتأهل أول 12 سيارةً تعبر الخط إلى النهائي" in text
    assert "على 6 فرق" in text and "12 سيارات" not in text
    assert translation.missing == [] and resolver.warnings == []


def test_a_single_translation_of_a_number_bound_text_is_reported_and_not_printed(tmp_path):
    (tmp_path / "rules.md").write_text(BOOK, encoding="utf-8")
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="ar")
    catalog.add("Title", "العنوان")
    catalog.add("One car starts.", "تنطلق {{ rules.cars }} سيارات.")  # one msgstr where six are needed
    with (tmp_path / "ar.po").open("wb") as out:
        write_po(out, catalog)
    line = next(n for n, text in enumerate((tmp_path / "ar.po").read_text().splitlines(), 1)
                if text.startswith('msgid "One car starts."'))
    result = CliRunner().invoke(i18n, ["status", str(tmp_path)])
    assert "ar        1/2     50.0%" in result.output
    assert f"ar.po:{line}:1: warning [i18n.plural]" in result.output and "needs 6 forms" in result.output
    [_, unit] = iter_units(parse_document(BOOK, str(tmp_path / "rules.md")))
    translation = translation_for(tmp_path / "rules.md", "ar")
    assert TextResolver(translation, {"rules": {"cars": 12}})(unit).plain == "The 12 cars start."
    assert [d.rule for d in translation.warnings()] == ["i18n.missing", "i18n.plural"]
