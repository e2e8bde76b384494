"""The season's share picture (results.png) against a bare Pillow drawing of the same size.

    .venv/bin/python benchmarks/pictures.py [--quick] [--runs 15]

A club of 200 members with names of 30 letters whose every game ties: each of its records (highest
score of the game, most exact bids, most games…) is held by every member, the probe's worst case
(one long line a record, shortened one letter at a time, took 24–28 s of CPU a picture). Prints,
as medians of CPU time (this process's, so a busy machine's other work does not count):

1. the picture asked for through the app (test client) with everything of the club kept but the
   picture itself: what an anonymous request that misses the kept copy costs (target ≤ 0.3 s);
2. the same picture again: the kept copy;
3. the floor: Pillow drawing a 1200×630 PNG of the same kind (a band, eight lines of text that fit,
   no measuring) and saving it;
and how many distinct pictures a club version holds (its seasons × the app's languages), each made
once per worker.

--quick: 40 members and 5 runs (same code path, a few seconds).
Prints figures only; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from flask import Flask
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app
from scorekeeper.clubs import access, holdings, outcomes, seasons
from scorekeeper.games import store
from scorekeeper.groups.access import create_group
from scorekeeper.groups.roster import seating_for_names
from scorekeeper.rules import Game
from scorekeeper.web.clubs import image
from scorekeeper.web.clubs.results import PICTURES
from scorekeeper.web.language import offered_languages

DEVICE = "benchmark-device"
NAME_LETTERS = 30  # the longest a player's name may be
VARIANT = "custom-oh-hell"
# Four deals of two cards, no trump: each player bids 1 twice and 0 twice and makes every bid, so
# every player of every game scores 42 and makes four exact bids: every record is a tie of all.
FOUR_SHORT = {"shape": "fixed", "start_cards": 2, "deals": 4, "hook": False, "trump": "none"}


def tied_deals() -> list[dict[str, list[int]]]:
    deals = []
    for number in range(4):
        bidders = {number % 4, (number + 1) % 4} if number < 2 else {(number + 2) % 4, (number + 3) % 4}
        line = [1 if seat in bidders else 0 for seat in range(4)]
        deals.append({"bids": line, "tricks": line})
    return deals


def fill(app: Flask, members: int) -> tuple[str, int]:
    """The club: tables of four playing tied games until every member has played. Its id and season."""
    names = [(f"Member {number:03d} " + "Longname-" * 3)[:NAME_LETTERS] for number in range(members)]
    with app.test_request_context():
        club = access.create_club("The Thursday Whist Club of Long Names", holder=DEVICE)
        for table in range(members // 4):
            group = create_group(f"Table {table + 1}", holder=DEVICE)
            players = names[table * 4 : table * 4 + 4]
            start = Game.start(VARIANT, players, options=FOUR_SHORT)
            game = Game.from_data(start.table, tied_deals())
            assert game.state.finished
            store.create_game(
                VARIANT, players, first_dealer=0, options=FOUR_SHORT, log=game.log_data(), holder=DEVICE,
                seating=seating_for_names(group.id, players),
            )  # fmt: skip
            holdings.add_table(club.id, group.id)
        this_year = date.today().year
        seasons.add_season(club.id, str(this_year), date(this_year, 1, 1), date(this_year, 12, 31))
        [season] = seasons.seasons(club.id)
        outcomes.outcomes(club.id)
        return club.id, season.id


def cpu_ms(action: Callable[[], object]) -> float:
    started = time.process_time()
    action()
    return (time.process_time() - started) * 1000


def bare_png() -> bytes:
    """The floor: a 1200×630 picture with a band and eight lines of text, saved as PNG."""
    picture = Image.new("RGB", (image.WIDTH, image.HEIGHT), image.PAPER)
    pen = ImageDraw.Draw(picture)
    pen.rectangle((0, 0, image.WIDTH, 150), fill=image.GREEN)
    for line in range(8):
        font = image.font(44 if line < 2 else 30)
        pen.text(
            (image.MARGIN, 30 + line * 70),
            "1. Member 001 — 42 · Highest score: 42",
            fill=image.INK,
            font=font,
        )
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small club, a few runs")
    parser.add_argument("--runs", type=int, default=15)
    arguments = parser.parse_args()
    members = 40 if arguments.quick else 200
    runs = 5 if arguments.quick else arguments.runs
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-pictures-"))
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'club.sqlite'}",
            "RATELIMIT_ENABLED": False,
        },
        instance_path=str(folder),
    )
    club_id, season_id = fill(app, members)
    client = app.test_client()
    url = f"/clubs/{club_id}/seasons/{season_id}/results.png"

    def ask() -> None:
        answer = client.get(url)
        assert answer.status_code == 200 and answer.mimetype == "image/png", answer.status_code

    ask()  # fonts loaded, the club's ladder and records kept
    fresh, kept, floor = [], [], []
    for _ in range(runs):
        PICTURES.clear()
        fresh.append(cpu_ms(ask))
        kept.append(cpu_ms(ask))
        floor.append(cpu_ms(bare_png))
    with app.test_request_context():
        languages = len(offered_languages())
    print(f"club: {members} members with names of {NAME_LETTERS} letters, every record held by all")
    print(
        f"season picture, drawn (CPU, median of {runs}): {statistics.median(fresh):.0f} ms (target ≤ 300 ms)"
    )
    print(f"season picture, kept: {statistics.median(kept):.1f} ms")
    print(f"floor, a bare Pillow drawing of 1200×630 saved as PNG: {statistics.median(floor):.0f} ms")
    print(f"pictures per club version: one per season and language ({languages} languages), each drawn once")


if __name__ == "__main__":
    main()
