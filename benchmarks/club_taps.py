"""How many taps, keys, scrolls and page loads a club's secretary spends in a first month, on a phone.

    .venv/bin/python benchmarks/club_taps.py [--quick]

Counted as benchmarks/taps_start.py counts (its Starter, on Debian's Chromium as a phone held upright,
390×844, touch): a tap is one tap on the screen (a list to choose from is two: open it, pick); a key
is one key of the phone's keyboard; a scroll is any change of scroll position the app did not make
itself; a page load is a full load of a document. The phone already keeps two tables, Thursday
(Ann, Bob, Cy, Dee: two finished games) and Friday (Ann, Eve, Fay: one), and runs a finished drive
(set up in the database, not counted). Then, each line one step of the month:

- set up a club with its two tables and a season, from the home page (target ≤ 12 taps);
- add the drive this phone runs;
- from a finished game of the club to its ladder (target 1 tap);
- mark a visitor as a guest; mark a game as a friendly;
- a merge made by mistake (Cy and Eve) and undone (Eve's name moved back to a new member, Eve);
- share a club night, from a finished game's screen (its link copied).

``--quick`` counts the set-up and the way to the ladder only (the same code, a smoke run).
Prints figures only; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from playwright.sync_api import Page, sync_playwright
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).parent))
from taps import CHROMIUM, VIEWPORT, WATCH_SCROLLS  # beside this script
from taps_start import Starter

from scorekeeper import create_app
from scorekeeper.drives import store as drives
from scorekeeper.games import store as games
from scorekeeper.groups.access import Group, create_group
from scorekeeper.groups.roster import seating_for_names
from scorekeeper.rules import Game
from scorekeeper.rules.drive import HandEntry

DEVICE = "the-secretary-s-phone"
VARIANT = "custom-oh-hell"
# Five deals of two cards, no trump, no hook: a made bid scores its tricks + 10.
FIVE_SHORT = {"shape": "fixed", "start_cards": 2, "deals": 5, "hook": False, "trump": "none"}
CLUB_PAGE = re.compile(r"/clubs/[0-9a-f]{32}(#\w+)?$")
LADDER = re.compile(r"/clubs/[0-9a-f]{32}/ladder$")
MEMBER = re.compile(r"/clubs/[0-9a-f]{32}/members/\d+(\?.*)?$")
NIGHTS = re.compile(r"/clubs/[0-9a-f]{32}/nights$")
NIGHT = re.compile(r"/clubs/[0-9a-f]{32}/nights/\d{4}-\d{2}-\d{2}(#[\w-]+)?$")
MEMBERS = re.compile(r"/clubs/[0-9a-f]{32}/members$")


class Secretary(Starter):
    """The secretary's thumb: taps, a choice from a list (two taps), names typed."""

    def choose(self, selector: str, label: str) -> None:
        """Open a list and pick ``label``: two taps."""
        self.tap(selector)
        self.page.select_option(selector, label=label)
        self.count.taps += 1


@contextmanager
def served() -> Iterator[tuple[Flask, str]]:
    """The app on a fresh SQLite database, served on a free local port, with the app itself."""
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'club.sqlite'}"
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "club-taps", "RATELIMIT_ENABLED": False},
            instance_path=folder,
        )
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield app, f"http://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()
            thread.join(timeout=10)


def play(group: Group, names: list[str], taker: int) -> str:
    """A finished game at the table: every seat bids 0 and ``taker`` takes both tricks of each deal."""
    log = [
        {"bids": [0] * len(names), "tricks": [2 if seat == taker else 0 for seat in range(len(names))]}
        for _ in range(5)
    ]
    game = Game.from_data(Game.start(VARIANT, names, options=FIVE_SHORT).table, log)
    record, _game, _key = games.create_game(
        VARIANT, names, first_dealer=0, options=FIVE_SHORT, log=game.log_data(), holder=DEVICE,
        seating=seating_for_names(group.id, names),
    )  # fmt: skip
    return record.id


def seed(app: Flask) -> dict[str, Any]:
    """The two tables with their games and the drive, kept by the secretary's phone; the cookie that
    is that phone's session."""
    with app.test_request_context("/"):
        thursday = create_group("Thursday", holder=DEVICE)
        friday = create_group("Friday", holder=DEVICE)
        first = play(thursday, ["Ann", "Bob", "Cy", "Dee"], taker=1)
        play(thursday, ["Ann", "Bob", "Cy", "Dee"], taker=0)
        play(friday, ["Ann", "Eve", "Fay"], taker=2)
        record, _drive, key = drives.create_drive("Church hall", ["Gus", "Hal", "Ivy", "Jon"], hands=2)
        for hand in (1, 2):
            entry = HandEntry(hand=hand, table=1, tricks=8)
            drives.enter_hand(record.id, entry, drives.Seen(hand=hand, table=1))
    session = {"device": DEVICE, "drive_keys": {record.id: key}}
    cookie = app.session_interface.get_signing_serializer(app).dumps(session)  # type: ignore[attr-defined]
    return {"cookie": cookie, "game": first}


def set_up_the_club(secretary: Secretary) -> str:
    page = secretary.page
    page.goto("/")
    page.wait_for_load_state("load")
    secretary.count.loads = 0
    secretary.tap_to("a[href$='/clubs/new']", re.compile(r"/clubs/new$"))
    secretary.type_names("#name", ["Thursday Whist Club"])
    secretary.tap_to("button.primary", CLUB_PAGE)
    secretary.tap_to("text=Add the table", CLUB_PAGE)
    secretary.tap_to("text=Add the table", CLUB_PAGE)
    secretary.type_names("#season-name", ["Winter"])
    secretary.tap_to("text=Add the season", CLUB_PAGE)
    return (
        "the home page: Start a club · its name typed · Start the club · Add the table (the one this "
        "phone took last, offered first) · Add the table (the other) · the season's name typed, its dates "
        "as offered (today to the end of the third month) · Add the season"
    )


def add_the_drive(secretary: Secretary) -> str:
    secretary.tap_to("text=Add the drive", CLUB_PAGE)
    return "the club's page: Add the drive (Church hall, the one this phone runs)"


def to_the_ladder(secretary: Secretary, game: str) -> str:
    secretary.page.goto(f"/games/{game}")
    secretary.page.wait_for_load_state("load")
    secretary.count.loads = 0
    secretary.tap_to(".club-here a:text('Ladder')", LADDER)
    return "a finished game's screen: Ladder (under the club's name) → the club's ladder"


def a_guest(secretary: Secretary, club: str) -> str:
    secretary.page.goto(club)
    secretary.page.wait_for_load_state("load")
    secretary.count.loads = 0
    secretary.tap_to("nav .tabs >> text=Members", MEMBERS)
    secretary.tap_to(".club-members a:text('Gus')", MEMBER)
    secretary.tap_to("text=Gus is a guest", MEMBER)
    return "the club's page: Members · Gus · Gus is a guest"


def a_friendly(secretary: Secretary, club: str) -> str:
    secretary.page.goto(club)
    secretary.page.wait_for_load_state("load")
    secretary.count.loads = 0
    secretary.tap_to("nav .tabs >> text=Nights", NIGHTS)
    secretary.tap_to(".club-nights a", NIGHT)
    secretary.tap_to("text=A friendly: off the ladder >> nth=0", NIGHT)
    return "the club's page: Nights · the evening · A friendly: off the ladder (its first game)"


def a_merge_undone(secretary: Secretary, club: str) -> str:
    page = secretary.page
    page.goto(club)
    page.wait_for_load_state("load")
    secretary.count.loads = 0
    secretary.tap_to("nav .tabs >> text=Members", MEMBERS)
    secretary.tap_to(".club-members a:text('Cy')", MEMBER)
    secretary.choose("#other", "Eve")
    secretary.tap_to("text=Merge: one member", MEMBER)
    secretary.tap("summary:text('One of these is someone else')")
    secretary.choose("#played", "Eve, table Friday")
    secretary.type_names("#new-name", ["Eve"])
    secretary.tap_to("text=Move this name", MEMBER)
    return (
        "the club's page: Members · Cy · Eve chosen as the same person · Merge · One of these is someone "
        "else · Eve, table Friday chosen · the new member's name typed: Eve · Move this name"
    )


def share_a_night(secretary: Secretary, game: str) -> str:
    page = secretary.page
    page.goto(f"/games/{game}")
    page.wait_for_load_state("load")
    secretary.count.loads = 0
    secretary.tap_to(".club-here a:text('This evening at the club')", NIGHT)
    secretary.tap("summary:text('Share this page')")
    secretary.tap("button[data-copy]")
    page.wait_for_function("() => document.querySelector('[data-copied]').textContent !== ''")
    return "a finished game's screen: This evening at the club · Share this page · Copy link"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the set-up and the way to the ladder only")
    quick = parser.parse_args().quick
    print("Taps, keys, scrolls and full page loads of a club secretary's first month, on Chromium at")
    print("390x844 (a phone held upright). Targets: a club with two tables and a season at most 12 taps;")
    print("from a finished game to the ladder 1 tap.")
    with served() as (app, base), sync_playwright() as driver:
        seeded = seed(app)
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(
            viewport=VIEWPORT, device_scale_factor=3, is_mobile=True, has_touch=True, base_url=base
        )
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        context.add_cookies([{"name": "session", "value": seeded["cookie"], "url": base}])
        context.add_init_script(WATCH_SCROLLS)
        page: Page = context.new_page()
        club = ""

        def step(label: str, walk: Any, *args: Any) -> None:
            nonlocal club
            secretary = Secretary(page)
            story = walk(secretary, *args)
            secretary.finish()
            print(f"{label}: {secretary.cost()}")
            print(f"  {story}")
            if CLUB_PAGE.search(page.url):
                club = page.url.split("#")[0]

        step("set up a club with two tables and a season", set_up_the_club)
        if not quick:
            step("add the drive this phone runs", add_the_drive)
        step("from a finished game to the ladder", to_the_ladder, seeded["game"])
        if not quick:
            step("mark a visitor as a guest", a_guest, club)
            step("mark a game as a friendly", a_friendly, club)
            step("a merge made by mistake, and undone", a_merge_undone, club)
            step("share a club night", share_a_night, seeded["game"])
        browser.close()


if __name__ == "__main__":
    main()
