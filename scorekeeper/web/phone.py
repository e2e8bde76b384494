"""What this phone keeps: every game, table, drive and club it may change, to list, forget one by one,
or carry over all at once to another phone.

A phone keeps what it set up or was handed for as long as the thing exists (keeping.py): no count
limit, nothing dropped to make room. This page lists it all; forgetting one asks first and forgets
it on this phone only. "Move everything to another phone" shows a one-time code as a link, a QR code
and text, good once for keeping.CARRY_OVER_MINUTES: the other phone that opens it keeps everything
this one keeps (this one keeps it too, until it forgets). The link carries the code after ``#``,
which no browser sends, so it reaches the server only in the body of a POST, as a game's hand-over
code does (web/games/handover.py).

Views are linear: read what the phone keeps, ask or do, redirect (POST/redirect/GET).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from .. import keeping
from ..clubs import access as club_access
from ..drives import keepers as drive_keepers
from ..drives import store as drive_store
from ..games import holders
from ..games import store as game_store
from ..groups import access as table_access
from ..words import gettext, ngettext
from . import device
from .drives import status_words
from .games import summary as game_summary
from .limits import not_a_guess
from .qr import qr_svg
from .wording import day

bp = Blueprint("phone", __name__, url_prefix="/phone")

Page = str | tuple[str, int] | tuple[str, int, dict[str, str]] | Response
KINDS = ("game", "table", "drive", "club")
LONGEST_ID = 64


@dataclass(frozen=True, kw_only=True)
class Kept:
    """One thing this phone keeps, as the list shows it: its kind, id, name, a line about it, and
    its page."""

    kind: str
    id: str
    name: str
    about: str
    url: str


@bp.before_app_request
def renew_device() -> None:
    """A phone in use sends its device's cookie again once a month, so its 400 days never run out."""
    if request.method == "GET" and request.endpoint not in (None, "static"):
        device.renew()


@bp.get("")
def kept() -> str:
    """Everything this phone keeps, kind by kind, each with the way to forget it; and the way to carry
    it all over to another phone."""
    lists = {kind: kept_of(kind) for kind in KINDS}
    return render_template("phone/index.html", lists=lists, total=sum(len(items) for items in lists.values()))


@bp.route("/forget/<kind>/<thing_id>", methods=["GET", "POST"])
def forget(kind: str, thing_id: str) -> Page:
    """Ask first; then this phone no longer keeps the thing (it stays, for everyone else)."""
    item = _kept_or_404(kind, thing_id)
    if request.method == "GET":
        return render_template("phone/forget.html", item=item, by_table=_table_keeps(kind, item.id))
    found = device.device_id()
    if found is not None:
        keeping.KINDS[kind].forget(found, item.id)
    flash(gettext("This phone no longer keeps %(name)s.") % {"name": item.name})
    return redirect(url_for("phone.kept"))


@bp.post("/carry-over")
def carry_over() -> Page:
    """A fresh code that gives another phone everything this one keeps: a link, a QR code and text."""
    found = device.device_id()
    if found is None or not any(keeping.kept_counts(found).values()):
        flash(gettext("This phone keeps nothing yet: there is nothing to move."))
        return redirect(url_for("phone.kept"))
    code = keeping.offer_carry_over(found)
    link = url_for("phone.receive", _external=True, _anchor=code)
    page = render_template(
        "phone/carry.html",
        link=link,
        code=keeping.shown_code(code),
        qr=qr_svg.__wrapped__(link, title=gettext("QR code that moves everything to another phone")),
        minutes=keeping.CARRY_OVER_MINUTES,
        things=things_words(keeping.kept_counts(found)),
    )
    # The page holds a secret: no cache keeps it, and no history shows it again.
    return page, 200, {"Cache-Control": "no-store"}


@bp.route("/receive", methods=["GET", "POST"])
def receive() -> Page:
    """Take over everything another phone keeps, with its carry-over code."""
    if request.method == "GET":
        return render_template("phone/receive.html", error=None, typed="")
    typed = request.form.get("code", "")
    carried = keeping.carry_over(device.holder(), typed)
    if carried.outcome != "carried":
        page = render_template("phone/receive.html", error=_refusal(carried.outcome), typed=typed[:40])
        if carried.outcome in ("used", "same"):
            not_a_guess()  # told it was used, or that it is this phone's own: no guess
        return page, 422
    flash(taken_words(carried.taken))
    return redirect(url_for("phone.kept"))


def kept_of(kind: str) -> list[Kept]:
    """What this phone keeps of ``kind``, the most recently taken first."""
    found = device.device_id()
    if found is None:
        return []
    if kind == "game":
        ids = holders.games_held(found)
    elif kind == "table":
        ids = [group.id for group in table_access.groups_held(found)]
    elif kind == "drive":
        ids = [held.id for held in drive_keepers.drives_held(found)]
    else:
        ids = [club.id for club in club_access.clubs_held(found)]
    return [item for thing_id in ids if (item := _item(kind, thing_id)) is not None]


def taken_words(taken: dict[str, int]) -> str:
    """ "Moved. This phone now also keeps: 3 games, 1 table." — or that it kept all of it already."""
    if not any(taken.values()):
        return gettext("This phone kept all of it already: nothing more to take.")
    return gettext("Moved. This phone now also keeps: %(things)s.") % {"things": things_words(taken)}


def things_words(counts: dict[str, int]) -> str:
    """ "3 games, 1 table, 12 whist drives" (the kinds with none left out)."""
    return ", ".join(
        ngettext(singular, plural, counts[kind]) % {"count": counts[kind]}
        for kind, (singular, plural) in _MORE.items()
        if counts.get(kind, 0)
    )


_MORE = {
    "game": ("%(count)s game", "%(count)s games"),
    "table": ("%(count)s table", "%(count)s tables"),
    "drive": ("%(count)s whist drive", "%(count)s whist drives"),
    "club": ("%(count)s club", "%(count)s clubs"),
}


def _item(kind: str, thing_id: str) -> Kept | None:
    """One thing as the list shows it (None when it is gone)."""
    if kind == "game":
        record = game_store.find_record(thing_id)
        if record is None:
            return None
        summary = game_summary(record, game_store.game_of(record))
        about = gettext("%(players)s · %(status)s") % {"players": summary.players, "status": summary.status}
        url = url_for("games.sheet", game_id=record.id)
        return Kept(kind=kind, id=record.id, name=summary.title, about=about, url=url)
    if kind == "drive":
        drive = drive_store.find_drive(thing_id)
        if drive is None:
            return None
        state = drive_store.drive_of(drive).state
        url = url_for("drives.drive", drive_id=drive.id)
        return Kept(kind=kind, id=drive.id, name=drive.name, about=status_words(state), url=url)
    if kind == "table":
        group = table_access.find_group(thing_id)
        if group is None:
            return None
        url = url_for("tables.table", group_id=group.id)
        return Kept(kind=kind, id=group.id, name=group.name, about=_since(group.created_at), url=url)
    club = club_access.find_club(thing_id)
    if club is None:
        return None
    url = url_for("clubs.club", club_id=club.id)
    return Kept(kind=kind, id=club.id, name=club.name, about=_since(club.created_at), url=url)


def _since(started: datetime) -> str:
    return gettext("Since %(created_at)s") % {"created_at": day(started)}


def _kept_or_404(kind: str, thing_id: str) -> Kept:
    """The thing of ``kind`` this phone keeps, or 404 (an unknown kind, or one it does not keep)."""
    if kind not in KINDS or len(thing_id) > LONGEST_ID:
        abort(404)
    item = _item(kind, thing_id) if keeping.KINDS[kind].holds(device.device_id(), thing_id) else None
    if item is None:
        abort(404)
    return item


def _table_keeps(kind: str, thing_id: str) -> bool:
    """True for a game played at a table this phone keeps: the table's keep-right covers it still."""
    record = game_store.find_record(thing_id) if kind == "game" else None
    return (
        record is not None
        and record.group_id is not None
        and table_access.holds(device.device_id(), record.group_id)
    )


def _refusal(outcome: str) -> str:
    if outcome == "used":
        return gettext(
            "That code has been used already: it moves everything once. Ask the other phone for a new one."
        )
    if outcome == "same":
        return gettext(
            "That is this phone's own code: open it on the other phone, the one that is to keep everything."
        )
    return ngettext(
        "That code opens nothing: it may be mistyped, or more than %(minutes)s minute old. Ask the other "
        "phone for a new one.",
        "That code opens nothing: it may be mistyped, or more than %(minutes)s minutes old. Ask the other "
        "phone for a new one.",
        keeping.CARRY_OVER_MINUTES,
    ) % {"minutes": keeping.CARRY_OVER_MINUTES}
