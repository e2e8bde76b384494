"""A table's history and statistics: every page readable by anyone with the table's link.

The figures are added up by the database from the games' kept summaries
(groups/stats.py); every page first rebuilds the summaries of games changed
since they were kept, so a correction shows at once.
"""

from __future__ import annotations

from datetime import date

from flask import Blueprint, abort, render_template, request
from flask_babel import format_percent, get_timezone

from ...groups import history, roster, stats
from ...groups.access import Group
from ...rules import RuleViolation, get_variant
from ...words import gettext, ngettext
from ..games import SCREEN_HEIGHT, SCREEN_WIDTH, Chart, line_chart, sampled, share_bars
from ..request_values import calendar_date, whole_number
from ..wording import percent_sign
from .access import keeps, load_group

bp = Blueprint("table_stats", __name__, url_prefix="/tables")


@bp.get("/<group_id>/games")
def games(group_id: str) -> str:
    """The table's games, newest first, filtered by variant, player and dates."""
    group = load_group(group_id)
    players = roster.roster(group.id)
    variant = _variant_arg(request.args.get("variant"))
    player_id = _player_arg(request.args.get("player"), players)
    since, until = _date_arg("since"), _date_arg("until")
    page = _page_arg()
    filters = history.Filters(
        variant=variant, player_id=player_id, since=since, until=until, zone=get_timezone()
    )
    lines, total = history.history(group.id, filters, page=page)
    pages = max(1, -(-total // history.PAGE_SIZE))
    args = {k: v for k, v in request.args.items() if k != "page" and v}
    return render_template(
        "tables/games.html",
        group=group,
        keeps=keeps(group),
        players=players,
        variants=history.variants(group.id),
        lines=lines,
        total=total,
        page=min(page, pages),
        pages=pages,
        args=args,
        filters=filters,
    )


@bp.get("/<group_id>/stats")
def statistics(group_id: str) -> str:
    """Per player: games, wins, places, scores and bids; partners; the win shares as a chart."""
    group = load_group(group_id)
    variant = _variant_arg(request.args.get("variant"))
    names = _names(group)
    records = stats.players(group.id, variant, extremes=variant is not None)
    finished = stats.finished_games(group.id, variant)
    shares = share_bars(
        [(names.get(record.player_id or 0, "?"), record.wins, record.games) for record in records],
        title=gettext("Share of games won"),
        caption=gettext(
            "Each player's games won, of the games they played; the table below gives the same figures."
        ),
        label=lambda won, played: (
            gettext("%(share)s · %(won)s of %(played)s")
            % {"share": format_percent(won / played if played else 0), "won": won, "played": played}
        ),
    )
    return render_template(
        "tables/stats.html",
        group=group,
        keeps=keeps(group),
        variant=variant,
        variants=stats.variants_played(group.id),
        records=records,
        names=names,
        finished=finished,
        shares=shares,
        pairs=stats.pairs(group.id, variant),
        bidding=[record for record in records if record.bidding is not None],
        first=None,
        second=None,
    )


@bp.get("/<group_id>/players/<int:player_id>")
def player(group_id: str, player_id: int) -> str:
    """One player: over all and per variant, bids, partners, rivals, and results over time."""
    group = load_group(group_id)
    names = _names(group)
    if player_id not in names:
        abort(404)
    variant = _variant_arg(request.args.get("variant"))
    results = stats.results(group.id, player_id, variant)
    against = stats.rivals(group.id, player_id, variant)
    rivals = [(other, against[other]) for other in names if other in against]
    return render_template(
        "tables/player.html",
        group=group,
        keeps=keeps(group),
        player_id=player_id,
        name=names[player_id],
        names=names,
        variant=variant,
        variants=stats.variants_played(group.id),
        overall=stats.player_overall(group.id, player_id, variant),
        by_variant=stats.player_by_variant(group.id, player_id),
        pairs=stats.pairs(group.id, variant, player_id=player_id),
        rivals=rivals,
        win_chart=_win_share_chart(results),
        score_chart=_score_chart(results) if variant is not None else None,
        results=results,
    )


@bp.get("/<group_id>/versus")
def versus(group_id: str) -> str:
    """Two players head to head: who finished ahead in the games they both played."""
    group = load_group(group_id)
    names = _names(group)
    first = _player_arg(request.args.get("a"), None, names)
    second = _player_arg(request.args.get("b"), None, names)
    variant = _variant_arg(request.args.get("variant"))
    chosen = first is not None and second is not None and first != second
    return render_template(
        "tables/versus.html",
        group=group,
        keeps=keeps(group),
        names=names,
        first=first,
        second=second,
        variant=variant,
        variants=stats.variants_played(group.id),
        result=stats.head_to_head(group.id, first, second, variant) if chosen else None,  # type: ignore[arg-type]
        same=first is not None and first == second,
    )


# --- charts ---------------------------------------------------------------------------------


def _win_share_chart(results: list[stats.Result]) -> Chart | None:
    """The player's share of games won so far, after each game."""
    if not results:
        return None
    shares, wins = [], 0
    for count, result in enumerate(results, start=1):
        wins += result.won
        shares.append(round(100 * wins / count))
    chosen = sampled(len(results))
    return line_chart(
        [gettext("Games won")],
        [[shares[i] for i in chosen]],
        [i + 1 for i in chosen],
        title=gettext("Share of games won so far"),
        x_label=gettext("game"),
        unit=percent_sign(),
        left=56,
        fixed_range=(0, 100),
        summary=ngettext(
            "Share of games won so far: %(share)s after %(num)d game.",
            "Share of games won so far: %(share)s after %(num)d games.",
            len(results),
        )
        % {"share": format_percent(wins / len(results)), "num": len(results)},
        width=SCREEN_WIDTH,
        height=SCREEN_HEIGHT,
    )


def _score_chart(results: list[stats.Result]) -> Chart | None:
    """The player's final score in each game of one variant."""
    scored = [result for result in results if result.score is not None]
    if not scored:
        return None
    chosen = sampled(len(scored))
    return line_chart(
        [gettext("Final score")],
        [[scored[i].score or 0 for i in chosen]],
        [i + 1 for i in chosen],
        title=gettext("Final score in each game"),
        x_label=gettext("game"),
        summary=ngettext(
            "Final score in each game, %(num)d game: from %(low)s to %(high)s, %(last)s in the last.",
            "Final score in each game, %(num)d games: from %(low)s to %(high)s, %(last)s in the last.",
            len(scored),
        )
        % {
            "num": len(scored),
            "low": min(r.score or 0 for r in scored),
            "high": max(r.score or 0 for r in scored),
            "last": scored[-1].score,
        },
        width=SCREEN_WIDTH,
        height=SCREEN_HEIGHT,
    )


# --- reading the query string ----------------------------------------------------------------


def _names(group: Group) -> dict[int, str]:
    return {player.id: player.name for player in roster.roster(group.id)}


def _variant_arg(raw: str | None) -> str | None:
    if not raw:
        return None
    try:
        return get_variant(raw).code
    except RuleViolation:
        abort(404)


def _player_arg(
    raw: str | None, players: list[roster.Player] | None, names: dict[int, str] | None = None
) -> int | None:
    if not raw:
        return None
    known = names if names is not None else {player.id: player.name for player in players or []}
    player = whole_number(raw)
    if player is None or player not in known:
        abort(404)
    return player


def _date_arg(name: str) -> date | None:
    raw = request.args.get(name)
    if not raw:
        return None
    found = calendar_date(raw)
    if found is None:
        message = gettext("A date is written year-month-day (2026-11-22), from 2000 to 2200, not %(value)s")
        abort(400, message % {"value": repr(raw[:20])})
    return found


def _page_arg() -> int:
    return whole_number(request.args.get("page", "1"), least=1, most=99_999) or 1
