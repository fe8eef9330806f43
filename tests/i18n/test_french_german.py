"""The French and German catalogs: complete, and every game's kit and rulebook prints in them with --strict."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.booklet import render_rulebook
from pnp.booklet.request import render_kit_rulebook
from pnp.games.dragrage.model import DragRageSpec
from pnp.games.dragrage.printed.kit import dragrage_rulebook
from pnp.games.dragrage.variant import Crossing
from pnp.games.mdd.printed.rulebook import RULEBOOKS as MDD_RULEBOOKS
from pnp.games.mdd.printed.rulebook import example_figures, rulebook_context
from pnp.games.mdd.rulesets import limits_for
from pnp.i18n.catalogs import coverage
from tests.booklet.conftest import pdf_text
from tests.conftest import PnpRunner
from tests.i18n.test_catalogs import FOLDERS

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["fr", "de"]

KITS = {
    # kit: {lang: (texts on the kit's sheets, texts in its rulebook)}; English that must not print
    "mdd-micro/kit.yaml": {
        "fr": (["feuille 1 sur 6", "Déplacer une voiture", "coller dessous"],
               ["Règles complètes, version 2.1 (2009)", "Le dé donne 5.", "Récompenses", "Fabriquer le kit"]),
        "de": (["Blatt 1 von 6", "So fährt ein Auto", "darunter kleben"],
               ["Vollständige Regeln, Version 2.1 (2009)", "Gewürfelt: 5.", "Preise", "Das Kit basteln"]),
        None: (["sheet 1 of 6", "How a car moves"],
               ["Complete rules, version 2.1", "Rolls 5.", "How to build the kit"]),
    },
    "nitro-dice/four-lap-race.yaml": {
        "fr": (["Départ/Arrivée", "Virage A", "Ligne droite"],
               ["construire vos propres circuits", "Cartes de circuit"]),
        "de": (["Start/Ziel", "Kurve A", "Gerade"], ["eigene Strecken bauen", "Streckenkarten"]),
        None: (["actual size"], ["building your own tracks", "Track cards"]),
    },
    "drag-rage/kit.yaml": {
        "fr": (["versos de la feuille 2", "imprimer à 100"],
               ["Gagner une manche", "Parachute cassé", "Tableau des manches"]),
        "de": (["Rückseiten von Blatt 2", "Originalgröße"], ["Einen Lauf gewinnen", "Motorschaden", "Lauftafel"]),
        None: (["backs of sheet 2", "actual size"], ["Winning a heat", "Blown engine", "Heat tracker"]),
    },
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_the_catalog_is_complete(name: str, lang: str) -> None:
    (row,) = [row for row in coverage(FOLDERS[name]) if row.lang == lang]
    assert (row.translated, row.fuzzy, row.untranslated) == (row.total, 0, 0)
    assert row.total > 0


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kit", sorted(KITS))
def test_each_game_prints_its_kit_and_rulebook_in_the_language(run_pnp: PnpRunner, tmp_path: Path, kit: str,
                                                               lang: str) -> None:
    result = run_pnp("render", ROOT / "examples" / kit, "-o", tmp_path, "--lang", lang, "--strict")
    assert result.exit_code == 0, result.output
    (sheets,) = tmp_path.glob(f"*-{lang}.pdf")
    (rules,) = tmp_path.glob(f"*-{lang}-rules.pdf")
    printed = {"sheets": pdf_text(sheets.read_bytes()), "rules": pdf_text(rules.read_bytes())}
    for where, wanted, english in zip(printed, KITS[kit][lang], KITS[kit][None], strict=True):
        assert [text for text in wanted if text not in printed[where]] == [], where
        assert [text for text in english if text in printed[where]] == [], where


@pytest.mark.parametrize(("lang", "title", "example"), [
    ("fr", "Règles complètes, édition actuelle", "Le dé donne 4 ; la bleue est juste devant la rouge"),
    ("de", "Vollständige Regeln, aktuelle Ausgabe", "Gewürfelt: 4, das blaue steht direkt vor dem roten"),
])
def test_the_current_mdd_rules_print_in_the_language(lang: str, title: str, example: str) -> None:
    source = MDD_RULEBOOKS / "rules-current.md"
    result = render_rulebook(source, lang=lang, context=rulebook_context(limits_for("current")),
                             figures=example_figures(source))
    text = pdf_text(result.pdf)
    assert title in text and example in text
    assert result.warnings == []


@pytest.mark.parametrize(("lang", "challengeable", "final"), [
    ("fr", "peut être défié au tour suivant", "ne peut pas être défié"),
    ("de", "kann wie jeder andere Zug gleich danach herausgefordert werden", "kann nicht herausgefordert werden"),
])
def test_the_drag_rage_rulebook_states_the_kits_crossing_reading(lang: str, challengeable: str, final: str) -> None:
    for crossing, says, not_says in [(Crossing.CHALLENGEABLE, challengeable, final),
                                     (Crossing.FINAL, final, challengeable)]:
        spec = DragRageSpec(game="drag-rage", crossing_move=crossing)
        text = pdf_text(render_kit_rulebook(dragrage_rulebook(spec), lang, "a4", "pages").pdf)
        assert says in text and not_says not in text
