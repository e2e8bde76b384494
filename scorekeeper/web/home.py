"""The home page: the games in progress on this phone and the drives it runs, then every variant by
family, with a filter."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request, url_for

from .. import words
from ..drives import keepers
from ..drives import store as drive_store
from ..games import store
from ..rules import Variant, families
from .device import device_id, known_game_ids
from .drives import status_words
from .games import summary as game_summary
from .health import health as database_health
from .limit_store import redis_away
from .limits import limiter
from .request_values import whole_number

bp = Blueprint("home", __name__)

RESUME_LOOKS_AT = 6
"""How many of this phone's newest games the home page reads to find the ones in progress."""
RESUME_SHOWS = 3
DRIVES_SHOWN = 5
"""How many of the drives this browser runs (newest first) the home page and "Your games" list."""


@bp.get("/healthz")
def health() -> tuple[str, int, dict[str, str]]:
    """Answer "ok" while the database reads and saves; 503 and what is wrong when it does not; and
    a second line when the request limits' Redis does not answer.

    The database is probed at most once a second per worker (see web/health.py),
    so this stays a trivial answer for load balancers and the load benchmark.
    """
    verdict = database_health().verdict()
    headers = {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
    # Redis away is said but is no failure: every request is still answered, the limits counted in
    # each worker's memory meanwhile, and a load balancer must not take every server out for it.
    limits = (
        "\nredis: away (the request limits count in each worker's memory)"
        if limiter().enabled and redis_away(limiter().storage)
        else ""
    )
    if verdict.ok:
        return "ok" + limits, 200, headers
    return f"database: cannot save ({verdict.problem})" + limits, 503, headers


@bp.get("/")
def index() -> str:
    """Games to resume at the top; the variants by family, filtered by name or number of players."""
    query = request.args.get("q", "").strip()
    players_text = request.args.get("players", "").strip()
    players = whole_number(players_text, least=1, most=99)
    shown = {
        family: matching
        for family, variants in families().items()
        if (matching := tuple(variant for variant in variants if matches(variant, query, players)))
    }
    return render_template(
        "home/index.html",
        families=shown,
        search={variant.code: search_text(variant) for variants in shown.values() for variant in variants},
        resume=_resume(),
        drives=your_drives(),
        query=query,
        players=players,
        filtered=bool(query or players),
    )


def matches(variant: Variant, query: str, players: int | None) -> bool:
    """True when the names, family or summary hold every word of ``query``, and the game seats ``players``."""
    if players is not None and not variant.min_players <= players <= variant.max_players:
        return False
    text = search_text(variant)
    return all(word in text for word in query.lower().split())


def search_text(variant: Variant) -> str:
    """What the filter looks in: the name, the aliases, the family and the summary, in lower case, in
    English and in the reader's language (a game is found by either name)."""
    declared = (variant.name, variant.family, variant.summary)
    return " ".join((*declared, *variant.aliases, *map(words.declared, declared))).lower()


@bp.app_context_processor
def _drives_in_templates() -> dict[str, Any]:
    """``your_drives()`` for any page that lists this browser's drives ("Your games" includes
    home/_drives.html)."""
    return {"your_drives": your_drives}


def your_drives() -> list[dict[str, Any]]:
    """The drives this phone runs, newest first (the DRIVES_SHOWN newest), with their state; the
    page of everything this phone keeps (web/phone.py) lists them all."""
    found: list[dict[str, Any]] = []
    for kept in keepers.drives_held(device_id())[:DRIVES_SHOWN]:
        record = drive_store.find_drive(kept.id)
        if record is None:
            continue
        drive = drive_store.drive_of(record)
        found.append(
            {
                "name": record.name,
                "status": status_words(drive.state),
                "finished": drive.state.finished,
                "url": url_for("drives.drive", drive_id=record.id),
                "caller": url_for("drive_screens.caller", drive_id=record.id),
            }
        )
    return found


def _resume() -> list[dict[str, Any]]:
    """The games in progress among this phone's newest, each with the way back to its current deal."""
    found: list[dict[str, Any]] = []
    for game_id in known_game_ids()[:RESUME_LOOKS_AT]:
        record = store.find_record(game_id)
        if record is None:
            continue
        game = store.game_of(record)
        summary = game_summary(record, game)
        current = game.state.current
        if not summary.playing or current is None:
            continue
        found.append(
            {
                "summary": summary,
                "url": url_for("games.deal", game_id=record.id, number=current.number),
                "sheet": url_for("games.sheet", game_id=record.id),
                "group_id": record.group_id,  # the club the table belongs to, if any, is named below
                "played_at": record.created_at,
            }
        )
        if len(found) == RESUME_SHOWS:
            break
    return found
