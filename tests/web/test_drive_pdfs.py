"""A drive's paper: table cards, tally cards and the results sheet, read back with pdftotext."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from .drive_pages import Organiser
from .test_drives import small_drive


def pdf_text(pdf: bytes, tmp_path: Path, *, layout: str = "-layout") -> str:
    """The PDF's text: laid out as printed, or (``layout="-raw"``) in the order it is drawn, card by card."""
    path = tmp_path / "drive.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", layout, str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def squeezed(text: str) -> str:
    return " ".join(text.split())


def test_table_cards_carry_the_number_and_the_tables_link(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    organiser = small_drive(app, client)
    answer = client.get(f"{organiser.url}/table-cards.pdf")
    assert answer.status_code == 200
    assert answer.mimetype == "application/pdf"
    text = pdf_text(answer.data, tmp_path)
    assert "Table 1" in text
    assert "Scan to enter this table's hands" in text
    # The link the QR code holds, printed under it (in small type, over as many lines as it takes).
    assert organiser.tables[1] in pdf_text(answer.data, tmp_path, layout="-raw").replace("\n", "")
    assert (
        client.get(
            f"{organiser.url}/table-cards.pdf", headers={"If-None-Match": answer.headers["ETag"]}
        ).status_code
        == 304
    )


def test_tally_cards_have_a_row_per_hand_with_the_running_total(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    organiser = small_drive(app, client)
    phone = app.test_client()
    assert organiser.enter(phone, 1, 8).status_code == 303
    text = squeezed(pdf_text(client.get(f"{organiser.url}/tally-cards.pdf").data, tmp_path, layout="-raw"))
    assert "Hand Table Partner Opponents Tricks Total Initials" in text
    # Ann: hand 1 at table 1, North, with Bob against Cat and Dan, 8 tricks; hand 2 she sits out (its
    # 7 tricks once the hand is played); hands 3 and 4 to fill in. Eve sat out hand 1 and plays hand 2
    # at table 1, North, with Dan.
    assert "Ann Church hall · Progressive" in text
    assert "1 ♥ 1 North Bob Cat and Dan 8 8 2 ♣ Sits out — 3 ♦ 4 ♠" in text
    assert "1 ♥ Sits out — 7 7 2 ♣ 1 North Dan Cat and Bob 3 ♦ 4 ♠" in text


def test_tally_cards_are_four_to_a_sheet_where_their_rows_fit_and_two_where_they_do_not(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    """Four cards to a sheet, on A4 and on Letter, while every hand's row fits a quarter of the sheet
    at 6 mm or more; two (half the sheet each) for a drive of 24 hands; and the longest drives give a
    card the whole sheet, its hands in two blocks side by side."""
    names = [f"Player{number:02d}" for number in range(1, 7)]
    for hands, per_sheet, papers in (
        ("12", 4, ("a4", "letter")),
        ("24", 2, ("a4", "letter")),
        ("40", 1, ("a4",)),
    ):
        organiser = Organiser(app, client)
        assert organiser.set_up(names, hands=hands, interval_after="").status_code == 303
        for paper in papers:
            answer = client.get(f"{organiser.url}/tally-cards.pdf?paper={paper}")
            assert answer.status_code == 200
            pages = [
                page for page in pdf_text(answer.data, tmp_path, layout="-raw").split("\f") if page.strip()
            ]
            assert len(pages) == -(-len(names) // per_sheet), (hands, paper, len(pages))
            printed = []
            for page in pages:
                lines = [line.strip() for line in page.splitlines()]
                # Each card: its player's name as its title, then the drive's name and format under it.
                titles = [
                    lines[at - 1] for at, line in enumerate(lines) if line == "Church hall · Progressive"
                ]
                assert all(re.fullmatch(r"Player\d\d", title) for title in titles), titles
                assert len(titles) == min(per_sheet, len(names) - len(printed)), (hands, paper, titles)
                # Every hand has its row on every card: its number and its trump, hand 1 to the last.
                numbers = [int(line.split()[0]) for line in lines if re.match(r"\d+ [♥♣♦♠]( |$)", line)]
                assert numbers == list(range(1, int(hands) + 1)) * len(titles), (hands, paper)
                printed += titles
            assert printed == names


def test_table_cards_mark_the_seats_and_say_where_the_players_go(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    organiser = Organiser(app, client)
    names = [f"Player{number:02d}" for number in range(1, 13)]
    assert organiser.set_up(names, hands="8", interval_after="").status_code == 303
    # In the order each card is drawn: the seats round the table's number, then the rule.
    cards = client.get(f"{organiser.url}/table-cards.pdf").data
    text = squeezed(pdf_text(cards, tmp_path, layout="-raw"))
    assert "North West Table 2 East South" in text
    line = "Losers: North and East up to table 3, South and West down to table 1; winners stay, "
    assert line + "South or West changing seat." in text
    # Table 3's losers: "up" from the last table wraps round to table 1.
    assert "Losers: North and East up to table 1, South and West down to table 2" in text


def test_the_results_sheet_has_the_prizes_and_every_total(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    organiser = small_drive(app, client)
    phone = app.test_client()
    for tricks, pair in ((8, "NS"), (9, "EW"), (7, "NS"), (11, "EW")):
        assert organiser.enter(phone, 1, tricks, pair=pair).status_code == 303
    reader = app.test_client()  # anyone may print the results, once they are announced
    kept_back = reader.get(f"{organiser.url}/results.pdf")
    assert kept_back.status_code == 403
    said = kept_back.get_data(as_text=True)
    assert "For the organiser only" in said and "announced at the prize-giving" in said
    assert "that game" not in said
    assert reader.get(f"{organiser.url}/tally-cards.pdf").status_code == 403
    assert organiser.form_post(f"{organiser.url}/leaderboard/announce", {"all": "yes"}).status_code == 303
    text = squeezed(pdf_text(reader.get(f"{organiser.url}/results.pdf").data, tmp_path))
    assert "Church hall: results" in text
    assert "Highest total Bob 35" in text
    assert "Booby prize (lowest total) Dan 17" in text
    assert "Best second half Bob 18" in text
    assert "1 Bob 35 4 4 2 Ann 32 3 4 3 Eve 25 3 4 4 Cat 23 2 4 5 Dan 17 0 4" in text


def test_the_table_card_line_follows_who_moves(app: Flask) -> None:
    """Where the winners move (a local custom), the card says so; a partner drive's pair moves together."""
    with app.test_request_context():
        from scorekeeper.rules.drive import DriveSetup, movement_rule
        from scorekeeper.web.drives.paper import movement_line

        winners = movement_rule(DriveSetup.create("Hall", 12, format="semi_partner", winners_move=True))
        assert movement_line(winners, 3) == (
            "Winners: North and East up to table 1, South and West down to table 2; losers stay."
        )
        partner = movement_rule(DriveSetup.create("Hall", 12, format="partner", up_direction="lower"))
        assert movement_line(partner, 1) == "Losers move together to table 3; winners stay."
