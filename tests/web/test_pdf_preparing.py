"""A drive's PDFs are made in the background (kept_pdfs.prepared_pdf): a request that does not find its PDF
is answered at once by a page that says, in the reader's language, what is being prepared and asks again
by itself (no script); then by a page that starts the download. A PDF is kept by what it shows only: one
copy for readers in every time zone (the results sheet, which shows a day, for readers whose day agrees),
one per language."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from scorekeeper import pdf_jobs
from scorekeeper.drives.models import DriveRecord
from scorekeeper.extensions import db

from .conftest import app_in
from .drive_pages import text_of
from .test_drives import small_drive
from .test_in_languages import Translated

REFRESH = re.compile(r'<meta http-equiv="refresh" content="(\d+); url=([^"]+)">')


class HeldRender:
    """WeasyPrint made to wait until the test releases it, as a 160-player drive's cards keep it busy."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.release = threading.Event()
        self.pages = 0
        real = pdf_jobs.render_pdf

        def render(html: str, **kwargs: object) -> bytes:
            self.pages += 1
            assert self.release.wait(60), "the test never released the render"
            return real(html, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(pdf_jobs, "render_pdf", render)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """Requests do not wait for their PDF (a test waits by setting PDF_WAIT_SECONDS), and print only
    three PDFs a minute: the page that asks again must not use them up."""
    yield from app_in(tmp_path, PDF_WAIT_SECONDS=0, RATELIMIT_PDF="3 per minute")


def test_a_pdf_not_made_at_once_is_prepared_by_a_page_that_asks_again_and_then_starts_the_download(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldRender(monkeypatch)
    organiser = small_drive(app, client)
    reader = app.test_client()  # anyone may print the tally cards
    first = reader.get(f"{organiser.url}/tally-cards.pdf?paper=letter")
    assert first.status_code == 202 and first.headers["Retry-After"] == "3"
    assert first.headers["Cache-Control"] == "no-store"
    page = first.get_data(as_text=True)
    seconds, again = REFRESH.search(page).groups()  # type: ignore[union-attr]  # a meta refresh: no script
    assert seconds == "3" and again == f"{organiser.url}/tally-cards.pdf?paper=letter&amp;prepared=1"
    words = text_of(first)
    assert "Preparing the tally cards" in words
    assert "A card for each of the 5 players of Church hall, with every hand's row." in words
    assert "This page asks again every few seconds" in words
    again = again.replace("&amp;", "&")
    for _ in range(4):  # asking again renders nothing more, and the printing limit does not count it
        waiting = reader.get(again)
        assert waiting.status_code == 202 and "Preparing the tally cards" in text_of(waiting)
    assert held.pages == 1

    app.config["PDF_WAIT_SECONDS"] = 60  # the next request waits for the job the test now releases
    held.release.set()
    ready = reader.get(again)
    assert ready.status_code == 200 and ready.mimetype == "text/html"
    seconds, download = REFRESH.search(ready.get_data(as_text=True)).groups()  # type: ignore[union-attr]
    assert seconds == "0" and download == f"{organiser.url}/tally-cards.pdf?paper=letter"
    assert "The tally cards are ready" in text_of(ready)
    assert "Download the tally cards (PDF)" in text_of(ready)
    pdf = reader.get(download)
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF-")
    assert reader.get(download).status_code == 200  # the kept file: three downloads counted in all
    assert reader.get(download).status_code == 429
    assert held.pages == 1


def test_a_pdf_that_could_not_be_made_is_said_so_and_made_afresh_when_asked_again(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = pdf_jobs.render_pdf
    failures = [ValueError("WeasyPrint gave up")]

    def once_broken(html: str, **kwargs: object) -> bytes:
        if failures:
            raise failures.pop()
        return real(html, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pdf_jobs, "render_pdf", once_broken)
    app.config["PDF_WAIT_SECONDS"] = 60
    organiser = small_drive(app, client)
    failed = client.get(f"{organiser.url}/results.pdf")
    assert failed.status_code == 500
    assert "The file could not be made. Please try again in a moment." in text_of(failed)
    assert client.get(f"{organiser.url}/results.pdf").mimetype == "application/pdf"


def test_one_kept_copy_serves_every_time_zone_and_each_language_has_its_own(
    app: Flask, client: FlaskClient, renders: list[str]
) -> None:
    app.config["PDF_WAIT_SECONDS"] = 60
    app.config["RATELIMIT_PDF"] = "60 per minute"
    organiser = small_drive(app, client)
    with app.app_context():  # the drive started at noon UTC on 6 December
        noon = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
        db.session.execute(update(DriveRecord).values(created_at=noon))
        db.session.commit()
    zones = ("UTC", "Europe/Paris", "Asia/Tokyo", "Pacific/Kiritimati")
    readers = {zone: app.test_client() for zone in zones}
    for zone, reader in readers.items():
        reader.set_cookie("tz", zone)
    tags = {reader.get(f"{organiser.url}/tally-cards.pdf").headers["ETag"] for reader in readers.values()}
    assert len(tags) == 1 and len(renders) == 1  # no date on the cards: one copy for every zone
    cards = {reader.get(f"{organiser.url}/table-cards.pdf").status_code for reader in readers.values()}
    assert cards == {403}  # the table cards are the organiser's
    assert client.get(f"{organiser.url}/table-cards.pdf").status_code == 200 and len(renders) == 2
    results = {zone: reader.get(f"{organiser.url}/results.pdf") for zone, reader in readers.items()}
    # Paris (13:00) and Tokyo (21:00) read 6 December as UTC does; Kiritimati (02:00 the 7th) does not.
    assert len({answer.headers["ETag"] for answer in results.values()}) == 2 and len(renders) == 4
    assert "December 6, 2026" in renders[2] and "December 7, 2026" in renders[3]
    german = readers["UTC"]
    german.set_cookie("language", "de")
    in_german = german.get(f"{organiser.url}/tally-cards.pdf")
    assert in_german.headers["ETag"] not in tags and len(renders) == 5  # the headings are words
    assert 'lang="de"' in renders[4]
    assert readers["Asia/Tokyo"].get(f"{organiser.url}/tally-cards.pdf").headers["ETag"] in tags
    assert len(renders) == 5


@pytest.fixture
def german_app(tmp_path: Path) -> Iterator[Flask]:
    """The committed German catalogue, compiled (and no other)."""
    translations = str(Translated("de").compile(tmp_path / "translations"))
    yield from app_in(tmp_path, PDF_WAIT_SECONDS=0, BABEL_TRANSLATION_DIRECTORIES=translations)


ENGLISH = (
    "Preparing the tally cards",
    "The file is being made. This page asks again every few seconds and the download starts by itself "
    "when it is ready: you can leave it open.",
    "Ask again now",
    "Back to the drive",
)


def test_the_being_prepared_page_speaks_the_readers_language(
    german_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page is worded through the catalogue of the reader's language, its count in the plural form
    German takes."""
    held = HeldRender(monkeypatch)
    organiser = small_drive(german_app, german_app.test_client())
    reader = german_app.test_client()
    reader.set_cookie("language", "de")
    page = reader.get(f"{organiser.url}/tally-cards.pdf")
    assert page.status_code == 202 and '<html lang="de"' in page.get_data(as_text=True)
    words = text_of(page)
    german = Translated("de")
    for english in ENGLISH:
        assert german.says(english) in words and english not in words
    players = german.says_n(
        "A card for the %(count)s player of %(drive)s, with every hand's row.",
        "A card for each of the %(count)s players of %(drive)s, with every hand's row.",
        5,
        count=5,
        drive="Church hall",
    )
    assert players in words
    held.release.set()
