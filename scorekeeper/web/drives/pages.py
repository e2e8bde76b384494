"""Whist drives, the organiser's side: set one up, run it, enter any table's hand, add prizes.

Every view is linear: load or 404, check the organiser key or the table's
link, ask the engine, commit, redirect. A refused entry re-renders the form
with what was typed and the engine's reason (422) and stores nothing; a hand
another phone changed first is shown as it now stands (409).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ... import words
from ...drives import store
from ...drives.store import DriveChangedElsewhere, StoredDrive, results_withheld
from ...rules.drive import Drive, DriveFormat, legal_tricks, movement_rule
from ...rules.errors import OutOfTurn, RuleViolation
from ...words import gettext
from . import view
from .access import (
    is_organiser,
    opens,
    organiser_key,
    remember_organiser,
    require_organiser,
    require_table,
    table_links,
    table_token,
)
from .cards import seat_context
from .forms import (
    HandForm,
    read_confirmation,
    read_hand,
    read_prize,
    setup_defaults,
    setup_inputs,
    setup_values,
)
from .wording import ADDABLE_PRIZES, FORMAT_BLURBS, FORMAT_NAMES, PRIZE_NAMES, movement_words, result_words

bp = Blueprint("drives", __name__)

Page = str | tuple[str, int] | Response


@bp.route("/drives/new", methods=["GET", "POST"])
def new_drive() -> Page:
    """The set-up: name, players (or their number), format, hands, trumps and options."""
    if request.method == "GET":
        return _setup_page(setup_defaults(), None)
    values = setup_values(request.form)
    try:
        name, players, options = setup_inputs(values)
        # Players given only by their number are named in the organiser's language, then kept.
        record, _drive, _key = store.create_drive(name, players, **options, stand_in=words.stand_in)
    except RuleViolation as refused:
        return _setup_page(values, refused), 422
    remember_organiser(record.id)
    return redirect(url_for("drives.drive", drive_id=record.id), 303)


@bp.get("/drives/<drive_id>")
def drive(drive_id: str) -> str:
    """The drive's page: its rules in words, links for everyone, and the organiser's controls."""
    record, drive = store.load_drive(drive_id)
    organiser = is_organiser(record)
    context = view.overview(record, drive)
    if organiser:
        context.update(organiser_context(record, drive))
    return render_template("drives/drive.html", organiser=organiser, **context)


@bp.route("/drives/<drive_id>/organise", methods=["GET", "POST"])
def organise(drive_id: str) -> Page:
    """The organiser link: this browser runs the drive from now on.

    The link carries the key in its fragment (``#key=…``), which a browser never
    sends: the page's script posts it, so the key is in no request line and no
    access log (without the script, the organiser pastes it into the page's form).
    """
    record = store.find_drive(drive_id)
    if record is None:
        abort(404)
    if request.method == "GET":
        legacy = request.args.get("key")  # links made before the key moved out of the address
        if legacy is None:
            return render_template("drives/organise.html", record=record)
        key = legacy
    else:
        key = request.form.get("key", "").strip()
    if not opens(record, key):
        abort(403, gettext("This organiser link is not right: ask the organiser for it again."))
    remember_organiser(record.id)
    return redirect(url_for("drives.drive", drive_id=drive_id), 303)


@bp.route("/drives/<drive_id>/tables/<int:table>/<token>", methods=["GET", "POST"])
def table_phone(drive_id: str, table: int, token: str) -> Page:
    """A table's phone: who sits where for the hand in play, and the hand's tricks entered once."""
    require_table(drive_id, table, token)
    record, drive = store.load_drive(drive_id)
    _check_playing(drive, table)
    if request.method == "GET":
        return _table_page(record, drive, table, None, None)
    return _save_hand(
        drive_id,
        table,
        lambda record, drive, form, error, preview=None: _table_page(
            record, drive, table, form, error, preview
        ),
        table_phone=True,
        loaded=(record, drive),
    )


@bp.post("/drives/<drive_id>/tables/<int:table>/<token>/confirm")
def confirm(drive_id: str, table: int, token: str) -> Page:
    """A player of the other pair confirms the table's result on the same phone (a second tap)."""
    require_table(drive_id, table, token)
    record, drive = store.load_drive(drive_id)
    _check_playing(drive, table)
    try:
        seen, player = read_confirmation(request.form, table)
        _record, confirmed = store.confirm_hand(drive_id, seen, player)  # type: ignore[arg-type]
    except (DriveChangedElsewhere, OutOfTurn) as changed:
        record, drive = store.load_drive(drive_id)
        return _table_page(record, drive, table, None, changed), 409
    except RuleViolation as refused:
        return _table_page(record, drive, table, None, refused), 422
    line = confirmed.state.table_hand(seen.hand, table)
    names = confirmed.setup.players
    assert line.confirmed_by is not None
    flash(
        gettext("%(name)s confirmed: %(result)s")
        % {"name": names[line.confirmed_by], "result": result_words(confirmed, line)}
    )
    return redirect(url_for("drives.table_phone", drive_id=drive_id, table=table, token=token), 303)


@bp.get("/drives/<drive_id>/tables/<int:table>/<token>/waiting")
def table_waiting(drive_id: str, table: int, token: str) -> Response:
    """What a table's phone polls while other tables enter: a key that changes only when its own
    page would (the next hand is called, or its own result changed), and the tables still not in."""
    require_table(drive_id, table, token)
    record = store.find_drive(drive_id)
    if record is None:
        abort(404)
    drive = store.drive_of(record)
    if table not in drive.state.table_numbers:
        response = jsonify({"key": "gone", "waiting": "", "count": 0})  # the page reloads to say so
        response.headers["Cache-Control"] = "no-store"
        return response
    response = jsonify(view.waiting(drive, table))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/drives/<drive_id>/hands/<int:hand>/tables/<int:table>", methods=["GET", "POST"])
def organiser_hand(drive_id: str, hand: int, table: int) -> Page:
    """The organiser enters or corrects any table's hand, as written on its paper card."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    if not 1 <= hand <= len(drive.state.hands) or not drive.state.hand(hand).has_table(table):
        abort(404)
    if request.method == "GET":
        return _organiser_hand_page(record, drive, hand, table, None, None)
    return _save_hand(
        drive_id,
        table,
        lambda record, drive, form, error, preview=None: _organiser_hand_page(
            record, drive, hand, table, form, error, preview
        ),
        loaded=(record, drive),
    )


@bp.get("/drives/<drive_id>/hands/<int:hand>")
def hand_tables(drive_id: str, hand: int) -> str:
    """One hand at every table, for the organiser typing in the paper cards."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    if not 1 <= hand <= len(drive.state.hands):
        abort(404)
    context = {**view.overview(record, drive), **seat_context(drive, hand, None, None)}
    return render_template("drives/hand.html", hand=view.hand_rows(drive, hand), **context)


@bp.post("/drives/<drive_id>/prizes")
def add_prize(drive_id: str) -> Page:
    """The organiser adds a prize: a place, most hands won, or one they award themselves."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    try:
        prize = read_prize(request.form)
        store.set_prizes(drive_id, (*drive.setup.prizes, prize))
    except RuleViolation as refused:
        context = view.overview(record, drive)
        context.update(organiser_context(record, drive, prize_error=refused, prize_values=request.form))
        return render_template("drives/drive.html", organiser=True, **context), 422
    flash(gettext("Prize added: %(prize)s") % {"prize": prize.name})
    return redirect(url_for("drives.drive", drive_id=drive_id, _anchor="prizes"), 303)


@bp.post("/drives/<drive_id>/prizes/<int:number>/remove")
def remove_prize(drive_id: str, number: int) -> Response:
    """The organiser takes back a prize they added."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    prizes = list(drive.setup.prizes)
    if not 1 <= number <= len(prizes):
        abort(404)
    removed = prizes.pop(number - 1)
    store.set_prizes(drive_id, prizes)
    flash(gettext("Prize removed: %(prize)s") % {"prize": removed.name})
    return redirect(url_for("drives.drive", drive_id=drive_id, _anchor="prizes"), 303)


@bp.post("/drives/<drive_id>/players")
def rename(drive_id: str) -> Page:
    """The organiser names the players (a drive set up with only their number starts with numbers)."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    names = [request.form.get(f"player-{index}", "") for index in range(drive.setup.player_count)]
    try:
        store.rename_players(drive_id, names)
    except RuleViolation as refused:
        context = view.overview(record, drive)
        context.update(organiser_context(record, drive, names_error=refused, typed_names=names))
        return render_template("drives/drive.html", organiser=True, **context), 422
    flash(gettext("Players' names saved."))
    return redirect(url_for("drives.drive", drive_id=drive_id, _anchor="players"), 303)


# --- helpers of the views above ------------------------------------------------------


def _check_playing(drive: Drive, table: int) -> None:
    """404 unless the table plays the hand in play (or the last hand, once the drive is over); a table
    that stopped during the evening says so."""
    if table in drive.state.table_numbers:
        return
    if any(hand.has_table(table) for hand in drive.state.hands):
        abort(
            404,
            gettext(
                "Table %(table)s is not playing now: its players sit out or play at other tables. "
                "The caller's screen says where everyone goes."
            )
            % {"table": table},
        )
    abort(404)


def _save_hand(
    drive_id: str,
    table: int,
    page: Callable[..., str],
    *,
    table_phone: bool = False,
    loaded: tuple[StoredDrive, Drive] | None = None,
) -> Page:
    """Enter or correct the table's hand the form names; re-render with the reason when refused.

    A table's phone changes only the hand in play (RULES.md §10); once the players have moved on,
    an earlier hand is the organiser's to correct (409, nothing stored), and its result waits for
    the other pair's confirmation. A correction of a result that stands is first shown as what it
    would change ("Ann +3, …; nobody moves") and saved only when accepted (``apply``).
    """
    record, drive = loaded or store.load_drive(drive_id)
    form: HandForm | None = None
    typed = {name: request.form.get(name, "") for name in ("pair", "tricks")}  # shown again if refused
    corrected = False
    try:
        form = read_hand(request.form, table, needs_confirmation=table_phone)
        in_play = drive.state.hand_in_play
        if table_phone and in_play is not None and form.entry.hand < in_play:
            raise OutOfTurn("drive_hand_moved_on", field="hand", hand=form.entry.hand, in_play=in_play)
        stored = drive.entered(form.entry.hand, table)
        if stored is None:
            _record, saved = store.enter_hand(drive_id, form.entry, form.seen)
        elif stored.confirmed and not form.apply:
            effect = drive.correction_effect(form.entry)  # refuses what the correction would refuse
            return page(record, drive, typed, None, view.correction_preview(drive, effect, form))
        else:
            _record, saved = store.correct_hand(drive_id, form.entry, form.seen)
            corrected = stored.confirmed
    except (DriveChangedElsewhere, OutOfTurn) as changed:
        record, drive = store.load_drive(drive_id)
        return page(record, drive, None, changed), 409
    except RuleViolation as refused:
        return page(record, drive, typed, refused), 422
    assert form is not None
    flash(view.saved_message(saved, form.entry, corrected=corrected))
    return redirect(request.path, 303)


def _setup_page(values: dict[str, Any], error: RuleViolation | None) -> str:
    formats = [
        {
            "code": code.value,
            "name": FORMAT_NAMES[code],
            "blurb": FORMAT_BLURBS[code],
            "rules": movement_words(movement_rule(Drive.start("Rules", 8, format=code).setup)),
        }
        for code in DriveFormat
    ]
    return render_template("drives/new.html", values=values, error=error, formats=formats)


def organiser_context(
    record: StoredDrive,
    drive: Drive,
    *,
    prize_error: RuleViolation | None = None,
    prize_values: Any = None,
    names_error: RuleViolation | None = None,
    typed_names: list[str] | None = None,
    roster_error: RuleViolation | None = None,
    roster_values: Any = None,
) -> dict[str, Any]:
    """What the organiser's part of the drive's page shows (with a refused form's error and values)."""
    key = organiser_key(record)
    tables = table_links(record, drive.state.table_numbers)
    return {
        "drive_prizes": view.prizes(drive),
        # The key in the fragment, which no browser sends: it stays out of every request line.
        "organiser_url": url_for("drives.organise", drive_id=record.id, _external=True) + f"#key={key}",
        "table_links": tables,
        "addable_prizes": [(rule.value, PRIZE_NAMES[rule]) for rule in ADDABLE_PRIZES],
        "prize_error": prize_error,
        "prize_values": prize_values or {},
        "names_error": names_error,
        "typed_names": typed_names or list(drive.setup.players),
        "roster": view.roster(drive),
        "withheld": results_withheld(record, drive),
        "roster_error": roster_error,
        "roster_values": roster_values or {},
    }


def _table_page(
    record: StoredDrive,
    drive: Drive,
    table: int,
    typed: dict[str, str] | None,
    error: RuleViolation | None,
    preview: dict[str, Any] | None = None,
) -> str:
    state = drive.state
    hand = state.hand_in_play if state.hand_in_play is not None else state.setup.hands
    context = view.overview(record, drive)
    line = view.table_line(drive, hand, table)
    token = table_token(record.id, table)
    return render_template(
        "drives/table.html",
        line=line,
        form=view.hand_form_values(line, typed),
        error=error,
        preview=preview,
        tricks=legal_tricks(),
        action=url_for("drives.table_phone", drive_id=record.id, table=table, token=token),
        confirm_action=url_for("drives.confirm", drive_id=record.id, table=table, token=token),
        waiting_url=url_for("drives.table_waiting", drive_id=record.id, table=table, token=token),
        finished=state.finished,
        **context,
    )


def _organiser_hand_page(
    record: StoredDrive,
    drive: Drive,
    hand: int,
    table: int,
    typed: dict[str, str] | None,
    error: RuleViolation | None,
    preview: dict[str, Any] | None = None,
) -> str:
    context = view.overview(record, drive)
    line = view.table_line(drive, hand, table)
    return render_template(
        "drives/organiser_hand.html",
        line=line,
        form=view.hand_form_values(line, typed),
        error=error,
        preview=preview,
        tricks=legal_tricks(),
        action=url_for("drives.organiser_hand", drive_id=record.id, hand=hand, table=table),
        **context,
    )
