"""A correction says what it changes before it is saved, like a table event (RULES.md §9).

Correcting a scored deal re-scores everything after it: every total that moves, a latecomer's start
taken from the totals ("Elena's start: 9 → 3"), a departed player's final total, who leads, who can
still win, the game's end and winners (``rules.knock_on``). The deal screen's live check shows them
beside Save as the correction is tapped, with a token of what it showed (``seen``); Save records the
correction only when the token matches what the correction changes now. Otherwise — no script, or a
Save faster than the check — the screen answers with what it would change first (a page with a yes
without the script, the same words beside Save with it) and stores nothing.

What a correction changes outside the game — a club record its table's club would gain or lose — is
said by the room it belongs to, which adds its function with ``say_also`` when the app is made (the
games know no club): each is given the stored game, the game and the corrected game, and returns texts
said after the game's own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, cast

from flask import Flask, current_app, jsonify, render_template, request
from werkzeug.wrappers import Response

from ...games.store import StoredGame
from ...rules import Game, Text
from ...rules.game import NumberedEntry
from ...rules.knock_on import knock_ons
from ...rules.state import DealFacts
from ...words import clauses, deal_words, gettext
from ..wording import say
from . import screens

Page = str | Response
KnockOnsElsewhere = Callable[[StoredGame, Game, Game], Sequence[Text]]
"""What a correction changes outside the game: given the stored game, the game and the corrected game."""
ELSEWHERE = "scorekeeper.knock_ons_elsewhere"


def say_also(app: Flask, elsewhere: KnockOnsElsewhere) -> None:
    """Have every correction's preview in ``app`` say what ``elsewhere`` finds it changes (once each)."""
    found: list[KnockOnsElsewhere] = app.extensions.setdefault(ELSEWHERE, [])
    if elsewhere not in found:
        found.append(elsewhere)


def corrected(game: Game, number: int, values: dict[str, Any]) -> Game:
    """The game with deal ``number`` entered as ``values``; raises the engine's refusal."""
    entry = game.table.variant.engine.read_entry(number, values)
    return game.record(cast(NumberedEntry, entry))


def preview(record: StoredGame, game: Game, after: Game) -> dict[str, Any]:
    """What the correction changes, for the screen: its lines in words (the game's own, then what the
    other rooms find it changes: a club record), the fragment beside Save, and the token Save sends
    back to say it was shown."""
    elsewhere: list[KnockOnsElsewhere] = current_app.extensions.get(ELSEWHERE, [])
    texts = knock_ons(game, after) + tuple(text for also in elsewhere for text in also(record, game, after))
    lines = [say(text, game.table.variant) for text in texts]
    html = render_template("games/_knock_on_list.html", lines=lines)
    return {"lines": lines, "html": html, "seen": _token(texts)}


def unseen(record: StoredGame, game: Game, number: int, values: dict[str, Any]) -> dict[str, Any] | None:
    """What correcting deal ``number`` to ``values`` would change, when the screen that sent it did not
    show it (the token it sent is another): to show before anything is stored. None when it may be
    saved now: the deal is not scored yet, the correction changes nothing, or it was shown. A post
    without the ``seen`` field at all comes from no screen of ours (every scored deal's form carries it,
    empty until its preview is shown): it is judged by the engine alone, as before previews. Raises the
    engine's refusal of the values."""
    if "seen" not in request.form or not screens.correcting(game, number):
        return None
    after = corrected(game, number, values)
    shown = preview(record, game, after)
    if not shown["lines"] or request.form.get("seen") == shown["seen"]:
        return None
    return shown


def ask(
    record: StoredGame, game: Game, facts: DealFacts, values: dict[str, Any], shown: dict[str, Any]
) -> Page:
    """What the correction would change, before it is saved: for the screen's script, the words to show
    beside Save (nothing stored, Save records next); without it, a page with the yes."""
    if screens.wants_json():
        return jsonify({"correction": {"html": shown["html"], "seen": shown["seen"]}, "html": None})
    word = deal_words(game.table.variant.deal_word)
    fields = [(name, value) for name, value in request.form.items(multi=True) if name not in _NOT_RESENT]
    return render_template(
        "games/correction_confirm.html",
        record=record,
        game=game,
        number=facts.number,
        title=gettext("Correct %(deal)s %(number)s?") % {"deal": word.singular, "number": facts.number},
        lines=shown["lines"],
        seen=shown["seen"],
        fields=fields,
    )


def saved_words(game: Game, after: Game, number: int) -> str:
    """What the screen says once a correction is saved: "Deal 2 corrected." with what it did beyond the
    totals (a latecomer's start, a departed player's final total, the game's end), which the standings
    alone would not show."""
    word = deal_words(game.table.variant.deal_word).title
    said = gettext("%(Deal)s %(number)s corrected.") % {"Deal": word, "number": number}
    beyond = [say(text, game.table.variant) for text in knock_ons(game, after) if text.code not in _PLAIN]
    if not beyond:
        return said
    return gettext("%(Deal)s %(number)s corrected: %(changes)s.") % {
        "Deal": word,
        "number": number,
        "changes": clauses(beyond),
    }


_NOT_RESENT = frozenset({"csrf_token", "seen", "step"})
_PLAIN = frozenset({"knock_total", "knock_leaders"})
"""What the standings show by themselves after a correction."""


def _token(texts: Sequence[Text]) -> str:
    """A short, stable token of what a correction changes (the same in every worker and language)."""
    return hashlib.sha256(repr(tuple(texts)).encode()).hexdigest()[:16]
