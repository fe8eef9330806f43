"""A kit prints what a car loses as its rulebook says: hit points (HP) under the current rules, lives under v2.1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.games.mdd.printed.kit import mdd_print_job
from pnp.pipeline import load_spec, translator
from tests.scene_text import scene_words

ROOT = Path(__file__).resolve().parents[4]
MICRO = ROOT / "examples" / "mdd-micro" / "kit.yaml"  # v2.1
CLASSIC = ROOT / "examples" / "mdd-classic" / "kit.yaml"  # current


def _printed(spec: Path, lang: str | None) -> str:
    """Every word on the kit's reference cards and counters, lines joined (no spaces for ja: it has none)."""
    job = mdd_print_job(load_spec(spec).spec, tr=translator(lang))
    pieces = [p for g in job.groups if g.kind in ("cards", "counters") for p in g.pieces]
    assert any(g.name == "Reference cards" for g in job.groups)
    return scene_words((item for p in pieces for item in p.front), "" if lang == "ja" else " ")


@pytest.mark.parametrize(("lang", "hp", "lives"), [
    (None, ["lose 2 HP", "it loses 1 HP", "starts with 7 HP", "Walls, mines and HP"], r"\b(lives|life)\b"),
    ("de", ["2 LP verlieren", "beginnt mit 7 LP", "Mauern, Minen und LP"], r"\bLeben\b"),
    ("ja", ["HPを2失い", "HP7でスタート", "壁、地雷、HPはそのまま"], "ライフ"),
    ("ar", ["تخسر نقطتي حياة", "ومعها 7 نقاط حياة", "والألغام ونقاط الحياة"], "روح|أرواح"),
])
def test_a_current_rules_kit_prints_hp_as_its_rulebook_does(lang, hp, lives):
    printed = _printed(CLASSIC, lang)
    assert [text for text in hp if text not in printed] == []
    assert re.findall(lives, printed, re.IGNORECASE) == []


@pytest.mark.parametrize(("lang", "lives", "hp"), [
    (None, ["lose 2 lives", "starts with 7 lives", "Walls, bombs and lives"], r"\bHP\b"),
    ("de", ["2 Leben verlieren", "beginnt mit 7 Leben"], r"\bLP\b"),
    ("ja", ["ライフを2失い", "ライフ7でスタート"], "HP"),
    ("ar", ["تخسر روحين", "والأرواح"], "نقطة حياة|نقاط حياة|نقطتي حياة"),
])
def test_a_v21_kit_still_prints_lives(lang, lives, hp):
    printed = _printed(MICRO, lang)
    assert [text for text in lives if text not in printed] == []
    assert re.findall(hp, printed) == []
