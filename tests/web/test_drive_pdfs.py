"""A drive's paper: table cards, tally cards and the results sheet, read back with pdftotext."""

from __future__ import annotations

import subprocess
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web import kept_pdfs

from .test_drives import small_drive


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "drive.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
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
    assert organiser.tables[1] in text  # the link the QR code holds, printed under it
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
    text = squeezed(pdf_text(client.get(f"{organiser.url}/tally-cards.pdf").data, tmp_path))
    assert "Hand Table Partner Trump Tricks Total" in text
    # Ann: hand 1 at table 1 with Bob, 8 tricks; hand 2 she sits out (7); hands 3 and 4 to fill in.
    head = "Church hall · Progressive Hand Table Partner Trump Tricks Total"
    ann = "1 1 Bob ♥ Hearts 8 8 2 Sits out — ♣ Clubs 3 ♦ Diamonds 4 ♠ Spades"
    assert f"Ann {head} {ann}" in text
    assert f"Eve {head} 1 Sits out — ♥ Hearts 7 7 2 1 Dan ♣ Clubs" in text


def test_the_results_sheet_has_the_prizes_and_every_total(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    organiser = small_drive(app, client)
    phone = app.test_client()
    for tricks, pair in ((8, "NS"), (9, "EW"), (7, "NS"), (11, "EW")):
        assert organiser.enter(phone, 1, tricks, pair=pair).status_code == 303
    reader = app.test_client()  # anyone may print the results
    text = squeezed(pdf_text(reader.get(f"{organiser.url}/results.pdf").data, tmp_path))
    assert "Church hall: results" in text
    assert "Highest total Bob 35" in text
    assert "Booby prize (lowest total) Dan 17" in text
    assert "Best second half Ann and Bob 18 tie" in text
    assert "1 Bob 35 4 4 2 Ann 33 4 4 3 Cat 27 2 4 4 Eve 20 2 4 5 Dan 17 0 4" in text


def test_while_one_of_a_drives_pdfs_is_made_another_is_told_to_ask_again_rather_than_wait(
    app: Flask, client: FlaskClient
) -> None:
    """A 160-player drive's tally cards cost seconds: eight requests at once held every worker
    waiting. One PDF of a drive is made at a time; a request meanwhile is answered at once, 503
    with Retry-After and a page that asks again by itself, and gets the file when it is made."""
    organiser = small_drive(app, client)
    with app.app_context():
        shelf = kept_pdfs._shelf(app)
    with shelf.rendering(f"drive-{organiser.drive_id}"):
        waiting = client.get(f"{organiser.url}/tally-cards.pdf")
        other_drive = small_drive(app, app.test_client())
        assert app.test_client().get(f"{other_drive.url}/results.pdf").status_code == 200
    assert waiting.status_code == 503 and waiting.headers["Retry-After"] == "5"
    assert 'http-equiv="refresh" content="5"' in waiting.get_data(as_text=True)
    answer = client.get(f"{organiser.url}/tally-cards.pdf")
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF-")
