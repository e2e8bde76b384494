"""A table's own pages: start one, its home, its roster, bring another phone, start and replay games.

Anyone with a table's id (its read-only link) reads it; a phone that keeps
the table (it started it, or opened the table's own link) may change it.
Views are linear: load or 404, check the phone keeps the table, change,
redirect; a refused name re-renders with the reason (422) and stores nothing.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...games import store
from ...games.store import StoredGame
from ...groups import access, history, roster
from ...groups.members import next_first_dealer, options_kept, seated_at_end
from ...groups.newcomers import seating_at_end
from ...rules import Game, RuleViolation, Variant, families, get_variant
from ...words import gettext, ngettext
from ...words._core import N_
from ..device import can_edit, holder
from ..games import option_lines
from ..qr import qr_svg
from .access import keeps, load_group, require_keeper

bp = Blueprint("tables", __name__, url_prefix="/tables")


Page = str | tuple[str, int] | Response
RECENT_GAMES = 5


@bp.route("/new", methods=["GET", "POST"])
def new_table() -> Page:
    """A name for the table; this phone keeps it from the start."""
    if request.method == "GET":
        return render_template("tables/new.html", error=None, name="")
    name = request.form.get("name", "")
    try:
        group = access.create_group(name, holder=holder())
    except RuleViolation as refused:
        return render_template("tables/new.html", error=refused, name=name[:100]), 422
    flash(
        gettext("%(name)s is kept on this phone. Start its first game: its players join the table.")
        % {"name": group.name}
    )
    return redirect(url_for("tables.table", group_id=group.id))


@bp.get("/<group_id>")
def table(group_id: str) -> str:
    """The table: its latest games, its players, what to start, and its links."""
    group = load_group(group_id)
    return _table_page(group, error=None, typed="")


@bp.post("/<group_id>/players")
def add_player(group_id: str) -> Page:
    """Add a player to the roster; a refused name shows why and stores nothing."""
    group = load_group(group_id, fresh=False)
    require_keeper(group)
    typed = request.form.get("name", "")
    try:
        player = roster.add_player(group.id, typed)
    except RuleViolation as refused:
        return _table_page(group, error=refused, typed=typed[:100]), 422
    flash(gettext("%(name)s joined the table.") % {"name": player.name})
    return redirect(url_for("tables.table", group_id=group.id, _anchor="players"))


@bp.route("/<group_id>/players/<int:player_id>/name", methods=["GET", "POST"])
def rename_player(group_id: str, player_id: int) -> Page:
    """Rename a player everywhere: every game of the table shows the new name."""
    group = load_group(group_id, fresh=False)
    require_keeper(group)
    player = _player_or_404(group.id, player_id)
    if request.method == "GET":
        return render_template(
            "tables/rename.html", group=group, player=player, error=None, typed=player.name
        )
    typed = request.form.get("name", "")
    try:
        renamed, games = roster.rename_player(group.id, player.id, typed)
    except RuleViolation as refused:
        page = render_template(
            "tables/rename.html", group=group, player=player, error=refused, typed=typed[:100]
        )
        return page, 422
    renaming = {"name": player.name, "new": renamed.name, "count": games}
    flash(
        ngettext(
            "%(name)s is now %(new)s, in %(count)s game.",
            "%(name)s is now %(new)s, in %(count)s games.",
            games,
        )
        % renaming
    )
    return redirect(url_for("table_stats.player", group_id=group.id, player_id=player.id))


@bp.route("/<group_id>/join", methods=["GET", "POST"])
def join(group_id: str) -> Page:
    """Keep the table on this phone, with the key of the table's own link.

    The link carries its key after ``#``, which no server or log ever sees:
    the page's script moves it into the form (without a script it is pasted).
    """
    group = load_group(group_id, fresh=False)
    if request.method == "GET":
        return render_template("tables/join.html", group=group, error=None)
    typed = request.form.get("key", "").strip().lstrip("#")
    if not access.key_opens(group.id, typed):
        error = gettext(
            "That is not this table's key: copy the whole link from a phone that keeps the table."
        )
        return render_template("tables/join.html", group=group, error=error), 422
    access.hold(holder(), group.id)
    flash(
        gettext("This phone keeps %(table)s now: start its games and change its players here too.")
        % {"table": group.name}
    )
    # Given from a game ("Another phone keeps score"): on to that game, which this phone now scores.
    asked = request.args.get("game", "")
    wanted = store.find_record(asked) if len(asked) == 32 else None
    if wanted is not None and wanted.group_id == group.id:
        return redirect(url_for("games.sheet", game_id=wanted.id))
    return redirect(url_for("tables.table", group_id=group.id))


@bp.get("/<group_id>/start")
def start(group_id: str) -> Response:
    """The new-game form for a variant at this table, with a game's seating if asked.

    ``seats=last`` seats the players of the table's latest game; ``game=ID``
    those of that game of the table: those at the table when it ended, in the
    order they sat (a latecomer in, a player who left out). The options come
    too when the variant is the same.
    """
    group = load_group(group_id)
    require_keeper(group)
    variant = _variant_or_404(request.args.get("variant", ""))
    return redirect(_new_game_url(group, variant, _source_game(group.id)))


@bp.route("/<group_id>/again/<game_id>", methods=["GET", "POST"])
def play_again(group_id: str, game_id: str) -> Page:
    """The same players in the same seats, the same options, the next dealer: ask once, then start,
    on deal 1's screen.

    The players are those at the table when the game ended, in the order they
    sat: a player who arrived plays on, one who left does not. The table's own
    page posts here too, about its latest game, with the game to play next
    chosen there (``variant``): see ``_start_from_table``.
    """
    group = load_group(group_id, fresh=False)
    record, game = store.load_game(game_id)
    if record.group_id != group.id:
        abort(404)
    if not (keeps(group) or can_edit(record)):
        abort(
            403,
            N_("Only a phone that keeps this table, or kept the score of this game, can start the next one."),
        )
    if request.method == "POST" and "variant" in request.form:
        return _start_from_table(group, record, game)
    table = game.table
    seated = _seated_names(game)
    next_dealer = next_first_dealer(game.state)
    context = {
        "options": option_lines(game),
        "seated": seated,
        "dealer": seated[next_dealer],
        "first_dealer": table.players[table.first_dealer],
        "changed": list(seated) != list(table.players),
    }
    if request.method == "GET":
        return render_template(
            "tables/again.html", group=group, record=record, game=game, error=None, **context
        )
    try:
        seating = seating_at_end(record, game)
        created, _game, _key = store.create_game(
            table.variant.code,
            seating.names,
            first_dealer=next_dealer,
            options=options_kept(game),
            holder=holder(),
            seating=seating,
        )
    except RuleViolation as refused:
        page = render_template(
            "tables/again.html", group=group, record=record, game=game, error=refused, **context
        )
        return page, 422
    flash(gettext("A new game: %(name)s deals first.") % {"name": seating.names[next_dealer]})
    return redirect(_first_deal_url(created))


# --- helpers of the views above ------------------------------------------------------


def _start_from_table(group: access.Group, record: StoredGame, game: Game) -> Page:
    """The table page's start: the game chosen there, with the players of its latest game (``record``).

    ``seats=last`` starts it at once: the same players in the same seats, the
    deal moved on, the options kept when it is the same game (the defaults
    otherwise); a refusal shows on the table's page with the game chosen (422).
    ``seats=change`` opens the new-game form with those seats, ``seats=new``
    with none.
    """
    variant = _variant_or_404(request.form.get("variant", ""))
    choice = request.form.get("seats", "last")
    if choice != "last":
        return redirect(_new_game_url(group, variant, record if choice == "change" else None), 303)
    next_dealer = next_first_dealer(game.state)
    try:
        seating = seating_at_end(record, game)
        created, _game, _key = store.create_game(
            variant.code,
            seating.names,
            first_dealer=next_dealer,
            options=options_kept(game) if record.variant == variant.code else {},
            holder=holder(),
            seating=seating,
        )
    except RuleViolation as refused:
        return _table_page(group, error=None, typed="", start_error=refused, chosen=variant.code), 422
    flash(gettext("A new game: %(name)s deals first.") % {"name": seating.names[next_dealer]})
    return redirect(_first_deal_url(created))


def _first_deal_url(record: StoredGame) -> str:
    """Where a game just started opens: deal 1's screen."""
    return url_for("games.deal", game_id=record.id, number=1)


def _new_game_url(group: access.Group, variant: Variant, source: StoredGame | None) -> str:
    """The new-game form of ``variant`` at the table, seated as ``source`` ended (if given); the options
    come too when it is the same game."""
    args: dict[str, Any] = {"table": group.id}
    if source is not None:
        game = store.game_of(source)
        args.update({f"players-{seat}": name for seat, name in enumerate(_seated_names(game))})
        if source.variant == variant.code:
            args.update({f"option_{name}": str(value) for name, value in options_kept(game).items()})
    return url_for("games.new_game", code=variant.code, **args)


def _variant_or_404(code: str) -> Variant:
    try:
        return get_variant(code)
    except RuleViolation:
        abort(404)


def _table_page(
    group: access.Group,
    *,
    error: RuleViolation | None,
    typed: str,
    start_error: RuleViolation | None = None,
    chosen: str | None = None,
) -> str:
    """The table's page; ``error`` and ``typed`` are the roster form's, ``start_error`` and ``chosen``
    (a variant's code) the start form's."""
    kept = keeps(group)
    players = roster.roster(group.id)
    recent, total = history.history(group.id, history.Filters())
    last_game = store.load_game(recent[0].game_id)[1] if recent else None
    last_seated = _seated_names(last_game) if last_game else []
    read_link = url_for("tables.table", group_id=group.id, _external=True)
    context: dict[str, Any] = {
        "group": group,
        "keeps": kept,
        "players": players,
        "recent": recent[:RECENT_GAMES],
        "last_seated": last_seated,
        "next_dealer": last_seated[next_first_dealer(last_game.state)] if last_game else None,
        "last_first_dealer": last_game.table.players[last_game.table.first_dealer] if last_game else None,
        "total_games": total,
        "families": families(),
        "last_variant": chosen or (recent[0].variant if recent else None),
        "start_error": start_error,
        "read_link": read_link,
        "read_qr": qr_svg(read_link, title=gettext("QR code of the table's read-only link")),
        "error": error,
        "typed": typed,
    }
    if kept:
        own = url_for("tables.join", group_id=group.id, _external=True) + "#" + access.join_key(group.id)
        context.update(own_link=own, own_qr=qr_svg(own, title=gettext("QR code of the table's own link")))
    return render_template("tables/table.html", **context)


def _source_game(group_id: str) -> StoredGame | None:
    """The game whose seating the new-game form starts from, if the query asks for one."""
    if wanted := request.args.get("game"):
        record = store.find_record(wanted)
        if record is None or record.group_id != group_id:
            abort(404)
        return record
    if request.args.get("seats") == "last" and (last := history.latest(group_id)):
        return store.find_record(last[0].game_id)
    return None


def _player_or_404(group_id: str, player_id: int) -> roster.Player:
    for player in roster.roster(group_id):
        if player.id == player_id:
            return player
    abort(404)


def _seated_names(game: Game) -> list[str]:
    """Who was at the table when the game ended (or is now), in the order they sat."""
    state = game.state
    return [state.players[seat] for seat in seated_at_end(state)]
