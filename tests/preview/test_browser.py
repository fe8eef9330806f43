"""The preview page in a real browser (headless Chromium through Playwright): sheets, live edits, diagnostics.

Skipped only when Playwright or a Chromium is not installed (`.ci/run` installs Debian's chromium)."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.preview.crowds import Tricklers, open_idle, open_streams
from tests.preview.running import Preview, running_preview

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("no Chromium installed (apt-get install chromium)", allow_module_level=True)

LIVE_TIMEOUT_MS = 3000
"""How soon an edit must show on the page."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def opened(browser: Any, tmp_path: Path) -> Iterator[tuple[Preview, Any]]:
    """A preview of the example deck, built once, open in a fresh page."""
    with running_preview(tmp_path / "kit") as preview:
        preview.wait_for_build()
        page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)  # its waits evaluate
        page.goto(preview.url)
        page.wait_for_function("document.body.dataset.build === '1'")
        page.evaluate("window.notReloaded = true")
        yield preview, page
        page.close()


def test_the_page_shows_every_sheet(opened: tuple[Preview, Any], tmp_path: Path) -> None:
    preview, page = opened
    status = preview.status()
    images = page.locator("#sheets img")
    assert images.count() == len(status["pages"]) == 12
    assert [images.nth(i).get_attribute("src") for i in range(images.count())] == status["pages"]
    page.wait_for_function("[...document.querySelectorAll('#sheets img')].every(i => i.complete && i.naturalWidth)")
    assert images.first.evaluate("i => i.naturalWidth") > 700  # an A4 sheet at 100 dpi: 827 px wide
    assert page.locator("#cards a.card").count() == 54
    assert page.locator("#problems").is_hidden()
    page.screenshot(path=str(tmp_path / "preview.png"))


def test_a_name_edited_in_the_csv_appears_without_a_reload(opened: tuple[Preview, Any]) -> None:
    preview, page = opened
    first_sheet = page.locator("#sheets img").first.get_attribute("src")
    last_sheet = page.locator("#sheets img").nth(5).get_attribute("src")
    page.evaluate("window.scrollTo(0, 600)")
    preview.edit_csv("\nA♠,1,,A,♠,", "\nAce of spades,1,,A,♠,")
    started = time.monotonic()
    page.wait_for_function("document.querySelector('#cards').textContent.includes('Ace of spades')",
                           timeout=LIVE_TIMEOUT_MS)
    assert time.monotonic() - started < LIVE_TIMEOUT_MS / 1000
    assert page.evaluate("window.notReloaded") is True
    assert page.evaluate("window.scrollY") == 600
    assert page.locator("#sheets img").first.get_attribute("src") == first_sheet  # the name is not printed
    preview.edit_csv("\nAce of spades,1,,A,♠,1,", "\nAce of spades,1,,A,♠,9,")  # its speed is
    page.wait_for_function(f"document.querySelector('#sheets img').getAttribute('src') !== '{first_sheet}'",
                           timeout=LIVE_TIMEOUT_MS)
    assert page.locator("#sheets img").nth(5).get_attribute("src") == last_sheet  # the other sheets stay


def test_a_bad_colour_shows_its_line_and_keeps_the_sheets_until_fixed(opened: tuple[Preview, Any],
                                                                      tmp_path: Path) -> None:
    preview, page = opened
    sheets = [page.locator("#sheets img").nth(i).get_attribute("src") for i in range(12)]
    preview.edit_csv("\n3♠,1,,3,♠,3,#1f2a44", "\n3♠,1,,3,♠,3,bluish")
    page.wait_for_function("document.querySelector('#diagnostics').textContent.includes('bluish')",
                           timeout=LIVE_TIMEOUT_MS)
    problem = page.locator("#diagnostics li").first
    assert problem.locator(".where").text_content() == "cards.csv:4:7"  # the header is line 1, 3♠ is line 4
    assert problem.locator(".severity").text_content() == "error"
    assert problem.locator(".rule").text_content() == "[deck.data.colour]"
    assert [page.locator("#sheets img").nth(i).get_attribute("src") for i in range(12)] == sheets
    assert page.locator("#sheets").get_attribute("class") == "stale"
    assert "showing the last good sheets" in page.locator("#state").text_content()
    page.screenshot(path=str(tmp_path / "preview-stale.png"), full_page=False)
    preview.edit_csv("\n3♠,1,,3,♠,3,bluish", "\n3♠,1,,3,♠,3,#1f2a44")
    page.wait_for_function("document.querySelectorAll('#diagnostics li').length === 0", timeout=LIVE_TIMEOUT_MS)
    assert page.locator("#problems").is_hidden()
    assert page.locator("#sheets").get_attribute("class") == ""
    assert page.evaluate("window.notReloaded") is True


def test_clicking_a_problem_shows_its_card_on_its_sheet(opened: tuple[Preview, Any], tmp_path: Path) -> None:
    preview, page = opened
    preview.edit_csv("\n5♥,1,,5,♥,5,#c0392b", "\n5♥,1,,5,♥,5,bluish")  # card 18: fronts 2 print on sheet 3
    page.wait_for_function("document.querySelector('#diagnostics').textContent.includes('bluish')",
                           timeout=LIVE_TIMEOUT_MS)
    page.locator("#diagnostics li a.where").first.click()
    pointed = page.locator("#sheet-3 .pointed")
    assert pointed.count() == 1 and pointed.get_attribute("title") == "5♥"
    sheet = page.locator("#sheet-3 img").bounding_box()
    box = pointed.bounding_box()
    # the last card of a 3 x 3 grid: its outline lies in the sheet's lower right third, 63 mm of 210 wide
    assert box["x"] > sheet["x"] + sheet["width"] * 0.6 and box["y"] > sheet["y"] + sheet["height"] * 0.6
    assert abs(box["width"] / sheet["width"] - 63 / 210) < 0.01
    assert sheet["y"] < 900 and sheet["y"] + sheet["height"] > 0  # scrolled into view
    page.screenshot(path=str(tmp_path / "preview-pointed.png"), full_page=False)
    page.locator("#cards a.card", has_text="A♠").click()
    assert page.locator(".pointed").count() == 1 and page.locator("#sheet-1 .pointed").count() == 1


def test_on_a_phone_the_page_fits_the_screen(opened: tuple[Preview, Any], browser: Any) -> None:
    preview, _page = opened
    page = browser.new_page(viewport={"width": 390, "height": 800}, is_mobile=True, has_touch=True,
                            device_scale_factor=2, bypass_csp=True)
    page.goto(preview.url)
    page.wait_for_function("document.body.dataset.build === '1'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing to scroll sideways
    sheet = page.locator("#sheets img").first.bounding_box()
    cards = page.locator("#cards").bounding_box()
    assert sheet["width"] > 300  # one sheet across the screen
    assert cards["y"] > sheet["y"]  # the card list goes below the sheets
    page.close()


def test_the_page_loads_and_goes_live_while_slow_clients_crowd_the_preview(browser: Any, tmp_path: Path) -> None:
    # 70 connections sending a byte every 4 s held every slot, and 66 event streams did too: the page got 503
    with running_preview(tmp_path / "kit") as preview:
        preview.wait_for_build()
        streams = open_streams(preview.port, 66)
        idle = open_idle(preview.port, 70)
        try:
            with Tricklers(preview.port, count=70, every=4.0, rounds=4):
                page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
                assert page.goto(preview.url).status == 200
                page.wait_for_function("document.body.dataset.build === '1' && [...document.querySelectorAll("
                                       "'#sheets img')].every(i => i.complete && i.naturalWidth)")
                assert page.locator("#sheets img").count() == 12
                first_sheet = page.locator("#sheets img").first.get_attribute("src")
                preview.edit_csv("\nA♠,1,,A,♠,1,", "\nA♠,1,,A,♠,9,")  # its own event stream brings the rebuild
                page.wait_for_function(f"document.querySelector('#sheets img').getAttribute('src') !== "
                                       f"'{first_sheet}'", timeout=LIVE_TIMEOUT_MS)
                page.close()
        finally:
            for conn in [*idle, *(conn for conn, _status in streams)]:
                conn.close()
