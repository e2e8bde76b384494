"""How well photographed sheets are read: boxes right, misreads caught, taps to fix, CPU time a page.

    .venv/bin/python benchmarks/paper.py [--quick] [--sheets N]

On the tests' corpus (tests/paper/corpus.py): the app's real blank sheets (4- and 7-player Oh Hell),
filled with the values of games the engine accepts, by every hand of the corpus in turn (handwriting
fonts, two of them never trained on, and scikit-learn's held-out handwritten digits), photographed
synthetically (perspective, turned up to 15°, blur, shadow, uneven light, JPEG). Each page is read as
the server reads an upload, then the confirm screen is played: what it opens (the classifier's
doubts and the engine's refusals) is fixed with one tap each, the engine checks again, and so on
until it accepts the page. Prints:

- values read right before confirmation, over every value box (a bid or a trick count, written or
  left empty) and over those written;
- of the values misread, the share the confirm screen opened (a doubt or a refusal);
- taps to fix a sheet (one per opened misread; two per misread it did not open — the table spots it
  on the crop, taps it open and taps the right number);
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
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app
from scorekeeper.paper import photo
from scorekeeper.paper.model import CLASSIFIER
from scorekeeper.paper.reader import read_fields
from scorekeeper.rules import Game, Table, get_variant
from scorekeeper.rules.paper import check_game_page, page_of
from tests.paper import corpus

CASES = (
    ("4-player Oh Hell", ["Ann", "Bob", "Cy", "Dee"]),
    ("7-player Oh Hell", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]),
)


def confirm(game: Game, page: Any, read: dict[str, Any], truth: dict[str, int | None]) -> dict[str, int]:
    """Play the confirm screen: fix what it opens, check again, until the engine accepts the page."""
    values = {key: value.value for key, value in read.items()}
    wrong = {key for key in values if values[key] != truth.get(key)}
    opened_wrong: set[str] = set()
    doubted = {key for key, value in read.items() if value.doubted}
    for _ in range(len(page.rows) + 2):
        check = check_game_page(game, page, values)
        opened = doubted | set(check.flagged)
        fixes = {key for key in opened if values[key] != truth.get(key)}
        opened_wrong |= fixes
        for key in fixes:
            values[key] = truth.get(key)
        if not fixes:
            break
    missed = wrong - opened_wrong
    return {"wrong": len(wrong), "opened": len(opened_wrong), "taps": len(opened_wrong) + 2 * len(missed)}


def run(sheets: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "TESTING": True,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.sqlite",
                "PDF_SHELF_BYTES": 0,
            },
            instance_path=folder,
        )
        client = app.test_client()
        CLASSIFIER.model()
        hands = corpus.hands()
        totals = {"fields": 0, "right": 0, "written": 0, "written_right": 0, "wrong": 0, "opened": 0}
        taps: list[int] = []
        cpu: list[float] = []
        floor: list[float] = []
        by_hand: dict[str, list[int]] = {}
        for case, names in CASES:
            query = "&".join(f"players-{seat}={name}" for seat, name in enumerate(names))
            pdf = client.get(f"/sheets/blank/oh-hell/sheet.pdf?{query}").data
            pictures = corpus.page_pictures(pdf)
            identities = [photo.straighten(picture).identity for picture in pictures]
            table = Table.create(get_variant("oh-hell"), names, first_dealer=0)
            for sheet in range(sheets):
                rng = np.random.default_rng(1000 * len(names) + sheet)
                hand = hands[(sheet * 5 + len(names)) % len(hands)]
                entries = corpus.legal_entries(table, identities[-1].last, rng)
                truth = corpus.values_of(entries)
                sheet_taps = 0
                for picture, identity in zip(pictures, identities, strict=True):
                    page = page_of(table, identity)
                    jpeg = corpus.photograph(corpus.fill(picture, page.fields, truth, hand, rng), rng)
                    started = time.process_time()
                    photo.decode(jpeg)
                    floor.append(time.process_time() - started)
                    started = time.process_time()
                    straightened = photo.straighten(photo.decode(jpeg))
                    read = read_fields(straightened.page, page.fields)
                    cpu.append(time.process_time() - started)
                    game = Game(table)
                    for number, entry in enumerate(entries[: identity.first - 1], start=1):
                        game = game.record(table.variant.engine.read_entry(number, entry))
                    result = confirm(game, page, read, truth)
                    sheet_taps += result["taps"]
                    for field in page.fields:
                        right = read[field.key].value == truth.get(field.key)
                        totals["fields"] += 1
                        totals["right"] += right
                        if truth.get(field.key) is not None:
                            totals["written"] += 1
                            totals["written_right"] += right
                            by_hand.setdefault(hand.name + (" (unseen)" if hand.unseen else ""), [0, 0])
                            by_hand[hand.name + (" (unseen)" if hand.unseen else "")][0] += 1
                            by_hand[hand.name + (" (unseen)" if hand.unseen else "")][1] += right
                    totals["wrong"] += result["wrong"]
                    totals["opened"] += result["opened"]
                taps.append(sheet_taps)
            print(f"{case}: {sheets} sheets of {len(pictures)} pages read", flush=True)
        print()
        print(f"Sheets read: {len(taps)} ({len(cpu)} pages, {totals['fields']} value boxes)")
        print(
            "Values read right before confirmation: "
            f"{totals['right'] / totals['fields']:.2%} of every value box"
        )
        print(f"  of the values written: {totals['written_right'] / totals['written']:.2%}")
        for name, (count, right) in sorted(by_hand.items()):
            print(f"    {name}: {right / count:.2%} of {count}")
        share = totals["opened"] / totals["wrong"] if totals["wrong"] else 1.0
        print(
            f"Misreads the confirm screen opened (doubt or refusal): {share:.2%} "
            f"({totals['opened']} of {totals['wrong']})"
        )
        print(f"Taps to fix a sheet: mean {statistics.mean(taps):.1f}, most {max(taps)}")
        print(
            f"CPU time to read one page: median {statistics.median(cpu):.3f} s, most {max(cpu):.3f} s "
            f"(floor, decoding the JPEG alone: median {statistics.median(floor):.3f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two sheets a case: a smoke run")
    parser.add_argument("--sheets", type=int, default=12, help="sheets a case (default 12)")
    arguments = parser.parse_args()
    run(2 if arguments.quick else arguments.sheets)


if __name__ == "__main__":
    main()
