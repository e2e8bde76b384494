"""A tally card reprinted after hand 24 of 24 (a lost card, a late player's) shows every hand, readable:
read back with pdftotext (where each word is drawn, and how big) and drawn to a PNG (that each card's
last row is on the paper, not cut off under the next card)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from html import unescape
from itertools import pairwise
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from .drive_pages import Organiser

MM = 72 / 25.4  # PDF points in a millimetre
# DejaVu Sans Mono's height from descender to ascender, in ems: pdftotext's box around a word.
MONO_BOX_EM = (1901 + 483) / 2048
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
HANDS = 24


@dataclass(frozen=True)
class Word:
    x: float
    y: float
    right: float
    bottom: float
    text: str


def pages_of(pdf: Path) -> list[tuple[float, float, list[Word]]]:
    """Each page's size and its words where they are drawn (points, from the top left)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True)
    pages = []
    for width, height, body in PAGE.findall(out.stdout):
        words = [Word(*map(float, found[:4]), unescape(found[4])) for found in WORD.findall(body)]
        pages.append((float(width), float(height), words))
    return pages


def rows_of(words: list[Word]) -> list[list[Word]]:
    """The card's rows of hands: the lines that begin with a hand's number, top to bottom."""
    lines: dict[float, list[Word]] = {}
    for word in words:
        lines.setdefault(round(word.y, 1), []).append(word)
    rows = [sorted(line, key=lambda word: word.x) for _, line in sorted(lines.items())]
    return [row for row in rows if row[0].text.isdigit() and len(row) > 1 and row[1].text in "♥♣♦♠"]


def play_to_the_end(app: Flask, client: FlaskClient) -> Organiser:
    """Nine players at two tables (one sitting out), Mia arriving after hand 2; all 24 hands typed in
    from the paper cards by the organiser."""
    organiser = Organiser(app, client)
    assert organiser.set_up(NAMES, hands=str(HANDS), interval_after="12").status_code == 303
    for hand in range(1, HANDS + 1):
        if hand == 3:
            assert (
                organiser.form_post(f"{organiser.url}/arrivals", {"name": "Mia", "start": "zero"}).status_code
                == 303
            )
        for table, tricks in ((1, (hand * 5) % 14), (2, (hand * 3 + 4) % 14)):
            assert organiser.type_in(hand, table, tricks).status_code == 303, (hand, table)
    return organiser


def test_tally_cards_reprinted_after_the_last_hand_show_every_row_readably(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    organiser = play_to_the_end(app, client)
    answer = client.get(f"{organiser.url}/tally-cards.pdf?paper=a4")
    assert answer.status_code == 200
    pdf = tmp_path / "tally.pdf"
    pdf.write_bytes(answer.data)
    pages = pages_of(pdf)
    assert len(pages) == 5  # ten cards, two to an A4 sheet: four do not fit 24 rows of 6 mm
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(tmp_path / "page")], check=True)
    cards = {}
    for number, (width, height, words) in enumerate(pages, start=1):
        assert width > height  # the sheet turned landscape, a card each side of the cut
        drawn = Image.open(tmp_path / f"page-{number}.png").convert("L")
        scale = drawn.width / width
        for half in (0, 1):
            left, right = half * width / 2, (half + 1) * width / 2
            on_card = [word for word in words if left <= word.x < right]
            name = on_card[0].text  # the card's title comes first
            rows = rows_of(on_card)
            assert [int(row[0].text) for row in rows] == list(range(1, HANDS + 1)), name
            for row in rows:  # every word on its own half of the sheet, inside the margins
                assert all(left < word.x and word.right < right for word in row), (name, row)
                assert all(word.bottom < height - 5 * MM for word in row), (name, row)
                size = (row[0].bottom - row[0].y) / MONO_BOX_EM
                assert size >= 7.95, (name, size)  # 8 pt type
            pitches = [below[0].y - above[0].y for above, below in pairwise(rows)]
            assert min(pitches) >= 6 * MM - 0.05, (name, min(pitches) / MM)  # rows of 6 mm or more
            last = rows[-1][0]  # hand 24's number is on the paper: its box has ink
            box = drawn.crop(
                tuple(round(value * scale) for value in (last.x, last.y, last.right, last.bottom))
            )
            assert box.getextrema()[0] < 100, name  # type: ignore[operator]
            cards[name] = rows
    assert sorted(cards) == sorted([*NAMES, "Mia"])
    for name, rows in cards.items():
        totals = []
        for row in rows:
            texts = [word.text for word in row]
            if texts[2] == "—":  # a hand Mia was not there for: dashes across the row
                assert name == "Mia" and row[0].text in ("1", "2"), (name, texts)
                continue
            tricks, total = int(texts[-2]), int(texts[-1])
            assert total == (totals[-1] if totals else 0) + tricks, (name, texts)
            totals.append(total)
        assert len(totals) == (HANDS - 2 if name == "Mia" else HANDS)
