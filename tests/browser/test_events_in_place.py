"""Table events and corrections from the deal screen, in place: a tap on "Table events" or on a
player's name opens a sheet over the deal, the event's form shows what it would change before anything
is recorded, and "Yes" brings the deal screen back updated — no page load (a mark left on the page's
window survives), no scroll, every button in the thumb's reach. A refusal and another phone's change
are said inside the sheet. An earlier deal opens over the deal in progress from the standings, is
corrected and saved, and the deal in progress comes back by itself with the totals re-scored."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import Phone, check_accessibility

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)
# Oh Hell, common scoring (a trick a point, 10 more for an exact bid). Deal 1: 10 cards, Ann deals.
DEAL_1_BIDS = {BOB: 3, CY: 2, DEE: 2, ANN: 2}
DEAL_1_TRICKS = {BOB: 4, CY: 2, DEE: 2, ANN: 2}
# Deal 2: 9 cards, Bob deals.
DEAL_2_BIDS = {CY: 1, DEE: 2, ANN: 3, BOB: 0}
DEAL_2_TRICKS = {CY: 1, DEE: 3, ANN: 3, BOB: 2}
SHEET = "[data-table-sheet]"
YES = ".table-sheet [data-record]"
TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def stay(page: Page) -> None:
    """A mark on the page's window: it survives as long as no page is loaded."""
    page.evaluate("() => { window.__stayed = 'here'; }")


def stayed(phone: Phone, loads: int) -> None:
    """No page was loaded since the mark: the same window, the same count of loads."""
    assert phone.page.evaluate("() => window.__stayed") == "here"
    assert phone.loads == loads


def sheet_tap(phone: Phone, target: str) -> None:
    """A tap that shows something new in the sheet: its content, or what an event would change."""
    shown = phone.page.evaluate("() => window.Scorekeeper.sheetLoads || 0")
    phone.tap(target)
    phone.page.wait_for_function("(shown) => window.Scorekeeper.sheetLoads > shown", arg=shown)
    expect(phone.page.locator(SHEET)).to_have_attribute("open", "")


def says(phone: Phone, text: str) -> None:
    """The sheet says what the event would change, with the yes that records it in reach."""
    expect(phone.page.locator(".table-sheet .preview-text")).to_contain_text(text)
    expect(phone.page.locator(YES)).to_be_in_viewport()


def yes(phone: Phone, done: str) -> None:
    """Yes: the sheet closes and the deal screen, swapped in place, says what was recorded."""
    swaps = phone.page.evaluate("() => window.Scorekeeper.swaps")
    phone.tap(YES)
    phone.page.wait_for_function("(swaps) => window.Scorekeeper.swaps > swaps", arg=swaps)
    expect(phone.page.locator(SHEET)).not_to_have_attribute("open", "")
    expect(phone.page.locator("#screen [data-status]")).to_have_text(done)


def name_of(seat: int) -> str:
    """A player's name on the deal's bid rows: it opens their own events."""
    return f".rows .line[data-seat='{seat}'] a.who-menu"


def kind(name: str) -> str:
    return f".table-sheet a.event-kind[href*='/events/new/{name}']"


def start_at_deal_2(phone: Phone) -> None:
    """Oh Hell for four, Ann deals first; deal 1 played on the deal screen: deal 2's screen."""
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.open_next_deal(1)
    phone.play_deal(DEAL_1_BIDS, DEAL_1_TRICKS, number=1)
    stay(phone.page)


@pytest.mark.browser
def test_every_table_event_from_the_deal_screen_in_the_sheet(phone: Phone) -> None:
    page = phone.page
    start_at_deal_2(phone)
    loads = phone.loads
    assert phone.strip() == {"Ann": 12, "Bob": 4, "Cy": 12, "Dee": 12}

    # A revoke by Cy found after deal 1, from Cy's name: three taps, the totals it changes shown first.
    taps = phone.taps
    sheet_tap(phone, name_of(CY))
    expect(page.locator("#sheet-title")).to_have_text("Cy")
    check_accessibility(page, "Cy's events in the sheet")
    sheet_tap(phone, kind("revoke"))
    says(phone, "Cy revoked in deal 1: −10 (house rule); the rest of the deal stands")
    expect(page.locator(".table-sheet .totals-change")).to_contain_text("Cy 12 → 2")
    check_accessibility(page, "a revoke's preview in the sheet")
    phone.shoot_both("revoke-preview")
    yes(phone, "Recorded: Cy revoked in deal 1: −10 (house rule).")
    assert phone.taps - taps == 3
    assert phone.strip()["Cy"] == 2

    # A misdeal: "Table events", "Misdeal", what it changes, "Yes" — three taps.
    taps = phone.taps
    sheet_tap(phone, "a.events-link")
    expect(page.locator(".table-sheet #sheet-title")).to_have_text("Table events")
    expect(page.locator("#sheet-title")).to_be_focused()
    check_accessibility(page, "the table's events in the sheet")
    expect(page.locator(".table-sheet .refused")).to_contain_text("Revoke")  # only right after the deal
    sheet_tap(phone, kind("misdeal"))
    says(phone, "Bob misdealt deal 2 and deals it again")
    phone.shoot_both("misdeal-in-the-sheet")
    yes(phone, "Recorded: Bob misdealt deal 2 and deals it again.")
    assert phone.taps - taps == 3
    expect(page.locator("h1")).to_have_text("Deal 2 of 19")
    expect(page.locator("h1")).to_be_focused()

    # An adjustment to Ann, from her name: the points typed, a reason tapped, yes — four taps.
    taps = phone.taps
    sheet_tap(phone, name_of(ANN))
    sheet_tap(phone, kind("adjustment"))
    expect(page.locator(".table-sheet input[name=points]")).to_be_focused()
    page.keyboard.type("5")
    sheet_tap(phone, ".table-sheet [data-reason-text='late to the table']")
    says(phone, "Ann +5 after deal 1: late to the table")
    yes(phone, "Recorded: Ann +5 after deal 1: late to the table.")
    assert phone.taps - taps == 4
    assert phone.strip()["Ann"] == 17

    # Refused: Bob already plays. The reason is said in the sheet, and nothing is recorded.
    sheet_tap(phone, "a.events-link")
    sheet_tap(phone, kind("arrival"))
    expect(page.locator(".table-sheet input[name=name]")).to_be_focused()
    page.keyboard.type("Bob")
    sheet_tap(phone, ".table-sheet [data-check]")
    alert = page.locator(".table-sheet [role=alert]:not([hidden])").first
    expect(alert).to_have_text("Bob already has a seat at this table: give the newcomer a different name")
    expect(page.locator(YES)).to_have_count(0)
    expect(page.locator(".table-sheet input[name=name]")).to_have_attribute("aria-invalid", "true")
    phone.shoot_both("refused-in-the-sheet")
    check_accessibility(page, "a refusal in the sheet")
    # Eve, then: she joins at Dee's left (the sheet's own row of names), the deals re-planned for five.
    page.fill(".table-sheet input[name=name]", "Eve")
    expect(page.locator(".table-sheet [data-check]")).to_be_visible()
    sheet_tap(phone, ".table-sheet [data-check]")
    says(phone, "Eve joins after deal 1 at the left of Dee, starting on 0; deals 2–19 become 5-player deals")
    expect(page.locator(".table-sheet [role=alert]:not([hidden])")).to_have_count(0)
    phone.shoot_both("arrival-preview")
    yes(phone, "Recorded: Eve joins after deal 1 at the left of Dee, starting on 0.")
    assert "Eve" in phone.strip()
    expect(page.locator(".rows .line[data-seat='4']")).to_have_count(1)  # Eve bids in deal 2

    # Dee sits deal 2 out, from her name: three taps, her row gone.
    taps = phone.taps
    sheet_tap(phone, name_of(DEE))
    sheet_tap(phone, kind("sit_out"))
    says(phone, "Dee sits deal 2 out")
    yes(phone, "Recorded: Dee sits deal 2 out.")
    assert phone.taps - taps == 3
    expect(page.locator(".rows .line[data-seat='3']")).to_have_count(0)

    # Sue takes over Bob's seat: his name, "Substitute", her name, Next, yes.
    sheet_tap(phone, name_of(BOB))
    sheet_tap(phone, kind("substitute"))
    page.keyboard.type("Sue")
    sheet_tap(phone, ".table-sheet [data-check]")
    says(phone, "Sue takes over Bob's seat from deal 2")
    yes(phone, "Recorded: Sue takes over Bob's seat from deal 2.")
    assert "Sue" in phone.strip()

    # Eve leaves, from her name: three taps; her total stays, marked left.
    taps = phone.taps
    sheet_tap(phone, name_of(4))
    sheet_tap(phone, kind("departure"))
    says(phone, "Eve leaves after deal 1 with 0")
    yes(phone, "Recorded: Eve leaves after deal 1 with 0.")
    assert phone.taps - taps == 3
    expect(page.locator(".strip-sides li.left")).to_contain_text("Eve")

    # Escape closes the sheet and gives the focus back; so does the close button.
    phone.tap("a.events-link")
    expect(page.locator(SHEET)).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(page.locator(SHEET)).not_to_have_attribute("open", "")
    expect(page.locator("a.events-link")).to_be_focused()
    sheet_tap(phone, "a.events-link")
    phone.tap(".table-sheet [data-sheet-close]")
    expect(page.locator(SHEET)).not_to_have_attribute("open", "")

    # Stopping early: three taps to the final standings, in place; undo brings the deal back.
    taps = phone.taps
    sheet_tap(phone, "a.events-link")
    sheet_tap(phone, kind("stop"))
    says(phone, "Stopped after deal 1 of 19: the standings then are final")
    yes(phone, "Recorded: Stopped after deal 1 of 19: the standings then are final.")
    assert phone.taps - taps == 3
    expect(page.locator("h1")).to_have_text("Ann wins")
    # The game over on the deal screen: play again in one tap, or the whole sheet.
    expect(page.locator("#screen button[data-again]")).to_contain_text("deals first")
    expect(page.locator("#screen a.button", has_text="See the whole sheet")).to_be_visible()
    phone.undo()
    expect(page.locator("h1")).to_have_text("Deal 2 of 19")
    stayed(phone, loads)

    # Every event is on the sheet, in its place.
    phone.open_sheet()
    texts = page.locator(".event-row .event-note").all_inner_texts()
    assert len(texts) == 7, texts


def new_table_game(phone: Phone, roster: list[str]) -> str:
    """A table with ``roster`` on its roster, and a game of Oh Hell there for the first four, through
    the server's forms; returns the game's id."""
    request = phone.page.request
    phone.page.goto("/")

    def token(url: str) -> str:
        found = TOKEN.search(request.get(url).text())
        assert found, url
        return found.group(1)

    made = request.post(
        "/tables/new", form={"csrf_token": token("/tables/new"), "name": "Friday whist"}, max_redirects=0
    )
    table = re.search(r"/tables/([0-9a-f]{32})", made.headers["location"])
    assert table, made.headers
    url = f"/tables/{table.group(1)}"
    for name in roster:
        request.post(f"{url}/players", form={"csrf_token": token(url), "name": name}, max_redirects=0)
    form = {"csrf_token": token("/games/new/oh-hell"), "first_dealer": "0", "table": table.group(1)}
    form.update({f"players-{slot}": name for slot, name in enumerate(PLAYERS)})
    started = request.post("/games/new/oh-hell", form=form, max_redirects=0)
    game = re.search(r"/games/([0-9a-f]{32})", started.headers["location"])
    assert game, started.headers
    return game.group(1)


@pytest.mark.browser
def test_a_player_on_the_table_s_roster_arrives_in_four_taps(phone: Phone) -> None:
    page = phone.page
    game = new_table_game(phone, [*PLAYERS, "Elena"])
    page.goto(f"/games/{game}/deals/1")
    phone.play_deal(DEAL_1_BIDS, DEAL_1_TRICKS, number=1)
    stay(page)
    loads, taps = phone.loads, phone.taps
    sheet_tap(phone, "a.events-link")
    sheet_tap(phone, kind("arrival"))
    chip = page.locator(".table-sheet [data-newcomer-name='Elena']")
    expect(chip).to_be_visible()
    sheet_tap(phone, ".table-sheet [data-newcomer-name='Elena']")  # the preview comes with the tap
    says(phone, "Elena joins after deal 1 at the left of Dee, starting on 0")
    expect(page.locator(".table-sheet .preview")).to_contain_text(
        "Elena is a player of Friday whist: this game counts in their statistics."
    )
    expect(chip).to_have_attribute("aria-pressed", "true")
    phone.shoot_both("arrival-from-the-roster")
    check_accessibility(page, "an arrival from the roster in the sheet")
    yes(phone, "Recorded: Elena joins after deal 1 at the left of Dee, starting on 0.")
    assert phone.taps - taps == 4
    assert "Elena" in phone.strip()
    stayed(phone, loads)


@pytest.mark.browser
def test_a_stale_phone_is_told_in_the_sheet_and_sees_the_game_as_it_is(phone: Phone) -> None:
    page = phone.page
    start_at_deal_2(phone)
    loads = phone.loads
    game = re.search(r"/games/([0-9a-f]{32})", page.url)
    assert game
    sheet_tap(phone, name_of(DEE))
    sheet_tap(phone, kind("sit_out"))
    says(phone, "Dee sits deal 2 out")
    # Meanwhile the game changes (the same phone's other tab): Bob gets 3 points.
    events = f"/games/{game.group(1)}/events/new/adjustment"
    token = TOKEN.search(page.request.get(events).text())
    assert token
    fields = {
        "csrf_token": token.group(1),
        "side": "1",
        "sign": "+",
        "points": "3",
        "reason": "x",
        "step": "record",
    }
    assert page.request.post(events, form=fields, max_redirects=0).status == 302
    swaps = page.evaluate("() => window.Scorekeeper.swaps")
    phone.tap(YES)
    alert = page.locator(".table-sheet [role=alert]:not([hidden])").first
    expect(alert).to_contain_text("This game changed on another phone")
    page.wait_for_function("(swaps) => window.Scorekeeper.swaps > swaps", arg=swaps)
    expect(page.locator(SHEET)).to_have_attribute("open", "")
    # Behind the sheet, the game as it is now (Bob's 3 points); in it, what Dee's sit-out would change now.
    expect(page.locator(".strip-sides li").nth(BOB)).to_contain_text("7")
    says(phone, "Dee sits deal 2 out")
    phone.shoot_both("changed-elsewhere-in-the-sheet")
    yes(phone, "Recorded: Dee sits deal 2 out.")
    expect(page.locator(".rows .line[data-seat]")).to_have_count(3)
    stayed(phone, loads)


@pytest.mark.browser
def test_correcting_an_earlier_deal_over_the_deal_in_progress(phone: Phone) -> None:
    page = phone.page
    start_at_deal_2(phone)
    phone.play_deal(DEAL_2_BIDS, DEAL_2_TRICKS, number=2)
    loads = phone.loads
    before = phone.strip()
    assert before == {"Ann": 25, "Bob": 6, "Cy": 23, "Dee": 15}

    # The standings open the deals scored; deal 1; Cy bid 1, not 2 (she took 2: a miss); Save.
    taps = phone.taps
    sheet_tap(phone, ".strip-sides")
    expect(page.locator("#sheet-title")).to_have_text("Correct a deal")
    expect(page.locator(".table-sheet a.past-deal")).to_have_count(2)
    check_accessibility(page, "the deals to correct in the sheet")
    sheet_tap(phone, ".table-sheet a.past-deal[href$='/deals/1']")
    expect(page.locator("#sheet-title")).to_have_text("Correct deal 1")
    expect(page.locator(".table-sheet button[data-primary]")).to_have_text("Save the correction")
    expect(page.locator(f".table-sheet input[name='bid-{CY}'][value='2']")).to_be_checked()
    phone.tap(f".table-sheet label.chip:has(input[name='bid-{CY}'][value='1'])")
    phone.shoot_both("correction-in-the-sheet")
    check_accessibility(page, "an earlier deal in the sheet")
    swaps = page.evaluate("() => window.Scorekeeper.swaps")
    phone.tap(".table-sheet button[data-primary]")
    page.wait_for_function("(swaps) => window.Scorekeeper.swaps > swaps", arg=swaps)
    assert phone.taps - taps == 4
    expect(page.locator(SHEET)).not_to_have_attribute("open", "")
    expect(page.locator("h1")).to_have_text("Deal 3 of 19")  # back on the deal in progress, by itself
    expect(page.locator("#screen [data-status]")).to_have_text("Deal 1 corrected.")
    assert phone.strip() == {**before, "Cy": before["Cy"] - 10}

    # Tricks that cannot stand are said in the sheet, in red beside the Save they hold back, and nothing
    # is saved.
    sheet_tap(phone, "a.correct-link")
    sheet_tap(phone, ".table-sheet a.past-deal[href$='/deals/2']")
    phone.tap(f".table-sheet label.chip:has(input[name='tricks-{BOB}'][value='1'])")
    count = page.locator(".table-sheet [data-tally].wrong [data-tally-wrong]")
    expect(count).to_have_text("8 tricks entered, 9 played")
    expect(count).to_be_in_viewport()
    expect(page.locator(".table-sheet button[data-primary]")).to_be_disabled()
    phone.tap(".table-sheet [data-sheet-close]")
    assert phone.strip() == {**before, "Cy": before["Cy"] - 10}
    stayed(phone, loads)

    # The live view follows.
    game = re.search(r"/games/([0-9a-f]{32})", page.url)
    assert game
    live = page.request.get(f"/games/{game.group(1)}/live").text()
    assert re.search(rf"Cy\D*{before['Cy'] - 10}\b", re.sub(r"<[^>]+>", " ", live))
