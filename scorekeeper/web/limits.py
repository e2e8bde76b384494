"""Limits on what one address may ask for, set well above what any real table needs.

Anyone may start games, import them, print PDFs and, with an edit key, enter
deals; nothing stopped a script from starting a thousand games a second or
keeping every worker busy with PDFs. Flask-Limiter counts each kind of
request per client address (writes per address and game) and answers 429 with
``Retry-After`` past the limit: JSON under /api/, a page elsewhere (see
errors.py).

The limits are listed here by endpoint, in one place, so that the views stay
as they are. Each reads its value from the app's configuration at request
time, so tests (or an operator, through the environment) can lower or raise
them; ``RATELIMIT_ENABLED = False`` switches them all off. The counts live in
memory, per worker process, unless ``RATELIMIT_STORAGE_URI`` names a store
the workers share (``redis://…``, ``memcached://…``; see Flask-Limiter); while Redis does not
answer, each worker counts in its own memory again (limit_store.py).
Behind a reverse proxy the client address is only right once the proxy's
``X-Forwarded-For`` is trusted (ProxyFix).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import HTTPException

from .limit_store import with_fallback

# What a real table never meets. A club on one Wi-Fi shares one address: twenty tables
# starting at once, a phone correcting deals as fast as it can tap, a director printing
# every table's sheet.
DEFAULT_LIMITS = {
    "RATELIMIT_CREATE": "30 per minute; 300 per hour",
    "RATELIMIT_IMPORT": "10 per minute; 100 per hour",
    "RATELIMIT_WRITE": "60 per minute; 1200 per hour",
    "RATELIMIT_CHECK": "300 per minute",
    "RATELIMIT_PDF": "12 per minute; 120 per hour",
    # A hand-over code (or a table's, or a drive organiser's key) is typed by a person: a few wrong
    # ones a minute, never a guessing script. Only wrong ones count: a phone that joins, or types a
    # code already used (told so), never runs into the limit. Counted per address and game, per game
    # from any address, and per address across games.
    "RATELIMIT_JOIN": "10 per minute; 60 per hour",
    "RATELIMIT_JOIN_GAME": "20 per hour",
    "RATELIMIT_JOIN_ADDRESS": "30 per hour",
}


def by_address() -> str:
    """The client's address."""
    return get_remote_address()


def by_address_and_game() -> str:
    """The client's address and the game (or table, or drive) it changes: each counts apart; a
    drive's tables count apart too, for a hall's forty phones share one Wi-Fi address."""
    args = request.view_args or {}
    place = args.get("game_id") or args.get("group_id") or args.get("drive_id") or ""
    return f"{get_remote_address()} {place} {args.get('table', '')}"


def by_game() -> str:
    """The game (or table, or drive) asked for, whoever asks."""
    args = request.view_args or {}
    return str(args.get("game_id") or args.get("group_id") or args.get("drive_id") or "")


_MADE_NOW = "scorekeeper_made_now"


def made_now() -> None:
    """This request made what it answers (a picture) rather than finding it kept: it counts."""
    setattr(g, _MADE_NOW, True)


def made(response: Response) -> bool:
    """Whether the request made what it answered (``made_now``): the only answers some limits count."""
    return bool(g.get(_MADE_NOW, False))


_NOT_A_GUESS = "scorekeeper_not_a_guess"


def not_a_guess() -> None:
    """This request's refusal is no guess (a hand-over code used already): it is not counted."""
    setattr(g, _NOT_A_GUESS, True)


def refused(response: Response) -> bool:
    """A wrong code or key: the only answers the guessing limits count."""
    return response.status_code in (403, 422) and not g.get(_NOT_A_GUESS, False)


_UNCOUNTED = "scorekeeper_uncounted"


def leave_uncounted() -> None:
    """This request only asks after work an earlier one started (a PDF being prepared): the printing
    limit does not count it, for the page that waits for the PDF asks every few seconds."""
    setattr(g, _UNCOUNTED, True)


def counted(response: Response) -> bool:
    """Every answer the printing limit counts: all but those to a request that only asked again."""
    return not g.get(_UNCOUNTED, False)


@dataclass(frozen=True, kw_only=True)
class Rule:
    """A limit shared by some endpoints: its setting, what it counts by, which methods count, and
    which answers (all, unless ``counts`` says)."""

    setting: str
    key: Callable[[], str]
    endpoints: tuple[str, ...]
    methods: tuple[str, ...] | None = None
    counts: Callable[[Response], bool] | None = None


CODE_ENDPOINTS = ("handover.join", "tables.join", "drives.organise", "phone.receive")
RULES = (
    Rule(
        setting="RATELIMIT_CREATE",
        key=by_address,
        endpoints=(
            "games.new_game",
            "api.create_game",
            "tables.new_table",
            "tables.play_again",
            "games.again",
            "drives.new_drive",
            "api.create_drive",
        ),
        methods=("POST",),
    ),
    Rule(
        setting="RATELIMIT_IMPORT",
        key=by_address,
        endpoints=("share.import_game", "table_files.import_table", "club_files.import_file"),
        methods=("POST",),
    ),
    Rule(
        setting="RATELIMIT_WRITE",
        key=by_address_and_game,
        endpoints=(
            "games.deal",
            "games.undo",
            "games.redo",
            "games.abandon",
            "handover.hand_over",
            "events.new_event",
            "events.event",
            "events.take_back",
            "merge.merge",  # a phone's offline queue, sent at once: one write, however many deals
            "api.put_deal",
            "api.delete_deal",
            "api.undo",
            "api.post_event",
            "api.put_event",
            "api.delete_event",
            "tables.add_player",
            "tables.rename_player",
            # A hall enters 40 tables' hands a minute from as many phones, each counted apart by
            # its drive (a hand is two writes: the entry and the other pair's confirmation); the
            # organiser's corrections, prizes and roster count with them.
            "drives.table_phone",
            "drives.confirm",
            "drives.organiser_hand",
            "drives.add_prize",
            "drives.remove_prize",
            "drives.rename",
            "drives.add_player",
            "drives.remove_player",
            "drives.remove_table",
            "drive_cards.card",
            "drive_cards.record_seat",
            "drive_reveal.step",
            "api.put_drive_hand",
            "api.confirm_drive_hand",
            "api.post_drive_arrival",
            "api.post_drive_departure",
            "api.delete_drive_table",
            "api.put_drive_prizes",
            "api.post_drive_announcement",
        ),
        methods=("POST", "PUT", "DELETE"),
    ),
    *(
        Rule(setting=setting, key=key, endpoints=CODE_ENDPOINTS, methods=("POST",), counts=refused)
        for setting, key in (
            ("RATELIMIT_JOIN", by_address_and_game),
            ("RATELIMIT_JOIN_GAME", by_game),
            ("RATELIMIT_JOIN_ADDRESS", by_address),
        )
    ),
    Rule(setting="RATELIMIT_CHECK", key=by_address_and_game, endpoints=("games.check",)),
    # A table's CSV and JSON read every game of the table, and a drive's files read the whole drive:
    # they count with the printing.
    Rule(
        setting="RATELIMIT_PDF",
        key=by_address,
        counts=counted,
        endpoints=(
            "sheets.game_pdf",
            "sheets.blank_pdf",
            "table_files.export_csv",
            "table_files.export_json",
            "drive_pdfs.table_cards",
            "drive_pdfs.tally_cards",
            "drive_pdfs.results",
            "drive_exchange.export_csv",
            "drive_exchange.export_json",
        ),
    ),
    # A results page's picture counts with them when it is drawn; a kept one is not counted.
    Rule(
        setting="RATELIMIT_PDF",
        key=by_address,
        endpoints=("club_results.season_picture", "club_results.drive_picture"),
        counts=made,
    ),
)


def init_limits(app: Flask) -> Limiter:
    """Attach a limiter of its own to ``app`` and limit the endpoints of RULES (call after the blueprints).

    Raises KeyError if an endpoint of RULES does not exist, so a renamed view cannot lose its limit.
    """
    for setting, default in DEFAULT_LIMITS.items():
        app.config.setdefault(setting, os.environ.get(setting, default))
    app.config.setdefault("RATELIMIT_STORAGE_URI", os.environ.get("RATELIMIT_STORAGE_URI", "memory://"))
    # Redis behind a short timeout, each worker's memory while it does not answer (limit_store.py).
    app.config["RATELIMIT_STORAGE_URI"] = with_fallback(app.config["RATELIMIT_STORAGE_URI"])
    app.config.setdefault("RATELIMIT_ENABLED", os.environ.get("RATELIMIT_ENABLED", "1") != "0")
    limiter = Limiter(key_func=by_address, in_memory_fallback_enabled=True)
    limiter.init_app(app)
    for rule in RULES:
        shared = limiter.shared_limit(
            _configured(rule.setting),
            scope=rule.setting.removeprefix("RATELIMIT_").lower(),
            key_func=rule.key,
            methods=list(rule.methods) if rule.methods else None,
            deduct_when=rule.counts,
        )
        for endpoint in rule.endpoints:
            # Flask-Limiter types its wrapper as maybe async; the views wrapped here are not.
            app.view_functions[endpoint] = shared(app.view_functions[endpoint])  # type: ignore[assignment]
    app.extensions["scorekeeper.limiter"] = limiter
    return limiter


def limiter() -> Limiter:
    """This app's limiter."""
    found: Limiter = current_app.extensions["scorekeeper.limiter"]
    return found


def _configured(setting: str) -> Callable[[], str]:
    def value() -> str:
        return str(current_app.config[setting])

    return value


def allow_large_body(app: Flask, endpoint: str, limit: int) -> None:
    """Let ``endpoint``'s upload (a table's or a club's file, up to ``limit`` bytes with room for the
    form around it) through the app-wide body limit.

    The check of the form's CSRF token reads the body first, so the limit is raised by the very
    first function run for a request.
    """

    def raise_limit() -> None:
        if request.endpoint == endpoint:
            request.max_content_length = limit + 64 * 1024

    app.before_request_funcs.setdefault(None, []).insert(0, raise_limit)
    app.extensions.setdefault(LARGE_BODIES, {})[endpoint] = limit


LARGE_BODIES = "scorekeeper.large_bodies"


def large_body_limit(path: str) -> int | None:
    """The size of file a POST to ``path`` may carry, where it is one of the uploads
    ``allow_large_body`` lets through (None elsewhere: the app-wide limit)."""
    try:
        endpoint, _args = current_app.url_map.bind("localhost").match(path, method="POST")
    except HTTPException:  # no such page, or it takes no POST
        return None
    found: int | None = current_app.extensions.get(LARGE_BODIES, {}).get(endpoint)
    return found
