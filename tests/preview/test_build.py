"""The preview's builds in-process: sheets drawn again only when they change, saves caught from the start."""

from __future__ import annotations

import threading
from pathlib import Path

from pnp.layout.scene import Document
from pnp.pipeline import RunLimits
from pnp.preview.build import Build, Builder, _rasterise, status
from pnp.preview.watch import Watcher
from tests.preview.running import copy_deck


class Counting:
    """The preview's rasteriser, counting the sheets it is asked to draw."""

    def __init__(self) -> None:
        self.drawn: list[int] = []

    def __call__(self, document: Document) -> list[bytes]:
        self.drawn.append(len(document.pages))
        return _rasterise(document)


def edit(spec: Path, old: str, new: str) -> None:
    csv = spec.parent / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


def test_a_rebuild_draws_only_the_sheet_that_changed(tmp_path: Path) -> None:
    spec = copy_deck(tmp_path)
    counting = Counting()
    builder = Builder(spec, RunLimits(), rasterise=counting)
    first = builder.build()
    assert first.ok and counting.drawn == [12]
    edit(spec, "\n5♥,1,,5,♥,5,", "\n5♥,1,,5,♥,15,")  # card 18, on sheet 2 of the fronts (the kit's sheet 3)
    second = builder.build({spec.parent / "cards.csv"})
    assert counting.drawn == [12, 1]
    changed = [i for i, (a, b) in enumerate(zip(first.pages, second.pages, strict=True)) if a != b]
    assert changed == [2]
    assert set(second.images) == set(second.pages)  # the old drawing of sheet 3 is no longer served


def test_a_failed_build_keeps_the_last_good_sheets(tmp_path: Path) -> None:
    spec = copy_deck(tmp_path)
    builder = Builder(spec, RunLimits())
    good = builder.build()
    edit(spec, "#1f2a44", "nocolour")
    bad = builder.build({spec.parent / "cards.csv"})
    assert (bad.number, bad.ok, bad.stale, bad.pages) == (2, False, True, good.pages)
    assert [(d.file, d.line, d.rule) for d in bad.diagnostics] == [(str(spec.parent / "cards.csv"), 2,
                                                                     "deck.data.colour")]


def test_a_problem_points_at_its_card_and_sheet(tmp_path: Path) -> None:
    spec = copy_deck(tmp_path)
    builder = Builder(spec, RunLimits())
    builder.build()
    edit(spec, "\n5♥,1,,5,♥,5,#c0392b", "\n5♥,1,,5,♥,5,bluish")  # card 18: the last of the second front sheet
    failed = status(builder.build({spec.parent / "cards.csv"}), spec.parent)
    [problem] = failed["diagnostics"]
    card = failed["cards"][problem["card"]]
    assert (card["name"], problem["page"], card["page"]) == ("5♥", 3, 3)  # fronts 1, 2 are sheets 1, 3


def test_a_problem_in_the_shared_front_points_at_the_decks_first_card(tmp_path: Path) -> None:
    spec = copy_deck(tmp_path)
    spec.write_text(spec.read_text(encoding="utf-8").replace("size: 6mm, font: sans-bold", "size: 6mm, font: nofont"),
                    encoding="utf-8")
    built = Builder(spec, RunLimits()).build()
    problems = [d for d in status(built, spec.parent)["diagnostics"] if d["file"] == str(spec)]
    assert problems and all(d["card"] is None for d in problems)  # the first build failed: no cards yet
    spec.write_text(spec.read_text(encoding="utf-8").replace("font: nofont", "font: sans-bold"), encoding="utf-8")
    builder = Builder(spec, RunLimits())
    builder.build()
    spec.write_text(spec.read_text(encoding="utf-8").replace("size: 6mm, font: sans-bold", "size: 6mm, font: nofont"),
                    encoding="utf-8")
    shown = status(builder.build({spec}), spec.parent)
    problems = [d for d in shown["diagnostics"] if d["file"] == str(spec)]
    assert problems and {(d["card"], d["page"]) for d in problems} == {(0, 1)}


def test_a_save_right_after_the_first_build_is_not_missed(tmp_path: Path) -> None:
    spec = copy_deck(tmp_path)
    builds: list[Build] = []
    second = threading.Event()

    def publish(build: Build) -> None:
        builds.append(build)
        if build.number == 1:  # saved before the watcher is watching
            edit(spec, "\nA♠,", "\nAce,")
        else:
            second.set()

    watcher = Watcher(Builder(spec, RunLimits()), publish)
    thread = threading.Thread(target=watcher.run, daemon=True)
    thread.start()
    try:
        assert second.wait(10), "the save was missed"
    finally:
        watcher.stop.set()
        thread.join(5)
    assert builds[1].cards[0].name == "Ace"
