"""A deal's screen, and how a change to a game is answered.

The pages and the page's script share one deal screen (games/_screen.html).
After a change, a browser without the script gets a redirect to the next
screen (POST/redirect/GET); the script, asking for JSON, gets that screen as
an HTML fragment to swap in place, with the game's new version. A refusal
comes back with the reason, the field and the seat at fault.

An earlier deal corrected in the sheet over the deal screen (``back=screen``)
answers with the deal in progress, so that the screen returns to it by itself;
a table event recorded there answers the same (``settled``), or with the game's
end when it ended the game.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...games import store
from ...games.store import StoredGame
from ...rules import Game, RuleViolation, veil
from ...rules.state import DealFacts
from ...words import deal_words
from ...words._core import N_, gettext
from ..wording import say
from . import changes, view
from .entry import deal_players, screen_for
from .offline import offline_plan

Page = str | tuple[str, int] | Response | tuple[Response, int]


def wants_json() -> bool:
    """True when the page's script asks for JSON rather than a page."""
    return request.accept_mimetypes.best == "application/json"


def correcting(game: Game, number: int) -> bool:
    """True when deal ``number`` is scored: saving it again corrects it (knock_ons.py says what that
    changes before it is saved)."""
    deals = game.state.deals
    return 1 <= number <= len(deals) and deals[number - 1].complete


def refusal(refused: RuleViolation) -> dict[str, Any]:
    """A refusal as the page's script shows it: the reason, the field and the seat at fault."""
    return {"error": say(refused), "field": refused.field, "seat": refused.seat}


def moved_on(record: StoredGame, game: Game, number: int, corrected: str | None = None) -> Page:
    """Where a saved deal leads: its own tricks while it is open, else the next deal; a correction
    of an earlier deal, or the last deal of a game, back to the sheet (the page's script is answered
    in place with the reveal instead when the game's totals were secret). ``corrected`` is what the
    screen says of a correction ("Deal 2 corrected." by default)."""
    word = deal_words(game.table.variant.deal_word).title
    deal = game.state.deals[number - 1]
    due = current_number(game)
    said = corrected or gettext("%(Deal)s %(number)s corrected.") % {"Deal": word, "number": number}
    if back_to_screen() and (due is None or number < due):
        return settled(record, game, said)
    if number < len(game.entries):
        sheet = url_for("games.sheet", game_id=record.id, _anchor=f"deal-{number}")
        return answer(record, game, None, said, url=sheet)
    if not deal.complete:
        return answer(record, game, number, None)
    said = corrected or gettext("%(Deal)s %(number)s saved.") % {"Deal": word, "number": number}
    if due is None and wants_json() and veil(game).revealing:
        # A secret game's last deal reveals the totals in place, one place per tap; the sheet would show
        # them all (and the winners) under the first place named.
        return settled(record, game, said)
    return answer(record, game, due, said)


def answer(
    record: StoredGame, game: Game, number: int | None, message: str | None, *, url: str | None = None
) -> Page:
    """After a change: the next screen as JSON for the page's script, else a redirect to it.

    Where the script has no screen to swap in (a correction goes back to the sheet, a finished
    game has no deal to enter) it loads the page it is sent to, which shows the message.
    """
    if not wants_json():
        if message:
            flash(message)
        sheet = url_for("games.sheet", game_id=record.id)
        return redirect(url or (deal_url(record, number) if number is not None else sheet))
    body: dict[str, Any] = {"message": message, "version": record.version, "html": None, "url": url}
    if url is None:
        body.update(screen_answer(record, game, number))
    if body["html"] is None and message:
        flash(message)
    return jsonify(body)


def screen_answer(record: StoredGame, game: Game, number: int | None) -> dict[str, Any]:
    """The version, and the screen of deal ``number`` (the one due when None) as an HTML fragment;
    no fragment when the game has no deal to enter (the page then goes to the sheet)."""
    number = number if number is not None else current_number(game)
    answer: dict[str, Any] = {"version": record.version, "html": None}
    if number is None or record.abandoned_at is not None:
        answer["url"] = url_for("games.sheet", game_id=record.id)
        return answer
    facts = facts_of(game, number)
    assert facts is not None
    screen = screen_for(game.table.variant)
    context = screen_context(
        record, game, facts, stored_values(game, number), screen.phase(game, number), None
    )
    answer["html"] = render_template("games/_screen.html", **context)
    answer["url"] = deal_url(record, number)
    answer["title"] = context["about"]["title"]
    answer["plan"] = offline_plan(record, game)  # the deals ahead from here, for entering them offline
    return answer


def back_to_screen() -> bool:
    """True when a deal was corrected in the sheet over the deal screen, which goes back to the deal in
    progress rather than to the sheet."""
    return request.form.get("back") == "screen"


def settled(record: StoredGame, game: Game, message: str | None) -> Response:
    """After a change made in the sheet over the deal screen: the deal due to swap in place, with what was
    done; the game's end when there is no deal left to enter."""
    body: dict[str, Any] = {
        "message": message,
        "version": record.version,
        **screen_answer(record, game, None),
    }
    if body["html"] is None and record.abandoned_at is None:
        context = over_context(record, game)
        body.update(html=render_template("games/_over.html", **context), title=context["title"])
    elif body["html"] is None and message:
        flash(message)
    return jsonify(body)


def over_context(record: StoredGame, game: Game) -> dict[str, Any]:
    """What the deal screen shows once the game is over: the final standings, undo, the way to the sheet.
    A game whose totals were secret to the end shows them revealed instead, from last place to first
    (the winners last, and not in the title above them)."""
    seen = veil(game)
    reveal = view.revealed(game, seen.order) if seen.revealing else None
    return {
        "record": record,
        "game": game,
        "title": gettext("The standings revealed")
        if reveal
        else view.winners_text(game) or gettext("Game over"),
        "strip": None if reveal else view.standings_strip(game),
        "reveal": reveal,
        "undo_step": changes.undo_step(record, game),
        "redo_step": changes.redo_step(record, game),
    }


def correction_sheet(record: StoredGame, game: Game, facts: DealFacts, phase: str) -> Response:
    """An earlier deal's screen as a fragment for the sheet over the deal in progress, to correct it."""
    context = screen_context(record, game, facts, stored_values(game, facts.number), phase, None)
    context["player_menu"] = False
    word = deal_words(game.table.variant.deal_word).singular
    title = gettext("Correct %(singular)s %(number)s") % {"singular": word, "number": facts.number}
    html = render_template("games/_correction.html", **context, sheet_title=title)
    return jsonify({"dialog": html, "title": title, "version": record.version})


def changed_elsewhere(game_id: str, number: int, changed: store.ChangedElsewhere) -> Page:
    """Another phone changed the game first: show what it entered, in place of what was sent (409).

    A correction sent from the sheet over the deal screen gets the deal in progress, to show behind it."""
    record, game = store.load_game(game_id)
    open_number = number if facts_of(game, number) is not None else current_number(game)
    if back_to_screen():
        open_number = current_number(game)
    if wants_json():
        body = {**refusal(changed), **screen_answer(record, game, open_number)}
        if body["html"] is None:  # the page goes to the sheet: the sheet says why
            flash(say(changed))
        return jsonify(body), 409
    if open_number is None:
        flash(say(changed))
        return redirect(url_for("games.sheet", game_id=game_id), 303)
    facts = open_facts(record, game, open_number)
    phase = screen_for(game.table.variant).phase(game, open_number)
    return deal_page(record, game, facts, stored_values(game, open_number), phase, changed), 409


def everyone_made(game: Game, facts: DealFacts, values: dict[str, Any], phase: str) -> dict[str, Any]:
    """The values with every player's tricks filled in from their bid, where the engine says that adds up."""
    everyone = screen_for(game.table.variant).context(game, facts, values, phase).get("everyone") or {}
    tricks = list(values.get("tricks") or [None] * len(deal_players(game, facts.number)))
    for seat, took in everyone.items():
        tricks[seat] = took
    return {**values, "tricks": tricks}


def current_number(game: Game) -> int | None:
    """The number of the deal due, None when the game is over."""
    current = game.state.current
    return current.number if current is not None else None


def current_url(record: StoredGame, game: Game) -> str:
    """The screen of the deal due, or the sheet when the game is over."""
    number = current_number(game)
    return deal_url(record, number) if number is not None else url_for("games.sheet", game_id=record.id)


def deal_url(record: StoredGame, number: int) -> str:
    """The address of deal ``number``'s screen."""
    return url_for("games.deal", game_id=record.id, number=number)


def refuse_if_abandoned(record: StoredGame) -> None:
    """409 for any change to an abandoned game."""
    if record.abandoned_at is not None:
        abort(409, N_("This game was abandoned: it can be read but no longer changed."))


def open_facts(record: StoredGame, game: Game, number: int) -> DealFacts:
    """The facts of a deal that may be entered now: a recorded one, or the current one."""
    refuse_if_abandoned(record)
    facts = facts_of(game, number)
    if facts is not None:
        return facts
    if game.state.finished:
        abort(409, N_("The game is over: no more deals are played."))
    abort(404)


def facts_of(game: Game, number: int) -> DealFacts | None:
    """The facts of deal ``number`` when it is recorded or due, else None."""
    state = game.state
    if 1 <= number <= len(state.deals):
        return state.deals[number - 1].facts
    if state.current is not None and number == state.current.number:
        return state.current
    return None


def stored_values(game: Game, number: int) -> dict[str, Any]:
    """Deal ``number``'s inputs as stored, as the form reads them; none for a deal not begun."""
    if number <= len(game.entries):
        return game.table.variant.engine.write_entry(game.entries[number - 1])
    return {}


def deal_page(
    record: StoredGame,
    game: Game,
    facts: DealFacts,
    values: dict[str, Any],
    phase: str,
    error: RuleViolation | None,
) -> str:
    """The deal's page: its screen in the site's frame, loaded as a whole (no script needed)."""
    context = screen_context(record, game, facts, values, phase, error)
    return render_template("games/deal.html", plan=offline_plan(record, game), **context)


def screen_context(
    record: StoredGame,
    game: Game,
    facts: DealFacts,
    values: dict[str, Any],
    phase: str,
    error: RuleViolation | None,
) -> dict[str, Any]:
    """What a deal's screen shows: the standings, the facts, the form with the values and the refusal."""
    screen = screen_for(game.table.variant)
    about = view.deal_about(game, facts, values.get("trump"))
    return {
        "record": record,
        "game": game,
        "state": game.state,
        "facts": facts,
        "about": about,
        "facts_line": view.facts_line(about),
        "facts_parts": view.facts_parts(about),
        "strip": view.standings_strip(game),
        "undo_step": changes.undo_step(record, game),
        "redo_step": changes.redo_step(record, game),
        "values": values,
        "phase": phase,
        "error": error,
        "form_template": screen.form_template,
        "screen": screen,
        # Each player's table events from their name, on the deal in progress (not a correction).
        "player_menu": facts.number == current_number(game),
        # A scored deal: what saving it again changes is shown beside Save first (knock_ons.py).
        "correcting": correcting(game, facts.number),
        **screen.context(game, facts, values, phase),
    }
