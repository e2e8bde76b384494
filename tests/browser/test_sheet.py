"""The score sheet's controls within reach: undo and redo at the top, the live link to copy or to
hand to the phone's share sheet beside its QR code, and explanation links a thumb can hit."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import Phone

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
# The phone's share sheet, as the page sees it: what it was handed is kept to be read back.
FAKE_SHARE_SHEET = """
navigator.share = (data) => { window.sharedWith = data; return Promise.resolve(); };
"""


@pytest.mark.browser
def test_share_copy_and_explain_from_the_top_of_the_sheet(phone: Phone) -> None:
    page = phone.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.context.add_init_script(FAKE_SHARE_SHEET)
    phone.start_game("oh-hell", PLAYERS, first_dealer=0)
    phone.open_next_deal(1)
    phone.play_deal({1: 3, 2: 2, 3: 2, 0: 2}, {1: 4, 2: 2, 3: 2, 0: 2}, number=1)
    phone.open_sheet()

    # Undo and redo sit at the top, on the first screen.
    for control in ("button[data-undo]", "button[data-redo]"):
        box = page.locator(control).bounding_box()
        assert box is not None and box["y"] + box["height"] < 120

    page.click("details.share summary")
    live = page.locator(".share-link a").get_attribute("href")
    assert live is not None and live.endswith("/live")
    copy = page.locator("button[data-copy]")
    share = page.locator("button[data-share]")
    expect(copy).to_be_visible()
    expect(share).to_be_visible()
    qr, copy_box = page.locator(".qr-box").bounding_box(), copy.bounding_box()
    assert qr is not None and copy_box is not None
    assert copy_box["y"] < qr["y"] + qr["height"], "Copy link sits beside the QR code"
    copy.click()
    expect(page.locator("[data-copied]")).to_contain_text("Link copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == live
    share.click()
    assert page.evaluate("() => window.sharedWith.url") == live
    phone.shoot_both("share-beside-the-qr")

    # A deal's points open how they were counted: the link is a thumb's size, not the digits'.
    page.click("details.share summary")
    points = page.locator("#deal-1 .pts a").first
    box = points.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    points.click()
    expect(page.locator(".explain-pop")).to_be_visible()
    expect(page.locator(".explain-pop p")).to_have_text(
        "Ann: bid 2, took 2: 2 for the tricks + 10 for the exact bid = +12"
    )
