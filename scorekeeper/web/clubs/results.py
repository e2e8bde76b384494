"""Public results pages a club can link from its own website: a season's and a drive's.

Read-only and printable (print CSS), each with Open Graph tags whose image is the top of the
results drawn on the server (``results.png``, web/clubs/image.py). The image is kept per club
version (its fingerprint: a season's) or per drive version, and per reader's language: a few tenths
of a second each at most (a record's holders past three are counted, not named), and each one drawn
counts with the printing (RATELIMIT_PDF); a kept one costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, render_template, url_for
from markupsafe import Markup

from ...clubs import holdings, outcomes, standings
from ...clubs.access import Club
from ...clubs.seasons import StoredSeason
from ...drives import store as drive_store
from ...kept import KeptByVersion
from ...rules.drive import Drive, DriveState, PrizeResult, PrizeRule
from ...words import capitalised, gettext, names_list, ngettext, whole
from ...words._core import N_
from ..language import current_language
from ..limits import made_now
from ..qr import qr_svg
from ..wording import Worded, day
from .access import LONGEST_ID, load_club
from .image import MOST_LINES, Picture, draw_png
from .league import league_of
from .view import Choice, hidden, ladder_rows, record_lines, season_of, shown_name

bp = Blueprint("club_results", __name__, url_prefix="/clubs")

PICTURES: KeptByVersion[bytes] = KeptByVersion(size=64)
PODIUM = 3
MOST_WINNERS_NAMED = 4
MOST_HOLDERS_NAMED = 3
"""How many of a record's holders the picture names; the others are counted."""
# The drive pages' names of its prizes (web/drives/wording.py, which this package may not import).
PRIZE_NAMES: Worded = Worded({
    PrizeRule.HIGHEST_TOTAL: N_("Highest total"),
    PrizeRule.LOWEST_TOTAL: N_("Booby prize (lowest total)"),
    PrizeRule.BEST_FIRST_HALF: N_("Best first half"),
    PrizeRule.BEST_SECOND_HALF: N_("Best second half"),
    PrizeRule.PLACE: N_("A place"),
    PrizeRule.MOST_HANDS_WON: N_("Most hands won"),
    PrizeRule.CHOSEN: N_("Awarded by the organiser"),
    PrizeRule.LADIES_HIGHEST: N_("Ladies' prize (highest playing North or East)"),
    PrizeRule.GENTS_HIGHEST: N_("Gents' prize (highest playing South or West)"),
})  # fmt: skip


@bp.get("/<club_id>/seasons/<int:season_id>/results")
def season_results(club_id: str, season_id: int) -> str:
    """A season's results: the ladder's top, the season's records and every member's line."""
    found = load_club(club_id)
    context = _season(found, season_of(found.id, season_id))
    return render_template("clubs/season_results.html", **context, qr=page_qr(context["page_url"]))


@bp.get("/<club_id>/seasons/<int:season_id>/results.png")
def season_picture(club_id: str, season_id: int) -> Response:
    """The season's Open Graph image."""
    found = load_club(club_id)
    season = season_of(found.id, season_id)
    fingerprint = outcomes.club_fingerprint(found.id)
    key = ("season", found.id, season.id, fingerprint, found.name, current_language())
    return kept_png(key, lambda: _season_picture(_season(found, season, public_page=True)))


@bp.get("/<club_id>/drives/<drive_id>/results")
def drive_results(club_id: str, drive_id: str) -> str:
    """A drive's results: its prizes, then every player's total, best first."""
    found = load_club(club_id)
    record, drive = _club_drive(found, drive_id)
    context = drive_context(found, record, drive)
    return render_template("clubs/drive_results.html", **context, qr=page_qr(context["page_url"]))


@bp.get("/<club_id>/drives/<drive_id>/results.png")
def drive_picture(club_id: str, drive_id: str) -> Response:
    """The drive's Open Graph image."""
    found = load_club(club_id)
    record, drive = _club_drive(found, drive_id)
    key = ("drive", found.id, record.id, record.version, found.name, current_language())
    return kept_png(key, lambda: _drive_picture(drive_context(found, record, drive, public_page=True)))


def _season(found: Club, season: StoredSeason, *, public_page: bool | None = None) -> dict[str, Any]:
    """What a season's results page (and, ``public_page``, its picture) shows."""
    choice = Choice(season=season, ladder="overall", seasons=[])
    rows = ladder_rows(found, choice, public_page=public_page)
    page_url = url_for("club_results.season_results", club_id=found.id, season_id=season.id, _external=True)
    return {
        "club": found,
        "season": season,
        "podium": rows[:PODIUM],
        "rows": rows,
        "records": record_lines(found, season, public_page=public_page),
        "league": league_of(found, season, public_page=public_page),
        "minimum": found.minimum_games,
        "title": gettext("%(club)s: %(season)s results") % {"club": found.name, "season": season.season.name},
        "description": _podium_words(rows) or gettext("No finished game or drive in this season yet."),
        "image_url": url_for(
            "club_results.season_picture", club_id=found.id, season_id=season.id, _external=True
        ),
        "page_url": page_url,
    }


def page_qr(page_url: str) -> Markup:
    """The QR code of a public page's link, to scan from the printed page or another phone."""
    return qr_svg(page_url, title=gettext("QR code of this page"))


def _place_line(place: object, name: str, figure: str) -> str:
    """ "1. Ann — 12": a place on a results picture or in a link's description."""
    return gettext("%(place)s. %(name)s — %(figure)s") % {"place": place, "name": name, "figure": figure}


def _rated_line(row: dict[str, Any]) -> str:
    """ "1. Ann — 1,060", or "1. Ann — 1,060, provisional" while her rating is."""
    if row["provisional"]:
        return gettext("%(place)s. %(name)s — %(figure)s, provisional") % {
            "place": row["place"],
            "name": row["name"],
            "figure": whole(row["points"]),
        }
    return _place_line(row["place"], row["name"], whole(row["points"]))


def _podium_words(rows: list[dict[str, Any]]) -> str:
    """ "1. Ann — 1,212 · 2. Bob — 1,101 · 3. Cy — 1,060, provisional"."""
    return " · ".join(_rated_line(row) for row in rows[:PODIUM])


def _season_picture(context: dict[str, Any]) -> Picture:
    season: StoredSeason = context["season"]
    lines = [_rated_line(row) for row in context["podium"]]
    lines += [_record_line(item) for item in context["records"][: MOST_LINES - len(lines)]]
    dates = {"first": day(season.season.starts_on), "last": day(season.season.ends_on)}
    return Picture(
        title=context["club"].name,
        subtitle=gettext("%(season)s: %(first)s to %(last)s") % {"season": season.season.name, **dates},
        lines=lines or [gettext("No finished game or drive in this season yet.")],
        footer=gettext("Season results"),
    )


def _record_line(item: dict[str, Any]) -> str:
    """ "Highest Oh Hell score: 142 — Ann": a record on a results picture, with who holds it."""
    record = {"record": capitalised(item["name"]), "value": item["shown_value"]}
    if not item["holders"]:
        return gettext("%(record)s: %(value)s") % record
    return gettext("%(record)s: %(value)s — %(holders)s") % {**record, "holders": _holders(item["holders"])}


def _holders(holders: list[tuple[int, str]]) -> str:
    """ "Ann, Bob and Cy", or past a few: "Ann, Bob, Cy and 197 more" (a tie of a whole club)."""
    names = [name for _member, name in holders]
    if len(names) <= MOST_HOLDERS_NAMED:
        return names_list(names)
    more = len(names) - MOST_HOLDERS_NAMED
    return ngettext("%(names)s and %(count)s more", "%(names)s and %(count)s more", more) % {
        "names": ", ".join(names[:MOST_HOLDERS_NAMED]),
        "count": more,
    }


def _club_drive(found: Club, drive_id: str) -> tuple[drive_store.StoredDrive, Drive]:
    """The club's drive, or 404 (also for a drive of another club, or of none)."""
    if len(drive_id) > LONGEST_ID or holdings.club_of_drive(drive_id) != found.id:
        abort(404)
    return drive_store.load_drive(drive_id)


def drive_context(
    found: Club, record: drive_store.StoredDrive, drive: Drive, *, public_page: bool | None = None
) -> dict[str, Any]:
    """What a drive's results page (and, ``public_page``, its picture) shows, its players under the
    names this reader may see."""
    state = drive.state
    private = hidden(found, public_page=public_page)
    linked = standings.drive_members(record.id) if private else {}
    names = tuple(
        shown_name(name, linked.get(player), private) for player, name in enumerate(drive.setup.players)
    )
    lines = [
        {"rank": line.rank, "tied": line.tied, "player": line.player, "name": names[line.player],
         "total": line.total, "won": line.hands_won, "scored": line.hands_scored}
        for line in state.standings
    ]  # fmt: skip
    top = " · ".join(
        _place_line(line["rank"], str(line["name"]), str(line["total"])) for line in lines[:PODIUM]
    )
    first_hand = holdings.drive_played_at(record.id)
    page_url = url_for("club_results.drive_results", club_id=found.id, drive_id=record.id, _external=True)
    return {
        "club": found,
        "record": record,
        "played_at": first_hand or record.created_at,
        "night_day": None if first_hand is None else first_hand.astimezone(found.zone).date().isoformat(),
        "lines": lines,
        "prizes": [_prize(result, names) for result in state.prizes if result.decided],
        "status": status_words(state),
        "finished": state.finished,
        "title": gettext("%(club)s: %(drive)s results") % {"club": found.name, "drive": record.name},
        "description": top or status_words(state),
        "image_url": url_for(
            "club_results.drive_picture", club_id=found.id, drive_id=record.id, _external=True
        ),
        "page_url": page_url,
    }


def status_words(state: DriveState) -> str:
    """ "All 24 hands played: the drive is over", or the hand in play (the drive pages say more, and
    this package may not import them)."""
    hands = state.setup.hands
    if state.current is None:
        return ngettext(
            "All %(hands)s hand played: the drive is over",
            "All %(hands)s hands played: the drive is over",
            hands,
        ) % {"hands": hands}
    return gettext("Hand %(hand)s of %(hands)s") % {"hand": state.current.number, "hands": hands}


def _prize(result: PrizeResult, names: tuple[str, ...]) -> dict[str, Any]:
    count = len(result.winners)
    if count > MOST_WINNERS_NAMED:
        winners = ngettext("%(count)s player level", "%(count)s players level", count) % {"count": count}
    else:
        winners = names_list([names[player] for player in result.winners]) or "—"
    return {
        "name": result.prize.name or PRIZE_NAMES[result.prize.rule],
        "winners": winners,
        "score": result.score,
        "tied": result.tied,
    }


def _drive_picture(context: dict[str, Any]) -> Picture:
    lines = [
        gettext("%(prize)s: %(winners)s") % {"prize": prize["name"], "winners": prize["winners"]}
        for prize in context["prizes"][:PODIUM]
    ]
    lines += [
        _place_line(line["rank"], line["name"], str(line["total"]))
        for line in context["lines"][: MOST_LINES - len(lines)]
    ]
    return Picture(
        title=context["record"].name,
        subtitle=context["club"].name,
        lines=lines or [context["status"]],
        footer=gettext("Whist drive results"),
    )


def kept_png(key: tuple[object, ...], picture: Callable[[], Picture]) -> Response:
    """The kept PNG under ``key``, drawn first if need be (and then counted with the printing)."""
    body = PICTURES.get(key)
    if body is None:
        body = draw_png(picture())
        PICTURES.put(key, body)
        made_now()
    response = Response(body, mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=300"
    return response
