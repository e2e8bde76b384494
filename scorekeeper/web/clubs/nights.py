"""A club's nights: the list of its evenings, and an evening's page across its tables and drives —
who played, each game's winner and scores, each drive's prizes, the records set — printable and
shareable (Share, Copy, QR and its picture, drawn as the results pictures are).

An evening is a day on the club's calendar (clubs/nights.py); its page is linked from the finish
screen of a club game and from a club drive's last screen, read-only for anyone with the link.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as Redirect

from ...clubs import guests, outcomes
from ...clubs import nights as club_nights
from ...clubs.access import Club
from ...clubs.nights import NightGame
from ...drives import store as drive_store
from ...rules import RuleViolation
from ...words import gettext, names_list
from ..language import current_language
from ..wording import long_day, variant_name
from .access import keeps, load_club, require_keeper
from .image import MOST_LINES, Picture
from .results import drive_context, kept_png, page_qr
from .view import hidden, records_set_each, shown_name

bp = Blueprint("club_nights", __name__, url_prefix="/clubs")
MOST_PICTURE_WINNERS = 3
LONGEST_KEY = 40


@bp.get("/<club_id>/nights")
def nights(club_id: str) -> str:
    """Every evening the club played, the latest first."""
    found = load_club(club_id)
    return render_template(
        "clubs/nights.html",
        club=found,
        keeps=keeps(found),
        evenings=club_nights.evenings(found.id, found.time_zone),
    )


@bp.get("/<club_id>/nights/<day>")
def night(club_id: str, day: str) -> str:
    """One evening: every game started and every drive played on it (404 for a day with none)."""
    found = load_club(club_id)
    context = night_context(found, _day(day))
    return render_template("clubs/night.html", **context, qr=page_qr(context["page_url"]))


@bp.post("/<club_id>/nights/<day>/friendly")
def friendly(club_id: str, day: str) -> Redirect:
    """Mark a game or drive of the evening (``outcome``: "game:<id>" or "drive:<id>") friendly
    (``friendly`` "1": off the ladder, the league and the records) or count it again."""
    found = load_club(club_id)
    require_keeper(found)
    evening = _day(day)
    key = request.form.get("outcome", "")[:LONGEST_KEY]
    made_friendly = request.form.get("friendly") == "1"
    try:
        guests.set_friendly(found.id, key, made_friendly)
    except RuleViolation:
        abort(404)
    if made_friendly:
        flash(gettext("Friendly: it counts on no ladder, league or record."))
    else:
        flash(gettext("It counts again on the ladders, the league and the records."))
    return redirect(night_url(found.id, evening) + "#" + key.replace(":", "-"))


@bp.get("/<club_id>/nights/<day>.png")
def night_picture(club_id: str, day: str) -> Response:
    """The evening's Open Graph image."""
    found = load_club(club_id)
    evening = _day(day)
    key = ("night", found.id, evening, outcomes.club_fingerprint(found.id), found.name, current_language())
    return kept_png(key, lambda: _picture(night_context(found, evening, public_page=True)))


def night_url(club_id: str, day: date, *, external: bool = False) -> str:
    """The evening's page."""
    return url_for("club_nights.night", club_id=club_id, day=day.isoformat(), _external=external)


def night_context(found: Club, day: date, *, public_page: bool | None = None) -> dict[str, Any]:
    """What an evening's page (and, ``public_page``, its picture) shows; 404 when nothing was played
    on it. Its players are under the names this reader may see."""
    evening = club_nights.night(found.id, found.time_zone, day)
    if not evening.games and not evening.drives:
        abort(404)
    private = hidden(found, public_page=public_page)
    games = [_game(game, private) for game in evening.games]
    drives = [_drive(found, line.id, public_page) for line in evening.drives]
    keys = [f"game:{game.game_id}" for game in evening.games if game.status == "finished"]
    keys += [f"drive:{line.id}" for line in evening.drives]
    set_by = records_set_each(found.id, keys)
    title = gettext("%(club)s: %(day)s") % {"club": found.name, "day": long_day(day)}
    return {
        "club": found,
        "keeps": keeps(found),
        "day": day,
        "games": games,
        "friendly": guests.friendlies(found.id),
        "drives": drives,
        "records_set": [sentence for key in keys for sentence in set_by.get(key, [])],
        "title": title,
        "description": _description(games) or title,
        "page_url": night_url(found.id, day, external=True),
        "image_url": url_for(
            "club_nights.night_picture", club_id=found.id, day=day.isoformat(), _external=True
        ),
    }


def _game(game: NightGame, private: frozenset[int]) -> dict[str, Any]:
    """A game of the evening for its page, its players under the names the reader may see."""
    players = [
        {
            "name": shown_name(player.name, player.member, private),
            "place": player.place,
            "score": player.score,
            "won": player.won,
        }
        for player in game.players
    ]
    return {
        "game_id": game.game_id,
        "table": game.table,
        "variant": game.variant,
        "status": game.status,
        "deals_played": game.deals_played,
        "deal_count": game.deal_count,
        "players": players,
        "winners": [player for player in players if player["won"]],
    }


def _drive(found: Club, drive_id: str, public_page: bool | None) -> dict[str, Any]:
    record, drive = drive_store.load_drive(drive_id)
    return drive_context(found, record, drive, public_page=public_page)


def _game_line(game: dict[str, Any]) -> str:
    """ "Oh Hell at Thursday whist: Ann (33)": a finished game and its winners."""
    winners = names_list(
        gettext("%(name)s (%(score)s)") % {"name": player["name"], "score": player["score"]}
        for player in game["winners"][:MOST_PICTURE_WINNERS]
    )
    return gettext("%(variant)s at %(table)s: %(winners)s") % {
        "variant": variant_name(game["variant"]),
        "table": game["table"],
        "winners": winners,
    }


def _description(games: list[dict[str, Any]]) -> str:
    """The evening in a line, for a link's preview: each finished game's winners."""
    return " · ".join(_game_line(game) for game in games if game["winners"])


def _picture(context: dict[str, Any]) -> Picture:
    lines = [_game_line(game) for game in context["games"] if game["winners"]]
    for drive in context["drives"]:
        top = drive["prizes"][:1]
        if top:
            lines.append(
                gettext("%(drive)s: %(prize)s, %(winners)s")
                % {"drive": drive["record"].name, "prize": top[0]["name"], "winners": top[0]["winners"]}
            )
    return Picture(
        title=context["club"].name,
        subtitle=long_day(context["day"]),
        lines=lines[:MOST_LINES] or [gettext("Games under way")],
        footer=gettext("Club night"),
    )


def _day(text: str) -> date:
    """The evening a link names ("2026-03-12"), or 404."""
    try:
        return date.fromisoformat(text) if len(text) == 10 else abort(404)
    except ValueError:
        abort(404)
