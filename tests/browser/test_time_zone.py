"""A phone in another time zone reads dates on its own calendar: app.js keeps the phone's zone in
the ``tz`` cookie, and the next page shows the day it is there (web/language.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import pytz
from babel.dates import format_date
from playwright.sync_api import Browser, Playwright, expect

from .conftest import Phone, phone_context

# At any hour of the day one of these is on another date than UTC: 14 hours ahead, 11 behind.
FAR_ZONES = ("Pacific/Kiritimati", "Pacific/Pago_Pago")


@pytest.mark.browser
def test_a_phone_far_from_utc_reads_today_as_its_own_day(
    browser: Browser, playwright: Playwright, live_server: str, tmp_path: Path
) -> None:
    today_in_utc = datetime.now(UTC).date()
    zone = next(name for name in FAR_ZONES if datetime.now(pytz.timezone(name)).date() != today_in_utc)
    context = phone_context(browser, playwright, live_server, timezone_id=zone)
    phone = Phone(context.new_page(), tmp_path)
    page = phone.page
    page.goto("/tables/new")
    expect(page.locator("h1")).to_be_visible()
    assert {"name": "tz", "value": zone} in [
        {"name": cookie["name"], "value": cookie["value"]} for cookie in context.cookies()
    ]
    phone.tap("#name")
    page.keyboard.type("Far away")
    phone.tap("button.primary")
    expect(page.locator(".flash")).to_contain_text("Far away is kept on this phone")
    page.goto("/")
    there = format_date(datetime.now(pytz.timezone(zone)).date(), "medium", locale="en")
    expect(page.locator(".tables-home .summary")).to_have_text(f"Since {there}")
    assert format_date(today_in_utc, "medium", locale="en") != there
    context.close()
