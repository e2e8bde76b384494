"""Sending what a phone entered offline: its queue applied on top of what other phones recorded meanwhile.

The phone keeps, with its queue, a fingerprint of every deal as it last saw it (``seen``, from the
offline plan). Here each queued entry is applied in order, each checked again by the engine as any
save is. A deal the other phones did not touch since is simply recorded; deals they changed that the
queue does not touch are only told ("another phone had corrected deal 2"). The merge stops, and asks
the scorer, only at a real conflict: the same deal changed on both phones (both versions go back,
nothing is dropped here), or an entry the engine refuses after the other change (the reason goes back,
with the field and the seat, for the values to be fixed on the phone).

The database keeps no history of versions (it stores the inputs only), hence the fingerprints: they
let the server tell "changed meanwhile" from "as the phone saw it" without keeping old versions.

Exactly once: each queued entry carries the id the phone gave it, stored with the row it becomes
(``store.sent_ids``). A queue sent again — its answer lost on the way back, a second tab, a phone
opened again — finds those ids and counts the entries done without applying them twice. A deal's
entry also names the ids of the phone's earlier entries of that deal it takes the place of
(``covers``: the bids, once the tricks went with them): the deal stored under one of those is the
phone's own, not another phone's change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from flask import Blueprint, abort, flash, jsonify, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ...games import store
from ...games.store import StoredGame
from ...rules import EVENT_KINDS, Game, OutOfTurn, RuleViolation
from ...words import deal_words
from ...words._core import gettext, ngettext
from ..device import require_edit
from . import changes, events, screens
from .entry import screen_for
from .offline import fingerprint, offline_plan, seen_of

bp = Blueprint("merge", __name__)

MOST_ENTRIES = 200
"""The most queued entries one batch may carry: two a deal (bids, tricks) of the longest game, with room."""
MOST_FIELDS = 100
"""The most form fields one queued entry may carry: a bid and tricks a seat, and the deal's own values."""
MOST_COVERED = 20
"""The most earlier entries of its deal one queued entry may take the place of."""
SENT_ID = re.compile(r"[A-Za-z0-9_-]{8,40}")
"""What a phone's id of a queued entry looks like (a UUID, or random hex where there is none)."""


def _deal_mark(seen: Mapping[str, Any], number: int) -> str | None:
    """The fingerprint of deal ``number`` in ``seen``; None when the phone had not seen it stored."""
    deals = seen.get("deals")
    if not isinstance(deals, list) or not 1 <= number <= len(deals):
        return None
    mark = deals[number - 1]
    return mark if isinstance(mark, str) else None


@dataclass(frozen=True, kw_only=True)
class Queued:
    """One entry of a phone's queue: a deal's phase (``number``, ``phase``) or a table event
    (``event``, its kind), with its form's fields as posted."""

    fields: MultiDict[str, str]
    number: int = 0
    phase: str | None = None
    event: str | None = None
    sent: str | None = None
    """The id the phone gave the entry (None from a phone that gives none)."""
    covers: frozenset[str] = field(default_factory=frozenset)
    """The ids of the phone's earlier entries of the same deal that this one takes the place of."""


def _sent_id(raw: object) -> str | None:
    """A queued entry's id as sent, checked (400 for one of the wrong shape)."""
    if raw is None:
        return None
    if not isinstance(raw, str) or not SENT_ID.fullmatch(raw):
        abort(400)
    return raw


def _queued(raw: object) -> list[Queued]:
    """The queue as sent: each deal's phase or table event, with its form's fields; 400 for a wrong shape."""
    if not isinstance(raw, list) or len(raw) > MOST_ENTRIES:
        abort(400)
    queued = []
    for item in raw:
        if not isinstance(item, dict):
            abort(400)
        number, phase, fields, event = (
            item.get("number"),
            item.get("phase"),
            item.get("fields"),
            item.get("event"),
        )
        if not isinstance(fields, list) or len(fields) > MOST_FIELDS:
            abort(400)
        if event is not None and event not in EVENT_KINDS:
            abort(400)
        if event is None and (type(number) is not int or not 1 <= number <= 999):
            abort(400)
        if phase is not None and not isinstance(phase, str):
            abort(400)
        pairs = [pair for pair in fields if isinstance(pair, list) and len(pair) == 2]
        if len(pairs) != len(fields) or not all(isinstance(a, str) and isinstance(b, str) for a, b in pairs):
            abort(400)
        typed = MultiDict([(str(name), str(value)) for name, value in pairs])
        sent, covers = _sent_id(item.get("id")), item.get("covers") or []
        if not isinstance(covers, list) or len(covers) > MOST_COVERED:
            abort(400)
        covered = frozenset(cast(str, _sent_id(one)) for one in covers if one is not None)
        if event is not None:
            queued.append(Queued(fields=typed, event=event, sent=sent))
        else:  # the number was checked above
            queued.append(
                Queued(fields=typed, number=cast(int, number), phase=phase, sent=sent, covers=covered)
            )
    return queued


@bp.post("/games/<game_id>/merge")
def merge(game_id: str) -> Response | tuple[Response, int]:
    """Apply the phone's queue in order on top of the stored game; say what was sent, what the other
    phones had changed, and where (if anywhere) the scorer must choose."""
    record, game = store.load_game(game_id)
    require_edit(record)
    screens.refuse_if_abandoned(record)
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("seen"), dict):
        abort(400)
    seen: dict[str, Any] = body["seen"]
    queued = _queued(body.get("entries"))
    in_place = body.get("inplace") is True  # the game's page shows what was sent itself: nothing flashed
    for _attempt in range(3):  # a third phone saving between two of ours: start again from what it stored
        try:
            return _apply(record, game, seen, queued, in_place=in_place)
        except store.ChangedElsewhere:
            record, game = store.load_game(game_id)
    busy = gettext("The game is changing on another phone: sending again shortly.")
    return jsonify({"error": busy, "version": record.version}), 409  # the version stored now


def _apply(
    record: StoredGame,
    game: Game,
    seen: Mapping[str, Any],
    queued: Sequence[Queued],
    *,
    in_place: bool = False,
) -> Response:
    """Each queued entry in turn; stops at the first conflict or refusal, with what is needed to choose.
    An entry this phone's queue stored already (a queue sent again) counts as done, applied once."""
    applied = store.sent_ids(record)  # id → the row's place in the log
    mine = {entry.sent for entry in queued if entry.sent} | {one for entry in queued for one in entry.covers}
    before = seen_of(game, leave_out={place for sent, place in applied.items() if sent in mine})
    others = [
        number for number, mark in enumerate(before["deals"], start=1) if mark != _deal_mark(seen, number)
    ]
    events_changed = before["events"] != seen.get("events")
    done = recorded_events = 0
    written: set[int] = set()  # the deals this batch recorded: the phone's own, no clash with itself
    stop: dict[str, Any] | None = None
    for entry in queued:
        if entry.sent is not None and entry.sent in applied:
            stop = None  # stored when this queue was sent before: done, and not applied again
        elif entry.event is not None:
            game, stop = _one_event(record, game, entry.event, entry.fields, entry.sent)
        else:
            mine_before = entry.number in written or _stored_from(game, applied, entry)
            game, stop = _one(record, game, seen, entry, mine_before=mine_before)
        if stop is not None:
            break
        if entry.sent is not None:
            applied[entry.sent] = -1  # stored now: the same id later in this queue is not applied again
        done += 1
        if entry.event is None:
            written.add(entry.number)
        else:
            recorded_events += 1
    told = [number for number in others if number not in written]
    message = _message(game, len(written), recorded_events, told, events_changed and done > 0)
    sheet = url_for("games.sheet", game_id=record.id)
    answer: dict[str, Any] = {
        "done": done,
        "stop": stop,
        "message": message,
        "others": told,
        "version": record.version,
        "plan": offline_plan(record, game),  # the deals ahead from here, for the phone's next screens
        "url": screens.current_url(record, game) if stop is None else sheet,
    }
    if stop is not None:
        answer["words"] = panel_words()  # the page fetches the panel's script only now: its words too
    if stop is None and message and not in_place:
        flash(message)  # shown once, by the page the phone goes to
    return jsonify(answer)


def _stored_from(game: Game, applied: Mapping[str, int], entry: Queued) -> bool:
    """True when the deal's stored row came from an earlier entry of this phone's that ``entry`` takes
    the place of (its bids, sent on their own before): then it is the phone's own, not a change."""
    if not entry.covers or not 1 <= entry.number <= len(game.entries):
        return False
    place = game.deal_position(entry.number)
    return any(applied.get(one) == place for one in entry.covers)


def _one(
    record: StoredGame, game: Game, seen: Mapping[str, Any], entry: Queued, *, mine_before: bool
) -> tuple[Game, dict[str, Any] | None]:
    """One queued entry: recorded (the game after it, no stop), kept once where both phones entered
    the same, or the stop — a conflict (both versions) or a refusal (the reason, field and seat)."""
    number, phase, fields = entry.number, entry.phase, entry.fields
    engine = game.table.variant.engine
    facts = screens.facts_of(game, number)
    theirs = screens.stored_values(game, number) if number <= len(game.entries) else None
    mark = fingerprint(theirs)
    stop: dict[str, Any] = {"number": number, "theirs": theirs, "mine": None, "theirs_mark": mark}
    try:
        if facts is None:  # the other phone's change ended the game, or the phone went past it
            if game.state.finished:
                raise OutOfTurn("game_over_no_deal", number=number)
            raise OutOfTurn("deal_not_yet", number=number, next=len(game.entries) + 1)
        screen = screen_for(game.table.variant)
        mine = screen.read(fields, game, facts, phase or screen.phase(game, number))
        stop["mine"] = mine = engine.write_entry(engine.read_entry(number, mine))
        # Changed on the other phone since this one saw it (not by this batch): a real conflict,
        # unless both phones entered the very same, which is then kept once.
        if not mine_before and mark != _deal_mark(seen, number):
            if mark == fingerprint(mine):
                return game, None
            return game, {**stop, "kind": "conflict"}
        updated = store.record_deal(record, game, number, mine, sent=entry.sent)  # checked again
    except store.ChangedElsewhere:
        raise
    except RuleViolation as refused:
        return game, {**stop, "kind": "refused", **screens.refusal(refused)}
    changes.remember_change(record, number, theirs)  # undo takes back this phone's last one
    return updated, None


def _one_event(
    record: StoredGame, game: Game, kind: str, fields: MultiDict[str, str], sent: str | None
) -> tuple[Game, dict[str, Any] | None]:
    """One queued table event: recorded where it stands in the queue (after the deals before it), or
    the stop with the engine's refusal, for the scorer to drop it or record it again."""
    try:
        return events.record_posted(record, game, kind, fields, sent=sent), None
    except store.ChangedElsewhere:
        raise
    except RuleViolation as refused:
        stop = {"number": None, "event": kind, "theirs": None, "mine": None, "theirs_mark": None}
        return game, {**stop, "kind": "refused", **screens.refusal(refused)}


# "1 deal sent.", "3 hands sent.": the count's plural form reaches the participle too ("3 donnes envoyées").
_SENT: dict[str, Callable[[int], str]] = {
    "deal": lambda sent: ngettext("%(count)s deal sent.", "%(count)s deals sent.", sent),
    "hand": lambda sent: ngettext("%(count)s hand sent.", "%(count)s hands sent.", sent),
}


def _message(game: Game, sent: int, sent_events: int, others: Sequence[int], events: bool) -> str | None:
    """ "3 deals sent. 1 table event sent. Another phone had corrected deal 2." — or None when nothing
    was sent."""
    if not sent and not sent_events:
        return None
    word = deal_words(game.table.variant.deal_word)
    parts = [_SENT[word.english.singular](sent) % {"count": sent}] if sent else []
    if sent_events:
        parts.append(
            ngettext("%(count)s table event sent.", "%(count)s table events sent.", sent_events)
            % {"count": sent_events}
        )
    said = " ".join(parts)
    if others:
        numbers = ", ".join(str(number) for number in others)
        said += " " + ngettext(
            "Another phone had corrected %(deal)s %(numbers)s.",
            "Another phone had corrected %(deals)s %(numbers)s.",
            len(others),
        ) % {"deal": word.singular, "deals": word.plural, "numbers": numbers}
    if events:
        said += " " + gettext("Another phone had changed the table's events.")
    return said


def panel_words() -> dict[str, str]:
    """The words of the panel where the scorer chooses (static/offline_merge.js); ``{title}`` is the
    deal's title, filled in by the page."""
    return {
        "conflict": gettext(
            "Another phone changed this game while this one was offline. Nothing is lost: here are both."
        ),
        "refused_after": gettext(
            "Checked again on the server, this one was refused, "
            "so it and the ones after it stay here, not sent:"
        ),
        "choose": gettext("changed on both phones: choose below which to keep."),
        "fixing": gettext("Being fixed on its own screen: save it there, and the ones after it are sent."),
        "theirs": gettext("On the server now"),
        "mine": gettext("On this phone, not sent"),
        "not_there": gettext("not entered"),
        "keep_mine": gettext("Keep mine"),
        "keep_theirs": gettext("Keep theirs"),
        "replace_theirs": gettext("Replace what the other phone entered for {title} with this phone's?"),
        "replace_yes": gettext("Yes, replace theirs"),
        "drop_mine": gettext("Drop mine"),
        "drop_question": gettext("Drop what this phone entered for {title}? It cannot be brought back."),
        "drop_yes": gettext("Yes, drop mine"),
        "fix_mine": gettext("Fix mine on its screen"),
        "cancel": gettext("Cancel"),
    }
