"""One minus sign (U+2212) wherever a number can be negative (issue 38): every page of a table's evening with
negative totals — the sheet and its finish screen, the deal screen, the live view, every deal's explanation,
the table events and their previews, a correction's preview, the table's history, statistics and charts,
the rules pages — and the text of its PDFs never write a hyphen-minus before a number. The browser tests
hold every page they open to the same (tests/browser/conftest.py ``one_minus_sign``)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from scorekeeper.rules import Adjustment, Game, Revoke

from .conftest import Driver
from .events_driver import record
from .tables_driver import SHORT, TablePhone
from .test_corrections_after_events import import_game, open_form
from .test_pdf import pdf_text

HYPHEN_NUMBER = re.compile(r"(^|[\s(\[{:=→←+/|·,;])-\d")
"""A hyphen-minus where a minus is meant: before a digit, not inside a date, a sequence or a code."""
AWAY = re.compile(r"<(script|style|pre|code|textarea)\b.*?</\1>", re.S)
LABELS = re.compile(r'(?:aria-label|title|alt)="([^"]*)"')


def hyphens(page: str) -> list[str]:
    """Each hyphen-minus before a number in a page's text and in the labels a screen reader reads."""
    body = AWAY.sub(" ", page)
    texts = [html.unescape(text) for text in re.split(r"<[^>]+>", body)]
    texts += [html.unescape(label) for label in LABELS.findall(body)]
    return [text.strip()[:80] for text in texts if HYPHEN_NUMBER.search(text)]


def assert_true_minus(driver: Driver, url: str) -> str:
    page = driver.client.get(url)
    assert page.status_code == 200, (url, page.status_code)
    body = page.get_data(as_text=True)
    assert not hyphens(body), (url, hyphens(body))
    return body


def negative_evening(driver: Driver) -> tuple[str, str]:
    """A table's game of three short deals whose totals go below zero (a revoke's −10, an adjustment of
    −30), finished; the table's id and the game's."""
    phone = TablePhone(driver)
    group_id = phone.create()
    game_id = phone.start_game(group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options=SHORT)
    phone.play_exact(game_id, [((1, 1, 0), (1, 0, 1))])
    record(driver, game_id, "revoke", {"seats": "1"})
    record(driver, game_id, "adjustment", {"side": "0", "sign": "-", "points": "30", "reason": "a penalty"})
    phone.play_exact(game_id, [((0, 2, 0), (0, 2, 0)), ((2, 0, 0), (2, 0, 0))], first=2)
    return group_id, game_id


def test_every_page_of_an_evening_below_zero_writes_the_true_minus(driver: Driver, tmp_path: Path) -> None:
    group_id, game_id = negative_evening(driver)
    sheet = assert_true_minus(driver, f"/games/{game_id}")
    assert "−" in sheet and "Biggest swing" in sheet
    for url in (
        f"/games/{game_id}/live",
        f"/games/{game_id}/events",
        f"/games/{game_id}/events/2",
        f"/games/{game_id}/rules",
        f"/games/{game_id}/deals",
        *(f"/games/{game_id}/deals/{number}/explain" for number in (1, 2, 3)),
        f"/games/{game_id}/deals/2",
        f"/tables/{group_id}",
        f"/tables/{group_id}/games",
        f"/tables/{group_id}/stats",
        f"/tables/{group_id}/versus",
    ):
        assert_true_minus(driver, url)
    stats = driver.client.get(f"/tables/{group_id}/stats").get_data(as_text=True)
    for player in re.findall(rf'href="(/tables/{group_id}/players/\d+)"', stats):
        assert_true_minus(driver, player)
    pdf = driver.client.get(f"/games/{game_id}/sheet.pdf")
    text = pdf_text(pdf.data, tmp_path)
    assert "−" in text and not HYPHEN_NUMBER.search(text), [line for line in text.splitlines() if "-" in line]


def test_the_previews_and_the_explanations_write_the_true_minus(driver: Driver) -> None:
    # Romanian Whist: a miss costs the tricks it was off by; an adjustment takes points away.
    game = Game.start("romanian-whist", ["Ann", "Bob", "Cy"])
    engine = game.table.variant.engine
    game = game.record(engine.read_entry(1, {"bids": [1, 1, 0], "tricks": [1, 0, 0]}))
    game = game.add(Revoke(seats=(1,))).add(Adjustment(side=2, points=-7, reason="late"))
    game_id = import_game(driver, game)
    for url in (f"/games/{game_id}", f"/games/{game_id}/deals/1/explain", f"/games/{game_id}/events"):
        assert_true_minus(driver, url)
    preview = driver.client.get(f"/games/{game_id}/events/new/stop?step=check").get_data(as_text=True)
    assert not hyphens(preview), hyphens(preview)
    fields = open_form(driver, game_id, 1).with_values({"tricks-0": "0", "tricks-1": "1"})
    asked = driver.client.post(f"/games/{game_id}/deals/1", data=fields).get_data(as_text=True)
    assert "Saving this changes:" in asked and "−" in asked
    assert not hyphens(asked), hyphens(asked)


def test_the_check_catches_a_hyphen_minus_and_passes_what_is_not_a_number() -> None:
    assert hyphens("<p>Bob 7 → -3</p>") and hyphens('<span aria-label="-2 (Deal 3)">x</span>')
    assert hyphens("<text>-10</text>") and hyphens("<li>Bid − took -0.07</li>")
    assert not hyphens("<p>2026-12-03 · 10-1-10 · ABCD1-2EFGH · −3 · Jean-Paul</p>")
    assert not hyphens("<script>let a = -1;</script><pre>[-1, 2]</pre>")
