"""The organiser's paper side of a drive: typing a player's tally card, and recording where someone
actually sat when the hall did not move as planned.

A village hall that kept paper collects the tally cards: the organiser types one card at a time
(each hand's tricks for that player's pair) and the engine enters them for the tables the player
sat at, checking each against what is already entered; a different result is refused, never
overwritten. Where two players sat in each other's seats, the organiser records it for that hand:
the results stay with the tables, so the tricks go to the people who were there.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.store import StoredDrive
from ...rules.drive import SEATS, Drive
from ...rules.errors import RuleViolation
from ...words import gettext, ngettext
from ..wording import in_reader_order
from . import view
from .access import require_organiser
from .forms import read_card, read_seat
from .paper import trump_mark
from .wording import SEAT_NAMES, tricks_words

bp = Blueprint("drive_cards", __name__)

Page = str | tuple[str, int] | Response


@bp.get("/drives/<drive_id>/cards")
def cards(drive_id: str) -> str:
    """The organiser picks the player whose tally card they are about to type."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    return render_template("drives/cards.html", **view.overview(record, drive))


@bp.route("/drives/<drive_id>/cards/<int:player>", methods=["GET", "POST"])
def card(drive_id: str, player: int) -> Page:
    """One player's tally card: each hand's tricks for their pair, typed from the paper card."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    if not 0 <= player < drive.setup.player_count:
        abort(404)
    if request.method == "GET":
        return _card_page(record, drive, player, None, None)
    typed = {key: value for key, value in request.form.items() if key.startswith("hand-")}
    try:
        rows = read_card(request.form, (row["hand"] for row in card_rows(drive, player) if row["typed"]))
        _record, updated = store.enter_card(drive_id, player, rows)
    except RuleViolation as refused:
        return _card_page(record, drive, player, typed, refused), 422
    added = len(updated.entries) - len(drive.entries)
    flash(
        ngettext(
            "%(name)s's card: %(count)s hand entered, the others agree with what was entered.",
            "%(name)s's card: %(count)s hands entered, the others agree with what was entered.",
            added,
        )
        % {"name": drive.setup.players[player], "count": added}
    )
    return redirect(url_for("drive_cards.card", drive_id=drive_id, player=player), 303)


@bp.post("/drives/<drive_id>/hands/<int:hand>/seats")
def record_seat(drive_id: str, hand: int) -> Page:
    """The organiser records where a player actually sat for a hand: they and the player the plan put
    there change places; the tables' results go to the people who were there."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    if not 1 <= hand <= len(drive.state.hands):
        abort(404)
    try:
        player, table, seat = read_seat(request.form)
        _record, updated = store.record_seat(drive_id, hand, player, table, seat)  # type: ignore[arg-type]
    except RuleViolation as refused:
        context = {**view.overview(record, drive), **seat_context(drive, hand, refused, request.form)}
        return render_template("drives/hand.html", hand=view.hand_rows(drive, hand), **context), 422
    assert isinstance(player, int) and isinstance(table, int)
    flash(
        gettext("Hand %(hand)s: %(name)s sat at table %(table)s, %(seat)s.")
        % {"hand": hand, "name": updated.setup.players[player], "table": table, "seat": SEAT_NAMES[seat]}
    )
    return redirect(url_for("drives.hand_tables", drive_id=drive_id, hand=hand, _anchor="seats"), 303)


# --- what the pages show -------------------------------------------------------------


def card_rows(drive: Drive, player: int) -> list[dict[str, Any]]:
    """The card's rows whose seating is known: where the player sat, and the tricks so far.

    ``typed`` rows take the tricks of the player's pair; a sit-out's tricks are fixed and a hand
    the player was not there for has none.
    """
    names = drive.setup.players
    rows = []
    for row in drive.state.card(player):
        if row.absent:
            where = gettext("not there")
        elif row.sat_out or row.table is None or row.seat is None:
            where = gettext("sits out: %(tricks)s") % {"tricks": tricks_words(drive.setup.sit_out_tricks)}
        else:
            where = gettext("table %(table)s, %(seat)s") % {"table": row.table, "seat": SEAT_NAMES[row.seat]}
        rows.append(
            {
                "hand": row.hand,
                "trump": trump_mark(row.trump),
                "where": where,
                "partner": "" if row.partner is None else names[row.partner],
                "typed": not row.absent and not row.sat_out,
                "tricks": "" if row.tricks is None else str(row.tricks),
                "total": "" if row.running_total is None else str(row.running_total),
            }
        )
    return rows


def seat_context(drive: Drive, hand: int, error: RuleViolation | None, values: Any) -> dict[str, Any]:
    """The form that records where someone actually sat in ``hand``, and the records so far."""
    names = drive.setup.players
    state = drive.state.hand(hand)
    seated = sorted({player for player in state.seats}, key=lambda player: in_reader_order(names[player]))
    return {
        "seat_error": error,
        "seat_values": values or {},
        "seat_players": [(player, names[player]) for player in seated],
        "seat_tables": list(state.table_numbers),
        "seat_choices": [(seat.value, SEAT_NAMES[seat]) for seat in SEATS],
        "seat_lines": [
            gettext("%(name)s sat at table %(table)s, %(seat)s")
            % {"name": names[fix.player], "table": fix.table, "seat": SEAT_NAMES[fix.seat]}
            for fix in drive.seatings
            if fix.hand == hand
        ],
    }


def _card_page(
    record: StoredDrive, drive: Drive, player: int, typed: dict[str, str] | None, error: RuleViolation | None
) -> str:
    rows = card_rows(drive, player)
    for row in rows:
        if typed is not None and row["typed"]:
            row["tricks"] = typed.get(f"hand-{row['hand']}", "")
    hands_known = len(drive.state.hands)
    return render_template(
        "drives/card_entry.html",
        player=player,
        player_name=drive.setup.players[player],
        rows=rows,
        error=error,
        more_hands=hands_known < drive.setup.hands,
        next_hand=hands_known + 1,
        waiting=drive.state.tables_not_in,
        **view.overview(record, drive),
    )
