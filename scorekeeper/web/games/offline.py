"""What the editing phone's pages carry to keep a game going without a connection.

The engine foresees the deals due next (their facts and the rules of their
entries as declared data, rules/constraints.py); this adds what the page
shows about each (its title and one-line facts, in the sheet's words), what
its entry screen calls each value (labels per input kind, from the entry
screen), and what the page needs to send the entries later: the game's
version, each deal's fingerprint as seen (for merge.py), the form token and
the addresses. static/offline.js reads it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Set
from typing import Any

from flask import url_for
from flask_wtf.csrf import generate_csrf

from ...games.store import StoredGame
from ...rules import Game
from ...rules.constraints import DealAhead
from ...rules.foresee_events import foresee_game
from ...rules.text import Param
from ...words import deal_words, gettext
from ..wording import say
from . import view
from .entry import screen_for

AHEAD = 36
"""The most deals a page carries: a whole long game (33 deals of Romanian Whist for seven) from its start."""
BRANCH_AHEAD = 8
"""The most deals planned after an event the phone may queue (offline_events.py): an evening's hour or
more with no connection; past them the phone takes the deals unchecked, their facts left to the server."""


def offline_plan(record: StoredGame, game: Game) -> dict[str, Any]:
    """The deals this phone may enter offline, how to show and send them, or why it may not."""
    table = game.table
    screen = screen_for(table.variant)
    foresight = foresee_game(game, AHEAD) if record.abandoned_at is None else None
    worded: dict[Param, str] = {}
    deals = [deal_data(game, ahead, worded) for ahead in (foresight.deals if foresight is not None else ())]
    if deals:
        number = deals[0]["number"]
        deals[0]["phase"] = screen.phase(game, number)
        deals[0]["values"] = _stored(game, number)
    return {
        "game": record.id,
        "version": record.version,
        "csrf": generate_csrf(),
        "players": list(game.state.players),
        "word": deal_words(table.variant.deal_word).title,
        "finished": game.state.finished,
        # The standings as the deal screen shows them last (the offline screen's, totals pending after).
        "strip": view.standings_strip(game),
        "sheet_url": url_for("games.sheet", game_id=record.id),
        "now_url": url_for("follow.now", game_id=record.id),
        "events_page": url_for("events.table_events", game_id=record.id),
        "player_url": url_for("events.player", game_id=record.id, seat=0).removesuffix("0"),
        "deal_url": url_for("games.deal", game_id=record.id, number=0).removesuffix("0"),
        "export_url": url_for("share.export_game_json", game_id=record.id),
        "merge_url": url_for("merge.merge", game_id=record.id),
        # The table events' forms, fetched in the background and kept on the phone (offline_events.py).
        "events_url": url_for("offline_events.offline_events", game_id=record.id),
        # What the engine says about events at each deal ahead, and the deals after each (per layout).
        "pieces_url": url_for("offline_events.offline_piece", game_id=record.id, number=0).removesuffix("0"),
        "layout": layout_of(game),
        "order_label": gettext(screen.order_label),
        # Each deal as this phone saw it: what the queue is sent against (merge.py).
        "seen": seen_of(game),
        "labels": screen.offline_labels(game) if screen.offline_labels is not None else {},
        "deals": deals,
        "ends_on_score": bool(foresight and foresight.ends_on_score),
        "unknown": say(foresight.unknown, table.variant) if foresight is not None else None,
    }


def deal_data(game: Game, ahead: DealAhead, worded: dict[Param, str] | None = None) -> dict[str, Any]:
    """A deal ahead as the phone draws its screen from it: its number, the rules of its entry, its title,
    its facts in one line and in full (the deal screen's card), and its dealer's seat. ``game`` is the
    game it follows (after the events before it), for its players' names. ``worded`` keeps the rules'
    messages once worded, for the next deals (most say the same)."""
    variant = game.table.variant
    facts = ahead.facts
    about = view.deal_about(game, facts)
    known = {} if worded is None else worded

    def words_of(said: Param) -> str:
        if (found := known.get(said)) is None:
            found = known[said] = say(said, variant)
        return found

    return {
        **ahead.as_data(words_of),
        "title": about["title"],
        "line": view.facts_line(about),
        "dealer": facts.dealer,
        "about": {
            "dealer": about["dealer"],
            "cards": about["cards"],
            "trump": about["trump"],
            "order": about["order"],
            "out": about["sitting_out"],
            "hook": about["hook"],
            "reminders": about["reminders"],
        },
    }


def _stored(game: Game, number: int) -> dict[str, Any]:
    """What is stored of the deal due (bids of an open deal), as the engine writes it."""
    if number <= len(game.entries):
        return game.table.variant.engine.write_entry(game.entries[number - 1])
    return {}


def fingerprint(data: Mapping[str, Any] | None) -> str | None:
    """A short, stable mark of one deal's stored inputs (None for a deal not stored)."""
    if data is None:
        return None
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    # 40 bits: two different versions of one deal never share a mark by chance.
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def seen_of(game: Game, *, leave_out: Set[int] = frozenset()) -> dict[str, Any]:
    """The fingerprints of the game as it stands: each deal's, and the table events' as one. The events
    at the places ``leave_out`` (a phone's own, stored when its queue was sent before) are left out."""
    engine = game.table.variant.engine
    deals = [fingerprint(engine.write_entry(entry)) for entry in game.entries]
    positions = {game.deal_position(number) for number in range(1, len(game.entries) + 1)}
    events = [
        item
        for place, item in enumerate(game.log_data(), start=1)
        if place not in positions and place not in leave_out
    ]
    return {"deals": deals, "events": fingerprint({"events": events}) if events else None}


def layout_of(game: Game) -> str:
    """A mark of what the deals' facts follow from: the players' names, and each table event with the
    number of deals before it. Entering or correcting a deal leaves it as it is; recording, correcting
    or taking back an event, or renaming a player, changes it."""
    played = 0
    events: list[object] = []
    for data in game.log_data():
        if "event" in data:
            events.append([played, data])
        else:
            played += 1
    mark = fingerprint({"players": list(game.table.players), "events": events})
    assert mark is not None
    return mark
