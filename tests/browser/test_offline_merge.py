"""Two phones, one offline: what phone A queued is merged on top of what phone B recorded meanwhile.

When the two did not touch the same deal the merge takes no tap and says so once; both phones then
show the same sheet, nothing lost or doubled. When both entered the same deal, both versions are shown
side by side and kept until the scorer chooses. The deal screen leaves offline mode by itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from .conftest import DEAL_URL, SHEET_URL, TIMEOUT_MS, Phone, handed_over_phone, wait_until_read

PLAYERS = ["Ann", "Bob", "Cy"]
ANN, BOB, CY = range(3)
# Oh Hell for three, Ann deals first: deal 1 has ten cards (Bob, Cy, Ann bid), deal 2 nine (Cy, Ann,
# Bob), deal 3 eight (Ann, Bob, Cy), deal 4 seven (Bob, Cy, Ann).
DEAL_1 = ({BOB: 3, CY: 3, ANN: 2}, {BOB: 3, CY: 3, ANN: 4})
OFFLINE = {
    2: ({CY: 2, ANN: 3, BOB: 3}, {CY: 2, ANN: 3, BOB: 4}),
    3: ({ANN: 2, BOB: 2, CY: 2}, {ANN: 2, BOB: 2, CY: 4}),
}


def _controlled(page: Page) -> None:
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")


def _stored(page: Page, game_url: str) -> list[dict[str, object]]:
    deals = json.loads(page.request.get(f"{game_url}/export.json").text())["deals"]
    assert isinstance(deals, list)
    return deals


def _tap(phone: Phone, name: str, value: int) -> None:
    phone.tap(f"form[data-offline] label.chip:has(input[name='{name}'][value='{value}'])", in_reach=False)


def _enter_offline(phone: Phone, bids: dict[int, int], tricks: dict[int, int]) -> None:
    """One deal on the screen drawn from the plan: the bids, Save, the tricks, Save."""
    for seat, value in bids.items():
        _tap(phone, f"bid-{seat}", value)
    phone.tap("button[data-primary]", in_reach=False)
    expect(phone.page.locator("button[data-primary]")).to_have_text("Save the tricks")
    for seat, value in tricks.items():
        _tap(phone, f"tricks-{seat}", value)
    phone.tap("button[data-primary]", in_reach=False)


def _sheet_rows(page: Page) -> list[str]:
    wait_until_read(page)
    return [" ".join(row.split()) for row in page.locator("tr[id^='deal-']").all_inner_texts()]


@pytest.fixture
def two_phones(
    phone: Phone, browser: Browser, playwright: Playwright, live_server: str, tmp_path: Path
) -> Iterator[tuple[Phone, Phone, str]]:
    """Phone A started the game and played deal 1; phone B (its own browser) took a share of the
    scoring by hand-over. A is on deal 2's screen, its worker in control."""
    game_url = phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    other = handed_over_phone(phone, browser, playwright, live_server, tmp_path, game_url)
    phone.page.goto(game_url)
    phone.open_next_deal(1)
    phone.play_deal(*DEAL_1, number=1)
    _controlled(phone.page)
    yield phone, other, game_url
    other.page.context.close()


@pytest.mark.browser
def test_deals_queued_offline_merge_with_no_tap_over_an_older_deal_corrected_on_the_other_phone(
    two_phones: tuple[Phone, Phone, str],
) -> None:
    phone, other, game_url = two_phones
    phone.page.context.set_offline(True)
    expect(phone.page.locator("h1 .offline-tag")).to_be_visible()
    for number, (bids, tricks) in OFFLINE.items():
        expect(phone.page.locator("h1")).to_contain_text(f"Deal {number} of 19")
        _enter_offline(phone, bids, tricks)
    expect(phone.page.locator("h1")).to_contain_text("Deal 4 of 19")

    # Meanwhile, online, phone B corrects deal 1: Bob's third trick was really Ann's.
    other.page.goto(f"{game_url}/deals/1")
    expect(other.page.locator("button[data-primary]")).to_have_text("Save the correction")
    other.tricks_chip(BOB, 2).click()
    other.tricks_chip(ANN, 5).click()
    assert other.save().ok
    other.page.goto(game_url)

    taps = phone.taps
    phone.page.context.set_offline(False)  # A comes back: merged with no tap, offline mode left
    expect(phone.page.locator("h1")).to_have_text("Deal 4 of 19", timeout=3 * TIMEOUT_MS)
    expect(phone.page.locator("h1 .offline-tag")).to_have_count(0)
    expect(phone.page).to_have_url(DEAL_URL)
    said = "2 deals sent. Another phone had corrected deal 1."
    expect(phone.page.get_by_text(said)).to_have_count(1)  # said once
    assert phone.taps == taps
    assert _stored(phone.page, game_url) == [
        {"bids": [2, 3, 3], "tricks": [5, 2, 3]},
        {"bids": [3, 3, 2], "tricks": [3, 4, 2]},
        {"bids": [2, 2, 2], "tricks": [2, 2, 4]},
    ]
    phone.page.goto(game_url)
    other.page.reload()
    assert _sheet_rows(phone.page) == _sheet_rows(other.page) and len(_sheet_rows(phone.page)) == 3
    expect(phone.page.locator("[data-waiting]")).to_be_hidden()


@pytest.mark.browser
def test_the_same_deal_entered_on_both_phones_shows_both_and_keeps_both_until_the_scorer_chooses(
    two_phones: tuple[Phone, Phone, str],
) -> None:
    phone, other, game_url = two_phones
    phone.page.context.set_offline(True)
    _enter_offline(phone, *OFFLINE[2])
    expect(phone.page.locator("h1")).to_contain_text("Deal 3 of 19")

    other.page.goto(game_url)  # phone B enters deal 2 its own way
    other.open_next_deal(2)
    other.play_deal({CY: 1, ANN: 3, BOB: 3}, {CY: 1, ANN: 4, BOB: 4}, number=2)

    phone.page.context.set_offline(False)
    conflict = phone.page.locator(".conflict")
    expect(conflict).to_be_visible(timeout=3 * TIMEOUT_MS)
    expect(conflict.locator("h3")).to_have_text("Deal 2 of 19")
    expect(conflict.locator(".is-theirs")).to_contain_text(
        "Bids: Ann 3 · Bob 3 · Cy 1; Tricks: Ann 4 · Bob 4 · Cy 1"
    )
    expect(conflict.locator(".is-mine")).to_contain_text(
        "Bids: Ann 3 · Bob 3 · Cy 2; Tricks: Ann 3 · Bob 4 · Cy 2"
    )
    expect(
        phone.page.get_by_text("Another phone changed this game while this one was offline")
    ).to_have_count(1)
    theirs = {"bids": [3, 3, 1], "tricks": [4, 4, 1]}
    assert _stored(phone.page, game_url)[1:] == [theirs]  # theirs stored, mine kept on the phone

    phone.page.reload()  # both still there until the scorer chooses
    expect(conflict).to_be_visible()
    phone.page.click(".conflict >> text=Keep theirs")
    expect(conflict.locator(".conflict-confirm")).to_be_visible()
    phone.page.click(".conflict-confirm >> text=Cancel")
    assert _stored(phone.page, game_url)[1:] == [theirs]
    phone.page.click(".conflict >> text=Keep theirs")
    phone.page.click("text=Yes, drop mine")
    expect(phone.page).to_have_url(SHEET_URL, timeout=3 * TIMEOUT_MS)
    expect(phone.page.locator("[data-waiting]")).to_be_hidden()
    assert _stored(phone.page, game_url)[1:] == [theirs]
    other.page.goto(game_url)
    assert _sheet_rows(phone.page) == _sheet_rows(other.page)


@pytest.mark.browser
def test_the_deal_screen_leaves_offline_mode_by_itself_when_the_connection_is_back(
    two_phones: tuple[Phone, Phone, str],
) -> None:
    phone, _other, _game_url = two_phones
    phone.page.context.set_offline(True)
    expect(phone.page.locator("h1 .offline-tag")).to_be_visible()
    phone.page.context.set_offline(False)  # nothing was entered: the server's own screen comes back
    expect(phone.page.locator("h1 .offline-tag")).to_have_count(0, timeout=3 * TIMEOUT_MS)
    expect(phone.page.locator("h1")).to_contain_text("Deal 2 of 19")
    expect(phone.page.locator("form[data-offline]")).to_have_count(0)


def _enter_any_deal_offline(phone: Phone) -> None:
    """One deal on the screen drawn from the plan: everyone bids 0, the first bidder takes every trick."""
    for step in ("bids", "tricks"):
        lines = phone.page.locator("form[data-offline] .rows .line")
        for index in range(lines.count()):
            chips = lines.nth(index).locator("label.chip")
            chip = chips.last if step == "tricks" and index == 0 else chips.first
            chip.click()
        phone.tap("button[data-primary]", in_reach=False)
        if step == "bids":
            expect(phone.page.locator("button[data-primary]")).to_have_text("Save the tricks")


@pytest.mark.browser
def test_after_a_misdeal_the_phone_keeps_going_offline_for_the_deals_left(
    two_phones: tuple[Phone, Phone, str],
) -> None:
    from .test_table_events import open_event

    phone, _other, game_url = two_phones
    open_event(phone, "misdeal")  # deal 2 is misdealt: the table records it, then plays on offline
    expect(phone.page.locator(".preview-text")).to_contain_text("misdealt")
    phone.tap("button[value=record]", in_reach=False)
    expect(phone.page).to_have_url(DEAL_URL)
    phone.page.reload()
    _controlled(phone.page)
    phone.page.context.set_offline(True)
    expect(phone.page.locator("h1 .offline-tag")).to_be_visible()
    first = int(phone.page.locator("h1").inner_text().split()[1])
    for number in range(first, first + 3):  # three deals after the event, where one was the most
        expect(phone.page.locator("h1")).to_contain_text(f"Deal {number} of")
        _enter_any_deal_offline(phone)
    expect(phone.page.locator("h1")).to_contain_text(f"Deal {first + 3} of")
    expect(phone.page.locator("form[data-offline]")).to_be_visible()
    phone.page.context.set_offline(False)
    expect(phone.page.locator("h1")).to_contain_text(f"Deal {first + 3} of", timeout=3 * TIMEOUT_MS)
    expect(phone.page.locator("h1 .offline-tag")).to_have_count(0)
    expect(phone.page.get_by_text("3 deals sent.")).to_have_count(1)
    assert len(_stored(phone.page, game_url)) == 1 + 3  # deal 1, then three after the misdeal


@pytest.mark.browser
def test_a_deal_refused_after_the_other_phone_s_change_comes_back_to_its_screen_with_the_values_kept(
    two_phones: tuple[Phone, Phone, str],
) -> None:
    from .test_table_events import open_event

    phone, other, game_url = two_phones
    phone.page.context.set_offline(True)
    _enter_offline(phone, *OFFLINE[2])
    expect(phone.page.locator("h1")).to_contain_text("Deal 3 of 19")

    other.page.goto(f"{game_url}/deals/2")  # meanwhile Dee arrives, recorded on phone B
    open_event(other, "arrival")
    other.page.fill("input[name=name]", "Dee")
    other.page.click("label.choice:has(input[name=left_of][value='2'])")
    other.page.click("button[value=check]")
    other.page.click("button[value=record]")
    expect(other.page).to_have_url(DEAL_URL)

    phone.page.context.set_offline(False)
    conflict = phone.page.locator(".conflict")
    expect(conflict).to_be_visible(timeout=3 * TIMEOUT_MS)
    expect(conflict.locator(".error")).to_contain_text("Checked again on the server, this one was refused")
    # Back online with the server's own screen (Dee's row in it), the refused deal beside it, not offline.
    expect(phone.page.locator("h1 .offline-tag")).to_have_count(0)
    expect(phone.page.locator("form[data-offline]")).to_have_count(0)
    expect(phone.page.locator("#screen .who .name")).to_contain_text(["Dee"])
    expect(conflict.locator(".is-mine")).to_contain_text("Bids: Ann 3 · Bob 3 · Cy 2")
    assert len(_stored(phone.page, game_url)) == 1  # nothing of it stored
    phone.page.click(".conflict >> text=Fix mine on its screen")
    expect(phone.page).to_have_url(DEAL_URL)
    expect(phone.page.locator("h1")).to_contain_text("Deal 2")
    for seat, bid in OFFLINE[2][0].items():  # what was typed offline, kept on the server's screen
        expect(phone.page.locator(f"input[name='bid-{seat}'][value='{bid}']")).to_have_count(1)
    expect(phone.page.locator("[data-waiting-list] li")).to_contain_text("Being fixed on its own screen")
    # Dee's bid and tricks beside the rest, and Save: the fixed deal is stored and leaves the queue.
    cards = int(phone.page.locator(".facts-line summary").inner_text().split(" deals ")[1].split()[0])
    expect(phone.page.locator("#entry-error")).to_contain_text("Every bid of deal 2 must be in")
    phone.tap(phone.bid_chip(3, 0), in_reach=False)
    phone.tap(phone.tricks_chip(3, cards - 9), in_reach=False)
    assert phone.save().ok
    expect(phone.page.locator("h1")).to_contain_text("Deal 3", timeout=3 * TIMEOUT_MS)
    expect(phone.page.locator("[data-waiting]")).to_be_hidden()
    assert _stored(phone.page, game_url)[1] == {"bids": [3, 3, 2, 0], "tricks": [3, 4, 2, cards - 9]}


@pytest.mark.browser
def test_every_open_page_of_the_game_on_the_other_phone_follows_it_without_a_reload(
    two_phones: tuple[Phone, Phone, str],
) -> None:
    """Phone B's scorer sheet, left open, shows A's deal by itself; B's deal screen, whose deal A
    enters, moves on to the next and says so — no reload, no tap."""
    phone, other, _game_url = two_phones
    loads = other.loads
    phone.play_deal(*OFFLINE[2], number=2)
    expect(other.page.locator("section.current a.button.primary")).to_have_text("Enter deal 3")
    assert other.loads == loads and _sheet_rows(other.page)[-1].startswith("2")
    other.open_next_deal(3)
    loads = other.loads
    phone.play_deal(*OFFLINE[3], number=3)
    expect(other.page.locator("h1")).to_contain_text("Deal 4 of 19")
    expect(other.page.locator("#screen [data-status]")).to_have_text("Deal 3 was entered on another phone.")
    assert other.loads == loads
    # Taps on B not saved yet stay under B's thumb: the screen only says what happened.
    other.tap(other.bid_chip(BOB, 1), in_reach=False)
    phone.tap_bids({BOB: 2, CY: 2, ANN: 2})
    phone.save_bids()
    said = "Deal 4's bids were saved on another phone."
    expect(other.page.locator("#screen [data-status]")).to_have_text(said)
    expect(other.bid_input(BOB, 1)).to_be_checked()


@pytest.mark.browser
def test_a_queue_refused_because_the_game_ended_meanwhile_brings_the_screen_back_online_with_no_deal(
    two_phones: tuple[Phone, Phone, str],
) -> None:
    """A enters deal 2 offline while B stops the game: when A is back, the deal is refused (the game is
    over), and A's screen is the server's end of the game — no deal offered, offline mode left — with
    A's deal beside it to drop."""
    phone, other, game_url = two_phones
    phone.page.context.set_offline(True)
    expect(phone.page.locator("h1 .offline-tag")).to_be_visible()
    _enter_offline(phone, *OFFLINE[2])
    expect(phone.page.locator("h1")).to_contain_text("Deal 3 of 19")
    other.page.goto(f"{game_url}/events/new/stop")  # B stops the game early, online
    other.page.click("button[value=record]")
    phone.page.context.set_offline(False)
    conflict = phone.page.locator(".conflict")
    expect(conflict).to_be_visible(timeout=3 * TIMEOUT_MS)
    expect(conflict.locator(".error")).to_contain_text("Checked again on the server, this one was refused")
    expect(phone.page.locator("h1 .offline-tag")).to_have_count(0)
    expect(phone.page.locator("#screen button[data-primary], form[data-offline]")).to_have_count(0)
    expect(phone.page.locator("#screen a.button", has_text="See the whole sheet")).to_be_visible()
    phone.page.click(".conflict >> text=Drop mine")
    phone.page.click("text=Yes, drop mine")
    expect(phone.page).to_have_url(SHEET_URL, timeout=3 * TIMEOUT_MS)
    assert len(_stored(phone.page, game_url)) == 1
