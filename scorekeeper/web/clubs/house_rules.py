"""House rules, named and shared: saved from a game's rules page (by anyone who reads the game: the
page links to this one's form), read and started from by their link, and held by a club, whose
tables offer them first.

This phone remembers the house rules it saved or opened (in its signed session, as it remembers the
drives it runs), so that a game started from them says so on its rules page even away from a club.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from ...clubs import access, holdings
from ...clubs import house_rules as store
from ...clubs.house_rules import HouseRules
from ...games import store as game_store
from ...groups import history
from ...rules import RuleViolation, Table, get_variant
from ...rules.club.house import house_options
from ...rules.rulebook import option_lines
from ...words import gettext, option_line
from ..device import device_id
from ..qr import qr_svg

bp = Blueprint("house_rules", __name__)

Page = str | tuple[str, int] | Response
SESSION_KEY = "house_rules"
REMEMBERED = 30
LONGEST_ID = 32


@bp.route("/house-rules/new", methods=["GET", "POST"])
def new() -> Page:
    """Save a game's options (``game``) as house rules: their name, and the club that holds them
    (one this phone keeps, or none). A refusal shows the form again with the reason (422) and what
    was typed, and stores nothing."""
    values = request.args if request.method == "GET" else request.form
    game_id = values.get("game", "")[:LONGEST_ID]
    record, game = game_store.load_game(game_id) if game_id.isascii() and game_id.isalnum() else abort(404)
    kept = access.clubs_held(device_id())
    club_of_table = holdings.club_of_group(record.group_id) if record.group_id else None
    typed = {
        "name": values.get("name", "")[:100],
        "club": values.get("club", club_of_table or "")[:LONGEST_ID],
    }
    if request.method == "GET":
        return _new_page(game_id, game.table, kept, typed, None)
    club_id = typed["club"] or None
    try:
        if club_id is not None and not any(club.id == club_id for club in kept):
            raise RuleViolation("club_not_kept_here", field="club")
        rules = store.save_from_game(typed["name"], game.table, club_id=club_id)
    except RuleViolation as refused:
        return _new_page(game_id, game.table, kept, typed, refused), 422
    remember(rules.id)
    flash(gettext("%(name)s: saved as house rules, with a link to share.") % {"name": rules.name})
    return redirect(url_for("house_rules.page", rules_id=rules.id))


def _new_page(
    game_id: str, table: Table, kept: list[Any], typed: dict[str, str], error: RuleViolation | None
) -> str:
    options = house_options(table)
    shown = [option_line(line) for line in option_lines(table) if line.spec.name in options]
    return render_template(
        "clubs/house_rules_new.html",
        game_id=game_id,
        variant=table.variant,
        options=shown,
        clubs=kept,
        typed=typed,
        error=error,
    )


@bp.get("/house-rules/<rules_id>")
def page(rules_id: str) -> str:
    """House rules: their options in words, a game started with them, their link to share, and the
    club that holds them (a phone that keeps a club may take them in)."""
    rules = _rules_or_404(rules_id)
    remember(rules.id)
    variant = get_variant(rules.variant)
    link = url_for("house_rules.page", rules_id=rules.id, _external=True)
    kept = access.clubs_held(device_id())
    club = access.find_club(rules.club_id) if rules.club_id else None
    return render_template(
        "clubs/house_rules.html",
        rules=rules,
        variant=variant,
        options=option_words(rules),
        start_url=start_url(rules),
        club=club,
        clubs=kept,
        keeps_club=club is not None and any(held.id == club.id for held in kept),
        link=link,
        qr=qr_svg(link, title=gettext("QR code of these house rules")),
    )


@bp.post("/house-rules/<rules_id>/club")
def hold(rules_id: str) -> Response:
    """A club this phone keeps takes the house rules in (``club``), or lets them go (``club`` blank,
    from a phone that keeps the club that holds them)."""
    rules = _rules_or_404(rules_id)
    wanted = request.form.get("club", "")[:LONGEST_ID] or None
    deciding = wanted or rules.club_id
    if deciding is None or not access.holds(device_id(), deciding):
        abort(403)
    store.hold(rules.id, wanted)
    if wanted:
        club = access.find_club(wanted)
        flash(
            gettext("%(club)s offers %(name)s first at its tables.")
            % {"club": club.name if club else "", "name": rules.name}
        )
    else:
        flash(
            gettext("%(name)s are no club's house rules now; their link still works.") % {"name": rules.name}
        )
    return redirect(url_for("house_rules.page", rules_id=rules.id))


def option_words(rules: HouseRules) -> list[dict[str, object]]:
    """The options the house rules set, in words (label, value, the default it replaces), at the
    smallest table size they suit."""
    variant = get_variant(rules.variant)
    for size in range(variant.min_players, variant.max_players + 1):
        players = tuple(f"P{number}" for number in range(size))
        try:
            table = Table.create(variant, players, options=dict(rules.options))
        except RuleViolation:
            continue
        return [option_line(line) for line in option_lines(table) if line.spec.name in rules.options]
    return []


def start_url(rules: HouseRules, group_id: str | None = None) -> str:
    """The new-game form of the house rules' variant with their options, at a table (its last game's
    players in their seats) if given."""
    args: dict[str, Any] = {f"option_{name}": str(value) for name, value in rules.options.items()}
    if group_id is not None:
        args["table"] = group_id
        latest = history.latest(group_id)
        if latest:
            args.update({f"players-{place}": player.name for place, player in enumerate(latest[0].players)})
    return url_for("games.new_game", code=rules.variant, **args)


def remember(rules_id: str) -> None:
    """This phone saved or opened these house rules (its signed session keeps the latest few)."""
    held = [item for item in session.get(SESSION_KEY) or [] if isinstance(item, str) and item != rules_id]
    session[SESSION_KEY] = [*held[-(REMEMBERED - 1) :], rules_id]


def remembered() -> list[str]:
    """The house rules this phone saved or opened."""
    held = session.get(SESSION_KEY) or []
    return [item for item in held if isinstance(item, str)] if isinstance(held, list) else []


def _rules_or_404(rules_id: str) -> HouseRules:
    found = store.find(rules_id)
    if found is None:
        abort(404)
    return found
