"""Clubs: a club's pages (its tables and drives, members, seasons, ladder, league, records), its public
results pages with their images, its files, and what it adds to the home page, "Your games", a
finished game's screen, a correction's preview and the caller's screen of a drive."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, current_app, flash

from ...clubs.access import ClubChangedElsewhere
from ...clubs.corrections import record_knock_ons
from ...words import club as club_words  # noqa: F401  (the words of the clubs' codes)
from ..games import say_also
from ..limits import by_address, by_address_and_game, refused
from ..wording import say

# The clubs' writes, limited as the tables' are (web/limits.py), in the same counts: (setting, what
# it counts by, endpoints, which answers count — all when None).
LIMITED = (
    ("RATELIMIT_CREATE", by_address, ("clubs.new_club", "house_rules.new"), None),
    ("RATELIMIT_IMPORT", by_address, ("club_files.import_file",), None),
    (
        "RATELIMIT_WRITE",
        by_address_and_game,
        (
            "clubs.rename",
            "clubs.minimum",
            "club_league.set_league",
            "clubs.add_table",
            "clubs.add_drive",
            "clubs.add_season",
            "club_changes.remove_table",
            "club_changes.remove_drive",
            "club_changes.remove_season",
            "club_members.rename",
            "club_members.merge",
            "club_members.move_name",
            "club_members.guest",
            "club_members.by_initials",
            "club_nights.friendly",
            "house_rules.hold",
        ),
        None,
    ),
    ("RATELIMIT_JOIN", by_address_and_game, ("clubs.join",), refused),
    ("RATELIMIT_JOIN_ADDRESS", by_address, ("clubs.join",), refused),
    # A club's file reads every game of its tables: it counts with the printing, on GET too.
    ("RATELIMIT_PDF", by_address, ("club_files.export_json",), None),
)


def register(app: Flask) -> None:
    """Add the clubs' blueprints to ``app``."""
    from . import (
        changes,
        files,
        house_rules,
        league,
        members,
        nights,
        pages,
        parts,
        results,
        spreadsheets,
        standings,
    )

    blueprints = (
        pages.bp,
        changes.bp,
        members.bp,
        standings.bp,
        league.bp,
        nights.bp,
        results.bp,
        spreadsheets.bp,
        house_rules.bp,
        files.bp,
        parts.bp,
    )
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    files.allow_large_imports(app)
    # Correcting a deal of a club's finished game says the club records it would set or no longer set.
    say_also(app, record_knock_ons)
    app.register_error_handler(ClubChangedElsewhere, _changed_elsewhere)


def _changed_elsewhere(error: ClubChangedElsewhere) -> tuple[str, int]:
    """A change made from a version of the club another phone moved past: the club's page as it is
    now, saying so (409); nothing was changed."""
    from .access import load_club
    from .pages import club_page

    flash(say(error.refusal))
    return club_page(load_club(error.club_id)), 409


def limit_writes(app: Flask) -> None:
    """Limit the clubs' creations, imports, writes and keys typed as the tables' are (call after
    ``limits.init_limits``)."""
    limiter = app.extensions["scorekeeper.limiter"]
    for setting, key, endpoints, counts in LIMITED:
        shared = limiter.shared_limit(
            _configured(setting),
            scope=setting.removeprefix("RATELIMIT_").lower(),
            key_func=key,
            methods=None if setting == "RATELIMIT_PDF" else ["POST"],
            deduct_when=counts,
        )
        for endpoint in endpoints:
            app.view_functions[endpoint] = shared(app.view_functions[endpoint])


def _configured(setting: str) -> Callable[[], str]:
    def value() -> str:
        return str(current_app.config[setting])

    return value
