"""Output file names come from the kit's title: letters of every script are kept, and two different titles
never share a stem because their letters were dropped or their ends cut off."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.render.outputs import slug
from tests.conftest import MINIMAL_KIT, KitFactory, PnpRunner

LONG = "The quite remarkably long title of a kit that goes on and on past sixty characters"


@pytest.mark.parametrize(("title", "stem"), [
    ("Demo race deck", "demo-race-deck"),
    ("Mini Demolition Derby — Classic edition", "mini-demolition-derby-classic-edition"),
    ("Дракон", "дракон"),
    ("Ωμέγα", "ωμέγα"),
    ("ＦＵＬＬ width", "full-width"),
])
def test_a_title_keeps_its_letters(title: str, stem: str) -> None:
    assert slug(title) == stem


@pytest.mark.parametrize(("one", "other"), [
    ("Дракон", "Ωμέγα"),
    ("!!!", "???"),
    (LONG + " (red)", LONG + " (blue)"),
    ("数" * 70, "数" * 69 + "字"),
])
def test_different_titles_get_different_stems(one: str, other: str) -> None:
    assert slug(one) != slug(other)
    assert slug(one) == slug(one)  # stable: the same title always gives the same name
    assert len(slug(one).encode("utf-8")) <= 130


def test_a_cut_title_ends_in_a_short_hash_of_the_whole_title() -> None:
    stem = slug(LONG + " (red)")
    head, _, digest = stem.rpartition("-")
    assert head == slug(LONG)[:len(head)] and len(digest) == 8 and int(digest, 16) >= 0


def test_two_kits_with_non_latin_titles_do_not_overwrite_each_other(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    for title in ("Дракон", "Ωμέγα"):
        spec = tmp_kit(MINIMAL_KIT.replace("Test kit", title), name=f"{slug(title)}.yaml")
        result = run_pnp("render", spec, "-o", out, "--format", "pdf")
        assert result.exit_code == 0, result.output
    assert {p.name for p in out.glob("*.pdf")} == {"дракон-a4.pdf", "ωμέγα-a4.pdf"}
