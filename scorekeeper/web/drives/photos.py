"""A drive from paper: the organiser photographs each table card, and the drive's results follow.

Each card is read (scorekeeper/paper/), shown to confirm beside the photo's crops with what the
reader doubts or the drive's engine refuses open (both pairs' tricks must make 13), and confirmed.
A confirmed card's hands are entered as the organiser's entries, hand by hand across every card
confirmed so far: a hand goes in once the hand before it is in at every table (the movement rests on
it), so the results follow as the last card of each hand is confirmed, and nothing waits twice.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...drives import store
from ...paper import readings
from ...paper.crops import crops, keep_reading
from ...paper.photo import PhotoRefused, straighten_upload
from ...paper.reader import read_fields
from ...rules.drive import Drive, HandEntry, Pair
from ...rules.errors import RuleViolation
from ...rules.paper import SheetId, paper_size, read_sheet_id
from ...rules.paper.drives import HandCheck, card_page, check_card, hand_text
from ...rules.paper.sheet import SheetPage
from ...rules.text import Text
from ...words import gettext, ngettext
from ...words._core import N_
from ..device import device_id, holder
from ..limits import allow_large_body
from ..wording import say
from .access import require_organiser

bp = Blueprint("drive_photos", __name__)

Page = str | tuple[str, int] | Response
PHOTO_LIMIT = 16 * 1024 * 1024
PAIR_LABELS = (N_("N–S"), N_("E–W"))
# The reader's refusals, said of a table card where they name a game's sheet.
CARD_REFUSALS = {
    "paper_not_an_image": "paper_card_not_an_image",
    "paper_no_marks": "paper_card_no_marks",
    "paper_no_code": "paper_card_no_code",
    "paper_layout_unknown": "paper_card_layout_unknown",
    "paper_photo_missing": "paper_card_photo_missing",
    "paper_not_a_sheet": "paper_not_a_card",
}


def register(app: Flask) -> None:
    """Let a photo through the app-wide body limit."""
    allow_large_body(app, "drive_photos.upload", PHOTO_LIMIT)


@bp.get("/drives/<drive_id>/paper")
def read(drive_id: str) -> str:
    """Photograph a table card: the page each card's QR code opens, and the organiser's page links to."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    return _upload_page(record, drive, None)


@bp.post("/drives/<drive_id>/paper/photos")
def upload(drive_id: str) -> Page:
    """Read a table card's photo and keep the reading to confirm; a photo that cannot be read says
    why (422) and keeps nothing."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    photo = request.files.get("photo")
    try:
        straightened = straighten_upload(photo.read() if photo is not None and photo.filename else None)
        identity = straightened.identity
        if identity.drive != record.id or identity.table is None:
            raise PhotoRefused("paper_wrong_drive" if identity.drive else "paper_game_sheet")
        page = _page(identity)
        values = read_fields(straightened.page, page.fields)
    except RuleViolation as refused:
        return _upload_page(record, drive, _of_card(refused)), 422
    reading = keep_reading(device=holder(), owner=record.id, straightened=straightened, values=values)
    return redirect(url_for("drive_photos.confirm", drive_id=drive_id, reading=reading), 303)


@bp.route("/drives/<drive_id>/paper/readings/<reading>", methods=["GET", "POST"])
def confirm(drive_id: str, reading: str) -> Page:
    """The card's hands beside the photo to confirm; on POST, keep what the organiser confirmed and
    enter every hand the drive can take (422 with the values kept when a hand is refused)."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    kept = readings.find(reading, device_id())
    if kept is None or kept.owner != record.id:
        abort(404)
    identity = read_sheet_id(kept.sheet)
    assert identity.table is not None
    page = _page(identity)
    first_time = request.method == "GET"
    values = _stored(kept.values) if first_time else _from_form(request.form, page)
    checks = check_card(drive, identity.table, page, values)
    refused = any(check.state == "refused" for check in checks)
    if not first_time and not refused:
        readings.confirm(kept.id, {key: value for key, value in values.items() if value is not None})
        entered, waiting = enter_confirmed(record.id)
        flash(_entered_words(entered, waiting))
        return redirect(url_for("drive_photos.read", drive_id=drive_id), 303)
    rows = _rows(page, values, kept.values, checks, first_time, kept.page)
    to_enter = sum(1 for check in checks if check.state in ("new", "changed", "later"))
    context = {
        "reading": kept,
        "identity": identity,
        "record": None,
        "rows": rows,
        "names": None,
        "doubted": sum(
            1 for row in rows for part in row["players"] for cell in part["cells"] if cell["open"]
        ),
        "nothing_new": not refused and not to_enter,
        "lead": gettext("%(drive)s, table %(table)s: hands %(first)s to %(last)s.")
        % {"drive": record.name, "table": identity.table, "first": identity.first, "last": identity.last},
        "record_label": ngettext("Enter %(count)s hand", "Enter %(count)s hands", to_enter)
        % {"count": to_enter}
        if to_enter
        else gettext("Check again"),
        "again_url": url_for("drive_photos.read", drive_id=drive_id),
        "clear_words": gettext(
            "Every value was read clearly and the rules accept every hand. Tap a value to change it."
        ),
    }
    html = render_template("paper/confirm.html", **context)
    return (html, 422) if not first_time else html


def _of_card(refused: RuleViolation) -> RuleViolation:
    """A photo's refusal as it is said of a table card (the reader words it for a game's sheet)."""
    code = CARD_REFUSALS.get(refused.code)
    if code is None:
        return refused
    return PhotoRefused.from_text(Text(code, **refused.params))


def enter_confirmed(drive_id: str) -> tuple[int, int]:
    """Enter every confirmed card's hands the drive can take, hand by hand across the cards, until
    none more goes in; drop the readings whose every hand is in. Returns (entered, still waiting)."""
    entered = 0
    while True:
        cards = readings.confirmed_for(drive_id)
        _record, drive = store.load_drive(drive_id)
        done = _next_hand(drive_id, drive, cards)
        if done is None:
            break
        entered += done
    waiting = 0
    _record, drive = store.load_drive(drive_id)
    for card in readings.confirmed_for(drive_id):
        identity = read_sheet_id(card.sheet)
        assert identity.table is not None
        left = [
            hand
            for hand, tricks in _hands(card.confirmed or {}).items()
            if (stored := drive.entered(hand, identity.table)) is None or stored.north_south_tricks != tricks
        ]
        if left:
            waiting += len(left)
        else:
            readings.drop(card.id)
    return entered, waiting


def _next_hand(drive_id: str, drive: Drive, cards: list[readings.KeptReading]) -> int | None:
    """Enter (or correct) the earliest hand any confirmed card can give the drive now; None when none can."""
    for card in cards:
        identity = read_sheet_id(card.sheet)
        table = identity.table
        assert table is not None
        for hand, tricks in sorted(_hands(card.confirmed or {}).items()):
            stored = drive.entered(hand, table)
            if stored is not None and stored.north_south_tricks == tricks:
                continue
            entry = HandEntry(hand=hand, table=table, tricks=tricks, pair=Pair.NORTH_SOUTH)
            try:
                if stored is None:
                    drive.verify_entry(entry)
                    store.enter_hand(drive_id, entry, store.Seen(hand=hand, table=table))
                else:
                    drive.verify_correction(entry)
                    store.correct_hand(
                        drive_id,
                        entry,
                        store.Seen(hand=hand, table=table, north_south=stored.north_south_tricks),
                    )
            except RuleViolation:
                break  # this card's later hands wait for the other tables
            return 1
    return None


def _hands(confirmed: dict[str, Any]) -> dict[int, int]:
    """A confirmed card's N–S tricks by hand."""
    return {
        int(key.split(".")[0]): int(value)
        for key, value in confirmed.items()
        if key.split(".")[1] == "0" and value is not None
    }


def _page(identity: SheetId) -> SheetPage:
    size = paper_size(identity.paper, identity.orientation)
    return card_page(size, number=identity.page, first=identity.first, last=identity.last, top=identity.top)


def _stored(values: dict[str, Any]) -> dict[str, int | None]:
    return {key: read["value"] for key, read in values.items()}


def _from_form(form: Any, page: SheetPage) -> dict[str, int | None]:
    found: dict[str, int | None] = {}
    for field in page.fields:
        raw = form.get(f"v-{field.key}", "").strip()
        found[field.key] = int(raw) if raw.isdigit() and int(raw) <= field.most else None
    return found


def _rows(
    page: SheetPage,
    values: dict[str, int | None],
    reads: dict[str, Any],
    checks: list[HandCheck],
    first_time: bool,
    page_jpeg: bytes,
) -> list[dict[str, Any]]:
    """The confirm screen's rows: a hand each, its two pairs' tricks beside the photo's crops."""
    crop_of = crops(page_jpeg, list(page.fields))
    by_hand = {check.hand: check for check in checks}
    rows = []
    for spec in page.rows:
        check = by_hand[spec.number]
        parts: list[dict[str, Any]] = []
        for index, label in enumerate(PAIR_LABELS):
            key = f"{spec.number}.{index}.tricks"
            read = reads.get(key, {})
            doubt = read.get("doubt") if first_time or values.get(key) == read.get("value") else None
            doubted = bool(doubt) and check.state != "same"
            parts.append(
                {
                    "name": gettext(label),
                    "out": False,
                    "cells": [
                        {
                            "key": key,
                            "label": gettext("Tricks"),
                            "value": values.get(key),
                            "choices": list(range(14)),
                            "crop": crop_of.get(key),
                            "doubt": say(Text(doubt["code"], **doubt["params"]))
                            if doubted and doubt
                            else None,
                            "refused": key in check.flagged,
                            "open": key in check.flagged or doubted,
                        }
                    ],
                }
            )
        note = hand_text(check)
        rows.append(
            {
                "number": spec.number,
                "title": gettext("Hand %(hand)s") % {"hand": spec.number},
                "state": check.state,
                "note": say(note) if note is not None else None,
                "players": parts,
                "open": any(part["cells"][0]["open"] for part in parts),
            }
        )
    return rows


def _entered_words(entered: int, waiting: int) -> str:
    done = ngettext(
        "%(count)s hand entered from the table cards.",
        "%(count)s hands entered from the table cards.",
        entered,
    ) % {"count": entered}
    if not waiting:
        return done
    return (
        done
        + " "
        + ngettext(
            "%(count)s more waits for the other tables' cards.",
            "%(count)s more wait for the other tables' cards.",
            waiting,
        )
        % {"count": waiting}
    )


def _upload_page(record: Any, drive: Drive, error: RuleViolation | None) -> str:
    tables = drive.state.layout.tables
    waiting = readings.confirmed_for(record.id)
    return render_template(
        "paper/read_cards.html",
        record=record,
        drive=drive,
        error=error,
        tables=tables,
        waiting=[read_sheet_id(card.sheet).table for card in waiting],
    )
