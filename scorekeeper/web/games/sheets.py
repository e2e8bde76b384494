"""Paper: a game's score sheet as a PDF, and blank sheets pre-filled for a table.

Both are the screen's templates rendered with the print stylesheet. What a
row says (cards, dealer, trump, the hook) comes from the engine's facts;
nothing here restates a rule. Each PDF is made once for what it shows and
kept (see pdf_shelf.py): the key names the game's version, or the blank
sheet's table, and the reader's paper, orientation and language.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from flask import Blueprint, Response, abort, render_template, request

from ... import words
from ...games import store
from ...pdf import Orientation, Paper, orientation_for
from ...rules import (
    Game,
    RuleViolation,
    Table,
    Text,
    Trump,
    Variant,
    families,
    get_variant,
    rulebook,
    unveiled,
)
from ...rules.state import DealFacts
from ...words import gettext
from ...words._core import N_
from ..kept_pdfs import pdf_download, pdf_language, pdf_paper, shelf_key
from ..language import reader_time_zone
from ..request_values import whole_number
from ..wording import say, use_variant
from . import view
from .charts import totals_chart
from .entry import trump_text
from .finish import chances_chart
from .forms import new_game_form
from .paper_print import readable_context, readable_sheet

bp = Blueprint("sheets", __name__)

# Widths a layout needs on paper, to choose portrait or landscape: the deal
# column (print.css), then each player's (or side's) column of the score grid.
GRID_FIRST_COLUMN_MM = 24
GRID_COLUMN_MM = 26
# A blank sheet: deal, cards, dealer and trump; then a box a pencil can fill
# for each thing written per player.
BLANK_FIXED_COLUMNS_MM = 60
BLANK_BOX_MM = 11
BLANK_CONTRACT_MM = 30

# Rows printed for a game that ends on a score rather than after a set number of deals.
OPEN_ENDED_ROWS = 16
MOST_ROWS = 60
MOST_PLAYERS_ASKED = 99


@dataclass(frozen=True, kw_only=True)
class BlankLayout:
    """What a blank sheet asks the table to write in each row, for one kind of input.

    ``per_player`` boxes go under every player (each bids); otherwise under
    every side. ``contract`` adds a box for the auction's winning bid.
    """

    per_player: bool
    boxes: tuple[str, ...]
    contract: bool = False


BLANK_LAYOUTS: dict[str, BlankLayout] = {
    "exact_bids": BlankLayout(per_player=True, boxes=(N_("Bid"), N_("Took"), N_("Total"))),
    "oneonta_bids": BlankLayout(per_player=True, boxes=(N_("Bid"), N_("Took"), N_("Total"))),
    "partnership_tricks": BlankLayout(per_player=False, boxes=(N_("Tricks"), N_("Points"), N_("Total"))),
    "bid_whist_auction": BlankLayout(
        per_player=False, boxes=(N_("Books"), N_("Points"), N_("Total")), contract=True
    ),
    "two_hand_tricks": BlankLayout(per_player=False, boxes=(N_("Tricks"), N_("Points"), N_("Total"))),
}
DEFAULT_BLANK_LAYOUT = BlankLayout(per_player=False, boxes=(N_("Points"), N_("Total")))

# --- a game's sheet ------------------------------------------------------------------


@bp.get("/games/<game_id>/sheet.pdf")
def game_pdf(game_id: str) -> Response:
    """The score sheet of a game, in progress or finished, as a PDF to keep or print.

    Made once per version of the game and choice of paper: a repeat download
    reads the kept file.
    """
    record, stored = store.load_game(game_id)
    # The PDF keeps everything, the running totals of a table that keeps them secret included: it is the
    # table's record of the game, as the exports are (the pages and the API keep the secret).
    game = unveiled(stored)
    paper = pdf_paper()
    orientation = _orientation(paper, GRID_FIRST_COLUMN_MM + GRID_COLUMN_MM * len(game.state.players))
    language = pdf_language()

    def render() -> str:
        return render_template(
            "sheets/game.html",
            paper=paper,
            orientation=orientation,
            language=language,
            started=record.created_at,
            deck=say(game.table.variant.engine.describe_deck(game.table)),
            teams=_teams_text(game),
            chart=totals_chart(game),
            # The finish screen's chart of chances, at the PDF's size (a finished game's only).
            chances=chances_chart(record, game, width=720, height=250),
            revoke_law=say(game.table.variant.engine.laws.revoke_law(game.table), game.table.variant),
            **view.sheet_context(record, game, editable=False),
        )

    key = shelf_key("game", record.id, record.version, paper.name, orientation, language, reader_time_zone())
    return pdf_download(key, render, f"{view.file_stem(game)}.pdf")


@bp.app_template_filter("signed")
def signed_points(points: int) -> str:
    """A deal's points on the sheet with the explanations' real minus sign: "+8", "−2", "0"."""
    return words.signed(points)


@bp.app_template_filter("total")
def total_points(points: int) -> str:
    """A running total on the sheet with the same minus sign as the points: "8", "−2"."""
    return words.total(points)


def _teams_text(game: Game) -> str | None:
    """ "Ann & Cy v Bob & Dee" in a partnership game; None when each plays for themselves."""
    if game.state.teams is None:
        return None
    return " v ".join(view.side_names(game))


# --- blank sheets --------------------------------------------------------------------


@bp.get("/sheets/blank")
def blank_index() -> str:
    """Choose the game to print a blank sheet for."""
    return render_template("sheets/blank_index.html", families=families())


@bp.get("/sheets/blank/<code>")
def blank_form(code: str) -> str:
    """The players (or only how many), who deals first, the options and the paper."""
    variant = _variant_or_404(code)
    use_variant(variant)
    return render_template(
        "sheets/blank_form.html", **_form_context(variant, new_game_form(variant, meta={"csrf": False}))
    )


@bp.get("/sheets/blank/<code>/sheet.pdf")
def blank_pdf(code: str) -> Response | tuple[str, int]:
    """A printable sheet with every deal's row filled in; a table the rules refuse gets 422 and why."""
    variant = _variant_or_404(code)
    use_variant(variant)
    form = new_game_form(variant, formdata=request.args, meta={"csrf": False})
    try:
        game = Game(
            Table.create(
                variant,
                _blank_players(form.filled_players()),
                first_dealer=_whole_number("first_dealer", 1) - 1,
                options=_asked_options(form),
            )
        )
        rows = _whole_number("rows", OPEN_ENDED_ROWS)
        if not 1 <= rows <= MOST_ROWS:
            raise RuleViolation("blank_rows_range", field="rows", most=MOST_ROWS, value=rows)
    except RuleViolation as refused:
        page = render_template("sheets/blank_form.html", **_form_context(variant, form, refused))
        return page, 422
    paper = pdf_paper()
    context = blank_context(game, rows=rows, paper=paper)
    table = game.table
    # A game of a set length prints every deal, whatever ``rows`` asks (blank_context's rows).
    printed = len(context["rows"])
    readable_as = readable_sheet(game, printed, paper.name)
    if readable_as is not None:
        context = {**context, **readable_context(game, context, rows=printed, orientation=readable_as)}
    key = shelf_key(
        "blank",
        table.variant.code,
        json.dumps(dict(table.options), sort_keys=True, default=str),
        json.dumps(list(table.players)),
        table.first_dealer,
        rows,
        paper.name,
        context["orientation"],
        context["language"],
        readable_as,
    )
    template = "sheets/blank.html" if readable_as is None else "paper/game_sheet.html"
    return pdf_download(
        key,
        lambda: render_template(template, **context),
        f"{_blank_stem(game, named=bool(form.filled_players()))}.pdf",
    )


@dataclass(frozen=True, kw_only=True)
class BlankRow:
    """One deal of a blank sheet, as far as the rules decide it before the cards are dealt.

    ``facts`` is None for a deal the engine can only work out from the deals
    before it: the row is left for the pencil.
    """

    number: int
    facts: DealFacts | None
    dealer: str | None
    trump: str | None
    trump_hint: str | None
    hook: str | None
    notes: tuple[str, ...]


def blank_context(game: Game, *, rows: int, paper: Paper) -> dict[str, Any]:
    """What the blank sheet template shows for a table not yet played."""
    table = game.table
    variant = table.variant
    layout = BLANK_LAYOUTS.get(variant.engine.input_kind, DEFAULT_BLANK_LAYOUT)
    state = game.state
    count = state.deal_count if state.deal_count is not None else rows
    plan = deal_plan(game, count)
    common = _shared_reminders(plan)
    columns = list(table.players) if layout.per_player else view.side_names(game)
    needed = (
        BLANK_FIXED_COLUMNS_MM
        + (BLANK_CONTRACT_MM if layout.contract else 0)
        + BLANK_BOX_MM * len(layout.boxes) * len(columns)
    )
    return {
        "game": game,
        "variant": variant,
        "paper": paper,
        "orientation": _orientation(paper, needed),
        "language": pdf_language(),
        "layout": layout,
        "columns": columns,
        "team_total": layout.per_player and state.teams is not None,
        "named": not _unnamed(table.players),
        "rows": [_blank_row(game, number, facts, common) for number, facts in plan],
        "fixed_length": state.deal_count is not None,
        "deck": say(variant.engine.describe_deck(table)),
        "options": [
            words.labelled(words.gettext(spec.label), words.option_value(spec, table.options[spec.name]))
            for spec in variant.options
        ],
        "reminders": [say(note) for note in _in_order(common, plan)],
        "first_dealer": table.players[table.first_dealer],
    }


def deal_plan(game: Game, count: int) -> list[tuple[int, DealFacts | None]]:
    """The facts of deals 1…``count`` as the engine knows them before anything is played.

    Where the engine builds each deal from the one before, rows after the
    first keep their dealer, cards and trump but not the first deal's
    reminders, which would be wrong for them.
    """
    plan = rulebook.deal_plan(game.table, shown=count)
    rows: list[tuple[int, DealFacts | None]] = []
    for number, facts in enumerate(plan.deals, start=1):
        if plan.derived and number > 1:
            facts = replace(facts, reminders=(), hook=False)
        rows.append((number, facts))
    return rows


def _blank_row(game: Game, number: int, facts: DealFacts | None, common: frozenset[Text]) -> BlankRow:
    players = game.state.players
    if facts is None:
        return BlankRow(
            number=number, facts=None, dealer=None, trump=None, trump_hint=None, hook=None, notes=()
        )
    hook = None
    if facts.hook:
        if facts.last_bidder == facts.dealer:
            hook = gettext("dealer: the bids may not total %(cards)s") % {"cards": facts.cards}
        else:
            hook = gettext("%(player)s (last): the bids may not total %(cards)s") % {
                "player": players[facts.last_bidder],
                "cards": facts.cards,
            }
    return BlankRow(
        number=number,
        facts=facts,
        dealer=players[facts.dealer],
        trump=_fixed_trump(facts.trump),
        # As worded, not lowered: German writes its nouns with capitals ("Trumpf aufdecken").
        trump_hint=None if facts.trump is not None else trump_text(facts),
        hook=hook,
        notes=tuple(say(note) for note in facts.reminders if note not in common),
    )


def _fixed_trump(trump: Trump | None) -> str | None:
    """The trump the rules fix for a deal, as the sheet prints it; None when the table finds out."""
    if trump is None:
        return None
    if trump.is_suit:
        return f"{trump.symbol} {words.trump_name(trump)}"
    return words.trump_name(trump)


def _shared_reminders(plan: list[tuple[int, DealFacts | None]]) -> frozenset[Text]:
    """The reminders every known deal shares: said once in the rules box, not on each row."""
    known = [set(facts.reminders) for _, facts in plan if facts is not None]
    return frozenset(set.intersection(*known)) if known else frozenset()


def _in_order(notes: frozenset[Text], plan: list[tuple[int, DealFacts | None]]) -> list[Text]:
    """``notes`` in the order the first known deal gives its reminders."""
    first = next((facts for _, facts in plan if facts is not None), None)
    return [note for note in first.reminders if note in notes] if first is not None else []


def _unnamed(players: Sequence[str]) -> bool:
    return list(players) == _seat_names(len(players))


def _seat_names(count: int) -> list[str]:
    """Stand-in names for a table given only its size: the sheet leaves a line to write the name."""
    return [gettext("Seat %(seat)s") % {"seat": seat} for seat in range(1, count + 1)]


def _blank_players(filled: list[tuple[int, str]]) -> list[str]:
    """The names typed in, or stand-ins for the number of players asked for."""
    if filled:
        return [name for _, name in filled]
    raw = request.args.get("count", "").strip()
    if not raw:
        raise RuleViolation("blank_players_missing", field="count")
    count = whole_number(raw)
    if count is None:
        raise RuleViolation("blank_count_not_whole", field="count", value=repr(raw[:20]))
    if count > MOST_PLAYERS_ASKED:
        raise RuleViolation("blank_count_too_many", field="count", count=count)
    return _seat_names(count)


def _asked_options(form: Any) -> dict[str, Any]:
    """The options given; the rest are the rules' defaults.

    A switch left off sends nothing, so the form says when its switches were
    shown (``with_options``); a bare link such as ``?count=4`` keeps every default.
    """
    every = "with_options" in request.args
    return {
        name: value
        for name, value in form.option_values().items()
        if every or f"option_{name}" in request.args
    }


def _whole_number(name: str, default: int) -> int:
    raw = request.args.get(name, "").strip()
    if not raw:
        return default
    number = whole_number(raw)
    if number is None:
        raise RuleViolation("blank_not_whole", field=name, what=name, value=repr(raw[:20]))
    return number


def _form_context(variant: Variant, form: Any, error: RuleViolation | None = None) -> dict[str, Any]:
    chosen = request.args.get("paper", "")
    turned = request.args.get("orientation", "")
    return {
        "variant": variant,
        "form": form,
        "error": error,
        "count": request.args.get("count", ""),
        "first_dealer": request.args.get("first_dealer", "1"),
        "rows": request.args.get("rows", str(OPEN_ENDED_ROWS)),
        "paper_choice": chosen if chosen in ("a4", "letter") else "",
        "orientation_choice": turned if turned in ("portrait", "landscape") else "",
        "default_paper": pdf_paper(),
        "most_rows": MOST_ROWS,
    }


def _blank_stem(game: Game, *, named: bool) -> str:
    """ "romanian-whist-2026-11-22-ann-bob-cy-blank", or "romanian-whist-blank-4-players"."""
    if named:
        return f"{view.file_stem(game)}-blank"
    return f"{game.table.variant.code}-blank-{game.table.size}-players"


def _variant_or_404(code: str) -> Variant:
    try:
        return get_variant(code)
    except RuleViolation:
        abort(404)


# --- rendering -----------------------------------------------------------------------


def _orientation(paper: Paper, needed_width_mm: float) -> Orientation:
    """``?orientation=portrait|landscape`` when given, else the one the layout's width needs."""
    asked = request.args.get("orientation", "").lower()
    if asked == "portrait":
        return "portrait"
    if asked == "landscape":
        return "landscape"
    return orientation_for(paper, needed_width_mm)
