"""The referee: the trick judge, the rules pages and "explain the numbers".

Every page reads the variant's declaration and asks the engine: the ranking
(``Variant.ranking``) for the trick judge, the deal plan, options, worked
examples and game end for the rules pages, the family's explainer for a
deal's points. Nothing here knows a variant by name. Judging a trick changes
nothing, so the judge is a GET form: without JavaScript its ordered selects
are the trick; with it, taps on the card grid fill them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from flask import Blueprint, abort, jsonify, render_template, request, url_for
from werkzeug.wrappers import Response

from ... import words
from ...games import store
from ...rules import Game, RuleViolation, Table, Trump, families, get_variant, table_rules
from ...rules.explain import explain, game_end, worked_examples
from ...rules.foresee_events import foresee_game
from ...rules.rulebook import DealPlan, deal_plan, option_lines, seat_names
from ...rules.state import DealFacts, DealState
from ...rules.tricks import Ranking, RankOrder, TrickSetting, TrickVerdict, judge_trick, read_cards
from ...rules.variant import Variant
from ...words import deal_words, gettext
from ...words._core import N_
from ..request_values import whole_number
from ..wording import say, use_variant
from . import view
from .entry import deal_players, trump_text
from .table_life import seat_notes

bp = Blueprint("referee", __name__)

Page = str | tuple[str, int]
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"), N_("9th"))
"""The places of the cards in a trick (and of the players at the finish), worded by ``ordinal``."""


@bp.app_template_filter("ordinal")
def ordinal(place: int) -> str:
    """ "1st", "2nd" … in the reader's language, for places 1 to 9 ("10th" and on as a number)."""
    return gettext(ORDINALS[place - 1]) if 1 <= place <= len(ORDINALS) else str(place)


@dataclass(frozen=True, kw_only=True)
class JudgePage:
    """Where a trick is judged: the ranking, the trump and order chosen, the cards entered."""

    variant: Variant
    ranking: Ranking
    trump: Trump
    order: RankOrder
    chosen: tuple[str, ...]
    seats: tuple[str, ...] | None
    leader: int | None


# --- the trick judge ---------------------------------------------------------------------------


@bp.get("/referee")
def judge() -> Page:
    """Pick a variant, then the trump and the cards of a trick in the order played."""
    code = request.args.get("variant")
    if not code:
        return render_template("referee/picker.html", families=families())
    variant = _variant_or_404(code)
    use_variant(variant)
    players = _players_arg(variant)
    table = Table.create(variant, seat_names(players, words.stand_in))
    ranking = variant.ranking(table, None)
    page = _judge_page(variant, ranking, default=TrickSetting(trump=ranking.trumps[0]), seats=None)
    return _judged(page, {"variant": variant.code, "players": players}, players=players)


@bp.get("/games/<game_id>/deals/<int:number>/trick")
def deal_trick(game_id: str, number: int) -> Page:
    """The trick judge for one deal of a game: its deck, its trump and order, its players."""
    _record, game = store.load_game(game_id)
    facts, deal = _facts_and_deal(game, number)
    variant = game.table.variant
    ranking = variant.ranking(game.table, facts)
    setting = ranking.setting(deal) if deal is not None else TrickSetting(trump=facts.trump)
    playing = tuple(game.state.players[seat] for seat in _trick_seats(game.table, facts, ranking))
    page = _judge_page(variant, ranking, default=setting, seats=playing)
    return _judged(page, {}, game_id=game_id, number=number, players=game.table.size)


def _judge_page(
    variant: Variant, ranking: Ranking, *, default: TrickSetting, seats: tuple[str, ...] | None
) -> JudgePage:
    args = request.args
    trump = _choice(args.get("trump"), ranking.trumps, default.trump or ranking.trumps[0])
    order = _choice(args.get("order"), ranking.orders, default.order)
    chosen = tuple(args.get(f"card-{place}", "") for place in range(1, ranking.trick_size + 1))
    leader_text = args.get("leader", "")
    leader = int(leader_text) if seats and leader_text.isdigit() and int(leader_text) < len(seats) else None
    return JudgePage(
        variant=variant,
        ranking=ranking,
        trump=trump,
        order=order,
        chosen=chosen,
        seats=seats,
        leader=leader,
    )


def _judged(page: JudgePage, hidden: Mapping[str, Any], **context: Any) -> Page:
    """Judge the trick when cards were sent; a refusal is shown with its reason (422)."""
    verdict: TrickVerdict | None = None
    error: RuleViolation | None = None
    winner: str | None = None
    if any(page.chosen):
        try:
            rules = page.ranking.rules(page.trump, page.order)
            verdict = judge_trick(rules, read_cards([code for code in page.chosen if code]))
        except RuleViolation as refused:
            error = refused
        if verdict is not None and page.seats is not None and page.leader is not None:
            winner = page.seats[(page.leader + verdict.position) % len(page.seats)]
    html = render_template(
        "referee/judge.html",
        page=page,
        cards=[(card, say(name)) for card, name in page.ranking.card_names()],
        ordinals=[ordinal(place) for place in range(1, len(ORDINALS) + 1)],
        hidden=hidden,
        verdict=verdict,
        winner=winner,
        error=error,
        **context,
    )
    return (html, 422) if error is not None else html


def _trick_seats(table: Table, facts: DealFacts, ranking: Ranking) -> tuple[int, ...]:
    """The seats that play to a trick, clockwise from the dealer's left (a dead hand sits out)."""
    size = table.size
    clockwise = tuple((facts.dealer + step) % size for step in range(1, size + 1))
    playing = tuple(seat for seat in clockwise if facts.is_active(seat))
    return playing if len(playing) == ranking.trick_size else ()


# --- the rules pages ---------------------------------------------------------------------------


@bp.get("/rules")
def rules_index() -> str:
    """Every variant's rules page, by family."""
    return render_template("rules/index.html", families=families())


@bp.get("/rules/<code>")
def rules(code: str) -> Page:
    """A variant's rules for a number of players (``?players=N``) and options given by name."""
    variant = _variant_or_404(code)
    use_variant(variant)
    players = _players_arg(variant)
    wanted = {spec.name: request.args[spec.name] for spec in variant.options if request.args.get(spec.name)}
    try:
        table = Table.create(variant, seat_names(players, words.stand_in), options=wanted)
    except RuleViolation as refused:
        table = Table.create(variant, seat_names(players, words.stand_in))
        return _rules_page(table, refused, game_id=None), 422
    return _rules_page(table, None, game_id=None)


@bp.get("/games/<game_id>/rules")
def game_rules(game_id: str) -> str:
    """The rules of a game's variant with its players and options applied: as the game stands now, after
    its table events (a latecomer in, the deals re-planned for the players seated)."""
    _record, game = store.load_game(game_id)
    if game.state.life is None:
        return _rules_page(game.table, None, game_id=game_id)
    state = game.state
    seated = [state.players[seat] for seat in state.life.ring] if state.life is not None else []
    table = replace(game.table, players=tuple(seated), first_dealer=0)
    rows = [_plan_row(deal_players(game, deal.number), deal.facts) for deal in state.deals if deal.complete]
    ahead = (state.deal_count - len(rows)) if state.deal_count is not None else len(seated)
    foreseen = foresee_game(game, max(0, ahead)).deals if not state.finished else ()
    rows += [_plan_row(state.players, deal.facts) for deal in foreseen]
    plan = DealPlan(deals=(), open_ended=state.deal_count is None)
    return _rules_page(table, None, game_id=game_id, plan=plan, rows=rows, notes=_seat_notes(game))


def _seat_notes(game: Game) -> list[str]:
    """Who came and went ("Elena joined after deal 3"), for the game's rules page."""
    state = game.state
    if state.life is None:
        return []
    word = deal_words(game.table.variant.deal_word).singular
    notes = seat_notes(state.life, word)
    return [words.labelled(state.players[seat], note) for seat, note in sorted(notes.items())]


def _rules_page(
    table: Table,
    error: RuleViolation | None,
    *,
    game_id: str | None,
    plan: DealPlan | None = None,
    rows: list[dict[str, Any]] | None = None,
    notes: Sequence[str] = (),
) -> str:
    """A variant's rules page for ``table``; a game's (``game_id``) gives the deals as it plans them now
    (``plan`` and its ``rows``) and who came and went (``notes``)."""
    variant = table.variant
    if plan is None or rows is None:
        plan = deal_plan(table)
        rows = [_plan_row(table.players, facts) for facts in plan.deals]
    ranking = variant.ranking(table, None)
    first = deal_plan(table, 1).deals[0] if rows else None
    trumps = {row["trump"] for row in rows}
    return render_template(
        "rules/variant.html",
        variant=variant,
        table=table,
        plan=plan,
        plan_rows=rows,
        seat_notes=notes,
        # A column the same in every row is said once above the table, so that it fits a phone.
        one_trump=next(iter(trumps)) if len(trumps) == 1 else None,
        hook_is_dealer=all(row["hook"] in (None, row["dealer"]) for row in rows),
        hooked=any(row["hook"] for row in rows),
        deck=say(variant.engine.describe_deck(table)),
        ranking=ranking,
        reminders=[say(note) for note in first.reminders] if first is not None else [],
        first=first,
        examples=[
            {
                "inputs": say(example.inputs),
                "points": say(example.points),
                "explanation": say(example.explanation),
            }
            for example in worked_examples(table)
        ],
        ending=[say(line) for line in game_end(table)],
        # Every table-event rule the variant's declared laws give (RULES.md §9), none restated here.
        table_laws=[say(line, variant) for line in table_rules(table)],
        options=[words.option_line(line) for line in option_lines(table)],
        player_links=[
            (count, url_for("referee.rules", code=variant.code, **_option_args(table), players=count))
            for count in range(variant.min_players, variant.max_players + 1)
        ],
        error=error,
        game_id=game_id,
    )


def _option_args(table: Table) -> dict[str, Any]:
    """The table's options that differ from the defaults, as query arguments."""
    return {
        spec.name: str(table.options[spec.name])
        for spec in table.variant.options
        if table.options[spec.name] != spec.default_for(table.size)
    }


def _plan_row(players: Sequence[str], facts: DealFacts) -> dict[str, Any]:
    return {
        "number": facts.number,
        "cards": facts.cards,
        "dealer": players[facts.dealer],
        "trump": trump_text(facts),
        "hook": players[facts.last_bidder] if facts.hook else None,
        "sitting_out": ", ".join(players[seat] for seat in facts.sitting_out),
    }


# --- explain the numbers -------------------------------------------------------------------------


@bp.get("/games/<game_id>/deals/<int:number>/explain")
def explain_deal(game_id: str, number: int) -> str | Response:
    """How each side's points in a deal were computed; ``?format=json`` for the sheet's popover."""
    record, game = store.load_game(game_id)
    state = game.state
    if not 1 <= number <= len(state.deals):
        abort(404)
    deal = state.deals[number - 1]
    names = view.side_names(game)
    lines = []
    points = deal.points or ()
    marks = state.marks(number)
    revoke = None if marks is None else marks.revoke
    for side, name in enumerate(names):
        value = points[side] if side < len(points) else None
        text = say(explain(game.table, deal, side, revoke))
        lines.append({"side": side, "name": name, "points": value, "text": text})
    if request.args.get("format") == "json":
        return jsonify({"number": number, "sides": lines})
    return render_template(
        "referee/explain.html",
        record=record,
        game=game,
        deal=deal,
        title=view.deal_title(state, deal.facts),
        lines=lines,
    )


# --- helpers -------------------------------------------------------------------------------------------


def _variant_or_404(code: str) -> Variant:
    try:
        return get_variant(code)
    except RuleViolation:
        abort(404)


def _players_arg(variant: Variant) -> int:
    """``?players=N`` within the variant's range; else four (or the nearest allowed)."""
    wanted = whole_number(request.args.get("players", ""), most=99) or 4
    return min(max(wanted, variant.min_players), variant.max_players)


def _choice(raw: str | None, allowed: Sequence[Any], default: Any) -> Any:
    """A value from a query argument if the variant allows it; else the default."""
    for value in allowed:
        if raw is not None and raw == value.value:
            return value
    return default if default in allowed else allowed[0]


def _facts_and_deal(game: Game, number: int) -> tuple[DealFacts, DealState | None]:
    """A recorded deal's facts and state, or the current deal's facts; else 404."""
    state = game.state
    if 1 <= number <= len(state.deals):
        deal = state.deals[number - 1]
        return deal.facts, deal
    if state.current is not None and state.current.number == number:
        return state.current, None
    abort(404)
