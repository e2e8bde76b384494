"""During a game the screen stays on (Screen Wake Lock, with a switch), and a page keeps its place
— its scroll and the taps not saved yet — when the phone locks and the browser drops the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import Phone

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)
LOCK = """() => {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


# A phone's Wake Lock, recorded: each request and release the page makes.
FAKE_WAKE_LOCK = """
window.wakeCalls = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request: async (kind) => {
  window.wakeCalls.push("request " + kind);
  const listeners = [];
  return { addEventListener: (name, listener) => listeners.push(listener),
           release: async () => { window.wakeCalls.push("release"); listeners.forEach((l) => l()); } };
} } });
"""
WAKE = """() => {
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.mark.browser
def test_the_screen_stays_on_during_a_game_and_the_switch_turns_it_off(phone: Phone) -> None:
    phone.page.add_init_script(FAKE_WAKE_LOCK)
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.open_next_deal(1)
    switch = phone.page.get_by_label("Keep the screen on")
    expect(switch).to_be_checked()
    phone.page.wait_for_function("() => window.wakeCalls.length === 1")
    assert phone.page.evaluate("() => window.wakeCalls") == ["request screen"]
    switch.uncheck()
    phone.page.wait_for_function("() => window.wakeCalls.length === 2")
    phone.page.evaluate(LOCK)
    phone.page.evaluate(WAKE)  # switched off: waking asks for nothing
    switch.check()
    phone.page.wait_for_function("() => window.wakeCalls.length === 3")
    assert phone.page.evaluate("() => window.wakeCalls") == ["request screen", "release", "request screen"]
    switch.uncheck()
    phone.page.reload()
    expect(phone.page.get_by_label("Keep the screen on")).not_to_be_checked()  # the choice is kept


@pytest.mark.browser
def test_the_deal_screen_keeps_its_taps_and_place_when_the_phone_locks(phone: Phone) -> None:
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.open_next_deal(1)
    phone.tap_bids({BOB: 3, CY: 2})
    phone.page.evaluate(LOCK)  # the phone locks ...
    phone.page.reload()  # ... and the browser drops the page, to load it again when it wakes
    expect(phone.bid_input(BOB, 3)).to_be_checked()
    expect(phone.bid_input(CY, 2)).to_be_checked()
    expect(phone.page.locator("button[data-primary]")).to_have_text("Save the bids")

    phone.open_sheet()  # the sheet, with the share box opened and scrolled down to it
    phone.page.click("details.share summary")
    phone.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    scrolled = phone.page.evaluate("() => window.scrollY")
    assert scrolled > 0
    phone.page.evaluate(LOCK)
    phone.page.reload()
    expect(phone.page.locator("details.share")).to_have_attribute("open", "")
    assert phone.page.evaluate("() => window.scrollY") == scrolled
