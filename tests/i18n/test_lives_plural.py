"""A kit's `lives:` in its printed rules: the MDD rulebook and the reference card quote the spec's lives per car
(not the rule set's 7), in the form the number takes in each language, and the rulebook's counters sentence
gives the five-life and one-life counters the kit's life counters make of that number (5 = one five, 2 = two
ones, 99 = 19 fives and 4 ones). The other numbers a spec's `cars:` changes follow it too: the rows of the start
grid (6 with 36 cars) and, in the bigger-races variant, the finalists it replaces (10, not the kit's 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.booklet.text import TextResolver
from pnp.games.mdd.model import MddSetup, load_setup
from pnp.games.mdd.printed.kit import mdd_print_job
from pnp.games.mdd.printed.rulebook import mdd_rulebook
from pnp.i18n.translate import translation_for
from pnp.pipeline import translator
from pnp.rulebook.markdown import iter_units, parse_document
from pnp.source.loader import load_yaml_text
from tests.scene_text import scene_words

KIT = Path(__file__).parents[2] / "examples" / "mdd-micro" / "kit.yaml"


def _setup(lives: int, ruleset: str = "v2.1", cars: int = 25) -> MddSetup:
    """The micro kit with `lives: N` and `cars: N`, on the rule set asked for."""
    text = KIT.read_text(encoding="utf-8").replace("\ncars: 25\n", f"\ncars: {cars}\nlives: {lives}\n")
    text = text.replace("ruleset: v2.1", f"ruleset: {ruleset}")
    return load_setup(load_yaml_text(text, str(KIT)))


def _rulebook(lives: int, lang: str, ruleset: str = "v2.1", cars: int = 25) -> str:
    """The kit's rulebook text as a reader of `lang` gets it."""
    request = mdd_rulebook(_setup(lives, ruleset, cars))
    translation = translation_for(request.source, None if lang == "en" else lang)
    document = parse_document(request.source.read_text(encoding="utf-8"), str(request.source))
    resolver = TextResolver(translation, request.context, phrases=document.phrases)
    units = [unit for unit in iter_units(document) if unit not in {p.text for p in document.phrases}]
    text = "\n".join(resolver(unit).plain for unit in units)
    assert translation.missing == [] and resolver.warnings == []
    return text


V21 = {
    ("en", 1): "Every car starts with one life, shown by a one-life counter on its roof.",
    ("en", 2): "Every car starts with 2 lives, shown on its roof by two one-life counters.",
    ("en", 3): "Every car starts with 3 lives, shown on its roof by three one-life counters.",
    ("en", 5): "Every car starts with 5 lives, shown on its roof by one five-life counter.",
    ("en", 7): "Every car starts with 7 lives, shown on its roof by one five-life counter and two one-life "
               "counters.",
    ("en", 11): "Every car starts with 11 lives, shown on its roof by two five-life counters and one one-life "
                "counter.",
    ("en", 14): "Every car starts with 14 lives, shown on its roof by two five-life counters and four one-life "
                "counters.",
    ("en", 99): "Every car starts with 99 lives, shown on its roof by 19 five-life counters and four one-life "
                "counters.",
    ("de", 1): "Jedes Auto beginnt mit einem Leben, angezeigt durch einen Ein-Leben-Marker auf seinem Dach.",
    ("de", 5): "Jedes Auto beginnt mit 5 Leben, angezeigt auf seinem Dach durch einen Fünf-Leben-Marker.",
    ("de", 7): "Jedes Auto beginnt mit 7 Leben, angezeigt auf seinem Dach durch einen Fünf-Leben-Marker und zwei "
               "Ein-Leben-Marker.",
    ("fr", 1): "Chaque voiture commence avec une vie, indiquée par un jeton d'une vie posé sur son toit.",
    ("fr", 11): "Chaque voiture commence avec 11 vies, indiquées sur son toit par deux jetons de cinq vies et "
                "un jeton d'une vie.",
    ("ja", 1): "車はどれもライフ1でスタートします。ライフは屋根に載せたライフ1のチップ1枚で表します。",
    ("ja", 7): "車はどれもライフ7でスタートします。"
               "ライフは屋根に載せたライフ5のチップ1枚とライフ1のチップ2枚で表します。",
    ("ja", 99): "車はどれもライフ99でスタートします。"
                "ライフは屋根に載せたライフ5のチップ19枚とライフ1のチップ4枚で表します。",
    ("ar", 1): "تبدأ كل سيارة بروح واحدة، تبيّنها قطعة بقيمة روح واحدة على سقفها.",
    ("ar", 2): "تبدأ كل سيارة بروحين، تبيّنهما على سقفها قطعتان بقيمة روح واحدة.",
    ("ar", 5): "تبدأ كل سيارة ومعها 5 أرواح، تبيّنها على سقفها قطعة واحدة بقيمة خمس أرواح.",
    ("ar", 7): "تبدأ كل سيارة ومعها 7 أرواح، تبيّنها على سقفها قطعة واحدة بقيمة خمس أرواح وقطعتان بقيمة روح "
               "واحدة.",
    ("ar", 14): "تبدأ كل سيارة ومعها 14 روحًا، تبيّنها على سقفها قطعتان بقيمة خمس أرواح وأربع قطع بقيمة روح "
                "واحدة.",
    ("ar", 11): "تبدأ كل سيارة ومعها 11 روحًا، تبيّنها على سقفها قطعتان بقيمة خمس أرواح وقطعة واحدة بقيمة روح "
                "واحدة.",
    ("ar", 99): "تبدأ كل سيارة ومعها 99 روحًا، تبيّنها على سقفها 19 قطعةً بقيمة خمس أرواح وأربع قطع بقيمة روح "
                "واحدة.",
}


@pytest.mark.parametrize(("lang", "lives"), sorted(V21))
def test_the_rulebook_quotes_the_kits_lives_and_the_counters_they_make(lang, lives):
    assert V21[lang, lives] in _rulebook(lives, lang)


@pytest.mark.parametrize(("lang", "lives", "words"), [
    ("en", 1, "Every car starts with one hit point (HP), shown by a one-HP counter on its roof."),
    ("en", 3, "Every car starts with 3 hit points (HP), shown on its roof by three one-HP counters. Swap"),
    ("en", 5, "Every car starts with 5 hit points (HP), shown on its roof by one five-HP counter. Swap"),
    ("en", 7, "Every car starts with 7 hit points (HP), shown on its roof by one five-HP counter and two one-HP "
              "counters. Swap"),
    ("en", 11, "shown on its roof by two five-HP counters and one one-HP counter. Swap"),
    ("en", 20, "Every car starts with 20 hit points (HP), shown on its roof by four five-HP counters. Swap"),
    ("en", 99, "shown on its roof by 19 five-HP counters and four one-HP counters. Swap"),
    ("de", 7, "Jedes Auto beginnt mit 7 Lebenspunkten (LP), angezeigt auf seinem Dach durch einen Fünf-LP-Marker "
              "und zwei Ein-LP-Marker."),
    ("es", 2, "Cada coche empieza con 2 puntos de vida (PV), que se indican sobre su techo con dos fichas de un "
              "PV."),
    ("it", 1, "Ogni macchinina parte con un punto ferita (PF), indicato da un segnalino da un PF sul tetto."),
    ("el", 11, "Κάθε αυτοκίνητο ξεκινά με 11 πόντους ζωής (ΠΖ), που φαίνονται στην οροφή του με δύο μάρκες "
               "πέντε ΠΖ και μία μάρκα ενός ΠΖ."),
    ("ar", 2, "تبدأ كل سيارة بنقطتي حياة، تبيّنهما على سقفها قطعتان بقيمة نقطة واحدة."),
    ("ar", 7, "تبدأ كل سيارة ومعها 7 نقاط حياة، تبيّنها على سقفها قطعة واحدة بقيمة خمس نقاط وقطعتان بقيمة نقطة "
              "واحدة."),
    ("ar", 99, "تبدأ كل سيارة ومعها 99 نقطةَ حياة، تبيّنها على سقفها 19 قطعةً بقيمة خمس نقاط وأربع قطع بقيمة "
               "نقطة واحدة."),
    ("ja", 5, "車はどれもHP5でスタートします。HPは屋根に載せたHP5のチップ1枚で表します。"),
    ("ja", 7, "車はどれもHP7でスタートします。HPは屋根に載せたHP5のチップ1枚とHP1のチップ2枚で表します。"),
])
def test_the_current_rulebook_quotes_the_kits_hit_points(lang, lives, words):
    assert words in _rulebook(lives, lang, "current")


@pytest.mark.parametrize(("lang", "lives", "words", "not_words"), [
    ("en", 1, "keeps its only life for longest", "all 1 lives"),
    ("en", 5, "keeps all 5 lives for longest", "all 7 lives"),
    ("de", 1, "das sein einziges Leben am längsten behält", "alle 1 Leben"),
    ("ar", 2, "تحتفظ بروحيها كلتيهما أطول مدة", "وعددها 2،"),
    ("ar", 11, "تحتفظ بأرواحها كلها، وعددها 11، أطول مدة", "وعددها 7،"),
])
def test_the_yellow_award_counts_the_kits_lives(lang, lives, words, not_words):
    text = _rulebook(lives, lang)
    assert words in text and not_words not in text


def _card_text(lives: int, lang: str | None) -> str:
    """Every word of the kit's reference cards, as printed in `lang`."""
    tr = translator(lang)
    job = mdd_print_job(_setup(lives), tr=tr)
    [cards] = [group for group in job.groups if group.name == "Reference cards"]
    assert not getattr(tr, "gaps", lambda **_: [])(strict=True)
    return scene_words(item for card in cards.pieces for item in card.front)


@pytest.mark.parametrize(("lang", "lives", "words"), [
    (None, 1, "Each car starts with one life."),
    (None, 2, "Each car starts with 2 lives."),
    (None, 5, "Each car starts with 5 lives."),
    (None, 99, "Each car starts with 99 lives."),
    ("fr", 1, "Chaque voiture commence avec une vie."),
    ("de", 11, "Jedes Auto beginnt mit 11 Leben."),
    ("ja", 5, "どの車もライフ5でスタート。"),
    ("ar", 1, "تبدأ كل سيارة بروح واحدة."),
    ("ar", 2, "تبدأ كل سيارة بروحين."),
    ("ar", 5, "تبدأ كل سيارة ومعها 5 أرواح."),
    ("ar", 11, "تبدأ كل سيارة ومعها 11 روحًا."),
])
def test_the_reference_card_gives_the_kits_lives(lang, lives, words):
    assert words in _card_text(lives, lang)


@pytest.mark.parametrize(("lives", "fives", "ones"), [(99, 19, 4), (20, 4, 0)])
def test_the_counters_sentence_is_what_the_kit_prints_for_each_car(lives, fives, ones):
    """With lives enough for the kit to print more counters than the box's, the kit's life counters are 25
    cars times what the sentence puts on one roof."""
    job = mdd_print_job(_setup(lives))
    [counters] = [group for group in job.groups if group.name == "Life counters"]
    names = [piece.name for piece in counters.pieces]
    assert (names.count("5-life counter"), names.count("1-life counter")) == (25 * fives, max(25 * ones, 60))
    said = {(19, 4): "19 five-life counters and four one-life counters", (4, 0): "four five-life counters"}
    assert f"shown on its roof by {said[fives, ones]}." in _rulebook(lives, "en")


@pytest.mark.parametrize(("lang", "cars", "words"), [
    ("en", 30, "Let 12 cars reach the final instead of 10,"),
    ("de", 36, "Lasst 12 Autos statt 10 ins Finale"),
    ("ar", 30, "واجعل عدد المتأهلين إلى النهائي 12 بدلًا من 10،"),
    ("ja", 36, "決勝に進む車を10台ではなく12台にし"),
    ("en", 25, "Line the cars up in 5 rows at the start."),
    ("en", 30, "Line the cars up in 5 rows at the start."),
    ("en", 36, "Line the cars up in 6 rows at the start."),
    ("ar", 36, "صُفّ السيارات عند خط الانطلاق في 6 صفوف."),
    ("fr", 36, "6 rangées"),
])
def test_a_bigger_kit_quotes_its_own_rows_and_the_finalists_it_replaces(lang, cars, words):
    assert words in _rulebook(7, lang, cars=cars)
