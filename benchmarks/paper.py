"""How well photographed sheets are read: boxes right, misreads caught, taps to fix, CPU time a page.

    .venv/bin/python benchmarks/paper.py [--quick] [--sheets N]

On the tests' corpus (tests/paper/corpus.py): the app's real blank sheets (4- and 7-player Oh Hell)
and a 24-hand whist drive's table cards, filled with the values of games the engine accepts (both
pairs' tricks of every hand, making 13, on a card), by every hand of the corpus in turn (handwriting
fonts, two of them never trained on, and scikit-learn's held-out handwritten digits), photographed
synthetically (perspective, turned up to 15°, blur, shadow, uneven light, JPEG). Each page is read as
the server reads an upload, then the confirm screen is played: what it opens (the classifier's
doubts and the engine's refusals) is fixed with one tap each, the engine checks again, and so on
until it accepts the page. Prints:

- values read right before confirmation, over every value box (a bid or a trick count, written or
  left empty) and over those written;
- of the values misread, the share the confirm screen opened (a doubt or a refusal);
- taps to fix a sheet (one per opened misread; two per misread it did not open — the table spots it
  on the crop, taps it open and taps the right number), and the values read right that the screen
  opened all the same (a look, no tap);
- photos the upload page asked to take again (no corner marks or no code found), each retaken;
- CPU time to read one page (decode, straighten, read every box), beside the floor: decoding the
  JPEG alone.

Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app
from scorekeeper.drives import store
from scorekeeper.paper import photo
from scorekeeper.paper.model import CLASSIFIER
from scorekeeper.paper.photo import PhotoRefused
from scorekeeper.paper.reader import read_fields
from scorekeeper.rules import Game, Table, get_variant
from scorekeeper.rules.paper import check_game_page, page_of, paper_size
from scorekeeper.rules.paper.drives import card_page, check_card
from tests.paper import corpus
from tests.web.drive_pages import SETUP_FIELDS

Truth = dict[str, int | None]

CASES = (
    ("4-player Oh Hell", ["Ann", "Bob", "Cy", "Dee"]),
    ("7-player Oh Hell", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]),
)
DRIVE_PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
DRIVE_HANDS = 24
RETAKES = 5  # photos of one page before the benchmark gives up on it


def confirm(
    check: Callable[[dict[str, int | None]], set[str]], read: dict[str, Any], truth: Truth
) -> dict[str, int]:
    """Play the confirm screen: fix what it opens (the classifier's doubts and what ``check``, the
    engine, flags), check again, until the engine flags nothing more that is wrong."""
    values = {key: value.value for key, value in read.items()}
    wrong = {key for key in values if values[key] != truth.get(key)}
    opened_wrong: set[str] = set()
    doubted = {key for key, value in read.items() if value.doubted}
    for _ in range(len(values) + 2):
        opened = doubted | check(values)
        fixes = {key for key in opened if values[key] != truth.get(key)}
        opened_wrong |= fixes
        for key in fixes:
            values[key] = truth.get(key)
        if not fixes:
            break
    missed = wrong - opened_wrong
    looks = len(doubted - wrong)
    return {
        "wrong": len(wrong),
        "opened": len(opened_wrong),
        "taps": len(opened_wrong) + 2 * len(missed),
        "looks": looks,
    }


class Tally:
    """The figures over every page read."""

    def __init__(self) -> None:
        self.totals = {
            "fields": 0,
            "right": 0,
            "written": 0,
            "written_right": 0,
            "wrong": 0,
            "opened": 0,
            "looks": 0,
        }
        self.taps: list[int] = []
        self.cpu: list[float] = []
        self.floor: list[float] = []
        self.by_hand: dict[str, list[int]] = {}
        self.photos = 0
        self.retakes = 0

    def read(self, filled: Any, fields: Any, rng: np.random.Generator) -> dict[str, Any]:
        """Photograph ``filled`` and read the photo as the server reads an upload, timing it (and
        decoding alone, the floor); a photo the reader refuses (no marks found, no code read) is
        taken again, as the page asks, and counted."""
        for _ in range(RETAKES):
            jpeg = corpus.photograph(filled, rng)
            started = time.process_time()
            photo.decode(jpeg)
            self.floor.append(time.process_time() - started)
            started = time.process_time()
            try:
                straightened = photo.straighten(photo.decode(jpeg))
            except PhotoRefused:
                self.retakes += 1
                continue
            finally:
                self.photos += 1
            read = read_fields(straightened.page, fields)
            self.cpu.append(time.process_time() - started)
            return read
        raise AssertionError(f"{RETAKES} photos of one page refused in a row")

    def add(self, fields: Any, read: dict[str, Any], truth: Truth, hand: Any, result: dict[str, int]) -> None:
        writer = hand.name + (" (unseen)" if hand.unseen else "")
        for field in fields:
            right = read[field.key].value == truth.get(field.key)
            self.totals["fields"] += 1
            self.totals["right"] += right
            if truth.get(field.key) is not None:
                self.totals["written"] += 1
                self.totals["written_right"] += right
                self.by_hand.setdefault(writer, [0, 0])
                self.by_hand[writer][0] += 1
                self.by_hand[writer][1] += right
        self.totals["wrong"] += result["wrong"]
        self.totals["opened"] += result["opened"]
        self.totals["looks"] += result["looks"]

    def report(self) -> None:
        totals, taps, cpu, floor = self.totals, self.taps, self.cpu, self.floor
        print()
        print(f"Sheets read: {len(taps)} ({len(cpu)} pages, {totals['fields']} value boxes)")
        print(
            "Values read right before confirmation: "
            f"{totals['right'] / totals['fields']:.2%} of every value box"
        )
        print(f"  of the values written: {totals['written_right'] / totals['written']:.2%}")
        for name, (count, right) in sorted(self.by_hand.items()):
            print(f"    {name}: {right / count:.2%} of {count}")
        share = totals["opened"] / totals["wrong"] if totals["wrong"] else 1.0
        print(
            f"Misreads the confirm screen opened (doubt or refusal): {share:.2%} "
            f"({totals['opened']} of {totals['wrong']})"
        )
        print(
            f"Photos the page asked to take again (no corner marks or no code found): {self.retakes} "
            f"of {self.photos}"
        )
        print(f"Taps to fix a sheet: mean {statistics.mean(taps):.1f}, most {max(taps)}")
        print(
            f"Values read right but opened for a look (no tap: the right number is already chosen): "
            f"{totals['looks']} of {totals['fields'] - totals['wrong']}, "
            f"{totals['looks'] / len(taps):.1f} a sheet"
        )
        print(
            f"CPU time to read one page: median {statistics.median(cpu):.3f} s, most {max(cpu):.3f} s "
            f"(floor, decoding the JPEG alone: median {statistics.median(floor):.3f} s)"
        )


def game_sheets(
    client: Any, sheets: int, hands: list[Any], tally: Tally, cases: Any = CASES, seed: int = 0
) -> None:
    """The 4- and 7-player Oh Hell blank sheets, filled with legal games."""
    for case, names in cases:
        query = "&".join(f"players-{seat}={name}" for seat, name in enumerate(names))
        pdf = client.get(f"/sheets/blank/oh-hell/sheet.pdf?{query}").data
        pictures = corpus.page_pictures(pdf)
        identities = [photo.straighten(picture).identity for picture in pictures]
        table = Table.create(get_variant("oh-hell"), names, first_dealer=0)
        for sheet in range(sheets):
            rng = np.random.default_rng(1000 * len(names) + sheet + seed)
            hand = hands[(sheet * 5 + len(names)) % len(hands)]
            entries = corpus.legal_entries(table, identities[-1].last, rng)
            truth = corpus.values_of(entries)
            sheet_taps = 0
            for picture, identity in zip(pictures, identities, strict=True):
                page = page_of(table, identity)
                read = tally.read(corpus.fill(picture, page.fields, truth, hand, rng), page.fields, rng)
                game = Game(table)
                for number, entry in enumerate(entries[: identity.first - 1], start=1):
                    game = game.record(table.variant.engine.read_entry(number, entry))
                checked = game

                def flagged(
                    values: dict[str, int | None], page: Any = page, game: Game = checked
                ) -> set[str]:
                    return set(check_game_page(game, page, values).flagged)

                result = confirm(flagged, read, truth)
                sheet_taps += result["taps"]
                tally.add(page.fields, read, truth, hand, result)
            tally.taps.append(sheet_taps)
        print(f"{case}: {sheets} sheets of {len(pictures)} pages read", flush=True)


def drive_cards(app: Any, client: Any, sheets: int, hands: list[Any], tally: Tally, seed: int = 0) -> None:
    """A 24-hand drive's table cards (two tables), filled with both pairs' tricks of every hand."""
    fields = {**SETUP_FIELDS, "players": "\n".join(DRIVE_PLAYERS), "hands": str(DRIVE_HANDS)}
    answer = client.post("/drives/new", data=fields)
    drive_id = answer.location.rstrip("/").rsplit("/", 1)[-1]
    pdf = client.get(f"/drives/{drive_id}/table-cards.pdf").data
    pictures = corpus.page_pictures(pdf)
    with app.app_context():
        _record, drive = store.load_drive(drive_id)
    for sheet in range(sheets):
        rng = np.random.default_rng(24_000 + sheet + seed)
        hand = hands[(sheet * 3 + 1) % len(hands)]
        picture = pictures[sheet % len(pictures)]
        identity = photo.straighten(picture).identity
        assert identity.table is not None
        size = paper_size(identity.paper, identity.orientation)
        page = card_page(
            size, number=identity.page, first=identity.first, last=identity.last, top=identity.top
        )
        truth: Truth = {}
        for number in range(identity.first, identity.last + 1):
            north_south = int(rng.integers(0, 14))
            truth[f"{number}.0.tricks"], truth[f"{number}.1.tricks"] = north_south, 13 - north_south
        read = tally.read(corpus.fill(picture, page.fields, truth, hand, rng), page.fields, rng)
        table = identity.table

        def flagged(values: Truth, page: Any = page, table: int = table) -> set[str]:
            return {key for check in check_card(drive, table, page, values) for key in check.flagged}

        result = confirm(flagged, read, truth)
        tally.add(page.fields, read, truth, hand, result)
        tally.taps.append(result["taps"])
    print(f"A {DRIVE_HANDS}-hand drive's table cards: {sheets} cards read", flush=True)


def run(sheets: int, *, quick: bool = False, seed: int = 0) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "TESTING": True,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.sqlite",
                "PDF_SHELF_BYTES": 0,
                "PDF_WAIT_SECONDS": 120,
                "WTF_CSRF_ENABLED": False,
            },
            instance_path=folder,
        )
        client = app.test_client()
        CLASSIFIER.model()
        hands = corpus.hands()
        tally = Tally()
        # The smoke run reads the 4-player sheet only (and the drive's card): the same code path.
        game_sheets(client, sheets, hands, tally, CASES[:1] if quick else CASES, seed)
        drive_cards(app, client, sheets, hands, tally, seed)
        tally.report()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="one 4-player sheet and one drive card: a smoke run"
    )
    parser.add_argument("--sheets", type=int, default=12, help="sheets a case (default 12)")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="shifts every sheet's random draws: the reader's doubts were tuned on --seed 500, and its "
        "second looks (a stroke written on a box's frame, strokes too light to count as ink) came from "
        "the misreads of seeds 0 and 2; --seed 3 is one none of them saw",
    )
    arguments = parser.parse_args()
    run(1 if arguments.quick else arguments.sheets, quick=arguments.quick, seed=arguments.seed)


if __name__ == "__main__":
    main()
