"""Paper in, scores out: a photographed game sheet read, checked by the engine, confirmed, recorded.

The sheet's QR code opens ``/paper`` on the phone; so do the blank sheets' page and a game's menu
("Read a paper sheet"). The photo (the camera, through a file input with ``capture``, which needs no
secure context: bin/hall's plain HTTP serves it) is read at once: the corner marks straighten it,
the QR code says which sheet and page it is, each box is read (scorekeeper/paper/). The reading is
kept, not recorded, and the confirm screen shows each value beside the photo's crop, opens what the
classifier doubts or the engine refuses, and records nothing until the table confirms. Then a blank
sheet's deals start a new game; a game's sheet (or a later page) adds to its game, deal by deal, as
if typed on the deal screen: undo, corrections and the live view treat them alike.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...games import store
from ...paper import readings
from ...paper.crops import crops, keep_reading
from ...paper.photo import PhotoRefused, straighten_upload
from ...paper.reader import read_fields
from ...rules import Game, RuleViolation, Table, get_variant
from ...rules.paper import SheetId, check_game_page, page_of, read_sheet_id, readable
from ...words import gettext, ngettext
from ..device import can_edit, device_id, holder, require_edit
from ..limits import allow_large_body
from ..wording import declared
from . import screens
from .paper_confirm import confirm_rows, form_values, stored_values

bp = Blueprint("paper", __name__)

Page = str | tuple[str, int] | Response
# A phone's photo: 12 MP JPEGs are 3–8 MB.
PHOTO_LIMIT = 16 * 1024 * 1024


def register(app: Flask) -> None:
    """Let a photo through the app-wide body limit."""
    allow_large_body(app, "paper.upload", PHOTO_LIMIT)


@bp.get("/paper")
def read() -> str:
    """Photograph a sheet: the page a sheet's QR code opens, and the blank sheets' page links to."""
    return _upload_page(None, None)


@bp.get("/games/<game_id>/paper")
def read_for_game(game_id: str) -> str:
    """Photograph a sheet of this game (its next page, or a sheet printed for it)."""
    record = store.load_record(game_id)
    require_edit(record)
    return _upload_page(record, None)


@bp.post("/paper/photos")
def upload() -> Page:
    """Read the photo: straighten it, read its code and boxes, check each deal; keep the reading and
    show it to confirm. A photo that cannot be read says why (422) and keeps nothing."""
    owner = request.form.get("game") or None
    record = store.load_record(owner) if owner else None
    if record is not None:
        require_edit(record)
    photo = request.files.get("photo")
    try:
        straightened = straighten_upload(photo.read() if photo is not None and photo.filename else None)
        identity = straightened.identity
        game = _game_for(identity, record)
        page = page_of(game.table, identity)
        values = read_fields(straightened.page, page.fields)
    except RuleViolation as refused:
        return _upload_page(record, refused), 422
    owner_id = identity.game or (record.id if record is not None else None)
    reading = keep_reading(device=holder(), owner=owner_id, straightened=straightened, values=values)
    return redirect(url_for("paper.confirm", reading=reading), 303)


@bp.route("/paper/readings/<reading>", methods=["GET", "POST"])
def confirm(reading: str) -> Page:
    """The reading beside the photo, each value to confirm; on POST, record what the table confirmed
    (422 with every value kept and the reason when the engine refuses a deal)."""
    kept = readings.find(reading, device_id())
    if kept is None:
        abort(
            404,
            gettext(
                "This reading is no longer kept (readings are kept for two days): photograph the sheet again"
            ),
        )
    identity = read_sheet_id(kept.sheet)
    record = store.load_record(kept.owner) if kept.owner else None
    if record is not None:
        require_edit(record)
    game = _game_for(identity, record)
    page = page_of(game.table, identity)
    first_time = request.method == "GET"
    values = stored_values(kept.values) if first_time else form_values(request.form, page)
    names = _names(game, identity, request.form if not first_time else None)
    check = check_game_page(game, page, values)
    if not first_time and not check.refused and check.to_record:
        return _record(kept.id, record, game, names, check.to_record)
    rows = confirm_rows(
        game, page, values, kept.values, check, crops(kept.page, list(page.fields)), first_time=first_time
    )
    context = {
        "reading": kept,
        "identity": identity,
        "game": game,
        "record": record,
        "rows": rows,
        "names": names if record is None and not identity.players else None,
        "check": check,
        "to_record": len(check.to_record),
        "doubted": sum(
            1 for row in rows for player in row["players"] for cell in player["cells"] if cell["open"]
        ),
        "nothing_new": not check.refused and not check.to_record,
        "lead": gettext("%(name)s, page %(page)s: deals %(first)s to %(last)s.")
        % {
            "name": declared(game.table.variant.name),
            "page": identity.page,
            "first": identity.first,
            "last": identity.last,
        },
        "record_label": ngettext("Record %(count)s deal", "Record %(count)s deals", len(check.to_record))
        % {"count": len(check.to_record)}
        if check.to_record
        else gettext("Check again"),
        "again_url": url_for("paper.read_for_game", game_id=record.id) if record else url_for("paper.read"),
    }
    page_html = render_template("paper/confirm.html", **context)
    return (page_html, 422) if not first_time else page_html


def _record(
    reading: str,
    record: store.StoredGame | None,
    game: Game,
    names: list[str],
    entries: tuple[tuple[int, dict[str, object]], ...],
) -> Response:
    """Record the confirmed deals: a new game from a blank sheet, or each deal into its game."""
    if record is None:
        table = game.table
        started = Game(
            Table.create(table.variant, names, first_dealer=table.first_dealer, options=dict(table.options))
        )
        for number, data in entries:
            started = started.record(started.table.variant.engine.read_entry(number, data))  # type: ignore[arg-type]
        record, game, _key = store.create_game(
            table.variant.code,
            names,
            first_dealer=table.first_dealer,
            options=dict(table.options),
            log=started.log_data(),
            holder=holder(),
        )
    else:
        for number, data in entries:
            game = store.record_deal(record, game, number, data)
    readings.drop(reading)
    flash(
        ngettext(
            "%(count)s deal recorded from the sheet.",
            "%(count)s deals recorded from the sheet.",
            len(entries),
        )
        % {"count": len(entries)}
    )
    return redirect(screens.current_url(record, game), 303)


def _game_for(identity: SheetId, record: store.StoredGame | None) -> Game:
    """The game a sheet's reading is checked against: its own game (a game's sheet, or a blank
    sheet read from a game's page: the same table), or a new game of the blank sheet's table."""
    if identity.drive is not None:
        raise PhotoRefused("paper_drive_card")
    if identity.game is not None:
        if record is not None and record.id != identity.game:
            raise PhotoRefused("paper_wrong_game")
        record = store.find_record(identity.game)
        if record is None:
            raise PhotoRefused("paper_not_a_sheet")
        if not can_edit(record):
            abort(403)
    table = _table_of(identity)
    if record is not None:
        game = store.game_of(record)
        if identity.game is None and not _same_table(game.table, table):
            raise PhotoRefused("paper_wrong_game")
    else:
        game = Game(table)
    if not readable(game.table):
        raise PhotoRefused("paper_not_readable")
    return game


def _table_of(identity: SheetId) -> Table:
    """The table a blank sheet was printed for (its players' names, or stand-ins for their seats)."""
    if identity.variant is None:
        raise PhotoRefused("paper_not_a_sheet")
    try:
        variant = get_variant(identity.variant)
        players = list(identity.players) or _seat_names(identity.count or 0)
        return Table.create(
            variant, players, first_dealer=identity.first_dealer, options=dict(identity.options)
        )
    except RuleViolation:
        raise PhotoRefused("paper_not_a_sheet") from None


def _same_table(mine: Table, printed: Table) -> bool:
    return (
        mine.variant.code == printed.variant.code
        and mine.size == printed.size
        and mine.first_dealer == printed.first_dealer
        and dict(mine.options) == dict(printed.options)
    )


def _seat_names(count: int) -> list[str]:
    return [gettext("Seat %(seat)s") % {"seat": seat} for seat in range(1, count + 1)]


def _names(game: Game, identity: SheetId, form: Any) -> list[str]:
    """The players' names for a new game: as printed, or as the table typed them on the confirm
    screen (a name left empty keeps its seat's stand-in)."""
    names = list(game.table.players)
    if form is None or identity.players:
        return names
    return [(form.get(f"name-{seat}") or "").strip() or name for seat, name in enumerate(names)]


def _upload_page(record: store.StoredGame | None, error: RuleViolation | None) -> str:
    asked: SheetId | None = None
    if request.args:
        try:
            asked = read_sheet_id(list(request.args.items(multi=True)))
        except RuleViolation:
            asked = None
    game = store.game_of(record) if record is not None else None
    return render_template("paper/read.html", record=record, game=game, asked=asked, error=error)
