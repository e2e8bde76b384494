"""An evening with bad signal and two phones (issue "Offline-first with two phones").

Phone A keeps a game whose table already recorded events (a newcomer or a substitute, a misdeal); it
loses the connection, enters three deals and a sit-out on the screens drawn from the engine's plan, is
closed and opened again offline; meanwhile phone B, online, corrects deal 2. When A's connection comes
back, everything is merged with no tap: both phones show the same sheet, nothing lost or doubled, and
A's page says what B had changed. The same for Oh Hell, Oneonta and Bid Whist.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from .conftest import TIMEOUT_MS, Phone, check_accessibility, handed_over_phone, wait_until_events_kept

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


@dataclass(frozen=True)
class Evening:
    """One game's evening: its variant, the deals played online, the events before A goes offline, and
    B's correction of deal 2 (the fields of its form, phase "all")."""

    code: str
    players: list[str]
    word: str
    online: list[list[tuple[str, str]]]
    events: list[tuple[str, dict[str, str]]]
    correction: list[tuple[str, str]]
    corrected: dict[str, Any]
    offline_event: str = "Sit-out"


EVENINGS = [
    Evening(
        code="oh-hell",
        players=["Ann", "Bob", "Cy", "Dee"],
        word="Deal",
        online=[
            [
                ("bid-0", "1"),
                ("bid-1", "2"),
                ("bid-2", "3"),
                ("bid-3", "0"),
                ("tricks-0", "1"),
                ("tricks-1", "2"),
                ("tricks-2", "3"),
                ("tricks-3", "4"),
            ],
            [
                ("bid-0", "1"),
                ("bid-1", "1"),
                ("bid-2", "1"),
                ("bid-3", "1"),
                ("tricks-0", "9"),
                ("tricks-1", "0"),
                ("tricks-2", "0"),
                ("tricks-3", "0"),
            ],
        ],
        events=[("arrival", {"name": "Eve", "left_of": "3", "start": "0"}), ("misdeal", {})],
        correction=[
            ("bid-0", "1"),
            ("bid-1", "1"),
            ("bid-2", "1"),
            ("bid-3", "1"),
            ("tricks-0", "6"),
            ("tricks-1", "1"),
            ("tricks-2", "1"),
            ("tricks-3", "1"),
        ],
        corrected={"bids": [1, 1, 1, 1], "tricks": [6, 1, 1, 1]},
    ),
    Evening(
        code="oneonta",
        players=["Ann", "Bob", "Cy", "Dee"],
        word="Hand",
        online=[
            [
                ("trump", "S"),
                ("bid-0", "1"),
                ("bid-1", "2"),
                ("bid-2", "1"),
                ("bid-3", "1"),
                ("tricks-0", "1"),
                ("tricks-1", "2"),
                ("tricks-2", "1"),
                ("tricks-3", "3"),
            ],
            [
                ("trump", "H"),
                ("bid-0", "2"),
                ("bid-1", "1"),
                ("bid-2", "1"),
                ("bid-3", "1"),
                ("tricks-0", "2"),
                ("tricks-1", "1"),
                ("tricks-2", "1"),
                ("tricks-3", "3"),
            ],
        ],
        events=[("arrival", {"name": "Eve", "left_of": "3", "start": "0"}), ("misdeal", {})],
        correction=[
            ("trump", "H"),
            ("bid-0", "2"),
            ("bid-1", "1"),
            ("bid-2", "1"),
            ("bid-3", "1"),
            ("tricks-0", "2"),
            ("tricks-1", "2"),
            ("tricks-2", "1"),
            ("tricks-3", "2"),
        ],
        corrected={"tricks": [2, 2, 1, 2]},
    ),
    Evening(
        code="bid-whist",
        players=["Ann", "Bob", "Cy", "Dee"],
        word="Hand",
        online=[
            [
                ("call-0", "4 uptown"),
                ("call-1", "pass"),
                ("call-2", "pass"),
                ("call-3", "pass"),
                ("declaration", "S"),
                ("tricks", "10"),
            ],
            [
                ("call-0", "4 downtown"),
                ("call-1", "pass"),
                ("call-2", "pass"),
                ("call-3", "pass"),
                ("declaration", "H"),
                ("tricks", "9"),
            ],
        ],
        events=[("substitute", {"seat": "2", "name": "Eve"}), ("misdeal", {})],
        correction=[
            ("call-0", "4 downtown"),
            ("call-1", "pass"),
            ("call-2", "pass"),
            ("call-3", "pass"),
            ("declaration", "H"),
            ("tricks", "10"),  # one trick more than A saw: made with an overtrick, the game goes on
        ],
        corrected={"tricks": 10},
        offline_event="Misdeal",  # four partners, nobody sits out: the next hand is misdealt
    ),
]


def _token(page: Page, url: str) -> str:
    found = TOKEN.search(page.request.get(url).text())
    assert found is not None, url
    return found.group(1)


def _post(page: Page, url: str, fields: list[tuple[str, str]]) -> None:
    """A form sent as a browser without scripts sends it (the token from the page it comes from)."""
    form = {"csrf_token": _token(page, url), **dict(fields)}
    response = page.request.post(url, form=form, max_redirects=0)
    assert response.status in (200, 302, 303), (url, response.status, response.text()[:300])


def _stored(page: Page, game_url: str) -> dict[str, Any]:
    data = json.loads(page.request.get(f"{game_url}/export.json").text())
    assert isinstance(data, dict)
    return data


def _choose(rules: list[dict[str, Any]], fields: list[str]) -> dict[str, Any]:
    """Values a scorer might tap that keep the declared rules: each seat's first choice, the first
    of them taking every trick where the tricks add up, the last bidder bumped off the hook; in an
    auction, the first caller bids and the others pass."""
    values: dict[str, Any] = {}
    for rule in rules:
        if rule["kind"] != "one_of" or rule["field"] not in fields:
            continue
        choices, seats = rule["choices"], rule.get("seats", [])
        if not seats:
            values[rule["field"]] = [choices[0], None][0]
            continue
        first = next((choice for choice in choices if choice not in ("pass", 0, "0")), choices[0])
        values[rule["field"]] = {
            seat: (
                first
                if rule["field"] == "auction" and index == 0
                else "pass"
                if rule["field"] == "auction"
                else choices[0]
            )
            for index, seat in enumerate(seats)
        }
    for rule in rules:
        items = values.get(rule["field"])
        if not isinstance(items, dict):
            continue
        seats = rule.get("seats", [])
        if rule["kind"] == "total_is":
            for index, seat in enumerate(seats):
                items[seat] = rule["total"] if index == 0 else 0
        if rule["kind"] == "total_not" and sum(items[seat] for seat in seats) == rule["total"]:
            items[rule["blame"]] += 1
    return values


def _enter_offline(phone: Phone) -> str:
    """Tap the deal due on the screen drawn from the plan, phase after phase; its title."""
    page = phone.page
    title = page.locator("h1").inner_text().replace(page.locator("h1 .offline-tag").inner_text(), "").strip()
    plan = json.loads(page.locator("#offline-plan").text_content() or "{}")
    number = int(re.findall(r"\d+", title)[0])
    deal = next(ahead for ahead in plan["deals"] if ahead["number"] == number)
    start = next(
        (index for index, phase in enumerate(deal["phases"]) if phase["name"] == deal.get("phase")), 0
    )
    for phase in deal["phases"][start:]:
        values = _choose(phase["rules"], phase["fields"])
        for field, value in values.items():
            name = plan["labels"].get(field, {}).get("input", field)
            if isinstance(value, dict):
                for seat, item in value.items():
                    chip = f"form[data-offline] label.chip:has(input[name='{name}-{seat}'][value='{item}'])"
                    phone.tap(chip, in_reach=False)
            else:
                phone.tap(
                    f"form[data-offline] label.chip:has(input[name='{name}'][value='{value}'])",
                    in_reach=False,
                )
        phone.tap("form[data-offline] button[data-primary]", in_reach=False)
    expect(page.locator("h1")).not_to_have_text(re.compile(rf"^{re.escape(title)}\b"))
    return title


@pytest.mark.browser
@pytest.mark.parametrize("evening", EVENINGS, ids=[evening.code for evening in EVENINGS])
def test_three_deals_and_a_sit_out_offline_merge_with_another_phone_s_correction_with_no_tap(
    evening: Evening, phone: Phone, browser: Browser, playwright: Playwright, live_server: str, tmp_path: Path
) -> None:
    game_url = phone.start_game(evening.code, evening.players, first_dealer=0)
    page = phone.page
    for number, fields in enumerate(evening.online, start=1):
        _post(page, f"{game_url}/deals/{number}", [*fields, ("phase", "all")])
    for kind, values in evening.events:
        _post(page, f"{game_url}/events/new/{kind}", [*values.items(), ("step", "record")])
    other = handed_over_phone(phone, browser, playwright, live_server, tmp_path, game_url)

    page.goto(game_url)
    page.click("section.current a.button.primary")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    wait_until_events_kept(page, game_url)
    # …and what the engine says about events at the deals ahead, one deal at a time.
    page.wait_for_function(
        "() => Object.keys(window.Scorekeeper.offlineQueue.pieces()).length >= 4", timeout=3 * TIMEOUT_MS
    )
    page.context.set_offline(True)
    expect(page.locator("h1 .offline-tag")).to_be_visible()
    titles = [_enter_offline(phone) for _ in range(3)]
    # The table's events in the same sheet as online, from the deal screen's "Table events".
    page.click("#screen a.events-link")
    sheet = page.locator("dialog[data-offline-sheet]")
    sheet.locator(f"button.event-kind:has-text('{evening.offline_event}')").click()
    expect(sheet.locator("h2.sheet-title")).to_have_text(evening.offline_event)
    if sheet.locator("form.event-form").count():
        sheet.locator("form.event-form label.chip").first.click()
    expect(sheet.locator(".preview-text")).to_be_visible()  # what it would change, before it is kept
    check_accessibility(page, "an event kept offline")
    print(f"screenshot: {phone.shoot(f'offline-event-{evening.code}')}")
    sheet.locator("[data-record]").click()
    expect(sheet).to_be_hidden()
    # The deal after it is drawn from the engine's plan for it: who deals, how many cards.
    expect(page.locator("#screen .facts-line summary")).not_to_contain_text("worked out by the server")
    waiting = page.locator("[data-waiting-list] li")
    expect(waiting).to_have_count(4)
    expect(waiting.nth(3)).to_contain_text(evening.offline_event)
    print(f"screenshot: {phone.shoot(f'offline-evening-{evening.code}')}")

    page.close()  # closed, and opened again with no connection: the worker's copy, the queue kept
    page = phone.page = page.context.new_page()
    page.goto(game_url)
    expect(page.locator("[data-waiting-list] li")).to_have_count(4)

    _post(other.page, f"{game_url}/deals/2", [*evening.correction, ("phase", "all")])  # B, online

    page.context.set_offline(False)  # no tap from here on
    expect(page.locator("[data-waiting]")).to_be_hidden(timeout=3 * TIMEOUT_MS)
    stored = _stored(page, game_url)
    deals, events = stored["deals"], stored.get("events", [])
    assert len(deals) == 5, deals
    assert all(stored["deals"][1].get(key) == value for key, value in evening.corrected.items())
    kind = "sit_out" if evening.offline_event == "Sit-out" else "misdeal"
    assert [event["event"] for event in events][-1] == kind and len(events) == len(evening.events) + 1
    page.goto(game_url)
    other.page.goto(game_url)
    sheet = other.page.locator("table.grid").first.inner_text()
    assert "5" in sheet
    page.wait_for_load_state("load")
    assert page.locator("table.grid").first.inner_text() == sheet  # both phones show the same sheet
    assert titles[0] != titles[1] != titles[2]
    other.page.context.close()
