"""A new phone: the old one lists what it keeps ("On this phone", from Your games), shows a carry-over
code as a QR code, and the new phone that opens its link takes everything with one tap; the code
reaches the server only in the body of a POST. Forgetting one thing asks first. Every page passes axe
in light and dark mode, and is shot at 390×844."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, Request, expect

from .conftest import Phone, check_accessibility, phone_context


@pytest.mark.browser
def test_a_new_phone_takes_everything_the_old_one_keeps(
    phone: Phone, browser: Browser, playwright: Playwright, live_server: str, tmp_path: Path
) -> None:
    game_url = phone.start_game("oh-hell", ["Ann", "Bob", "Cy"], first_dealer=0)
    phone.page.goto("/tables/new")
    phone.page.fill("input[name=name]", "Thursday whist")
    phone.page.click("button[type=submit]")
    expect(phone.page.locator("h1")).to_contain_text("Thursday whist")

    phone.page.goto("/games")
    phone.page.click("text=On this phone: list, forget, move to a new phone")
    expect(phone.page.locator("h1")).to_have_text("On this phone")
    expect(phone.page.locator("#kept-game")).to_have_text("Games 1")
    expect(phone.page.locator("#kept-table")).to_have_text("Tables 1")
    check_accessibility(phone.page, "what this phone keeps")
    print(f"screenshots: {phone.shoot_both('on-this-phone')}")

    phone.page.click("text=Move everything to another phone")
    expect(phone.page.locator(".handover-qr svg")).to_be_visible()
    expect(phone.page.locator(".lead")).to_have_text(
        "It will keep everything this phone keeps: 1 game, 1 table."
    )
    check_accessibility(phone.page, "the carry-over code")
    print(f"screenshots: {phone.shoot_both('carry-over-code')}")
    link = phone.page.locator("a.handover-link").get_attribute("href")
    code = phone.page.locator(".handover-code").inner_text().replace("-", "")
    assert link is not None and link.endswith(f"/phone/receive#{code}")

    other = Phone(phone_context(browser, playwright, live_server).new_page(), tmp_path)
    sent: list[str] = []

    def note(request: Request) -> None:
        sent.append(request.url + " " + (request.post_data or ""))

    other.page.on("request", note)
    other.page.goto(link)  # as the camera opens the QR code
    expect(other.page.locator("#code")).to_have_value(code)
    assert "#" not in other.page.url  # the script took the code out of the address bar
    check_accessibility(other.page, "taking everything over")
    print(f"screenshots: {other.shoot_both('carry-over-receive')}")
    other.page.click("button.primary")
    expect(other.page.locator(".flash")).to_have_text("Moved. This phone now also keeps: 1 game, 1 table.")
    expect(other.page.locator("#kept-game")).to_have_text("Games 1")
    print(f"screenshot: {other.shoot('carry-over-done')}")
    other.page.goto(game_url)
    other.open_next_deal(1)  # the new phone keeps score
    assert not [line for line in sent if code in line.split(" ", 1)[0]]  # never in an address
    assert [line for line in sent if line.endswith(code) or f"code={code}" in line]  # in the POST's body
    other.page.context.close()

    phone.page.goto("/phone")
    phone.page.locator("#kept-table ~ ul .forget-link").click()
    expect(phone.page.locator("h1")).to_have_text("Forget Thursday whist on this phone?")
    check_accessibility(phone.page, "forgetting one thing")
    print(f"screenshots: {phone.shoot_both('forget-asks-first')}")
    phone.page.click("button.danger")
    expect(phone.page.locator(".flash")).to_have_text("This phone no longer keeps Thursday whist.")
    expect(phone.page.locator("#kept-table")).to_have_count(0)
