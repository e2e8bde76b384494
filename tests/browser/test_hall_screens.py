"""The hall's screens on a projector at 1920×1080 with 160 players: the caller's screen, the projected
leaderboard and the prize-giving. Every name and seat is at least 32 px tall, nothing is cut, the pages
that do not fit turn by themselves, and every player comes up on one of them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ..web.drive_pages import CONFIRMER, HALL_NAMES
from .conftest import TIMEOUT_MS, Phone, check_accessibility

SHOTS = Path("/tmp/hall-shots")
HIDDEN_FIELDS = ("hand", "seats", "was", "csrf_token")

# Every line shown on the page: its name's rendered height and font size, whether any text in it is cut
# (wider than its box, or outside the screen), and whether the page scrolls at all.
MEASURE = """(selector) => {
  const shown = [...document.querySelectorAll(selector)].filter((item) => item.offsetParent !== null);
  const cut = [];
  let smallest = Infinity;
  let smallestFont = Infinity;
  for (const item of shown) {
    const name = item.querySelector('.place-name') || item;
    const box = name.getBoundingClientRect();
    smallest = Math.min(smallest, box.height);
    smallestFont = Math.min(smallestFont, parseFloat(getComputedStyle(name).fontSize));
    for (const part of [item, ...item.children]) {
      const edge = part.getBoundingClientRect();
      const outside = edge.right > innerWidth + 0.5 || edge.bottom > innerHeight + 0.5
        || edge.left < -0.5 || edge.top < -0.5;
      if (part.scrollWidth > part.clientWidth + 1 || outside) {
        cut.push(part.textContent.trim());
      }
    }
  }
  const names = shown.map((item) => (item.querySelector('.place-name') || item).textContent.trim());
  const page = document.documentElement;
  const scrolls = page.scrollHeight > innerHeight || page.scrollWidth > innerWidth;
  return {names, smallest, smallestFont, cut, scrolls};
}"""

# Any text of the top band (hand, trump, calls) that is cut or spills out of the band.
HEAD_CUT = """() => {
  const head = document.querySelector('.caller-head').getBoundingClientRect();
  return [...document.querySelectorAll('.caller-head p')].filter((part) => {
    const box = part.getBoundingClientRect();
    const spills = box.bottom > head.bottom + 0.5 || box.right > innerWidth;
    return part.scrollWidth > part.clientWidth + 1 || spills;
  }).map((part) => part.textContent.trim());
}"""


@pytest.fixture
def projector(browser: Browser, live_server: str) -> Iterator[Page]:
    """A projector's browser at 1920×1080 whose clock the test turns (the pages turn every 8 seconds)."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.clock.install()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def hidden_fields(page: str) -> dict[str, str]:
    """The hidden fields of a table's page (the first of each name) that its forms send."""
    form = {}
    for field in HIDDEN_FIELDS:
        marker = f'name="{field}" value="'
        if marker in page:
            form[field] = page.split(marker, 1)[1].split('"', 1)[0]
    return form


def enter_hand(browser: Browser, live_server: str, tables: list[str], hand: int) -> None:
    """Every table's phone enters the hand and a player of the other pair confirms it: the forms a
    table's page sends."""
    phones = browser.new_context(base_url=live_server)
    try:
        for table, link in enumerate(tables):
            form = hidden_fields(phones.request.get(link).text())
            answer = phones.request.post(
                link, form={**form, "pair": "NS", "tricks": str((hand * 5 + table) % 14)}, max_redirects=0
            )
            assert answer.status == 303, (hand, table, answer.text()[:300])
            page = phones.request.get(link).text()
            confirmers = CONFIRMER.findall(page)
            if confirmers:  # the other pair confirms on the same phone
                form = {**hidden_fields(page), "player": confirmers[0]}
                answer = phones.request.post(f"{link}/confirm", form=form, max_redirects=0)
                assert answer.status == 303, (hand, table, answer.text()[:300])
    finally:
        phones.close()


def every_page(page: Page, selector: str) -> tuple[set[str], float, float]:
    """Turn the list's pages by the clock: every name seen, the smallest name's height and font size."""
    seen: set[str] = set()
    smallest = smallest_font = float("inf")
    for _turn in range(8):
        shown = page.evaluate(MEASURE, selector)
        assert not shown["cut"], shown["cut"]
        assert not shown["scrolls"]
        seen.update(shown["names"])
        smallest = min(smallest, shown["smallest"])
        smallest_font = min(smallest_font, shown["smallestFont"])
        if len(seen) == len(HALL_NAMES):
            break
        page.clock.run_for(8_000)
    return seen, smallest, smallest_font


@pytest.mark.browser
def test_160_players_read_their_seats_from_the_back_of_the_hall(
    projector: Page, browser: Browser, live_server: str
) -> None:
    SHOTS.mkdir(exist_ok=True)
    page = projector
    page.goto("/drives/new")
    page.get_by_label("Name of the drive").fill("County championship")
    page.get_by_label("Their names, one a line").fill("\n".join(HALL_NAMES))
    page.get_by_label("Number of hands").fill("4")
    page.get_by_label("Interval after hand").fill("2")
    page.get_by_role("button", name="Set up the drive").click()
    expect(page.locator(".lead")).to_contain_text("160 players at 40 tables")
    drive_url = page.url
    tables = page.locator(".table-links a").evaluate_all("(links) => links.map((link) => link.href)")
    assert len(tables) == 40

    # Hand 1 being played: the hand and trump in the top fifth, everyone's seat in pages.
    page.goto(drive_url + "/caller")
    head = page.locator(".caller-head").bounding_box()
    assert head is not None and head["y"] + head["height"] <= 1080 / 5 + 1
    for part in (".caller-hand", ".caller-trump"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 1080 / 5 + 1 and box["height"] >= 80
    assert page.evaluate(HEAD_CUT) == []
    expect(page.locator(".wake")).to_have_count(0)  # no "keep the screen on" on the projector
    page.screenshot(path=f"{SHOTS}/caller-160-hand-1.png")
    seen, smallest, font = every_page(page, ".caller-places li")
    assert seen == set(HALL_NAMES)
    assert smallest >= 32 and font >= 32, (smallest, font)
    expect(page.locator(".hall-pager")).to_contain_text("Page")
    check_accessibility(page, "the caller's screen with 160 players")

    # Move now, then the interval: the prizes and who can still win take a band, the names still fit.
    enter_hand(browser, live_server, tables, 1)
    page.evaluate("window.sameLoad = true")
    page.clock.run_for(3_500)  # the screen asks whether the drive changed, and swaps the new part in
    expect(page.locator(".caller-call")).to_have_text("Move now")
    assert page.evaluate("window.sameLoad") is True  # followed in place, not reloaded
    assert page.evaluate(HEAD_CUT) == []
    page.screenshot(path=f"{SHOTS}/caller-160-move.png")
    seen, smallest, font = every_page(page, ".caller-places li")
    assert seen == set(HALL_NAMES) and smallest >= 32 and font >= 32

    enter_hand(browser, live_server, tables, 2)
    page.goto(drive_url + "/caller")
    expect(page.locator(".caller-call")).to_have_text("Interval")
    expect(page.locator(".hall-outlook")).to_contain_text("Who can still win")
    page.screenshot(path=f"{SHOTS}/caller-160-interval.png")
    seen, smallest, font = every_page(page, ".caller-places li")
    assert seen == set(HALL_NAMES) and smallest >= 32 and font >= 32
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=f"{SHOTS}/caller-160-interval-dark.png")
    page.emulate_media(color_scheme="light")

    # The leaderboard on the projector: the whole list in columns, in pages.
    page.goto(drive_url + "/leaderboard/projector")
    expect(page.locator(".board-lines li")).to_have_count(160)
    page.screenshot(path=f"{SHOTS}/projector-160.png")
    seen, smallest, font = every_page(page, ".board-lines li")
    assert seen == set(HALL_NAMES) and smallest >= 32 and font >= 32
    check_accessibility(page, "the projected leaderboard")

    # The prize-giving at the interval: the first half's prize, stepped on with the space bar.
    page.goto(drive_url + "/leaderboard/announce")
    expect(page.locator(".announce-prize")).to_have_text("1 prize to give")
    page.keyboard.press("Space")
    expect(page.locator(".announce-current .announce-prize")).to_have_text("Best first half")
    page.screenshot(path=f"{SHOTS}/announce-160.png")
    check_accessibility(page, "the prize-giving")


@pytest.mark.browser
def test_a_phone_reads_who_can_still_win_and_the_prize_giving(phone: Phone, projector: Page) -> None:
    """A small drive set up and played to the interval through the JSON API: the phone's leaderboard
    says who can still take each prize, and the projector gives the first half's prize."""
    SHOTS.mkdir(exist_ok=True)
    api = phone.page.context.request
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    made = api.post(
        "/api/v1/drives", data={"name": "Village hall", "players": names, "hands": 6, "interval_after": 3}
    )
    assert made.status == 201
    drive = made.json()
    for hand, tricks in ((1, (9, 4)), (2, (10, 2)), (3, (8, 6))):
        for table, count in enumerate(tricks, start=1):
            answer = api.put(
                f"/api/v1/drives/{drive['id']}/hands/{hand}/tables/{table}",
                data={"tricks": count},
                headers={"Authorization": f"Bearer {drive['edit_token']}"},
            )
            assert answer.status == 200, answer.text()
    page = phone.page
    page.goto(f"/drives/{drive['id']}/leaderboard")
    expect(page.locator(".hall-outlook")).to_contain_text("Who can still win")
    expect(page.locator(".hall-outlook li")).to_have_count(3)
    page.screenshot(path=f"{SHOTS}/leaderboard-phone-interval.png", full_page=True)
    check_accessibility(page, "the leaderboard with who can still win")

    projector.goto(f"/drives/{drive['id']}/leaderboard/projector")
    expect(projector.locator(".board-lines li")).to_have_count(8)
    projector.screenshot(path=f"{SHOTS}/projector-8.png")
    # The prize-giving is the organiser's: a projector without the organiser link is refused it.
    assert projector.goto(f"/drives/{drive['id']}/leaderboard/announce").status == 403
    # The hall's laptop opens the organiser link (its key after "#", never sent) and steps on.
    projector.goto(f"/drives/{drive['id']}/organise#key={drive['edit_token']}")
    expect(projector.get_by_role("heading", name="Run it from another phone")).to_be_visible()
    projector.goto(f"/drives/{drive['id']}/leaderboard/announce?shown=1")  # ?shown changes nothing
    expect(projector.locator(".announce-prize")).to_have_text("1 prize to give")
    projector.keyboard.press("Space")
    expect(projector.locator(".announce-current .announce-prize")).to_have_text("Best first half")
    projector.screenshot(path=f"{SHOTS}/announce-8.png")
    projector.keyboard.press("ArrowLeft")
    expect(projector.locator(".announce-prize")).to_have_text("1 prize to give")
