"""PDFs made once per version: kept on disk, never old, never damaged, bounded in size."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper import pdf_shelf
from scorekeeper.pdf_shelf import PdfShelf, build_fingerprint
from scorekeeper.web import kept_pdfs
from scorekeeper.web.games import sheets

from .conftest import Driver
from .test_games_exact import bids, play, romanian, tricks
from .test_pdf import blank_rows, pdf_text, words

SHEET = "/games/{}/sheet.pdf"


def kept_files(app: Flask) -> list[Path]:
    return sorted((Path(app.instance_path) / "pdfs").glob("*.pdf"))


# --- through the app -----------------------------------------------------------------


def test_a_repeat_download_reads_the_kept_file(app: Flask, driver: Driver, renders: list[str]) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    first = driver.client.get(SHEET.format(game_id))
    other_phone = app.test_client().get(SHEET.format(game_id))
    again = driver.client.get(SHEET.format(game_id))
    assert first.status_code == other_phone.status_code == again.status_code == 200
    assert first.data == other_phone.data == again.data and first.data.startswith(b"%PDF-")
    assert len(renders) == 1 and len(kept_files(app)) == 1
    assert again.headers["Content-Disposition"] == first.headers["Content-Disposition"]
    assert first.headers["Cache-Control"] == "private, no-cache"


def test_a_phone_holding_this_version_is_told_it_has_not_changed(driver: Driver, renders: list[str]) -> None:
    game_id = romanian(driver)
    first = driver.client.get(SHEET.format(game_id))
    etag = first.headers["ETag"]
    unchanged = driver.client.get(SHEET.format(game_id), headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    changed = driver.client.get(SHEET.format(game_id), headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert len(renders) == 2


def test_a_correction_and_an_undo_are_never_answered_with_the_old_file(
    app: Flask, driver: Driver, renders: list[str], tmp_path: Path
) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    play(driver, game_id, 2, (0, 0, 0), (0, 1, 0))
    before = words(pdf_text(driver.client.get(SHEET.format(game_id)).data, tmp_path))
    assert "Peter 11" in before and "Peggy -2" in before  # the standings after deal 2

    response = driver.post_deal(game_id, 1, {"phase": "all", **bids(1, 1, 0), **tricks(0, 1, 0)})
    assert response.status_code == 302
    corrected = words(pdf_text(driver.client.get(SHEET.format(game_id)).data, tmp_path))
    assert "Peter 4" in corrected and "Peggy 5" in corrected and "Peter 11" not in corrected

    # Undo takes this phone's last change back: the correction of deal 1.
    undo = driver.post(f"/games/{game_id}/undo", token_from=f"/games/{game_id}")
    assert undo.status_code == 302
    undone = words(pdf_text(driver.client.get(SHEET.format(game_id)).data, tmp_path))
    assert "Peter 11" in undone and "Peggy -2" in undone and "Peter 4" not in undone
    assert len(renders) == 3 and len(kept_files(app)) == 3


def test_a_damaged_or_cut_short_file_is_never_served(app: Flask, driver: Driver, renders: list[str]) -> None:
    game_id = romanian(driver)
    good = driver.client.get(SHEET.format(game_id)).data
    (kept,) = kept_files(app)
    whole = kept.read_bytes()
    for damaged in (whole[: len(whole) // 2], whole[:-1] + b"X", b"", b"%PDF-1.7 not ours"):
        kept.write_bytes(damaged)
        served = driver.client.get(SHEET.format(game_id)).data
        assert served == good  # rendered again, not the damaged file
        assert kept.read_bytes() == whole  # and kept whole again
    assert len(renders) == 5


def test_a_file_being_written_is_not_seen(app: Flask, driver: Driver, renders: list[str]) -> None:
    game_id = romanian(driver)
    driver.client.get(SHEET.format(game_id))
    folder = Path(app.instance_path) / "pdfs"
    part = folder / f"{pdf_shelf.PART_PREFIX}abc{pdf_shelf.SUFFIX}"
    part.write_bytes(b"half a PDF")
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    assert driver.client.get(SHEET.format(game_id)).data.startswith(b"%PDF-")
    assert part.exists()  # another worker's file in the making is left alone
    old = time.time() - pdf_shelf.STALE_PART_SECONDS - 1
    os.utime(part, (old, old))
    play(driver, game_id, 2, (0, 0, 0), (0, 1, 0))
    driver.client.get(SHEET.format(game_id))
    assert not part.exists()  # left behind by a worker that died: cleared


def test_blank_sheets_are_kept_by_table_options_and_choices(
    app: Flask, driver: Driver, renders: list[str], tmp_path: Path
) -> None:
    base = "/sheets/blank/romanian-whist/sheet.pdf?players-0=Ann&players-1=Bob&players-2=Cy"
    first = driver.client.get(base)
    assert driver.client.get(base).data == first.data and len(renders) == 1
    for changed in (
        "&option_sequence=8-1-8",
        "&first_dealer=2",
        "&paper=letter",
        "&orientation=landscape",
        "&players-3=Dee",
    ):
        response = driver.client.get(base + changed)
        assert response.status_code == 200 and response.data != first.data, changed
    assert len(renders) == 6
    eight_first = pdf_text(driver.client.get(base + "&option_sequence=8-1-8").data, tmp_path, layout=True)
    assert blank_rows(eight_first, ["Ann", "Bob", "Cy"])[0] == (1, 8, "Ann")
    unnamed = "/sheets/blank/romanian-whist/sheet.pdf?count=3"
    assert driver.client.get(unnamed).data != first.data and len(renders) == 7
    assert len(kept_files(app)) == 7


def test_the_language_is_part_of_the_key(app: Flask, driver: Driver, renders: list[str]) -> None:
    game_id = romanian(driver)
    english = driver.client.get(SHEET.format(game_id), headers={"Accept-Language": "en-GB"})
    french = driver.client.get(SHEET.format(game_id), headers={"Accept-Language": "fr-FR, fr;q=0.9"})
    again = driver.client.get(SHEET.format(game_id), headers={"Accept-Language": "fr"})
    # Each language its own sheet, each made once: the second French reader gets the kept one.
    assert english.data != french.data and again.data == french.data and len(renders) == 2
    assert '<html lang="en">' in renders[0] and '<html lang="fr">' in renders[1]
    keys = []
    for language in ("en", "fr"):
        with app.test_request_context(SHEET.format(game_id), headers={"Accept-Language": language}):
            keys.append(sheets.shelf_key("game", game_id, 1, "a4", "portrait", kept_pdfs.pdf_language()))
    assert "/en/" in keys[0] and "/fr/" in keys[1]


def test_seven_players_may_ask_for_portrait(app: Flask, driver: Driver, renders: list[str]) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    game_id = driver.start("oh-hell", names)
    auto = driver.client.get(SHEET.format(game_id) + "?paper=a4")
    portrait = driver.client.get(SHEET.format(game_id) + "?paper=a4&orientation=portrait")
    assert auto.data != portrait.data and len(renders) == 2
    assert "A4 landscape" in renders[0] and "A4 portrait" in renders[1]


def test_with_no_room_every_download_renders(app: Flask, driver: Driver, renders: list[str]) -> None:
    app.config["PDF_SHELF_BYTES"] = 0
    app.extensions.pop("scorekeeper.pdf_shelf", None)
    game_id = romanian(driver)
    driver.client.get(SHEET.format(game_id))
    driver.client.get(SHEET.format(game_id))
    assert len(renders) == 2 and kept_files(app) == []


# --- the shelf itself ----------------------------------------------------------------


def pdf_of(size: int, mark: bytes = b"x") -> bytes:
    return b"%PDF-1.7\n" + mark * size + b"\n%%EOF"


def test_the_size_bound_drops_the_least_recently_used_first(tmp_path: Path) -> None:
    shelf = PdfShelf(tmp_path, max_bytes=3_500)
    made: list[str] = []

    def maker(key: str) -> bytes:
        made.append(key)
        return pdf_of(1_000, key.encode())

    for age, key in enumerate(("a", "b", "c")):
        shelf.get_or_make(key, lambda key=key: maker(key))
        _age(shelf, key, 100 - age * 10)  # a oldest, then b, then c
    assert shelf.get("a") is not None  # served: now the most recently used
    shelf.get_or_make("d", lambda: maker("d"))  # four files do not fit: the oldest goes
    assert shelf.get("b") is None
    assert all(shelf.get(key) is not None for key in ("a", "c", "d"))
    total = sum(path.stat().st_size for path in tmp_path.glob("*.pdf"))
    assert total <= 3_500 and made == ["a", "b", "c", "d"]


def _age(shelf: PdfShelf, key: str, seconds: float) -> None:
    path = shelf.folder / f"{shelf.digest(key)}{pdf_shelf.SUFFIX}"
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_pdf_bigger_than_the_shelf_is_served_but_not_kept(tmp_path: Path) -> None:
    shelf = PdfShelf(tmp_path, max_bytes=100)
    kept = shelf.get_or_make("big", lambda: pdf_of(1_000))
    assert kept.pdf == pdf_of(1_000) and shelf.get("big") is None


def test_two_requests_for_the_same_missing_pdf_render_it_once(tmp_path: Path) -> None:
    shelf = PdfShelf(tmp_path, max_bytes=1_000_000)
    calls: list[int] = []
    started = threading.Event()

    def slow_make() -> bytes:
        calls.append(1)
        started.set()
        time.sleep(0.2)
        return pdf_of(10)

    results: list[bytes] = []

    def download() -> None:
        results.append(shelf.get_or_make("sheet", slow_make).pdf)

    first = threading.Thread(target=download)
    first.start()
    started.wait(5)
    second = threading.Thread(target=download)
    second.start()
    first.join(5)
    second.join(5)
    assert results == [pdf_of(10), pdf_of(10)] and len(calls) == 1


def test_a_failed_render_keeps_nothing(tmp_path: Path) -> None:
    shelf = PdfShelf(tmp_path, max_bytes=1_000_000)

    def broken() -> bytes:
        raise RuntimeError("WeasyPrint failed")

    with pytest.raises(RuntimeError):
        shelf.get_or_make("sheet", broken)
    assert list(tmp_path.glob("*.pdf")) == []
    assert shelf.get_or_make("sheet", lambda: pdf_of(5)).pdf == pdf_of(5)


def test_the_build_fingerprint_follows_every_file(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    template = tmp_path / "templates" / "sheet.html"
    template.write_text("<p>1</p>")
    before = build_fingerprint([tmp_path], "weasyprint 70")
    assert build_fingerprint([tmp_path], "weasyprint 70") == before
    assert build_fingerprint([tmp_path], "weasyprint 71") != before
    template.write_text("<p>2</p>")
    assert build_fingerprint([tmp_path], "weasyprint 70") != before
