"""A 3-table drive in the browser: a table's result entered for one pair by name and confirmed by
the other pair on the same phone, the phone waiting without reloading while the other tables
enter, a correction after "Move now" that leaves every seat as it was, and a player who arrives
after hand 2."""

from __future__ import annotations

import re

from playwright.sync_api import APIRequestContext, Browser, expect

from .conftest import Phone, check_accessibility

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kay", "Len"]
HIDDEN = re.compile(r'<input type="hidden" name="(hand|seats|was|csrf_token)" value="([^"]*)"')
CONFIRMER = re.compile(r'<input type="hidden" name="player" value="(\d+)">')


def table_enters(request: APIRequestContext, link: str, tricks: int) -> None:
    """Another table's phone enters N–S's tricks and one of East–West confirms them."""
    form = dict(HIDDEN.findall(request.get(link).text()))
    answer = request.post(link, form={**form, "pair": "NS", "tricks": str(tricks)}, max_redirects=0)
    assert answer.status == 303, answer.text()[:300]
    page = request.get(link).text()
    found = CONFIRMER.search(page)
    assert found, page[:300]
    form = dict(HIDDEN.findall(page))
    answer = request.post(f"{link}/confirm", form={**form, "player": found.group(1)}, max_redirects=0)
    assert answer.status == 303, answer.text()[:300]


def set_up(phone: Phone) -> tuple[str, list[str]]:
    page = phone.page
    page.goto("/drives/new")
    page.get_by_label("Name of the drive").fill("Village hall")
    page.get_by_label("Their names, one a line").fill("\n".join(NAMES))
    page.get_by_label("Number of hands").fill("4")
    page.get_by_label("Interval after hand").fill("")
    page.get_by_role("button", name="Set up the drive").click()
    expect(page.locator(".lead")).to_contain_text("12 players at 3 tables")
    links = page.locator(".table-links a").evaluate_all("(links) => links.map((link) => link.href)")
    assert len(links) == 3
    return page.url, links


def test_a_result_confirmed_by_the_other_pair_and_a_correction_after_move_now(
    phone: Phone, browser: Browser, live_server: str
) -> None:
    drive_url, tables = set_up(phone)
    organiser = phone.page
    table_phone = browser.new_context(base_url=live_server, viewport={"width": 390, "height": 844})
    others = browser.new_context(base_url=live_server)
    page = table_phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    # Table 1: Ann N, Cat E, Bob S, Dan W. Cat (East–West) enters for their own pair: no pair is
    # chosen for them, and the result is said for both pairs by name before it is saved.
    page.goto(tables[0])
    expect(page.locator(".pair-choice input:checked")).to_have_count(0)
    page.locator(".pair-choice").filter(has_text="Cat & Dan").click()
    page.locator(".trick-chips .chip").filter(has_text=re.compile(r"^8$")).click()
    expect(page.locator("[data-result-summary]")).to_have_text("Ann & Bob 5 — Cat & Dan 8")
    check_accessibility(page, "table 1's hand form")
    page.get_by_role("button", name="Enter hand 1").click()
    expect(page.locator(".entered-tricks")).to_contain_text("Ann & Bob 5 — Cat & Dan 8")
    expect(page.locator(".entered-tricks")).to_contain_text("not confirmed yet")
    expect(page.get_by_role("heading", name="Ann and Bob: is this right?")).to_be_visible()
    check_accessibility(page, "table 1 waiting for the other pair")
    expect(page.get_by_role("button", name="Cat: confirm")).to_have_count(0)
    page.get_by_role("button", name="Ann: confirm").click()
    expect(page.locator(".flash")).to_contain_text("Ann confirmed: Ann & Bob 5 — Cat & Dan 8")
    expect(page.locator(".entered-tricks")).to_contain_text("confirmed by Ann")
    expect(page.locator("[data-waiting]")).to_have_text("Waiting for 2 more tables.")

    # The other tables enter; table 1's phone counts them down in place, without reloading.
    page.evaluate("window.sameLoad = true")
    table_enters(others.request, tables[1], 6)
    expect(page.locator("[data-waiting]")).to_have_text("Waiting for 1 more table.")
    assert page.evaluate("window.sameLoad") is True
    table_enters(others.request, tables[2], 9)
    # Every table is in: the phone reloads once, to hand 2's seating at table 1.
    expect(page.locator(".move-now")).to_contain_text("Hand 1 is in at every table: move now.")
    assert page.evaluate("window.sameLoad === undefined") is True
    expect(page.locator(".table-hand")).to_contain_text("Hand 2")

    # After "Move now" the organiser corrects table 1's hand 1 from its card: N–S took 8. The page
    # says what that changes, and nobody moves.
    organiser.goto(f"{drive_url}/hands/2")
    seats_before = organiser.locator(".hand-tables").inner_text()
    organiser.goto(f"{drive_url}/hands/1/tables/1")
    expect(organiser.locator(".hint").filter(has_text="never a seat")).to_be_visible()
    organiser.locator(".pair-choice").filter(has_text="Ann & Bob").click()
    organiser.locator(".trick-chips .chip").filter(has_text=re.compile(r"^8$")).click()
    expect(organiser.locator("[data-result-summary]")).to_have_text("Ann & Bob 8 — Cat & Dan 5")
    organiser.get_by_role("button", name="Correct hand 1").click()
    expect(organiser.locator("#correction-preview")).to_contain_text(
        "This correction changes: Ann +3, Cat −3, Bob +3, Dan −3; nobody moves"
    )
    check_accessibility(organiser, "a correction's preview")
    organiser.get_by_role("button", name="Save the correction").click()
    expect(organiser.locator(".flash")).to_contain_text(
        "Table 1, hand 1: Ann & Bob 8 — Cat & Dan 5 — corrected"
    )
    organiser.goto(f"{drive_url}/hands/2")
    assert organiser.locator(".hand-tables").inner_text() == seats_before
    organiser.goto(f"{drive_url}/hands/1")
    expect(organiser.locator(".hand-table").first).to_contain_text("8–5 corrected")
    # Table 1's phone, on hand 2 already, still shows the same four players.
    page.reload()
    expect(page.locator(".table-hand")).to_contain_text("Hand 2")

    # Hand 2 is played; Mia arrives as the hall moves, and takes the sit-out seat of hand 3.
    for link, tricks in zip(tables, (7, 5, 10), strict=True):
        table_enters(others.request, link, tricks)
    organiser.goto(drive_url)
    organiser.get_by_label("A player arriving").fill("Mia")
    organiser.get_by_role("button", name="Add the player").click()
    expect(organiser.locator(".flash")).to_contain_text("Mia joins from hand 3 as a lady: sits out")
    check_accessibility(organiser, "the organiser's page after an arrival")
    organiser.goto(f"{drive_url}/hands/3")
    expect(organiser.locator(".hint").filter(has_text="Sitting out")).to_contain_text("Mia")
    seats_before = organiser.locator(".hand-tables").inner_text()
    # A correction of hand 2 now changes scores only: hand 3's seats, Mia's included, stay.
    organiser.goto(f"{drive_url}/hands/2/tables/2")
    organiser.locator(".pair-choice").first.click()
    organiser.locator(".trick-chips .chip").filter(has_text=re.compile(r"^9$")).click()
    organiser.get_by_role("button", name="Correct hand 2").click()
    expect(organiser.locator("#correction-preview")).to_contain_text("nobody moves")
    organiser.get_by_role("button", name="Save the correction").click()
    expect(organiser.locator(".flash")).to_contain_text("— corrected")
    organiser.goto(f"{drive_url}/hands/3")
    assert organiser.locator(".hand-tables").inner_text() == seats_before
    expect(organiser.locator(".hint").filter(has_text="Sitting out")).to_contain_text("Mia")
    table_phone.close()
    others.close()
    assert not errors, errors
