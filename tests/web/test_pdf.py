"""Paper: a game's score sheet as PDF, blank sheets for a table, and what WeasyPrint may fetch.

The PDFs are read back with poppler's pdftotext and pdfinfo, as a player's
viewer would show them.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.pdf import PAPERS, KeptStylesheets, StaticOnlyFetcher, orientation_for, paper_for, render_pdf
from scorekeeper.rules import Game
from scorekeeper.web.games import view
from scorekeeper.web.games.charts import totals_chart
from scorekeeper.web.games.sheets import deal_plan

from .conftest import Driver, error_text

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


@dataclass(frozen=True)
class Played:
    """A game to store: its table and the deals entered, as the engine reads them."""

    variant: str
    players: Sequence[str]
    deals: Sequence[Mapping[str, Any]]
    options: Mapping[str, Any] = field(default_factory=dict)
    first_dealer: int = 0


SEVEN = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def romanian_deals(count: int, players: int = 3) -> list[dict[str, Any]]:
    """Romanian Whist: the first bidder bids and takes all; the last bids 1 and misses."""
    game = Game.start("romanian-whist", SEVEN[:players])
    deals = []
    while (facts := game.state.current) is not None and len(deals) < count:
        tricks: list[int | None] = [None if seat in facts.sitting_out else 0 for seat in range(players)]
        tricks[facts.bidding_order[0]] = facts.cards
        bids = list(tricks)
        bids[facts.bidding_order[-1]] = 1
        deals.append({"bids": bids, "tricks": tricks})
        game = game.record(game.table.variant.engine.read_entry(facts.number, deals[-1]))
    return deals


ANN = "<b>Ann</b>"
ROMANIAN_OPTIONS = {"sequence": "1-8-1", "promotions": True}

# One game in progress and one finished for every kind of input, each a worked game of RULES.md.
GAMES: dict[str, Played] = {
    "exact, in progress": Played("romanian-whist", [ANN, "Bob", "Cy"], romanian_deals(5), ROMANIAN_OPTIONS),
    "exact, finished": Played("romanian-whist", [ANN, "Bob", "Cy"], romanian_deals(21), ROMANIAN_OPTIONS),
    "oneonta, in progress": Played(
        "oneonta",
        ["Ann", "Bob", "Cy"],
        [
            {"bids": [5, 1, {"kind": "null", "value": 1}], "tricks": [5, 2, 0]},
            {"bids": [4, 2, 1], "tricks": [4, 2, 1]},
        ],
        {"doubling": True},
        first_dealer=2,
    ),
    "oneonta, finished": Played(
        "oneonta-edd-allard",
        ["Ann"],
        [
            {"bids": [4], "tricks": [4]},
            {"bids": [{"kind": "null"}], "tricks": [0]},
            {"bids": [3], "tricks": [2]},
            {"bids": [5], "tricks": [5]},
            {"bids": [4], "tricks": [6]},
            {"bids": [{"kind": "null"}], "tricks": [0]},
            {"bids": [{"kind": "null"}], "tricks": [2]},
            {"bids": [6], "tricks": [6]},
            {"bids": [9], "tricks": [9]},
        ],
    ),
    "partnership, in progress": Played(
        "classic-whist",
        ["Ann", "Bob", "Cat", "Dee"],
        [{"tricks": 10, "honours": 2}, {"tricks": 5, "honours": 2}, {"tricks": 6, "honours": 4}],
        {"honours": True, "honours_blocked_one_short": True},
    ),
    "partnership, finished": Played(
        "classic-whist",
        ["Ann", "Bob", "Cat", "Dee"],
        [{"tricks": 11, "honours": 2}, {"tricks": 12, "side": 1, "honours": 2}, {"tricks": 9, "honours": 0}],
        {"honours": True, "play_to": "7"},
    ),
    "auction, in progress": Played(
        "bid-whist",
        ["Ann", "Bob", "Cat", "Dee"],
        [{"auction": ["3 uptown", "pass", "pass", "pass"], "declaration": "C", "tricks": 4}],
        {"defensive_scoring": True},
    ),
    "auction, finished": Played(
        "bid-whist",
        ["Ann", "Bob", "Cat", "Dee"],
        [
            {"auction": ["3 uptown", "pass", "pass", "pass"], "declaration": "C", "tricks": 4},
            {"auction": ["pass", "pass", "pass", "7 uptown"], "declaration": "D", "tricks": 12},
        ],
        {"play_to": "5"},
    ),
    "two hands, in progress": Played("german-whist", ["Ann", "Bob"], [{"tricks": 7}, {"tricks": 6}]),
    "two hands, finished": Played(
        "german-whist",
        ["Ann", "Bob"],
        [{"tricks": t} for t in (7, 7, 7, 6, 6, 6, 6, 6, 10)],
    ),
}


def store_game(app: Flask, played: Played) -> tuple[str, Game]:
    """Store the game through the store, as an import would; its id and replayed game."""
    with app.app_context():
        table = {
            "variant": played.variant,
            "players": list(played.players),
            "first_dealer": played.first_dealer,
            "options": dict(played.options),
        }
        record, game, _key = store.import_game(table, played.deals)
        game_id: str = record.id
        db.session.remove()
    return game_id, game


def pdf_text(pdf: bytes, tmp_path: Path, *, layout: bool = False) -> str:
    """The text a PDF viewer shows, in reading order (or laid out as on the page)."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    command = ["pdftotext", *(["-layout"] if layout else []), str(path), "-"]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def media_boxes(pdf: bytes, tmp_path: Path) -> list[tuple[float, float]]:
    """Width and height in points of every page, from its MediaBox."""
    path = tmp_path / "boxes.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(
        ["pdfinfo", "-box", "-f", "1", "-l", "999", str(path)], check=True, capture_output=True, text=True
    ).stdout
    boxes = re.findall(r"Page\s+\d+\s+MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", info)
    return [(round(float(x1) - float(x0), 2), round(float(y1) - float(y0), 2)) for x0, y0, x1, y1 in boxes]


def words(text: str) -> str:
    """Text with every run of spaces and line breaks as one space."""
    return " ".join(text.split())


def assert_pdf_download(response: TestResponse, filename: str) -> None:
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == f'attachment; filename="{filename}"'
    assert response.data.startswith(b"%PDF-")


# --- a game's score sheet ------------------------------------------------------------


@pytest.mark.parametrize("case", GAMES, ids=list(GAMES))
def test_every_kind_of_game_prints_its_sheet(app: Flask, driver: Driver, tmp_path: Path, case: str) -> None:
    played = GAMES[case]
    game_id, game = store_game(app, played)
    response = driver.client.get(f"/games/{game_id}/sheet.pdf")
    stem = "-".join(re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") for name in played.players)
    assert_pdf_download(response, f"{played.variant}-{date.today().isoformat()}-{stem}.pdf")
    text = words(pdf_text(response.data, tmp_path))
    state = game.state
    assert game.table.variant.name in text
    for name in played.players:
        assert name in text
    for side, total in zip(view.side_names(game), state.totals, strict=True):
        assert f"{side} {total}" in text  # a line of the standings
    for line in view.option_lines(game):
        assert words(line) in text
    assert "finished" in case or not state.finished
    if state.finished:
        winners = view.winners_text(game)
        assert winners is not None and winners in text and "Final standings" in text
    else:
        assert f"next: {view.progress_text(game)}" in text
    pages = len(media_boxes(response.data, tmp_path))
    assert f"Page 1 of {pages}" in text and f"Page {pages} of {pages}" in text


def test_the_sheet_prints_every_deal_the_date_the_chart_and_names_as_text(
    app: Flask, driver: Driver, tmp_path: Path
) -> None:
    game_id, _game = store_game(app, GAMES["exact, finished"])
    with app.app_context():
        record = store.find_record(game_id)
        assert record is not None
        started = record.created_at
    text = pdf_text(driver.client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    flat = words(text)
    assert "<b>Ann</b> wins" in flat or "<b>Ann</b>" in flat  # the markup is printed as typed
    assert "<b>Ann</b>, Bob, Cy" in flat
    assert f"Started: {started.strftime('%B')} {started.day}, {started.year}" in flat  # Babel's English
    assert "Sequence: 1-8-1" not in flat and "Promotions: on" in flat  # only the options changed
    assert "Running totals" in flat and "deal" in flat
    assert "Romanian Whist · <b>Ann</b>, Bob, Cy" in flat  # the running head on every page
    layout = pdf_text(driver.client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path, layout=True)
    assert deal_rows(layout) == list(range(1, 22))


def deal_rows(layout: str) -> list[int]:
    """The deal numbers that start the grid's rows ("12 8 NT · Bob"), in the laid-out text."""
    return [int(found) for found in re.findall(r"^(\d+) +\d+ (?:\S+ )?· \S", layout, re.M)]


def test_a_long_sheet_repeats_its_header_row_and_title_on_every_page(
    app: Flask, driver: Driver, tmp_path: Path
) -> None:
    game_id, game = store_game(app, Played("romanian-whist", SEVEN, romanian_deals(33, players=7)))
    assert game.state.finished
    pdf = driver.client.get(f"/games/{game_id}/sheet.pdf").data
    pages = pdf_text(pdf, tmp_path, layout=True).split("\f")[: len(media_boxes(pdf, tmp_path))]
    with_grid = [page for page in pages if deal_rows(page)]
    assert len(with_grid) >= 2
    assert [number for page in with_grid for number in deal_rows(page)] == list(range(1, 34))
    for page in pages:
        assert page.lstrip().startswith("Romanian Whist · Ann, Bob, Cy, Dee, Eve, Fay, Gus")
    for page in with_grid:
        assert re.search(r"^Deal\s+Ann[\s★]+Bob[\s★]+Cy[\s★]+Dee[\s★]+Eve[\s★]+Fay[\s★]+Gus", page, re.M)


def test_a_game_without_deals_prints_its_table(app: Flask, driver: Driver, tmp_path: Path) -> None:
    game_id, _game = store_game(app, Played("oh-hell", ["Ann", "Bob", "Cy"], []))
    response = driver.client.get(f"/games/{game_id}/sheet.pdf")
    text = words(pdf_text(response.data, tmp_path))
    assert "No deal has been recorded yet" in text and "Running totals" not in text
    assert "next: Deal 1 of 19" in text


def test_an_unknown_game_is_404(driver: Driver) -> None:
    assert driver.client.get("/games/nope/sheet.pdf").status_code == 404


def test_the_score_sheet_page_links_its_pdf(app: Flask, driver: Driver) -> None:
    game_id, _game = store_game(app, GAMES["exact, in progress"])
    page = driver.sheet(game_id)
    assert f'href="/games/{game_id}/sheet.pdf"' in page and "Download the score sheet (PDF)" in page


# --- paper and orientation -----------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "language", "size"),
    [
        ("", "en-US,en;q=0.8", LETTER),
        ("", "es-MX", LETTER),
        ("", "en-CA", LETTER),
        ("", "en-GB,en;q=0.8", A4),
        ("", "fr", A4),
        ("", "", A4),
        ("?paper=a4", "en-US", A4),
        ("?paper=letter", "de-DE", LETTER),
        ("?paper=A4", "en-US", A4),
    ],
)
def test_the_paper_follows_the_language_unless_asked(
    app: Flask, driver: Driver, tmp_path: Path, query: str, language: str, size: tuple[float, float]
) -> None:
    game_id, _game = store_game(app, GAMES["two hands, finished"])
    headers = {"Accept-Language": language} if language else {}
    pdf = driver.client.get(f"/games/{game_id}/sheet.pdf{query}", headers=headers).data
    assert set(media_boxes(pdf, tmp_path)) == {size}  # portrait: two players fit across


@pytest.mark.parametrize(("players", "landscape"), [(3, False), (6, False), (7, True)])
def test_seven_or_more_players_print_across_the_page(
    app: Flask, driver: Driver, tmp_path: Path, players: int, landscape: bool
) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"][:players]
    game_id, _game = store_game(app, Played("oh-hell", names, []))
    pdf = driver.client.get(f"/games/{game_id}/sheet.pdf?paper=a4").data
    width, height = media_boxes(pdf, tmp_path)[0]
    assert (width > height) is landscape


def test_the_reader_may_choose_the_orientation(driver: Driver, tmp_path: Path) -> None:
    url = "/sheets/blank/oh-hell/sheet.pdf?count=3&paper=a4"
    assert media_boxes(driver.client.get(url).data, tmp_path)[0] == A4
    assert media_boxes(driver.client.get(f"{url}&orientation=landscape").data, tmp_path)[0] == A4[::-1]
    refused = driver.client.get("/sheets/blank/oh-hell/sheet.pdf?count=9&orientation=landscape")
    assert 'value="landscape" selected' in refused.get_data(as_text=True)  # kept on the form


def test_eight_players_print_landscape_on_letter(app: Flask, driver: Driver, tmp_path: Path) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    game_id, _game = store_game(app, Played("up-and-down-the-river", names, []))
    pdf = driver.client.get(f"/games/{game_id}/sheet.pdf", headers={"Accept-Language": "en-US"}).data
    assert media_boxes(pdf, tmp_path)[0] == (LETTER[1], LETTER[0])


def test_paper_and_orientation_rules() -> None:
    assert paper_for(None, ["en-us"]).name == "letter"
    assert paper_for(None, ["en_PH"]).name == "letter"
    assert paper_for(None, ["en", "en-US"]).name == "a4"  # the first language decides
    assert paper_for("legal", ["en-US"]).name == "letter"  # an unknown size is ignored
    assert orientation_for(PAPERS["a4"], 186) == "portrait"
    assert orientation_for(PAPERS["a4"], 187) == "landscape"


# --- the chart -----------------------------------------------------------------------


def test_the_chart_draws_a_line_a_side_from_zero_through_every_scored_deal() -> None:
    game = Game.start("romanian-whist", ["Ann", "Bob", "Cy"])
    engine = game.table.variant.engine
    for number, data in enumerate(romanian_deals(4), start=1):
        game = game.record(engine.read_entry(number, data))
    chart = totals_chart(game)
    assert chart is not None
    assert [line.name for line in chart.lines] == ["Ann", "Bob", "Cy"]
    assert [line.total for line in chart.lines] == list(game.state.totals)
    for line in chart.lines:
        points = [tuple(map(float, point.split(","))) for point in line.points.split()]
        assert len(points) == 5 and points[0] == (chart.left, chart.zero_y)
        assert all(chart.left <= x <= chart.right and chart.top <= y <= chart.bottom for x, y in points)
    higher, lower = sorted(chart.lines, key=lambda line: -line.total)[:2]
    assert higher.total == lower.total or higher.end_y < lower.end_y  # up the page is more
    assert [label for _, label in chart.x_ticks] == ["0", "1", "2", "3", "4"]
    assert totals_chart(Game.start("romanian-whist", ["Ann", "Bob", "Cy"])) is None


# --- blank sheets --------------------------------------------------------------------


def blank_rows(text: str, names: Sequence[str]) -> list[tuple[int, int, str]]:
    """(deal, cards, dealer) of every row of a blank sheet, from its laid-out text."""
    dealers = "|".join(re.escape(name) for name in names)
    if "One digit a box" in text:
        # A sheet made to be read (web/games/paper_print.py): each row's dealer and trump stand at its
        # top, above the deal's number and its cards, which stand level with the boxes.
        return [
            (int(deal), int(cards), dealer)
            for dealer, deal, cards in re.findall(rf"^ *({dealers})\b.*\n *(\d+) +(\d+)\b", text, re.M)
        ]
    return [
        (int(deal), int(cards), dealer)
        for deal, cards, dealer in re.findall(rf"^\s*(\d+)\s+(\d+)\s+({dealers})\b", text, re.M)
    ]


def test_a_blank_romanian_sheet_has_every_deal_filled_in(driver: Driver, tmp_path: Path) -> None:
    query = "players-0=Peter&players-1=Peggy&players-2=John&first_dealer=2"
    response = driver.client.get(f"/sheets/blank/romanian-whist/sheet.pdf?{query}")
    assert_pdf_download(response, f"romanian-whist-{date.today().isoformat()}-peter-peggy-john-blank.pdf")
    text = pdf_text(response.data, tmp_path, layout=True)
    rows = blank_rows(text, ["Peter", "Peggy", "John"])
    assert [deal for deal, _, _ in rows] == list(range(1, 22))
    assert [cards for _, cards, _ in rows] == [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1]
    assert [dealer for _, _, dealer in rows] == ["Peggy", "John", "Peter"] * 7
    flat = words(pdf_text(response.data, tmp_path))
    assert flat.count("dealer: the bids may not total") == 21
    assert "dealer: the bids may not total 8" in flat
    assert "No trump" in flat and "Turn a card" in flat  # fixed on the 8-card deals, turned otherwise
    assert "24 cards: 9 to ace of each suit" in flat  # the deck, from the engine
    assert "Sequence: 1-8-1" in flat and "21 deals" in flat
    header = re.findall(r"Bid\s+Took\s+Total\s+Bid\s+Took\s+Total\s+Bid\s+Took\s+Total", text)
    assert len(header) == len(media_boxes(response.data, tmp_path)) == 2  # repeated on each page


def test_a_blank_sheet_for_a_game_that_ends_on_the_score(driver: Driver, tmp_path: Path) -> None:
    response = driver.client.get("/sheets/blank/classic-whist/sheet.pdf?count=4&rows=12&first_dealer=3")
    assert_pdf_download(response, "classic-whist-blank-4-players.pdf")
    text = pdf_text(response.data, tmp_path, layout=True)
    rows = blank_rows(text, ["Seat 1", "Seat 2", "Seat 3", "Seat 4"])
    assert [deal for deal, _, _ in rows] == list(range(1, 13))
    assert [dealer for _, _, dealer in rows] == ["Seat 3", "Seat 4", "Seat 1", "Seat 2"] * 3
    flat = words(text)
    assert "The game ends on the score" in flat and "12 rows are printed" in flat
    assert "Seat 1 & Seat 3" in flat  # a column per side, a sheet made to be read back
    assert "One digit a box" in flat and "Play to: 5" in flat


def test_an_open_ended_bidding_game_rotates_the_dealer(driver: Driver, tmp_path: Path) -> None:
    response = driver.client.get("/sheets/blank/oh-well/sheet.pdf?players-0=Ann&players-1=Bob&players-2=Cy")
    text = pdf_text(response.data, tmp_path, layout=True)
    rows = blank_rows(text, ["Ann", "Bob", "Cy"])
    assert len(rows) == 16 and [dealer for _, _, dealer in rows[:4]] == ["Ann", "Bob", "Cy", "Ann"]
    assert "The game ends on the score" in words(text)
    assert "may not total" not in words(text)  # Oh! Well has no hook: the engine's facts say so


def test_a_bare_link_keeps_the_defaults_and_the_form_turns_switches_off(
    driver: Driver, tmp_path: Path
) -> None:
    url = "/sheets/blank/german-whist/sheet.pdf?count=2"
    bare = words(pdf_text(driver.client.get(url).data, tmp_path))
    assert "Follow suit in stage one: on" in bare
    submitted = words(pdf_text(driver.client.get(f"{url}&with_options=1").data, tmp_path))
    assert "Follow suit in stage one: off" in submitted
    chosen = words(pdf_text(driver.client.get(f"{url}&option_target=100").data, tmp_path))
    assert "Target: 100" in chosen and "Follow suit in stage one: on" in chosen


def test_a_blank_sheet_names_are_text_not_markup(driver: Driver, tmp_path: Path) -> None:
    query = "players-0=%3Cb%3EAnn%3C%2Fb%3E&players-1=Bob&players-2=Cy"
    response = driver.client.get(f"/sheets/blank/oh-hell/sheet.pdf?{query}")
    assert "<b>Ann</b>" in words(pdf_text(response.data, tmp_path))


def test_deal_plan_keeps_only_what_the_engine_can_foresee() -> None:
    game = Game.start("oneonta", ["Ann", "Bob", "Cy"])
    plan = deal_plan(game, 7)
    assert [number for number, _ in plan] == list(range(1, 8))
    first = plan[0][1]
    assert first is not None and first.cards == 7 and first.reminders
    later = [facts for _, facts in plan[1:]]
    assert [facts.dealer for facts in later if facts] == [1, 2, 0, 1, 2, 0]
    assert all(facts is not None and facts.cards == 7 for facts in later)
    # Who bids first depends on the last hand's bids: later rows carry no such reminder.
    assert all(facts is not None and facts.reminders == () for facts in later)
    fixed = deal_plan(Game.start("romanian-whist", ["Ann", "Bob", "Cy"]), 21)
    assert [facts.dealer for _, facts in fixed if facts] == [0, 1, 2] * 7


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("count=9", "Romanian Whist is played by 3 to 7 players, not 9"),
        ("count=", "Give the players' names, or only how many play"),
        ("count=three", "The number of players is a whole number, not 'three'"),
        ("count=3&first_dealer=5", "The first dealer must be a seat from 0 to 2, not 4"),
        ("count=3&rows=500", "Print from 1 to 60 rows, not 500"),
        ("count=3&option_sequence=2-9-2", "Sequence must be one of 1-8-1, 8-1-8"),
        ("players-0=Ann&players-1=Ann&players-2=Bob", "Two players are called Ann"),
    ],
)
def test_a_refused_blank_sheet_says_why(driver: Driver, query: str, message: str) -> None:
    response = driver.client.get(f"/sheets/blank/romanian-whist/sheet.pdf?{query}")
    assert response.status_code == 422 and response.mimetype == "text/html"
    assert message in error_text(response)
    assert 'name="count"' in response.get_data(as_text=True)  # the form again, to correct


def test_the_blank_sheet_pages(driver: Driver) -> None:
    home = driver.client.get("/").get_data(as_text=True)
    assert 'href="/sheets/blank"' in home
    index = driver.client.get("/sheets/blank").get_data(as_text=True)
    assert 'href="/sheets/blank/romanian-whist"' in index and 'href="/sheets/blank/bid-whist"' in index
    form = driver.client.get("/sheets/blank/romanian-whist", headers={"Accept-Language": "en-US"})
    page = form.get_data(as_text=True)
    assert form.status_code == 200 and 'action="/sheets/blank/romanian-whist/sheet.pdf"' in page
    assert 'name="option_sequence"' in page and "(Letter)" in page and 'name="orientation"' in page
    assert driver.client.get("/sheets/blank/no-such-game").status_code == 404


# --- what WeasyPrint may fetch -------------------------------------------------------


def test_rendering_reads_only_the_apps_static_files(app: Flask) -> None:
    fetcher = StaticOnlyFetcher(Path(app.static_folder or ""), "http://localhost/static/")
    served = fetcher.fetch("http://localhost/static/print.css")
    assert served.read().startswith(b"/* Paper") and served.content_type == "text/css"
    for refused in (
        "https://example.com/static/app.css",
        "http://localhost/other/app.css",
        "http://localhost/static/../../pyproject.toml",
        "http://localhost/static/%2e%2e/pyproject.toml",
        "http://localhost/static/missing.css",
        "file:///etc/passwd",
    ):
        with pytest.raises(ValueError):
            fetcher.fetch(refused)
    # A data: URL (the tally cards' grid) reads nothing: it is decoded in place. Whatever a drawing in
    # one names comes through this same fetcher.
    drawn = fetcher.fetch("data:image/svg+xml,%3Csvg%2F%3E")
    assert drawn.read() == b"<svg/>" and drawn.content_type == "image/svg+xml"


def test_a_page_naming_another_host_renders_without_it(app: Flask) -> None:
    html = (
        '<link rel="stylesheet" href="https://example.com/x.css"><img src="http://10.0.0.1/x.png"><p>Ann</p>'
    )
    pdf = render_pdf(
        html,
        base_url="http://localhost/",
        static_folder=Path(app.static_folder or ""),
        static_url="http://localhost/static/",
    )
    assert pdf.startswith(b"%PDF-")


def test_a_stylesheet_is_parsed_once_until_it_changes(tmp_path: Path) -> None:
    sheet = tmp_path / "print.css"
    sheet.write_text("@page { margin: 10mm }")
    fetcher = StaticOnlyFetcher(tmp_path, "http://localhost/static/")
    kept = KeptStylesheets()
    first = kept.get(sheet, "http://localhost/static/print.css", fetcher)
    assert kept.get(sheet, "http://localhost/static/print.css", fetcher) is first
    sheet.write_text("@page { margin: 20mm }")
    os.utime(sheet, ns=(sheet.stat().st_atime_ns, sheet.stat().st_mtime_ns + 1_000_000))
    assert kept.get(sheet, "http://localhost/static/print.css", fetcher) is not first


def test_the_linked_stylesheets_apply_for_print_only(app: Flask, tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "paper.css").write_text("@page { size: A5 }")
    (static / "screen.css").write_text("@page { size: A3 }")
    page = (
        '<link rel="stylesheet" href="/static/paper.css">'
        '<link rel="stylesheet" media="screen" href="/static/screen.css"><p id="deal-1">Ann</p>'
    )
    pdf = render_pdf(
        page, base_url="http://localhost/", static_folder=static, static_url="http://localhost/static/"
    )
    assert media_boxes(pdf, tmp_path) == [(419.53, 595.28)]  # A5, not the screen's A3
