"""A drive's tally cards asked for on a phone while they are being made: from the drive's page, the link
leads to a page that says what is being prepared (axe-clean, light and dark); the page asks in the
background (preparing.js) and, once the PDF is made, opens the page that starts the download."""

from __future__ import annotations

import logging
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, expect
from werkzeug.serving import make_server

from scorekeeper import create_app, pdf_jobs
from scorekeeper.extensions import db
from tests.stored_drives import hall_names

from .conftest import check_accessibility, phone_context

SHOTS = "/tmp/drive-shots"


@pytest.fixture
def slow_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, str, threading.Event]]:
    """The app on a free local port, whose PDFs WeasyPrint makes only once the test releases it; the
    address and the release."""
    release = threading.Event()
    real = pdf_jobs.render_pdf

    def held(html: str, **kwargs: object) -> bytes:
        assert release.wait(60), "the test never released the render"
        return real(html, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pdf_jobs, "render_pdf", held)
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'slow.sqlite'}", "SECRET_KEY": "slow-pdfs"},
        instance_path=str(tmp_path / "instance"),
    )
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", release
    finally:
        release.set()
        server.shutdown()
        server.server_close()
        thread.join(10)
        with app.app_context():
            db.engine.dispose()


def test_the_tally_cards_come_by_themselves_after_a_page_that_says_they_are_being_prepared(
    browser: Browser, playwright: Playwright, slow_server: tuple[str, threading.Event], tmp_path: Path
) -> None:
    address, release = slow_server
    context = phone_context(browser, playwright, address, accept_downloads=True)
    page = context.new_page()
    page.goto("/drives/new")  # the organiser's phone sets the drive up, and prints from its page
    page.get_by_label("Name of the drive").fill("St Mary's autumn drive")
    page.get_by_label("Their names, one a line").fill("\n".join(hall_names(12)))
    page.get_by_role("button", name="Set up the drive").click()
    page.get_by_role("link", name="Players' tally cards").click()
    expect(page.locator("h1")).to_have_text("Preparing the tally cards")
    expect(page.locator(".lead")).to_have_text(
        "A card for each of the 12 players of St Mary's autumn drive, with every hand's row."
    )
    check_accessibility(page, "the page that says the tally cards are being prepared")
    Path(SHOTS).mkdir(exist_ok=True)
    page.screenshot(path=f"{SHOTS}/pdf-preparing.png", full_page=True)
    with page.expect_download(timeout=120_000) as download:  # the page asks every 3 s; the PDF takes its time
        release.set()
        expect(page.locator("h1")).to_have_text("The tally cards are ready", timeout=120_000)
    check_accessibility(page, "the page that starts the download")
    pdf = tmp_path / "cards.pdf"
    download.value.save_as(pdf)
    assert download.value.suggested_filename == "st-mary-s-autumn-drive-tally-cards.pdf"
    text = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], check=True, capture_output=True, text=True)
    assert text.stdout.count("St Mary's autumn drive · Progressive") == 12
    context.close()
