"""Offline at every address of a game, however it was reached: a game started in place and played in
place, a newcomer recorded from the sheet over the deal screen, then three deals entered with no
connection (undo taking the last back), the browser closed and the deal's address opened again — the
deal due is drawn from the newest state the phone knows (never the older copy of the page the worker
kept first), at the top of the deal, the newcomer named; the sheet, its "Enter" button, the live view,
the home page and Your games (which marks the game waiting) open too; and when the connection comes back
on Your games, the queue is sent with no tap, once."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import DEAL_URL, TIMEOUT_MS, Phone

PLAYERS = ["Ann", "Bob", "Cy"]
ANN, BOB, CY = range(3)
# Oh Hell for three, Ann deals first: deal 1 has ten cards (Bob, Cy, Ann bid), deal 2 nine (Cy, Ann, Bob).
DEAL_1 = ({BOB: 3, CY: 3, ANN: 2}, {BOB: 3, CY: 3, ANN: 4})
DEAL_2 = ({CY: 2, ANN: 3, BOB: 3}, {CY: 2, ANN: 3, BOB: 4})


def _kept(page: Page, path: str, version: int) -> None:
    """Wait until the service worker keeps ``path`` at ``version`` of the game (or newer)."""
    # Each poll reads the copy again (an answer for the next poll: the check itself cannot wait).
    page.wait_for_function(
        """([path, version]) => {
          caches.match(location.origin + path).then((kept) => (kept ? kept.text() : ""))
            .then((text) => { window.kept = Object.assign(window.kept || {}, { [path]: text }); });
          const found = /"version": (\\d+)/.exec((window.kept || {})[path] || "");
          return Boolean(found) && Number(found[1]) >= version;
        }""",
        arg=[path, version],
    )


def _events_kept(page: Page, game: str, version: int, number: int) -> None:
    """Wait until the phone keeps the events' forms at ``version`` (or newer) and the engine's verdicts
    at deal ``number`` for the game's layout of events (fetched in the background, deal by deal)."""
    page.wait_for_function(
        """([game, version, number]) => {
          const Q = window.Scorekeeper && window.Scorekeeper.offlineQueue;
          let forms = null;
          try { forms = JSON.parse(localStorage.getItem(`offline-events-${game}`) || "null"); } catch (e) {}
          const piece = Q && Q.pieces ? Q.pieces()[number] : null;
          return Boolean(forms && forms.version >= version && piece && piece.layout === Q.plan().layout);
        }""",
        arg=[game, version, number],
    )


def _enter_any_deal_offline(phone: Phone, steps: tuple[str, ...] = ("bids", "tricks")) -> None:
    """One deal on the screen drawn offline: everyone bids 0, the first bidder takes every trick."""
    for step in steps:
        lines = phone.page.locator("form[data-offline] .rows .line")
        for index in range(lines.count()):
            chips = lines.nth(index).locator("label.chip")
            (chips.last if step == "tricks" and index == 0 else chips.first).click()
        phone.tap("button[data-primary]", in_reach=False)
        if step == "bids":
            expect(phone.page.locator("button[data-primary]")).to_have_text("Save the tricks")


def _stored(page: Page, game_url: str) -> list[dict[str, object]]:
    deals = json.loads(page.request.get(f"{game_url}/export.json").text())["deals"]
    assert isinstance(deals, list)
    return deals


@pytest.mark.browser
def test_a_game_started_in_place_opens_offline_at_every_address_and_its_queue_goes_from_any_page(
    phone: Phone,
) -> None:
    page = phone.page
    phone.open_new_game("oh-hell")
    phone.type_names(PLAYERS)
    phone.choose_first_dealer(ANN)
    page.click("button.primary")
    game_url = phone.expect_first_deal()  # started in place: deal 1's screen, no page load
    game = game_url.rsplit("/", 1)[1]
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    phone.play_deal(*DEAL_1, number=1)
    phone.play_deal(*DEAL_2, number=2)  # saved in place: the address moved on to deal 3
    # Dee arrives, at the left of Cy, from the sheet over the deal screen (in place, no page load).
    page.click("#screen a.events-link")
    page.click(".table-sheet a.event-kind[href*='/events/new/arrival']")
    page.fill(".table-sheet input[name=name]", "Dee")
    page.click(".table-sheet label.chip:has(input[name=left_of][value='2'])")
    check = page.locator(".table-sheet form.event-form [data-check]")
    if not page.locator(".table-sheet [data-record]").is_visible() and check.is_visible():
        check.click()  # what it would change, if the tap on the seat did not ask already
    page.click(".table-sheet [data-record]")
    expect(page.locator("#screen [data-status]")).to_contain_text("Recorded: Dee joins after deal 2")
    version = int(page.locator("#screen input[name='version']").first.input_value())
    for path in (f"/games/{game}", f"/games/{game}/deals/3"):
        _kept(page, path, version)  # the worker keeps the game's pages as it moves on
    _events_kept(page, game, version, 6)

    page.context.set_offline(True)
    expect(page.locator("h1 .offline-tag")).to_be_visible()
    expect(page.locator("#screen .rows .line .name")).to_contain_text(["Dee"])  # the newcomer's row, named
    for number in (3, 4, 5):
        expect(page.locator("h1")).to_contain_text(f"Deal {number} of 19")
        _enter_any_deal_offline(phone)
    expect(page.locator("h1")).to_contain_text("Deal 6 of 19")
    # Undo takes back what was kept last, as online: deal 5's tricks (its bids stay).
    page.click("#screen button[data-undo]")
    expect(page.locator("h1")).to_contain_text("Deal 5 of 19")
    expect(page.locator("button[data-primary]")).to_have_text("Save the tricks")
    _enter_any_deal_offline(phone, steps=("tricks",))
    expect(page.locator("h1")).to_contain_text("Deal 6 of 19")  # kept: the screen moved on
    expect(page.locator("[data-waiting-list] li").last).to_contain_text("Dee 0")
    expect(page.locator("[data-waiting-list]")).not_to_contain_text("undefined")

    page.close()  # the browser closed; the deal's address opened again, still offline
    page = phone.page = phone.page.context.new_page()
    page.goto(f"{game_url}/deals/3")
    expect(page.locator("h1")).to_contain_text("Deal 6 of 19")  # the newest the phone knows
    expect(page.locator("h1 .offline-tag")).to_be_visible()
    expect(page.locator("#screen .rows .line")).to_have_count(4)  # Dee deals in: four rows, not three
    expect(page.locator("[data-waiting-list] li")).to_have_count(3)
    page.wait_for_function("() => window.scrollY === 0")  # at the top of the deal, its title in view
    expect(page.locator("#screen .strip-sides li")).to_have_count(4)  # the standings as last known
    expect(page.locator("#screen .strip-caption")).to_contain_text("totals pending")
    # The table's events at deal 6 as the engine judged them there, four at the table, not at deal 1.
    page.click("#screen a.events-link")
    sheet = page.locator("dialog[data-offline-sheet]")
    expect(sheet.locator("button.event-kind")).to_contain_text(["Sit-out"])
    expect(sheet).not_to_contain_text("deal 1")
    expect(sheet).not_to_contain_text("No deal has been recorded yet")
    sheet.locator("button.sheet-close").click()

    page.goto(game_url)  # the sheet, as the worker last kept it, with what waits
    expect(page.locator("tr[id^='deal-']")).to_have_count(2)
    expect(page.locator("[data-waiting-list] li")).to_have_count(3)
    page.click("section.current a.button.primary")  # its way to the deal due
    expect(page).to_have_url(DEAL_URL)
    expect(page.locator("h1")).to_contain_text("Deal 6 of 19")

    page.goto(f"{game_url}/live")
    expect(page.locator("h1 .live-tag")).to_be_visible()
    page.goto("/")
    expect(page.locator("a.brand")).to_be_visible()
    page.goto("/games")
    mark = page.locator(f"a.game-link[href='/games/{game}'] .waiting-mark")
    expect(mark).to_have_text("Waiting to send on this phone")

    page.context.set_offline(False)  # on Your games, with no tap: sent, once
    note = page.locator("[data-queue-notes] p")
    expect(note).to_contain_text("3 deals sent.", timeout=3 * TIMEOUT_MS)
    expect(mark).to_have_count(0)
    assert len(_stored(page, game_url)) == 5
    page.goto(f"{game_url}/deals/3")  # back online, the deal's address is the server's own screen
    expect(page.locator("h1")).to_have_text(re.compile(r"^Deal 3 of 19"))
    expect(page.locator("h1 .offline-tag")).to_have_count(0)
    expect(page.locator("button[data-primary]")).to_have_text("Save the correction")
