"""Undo and redo of the last change, from the phone that made it: a deal or a table event.

The database keeps only a game's inputs. What one undo or redo needs besides
— the inputs of the deal or event before this phone's last change, and the
inputs an undo took away — is kept in this phone's session, one of each, with
the game's version they apply to. A change made since by any phone makes them
stale, and they are then no longer offered: another phone's work is never
overwritten.

Without a last change of this phone to go back on, undo removes the last thing
recorded, deal or table event, as it always did for deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import session

from ...games import store
from ...games.store import StoredGame
from ...rules import Game, RuleViolation, write_event
from ...words import deal_words, gettext, in_sentence
from ..wording import say
from .table_life import KIND_LABELS

LAST_CHANGE = "last_change"
REDO = "redo"
DEAL = "deal"
EVENT = "event"
TRICKS = "tricks"
"""The key under which every engine writes a deal's tricks (``write_entry``); its bids, calls or trump come
under others."""


@dataclass(frozen=True, kw_only=True)
class Step:
    """One undo or redo on offer: the deal or table event it changes (``kind``, its ``number``), the
    inputs it records (None: remove it), and what the button says. ``tail`` is the end of the log to put
    back instead, from its position on, where the change rewrote it (an event recorded while a deal was
    under way dropped or moved what was entered of it)."""

    number: int
    inputs: dict[str, Any] | None
    label: str
    kind: str = DEAL
    tail: dict[str, Any] | None = None


def remember_change(
    record: StoredGame,
    number: int,
    before: dict[str, Any] | None,
    *,
    kind: str = DEAL,
    tail: dict[str, Any] | None = None,
) -> None:
    """Note this phone's change to deal (or table event) ``number``: ``before`` is its inputs until
    now, None if it is new; ``tail`` what it rewrote of the log, to put back (``replaced_tail``)."""
    session[LAST_CHANGE] = {
        "game": record.id,
        "version": record.version,
        "kind": kind,
        "number": number,
        "before": before,
        "tail": tail,
    }
    if session.get(REDO, {}).get("game") == record.id:
        session.pop(REDO)


def remember_event(record: StoredGame, game: Game, updated: Game) -> None:
    """Note this phone's new table event, the last of ``updated``; ``game`` is the game before it."""
    remember_change(record, len(updated.events), None, kind=EVENT, tail=replaced_tail(game, updated))


def replaced_tail(game: Game, updated: Game) -> dict[str, Any] | None:
    """What ``updated`` rewrote of ``game``'s log besides adding to its end, to put back on undo: the
    position it changed from and the items there (a misdeal while a deal was under way dropped its
    bids; a substitute went before it). None when the change only added to the end."""
    if updated.log[:-1] == game.log:
        return None
    before = game.log_data()
    position = next(
        (at for at, (old, new) in enumerate(zip(game.log, updated.log, strict=False)) if old != new),
        len(game.log),
    )
    return {"position": position + 1, "items": before[position:]}


def undo_step(record: StoredGame, game: Game) -> Step | None:
    """What undo would do now: put this phone's last change back, or remove the last thing recorded."""
    last = _kept(LAST_CHANGE, record)
    if last is not None:
        kept = _event_undo(game, last) if last["kind"] == EVENT else _deal_undo(game, last)
        if kept is not None:
            return kept
    if not game.log:
        return None
    if game.last_is_event():
        number = len(game.events)
        label = gettext("Undo the %(event)s") % {"event": _event_kind(game, number)}
        return Step(kind=EVENT, number=number, inputs=None, label=label)
    number = len(game.entries)
    label = gettext("Undo %(deal)s %(number)s") % {"deal": _in_sentence_word(game), "number": number}
    return Step(number=number, inputs=None, label=label)


def redo_step(record: StoredGame, game: Game) -> Step | None:
    """What redo would do now: record again what this phone's last undo took away, if nothing changed."""
    kept = _kept(REDO, record)
    if kept is None:
        return None
    number, inputs = kept["number"], kept["inputs"]
    if kept["kind"] == EVENT:
        count = len(game.events)
        if not 1 <= number <= count + 1 or not isinstance(inputs, dict):
            return None
        what = {"event": in_sentence(KIND_LABELS.get(str(inputs.get("event")), gettext("event")))}
        if number == count + 1:
            label = gettext("Redo the %(event)s") % what
        else:
            label = gettext("Redo the correction of the %(event)s") % what
        return Step(kind=EVENT, number=number, inputs=inputs, label=label)
    if not 1 <= number <= len(game.entries) + 1:
        return None
    values = {"deal": _in_sentence_word(game), "number": number}
    if number == len(game.entries) + 1:
        label = gettext("Redo %(deal)s %(number)s") % values
    else:
        label = gettext("Redo the change to %(deal)s %(number)s") % values
    return Step(number=number, inputs=inputs, label=label)


def undo(record: StoredGame, game: Game) -> tuple[Game, str]:
    """Undo now; the game after, and what was done (ChangedElsewhere if another phone changed it first)."""
    step = undo_step(record, game)
    if step is None:
        raise RuleViolation("undo_nothing", field="number")
    if step.kind == EVENT:
        taken = write_event(game.events[step.number - 1])
        if step.tail is not None:
            restored = game.with_tail(step.tail["position"], step.tail["items"])
            done = gettext("Taken back: %(event)s.") % {"event": _event_text(game, step.number)}
            if restored.deal_under_way() is not None:
                done = gettext("%(done)s What was entered of %(deal)s %(number)s is back.") % {
                    "done": done,
                    "deal": _in_sentence_word(game),
                    "number": len(restored.entries),
                }
            updated = store.replace_log(record, game, restored)
        elif step.inputs is None:
            done = gettext("Taken back: %(event)s.") % {"event": _event_text(game, step.number)}
            updated = store.undo_last(record, game)
        else:
            updated = store.correct_event(record, game, step.number, step.inputs)
            done = gettext("Back as it was: %(event)s.") % {"event": _event_text(updated, step.number)}
    else:
        taken = game.table.variant.engine.write_entry(game.entries[step.number - 1])
        if step.inputs is None:
            updated = store.undo_last(record, game)
            done = gettext("%(Deal)s %(number)s removed.") % {"Deal": _word(game), "number": step.number}
        else:
            updated = store.record_deal(record, game, step.number, step.inputs)
            done = _undone(game, step.number, taken, step.inputs)
    session.pop(LAST_CHANGE, None)
    session[REDO] = {
        "game": record.id,
        "version": record.version,
        "kind": step.kind,
        "number": step.number,
        "inputs": taken,
    }
    return updated, done


def redo(record: StoredGame, game: Game) -> tuple[Game, str]:
    """Redo the last undo now; the game after, and what was done."""
    step = redo_step(record, game)
    if step is None or step.inputs is None:
        raise RuleViolation("redo_nothing", field="number")
    if step.kind == EVENT:
        if step.number > len(game.events):
            updated = store.record_event(record, game, step.inputs)
            remember_event(record, game, updated)
        else:
            before = write_event(game.events[step.number - 1])
            updated = store.correct_event(record, game, step.number, step.inputs)
            remember_change(record, step.number, before, kind=EVENT)
        return updated, gettext("Recorded again: %(event)s.") % {"event": _event_text(updated, step.number)}
    engine = game.table.variant.engine
    replaced = engine.write_entry(game.entries[step.number - 1]) if step.number <= len(game.entries) else None
    updated = store.record_deal(record, game, step.number, step.inputs)
    remember_change(record, step.number, replaced)
    again = gettext("%(Deal)s %(number)s entered again.")
    return updated, again % {"Deal": _word(game), "number": step.number}


def _undone(game: Game, number: int, now: dict[str, Any], before: dict[str, Any]) -> str:
    """What undo says it did to deal ``number`` in putting its inputs ``now`` back to ``before``: the
    tricks taken back (the bids stay), a correction taken back, the bids put back; read from which of
    the entry's inputs go or change, whatever the game."""
    values = {"Deal": _word(game), "deal": _in_sentence_word(game), "number": number}
    gone = {key for key in now if key not in before}
    changed = {key for key in now if key in before and now[key] != before[key]}
    if gone == {TRICKS} and not changed:
        return gettext("%(Deal)s %(number)s's tricks are taken back; its bids stay.") % values
    if TRICKS in now and TRICKS in before:
        return gettext("The correction of %(deal)s %(number)s is taken back.") % values
    if TRICKS not in now and TRICKS not in before:
        return gettext("%(Deal)s %(number)s's bids are back to what they were.") % values
    return gettext("%(Deal)s %(number)s's last change is taken back.") % values


def _deal_undo(game: Game, last: dict[str, Any]) -> Step | None:
    """Undo of this phone's last change to a deal, while that deal is still recorded."""
    number, before = last["number"], last["before"]
    count = len(game.entries)
    if not 1 <= number <= count:
        return None
    values = {"deal": _in_sentence_word(game), "number": number}
    if before is None and number == count and not game.last_is_event():
        return Step(number=number, inputs=None, label=gettext("Undo %(deal)s %(number)s") % values)
    if before is not None:
        if number == count:
            label = gettext("Undo the last change to %(deal)s %(number)s") % values
        else:
            label = gettext("Undo the correction of %(deal)s %(number)s") % values
        return Step(number=number, inputs=before, label=label)
    return None


def _event_undo(game: Game, last: dict[str, Any]) -> Step | None:
    """Undo of this phone's last table event: taking it back, or putting back what it corrected."""
    number, before = last["number"], last["before"]
    count = len(game.events)
    if not 1 <= number <= count:
        return None
    tail = last.get("tail")
    if isinstance(tail, dict) and number == count:
        label = gettext("Undo the %(event)s") % {"event": _event_kind(game, number)}
        return Step(kind=EVENT, number=number, inputs=None, label=label, tail=tail)
    if before is None and number == count and game.last_is_event():
        label = gettext("Undo the %(event)s") % {"event": _event_kind(game, number)}
        return Step(kind=EVENT, number=number, inputs=None, label=label)
    if before is not None:
        return Step(
            kind=EVENT,
            number=number,
            inputs=before,
            label=gettext("Undo the correction of the %(event)s") % {"event": _event_kind(game, number)},
        )
    return None


def _kept(key: str, record: StoredGame) -> dict[str, Any] | None:
    """The session's note under ``key`` when it is about this game as it stands now (a note from
    before table events had kinds is about a deal)."""
    kept = session.get(key)
    if not isinstance(kept, dict) or kept.get("game") != record.id or kept.get("version") != record.version:
        return None
    if not isinstance(kept.get("number"), int):
        return None
    return {**kept, "kind": EVENT if kept.get("kind") == EVENT else DEAL}


def _event_kind(game: Game, number: int) -> str:
    """ "misdeal", "adjustment": table event ``number`` as an undo button names it."""
    return in_sentence(KIND_LABELS[game.events[number - 1].kind])


def _event_text(game: Game, number: int) -> str:
    """The engine's text for table event ``number`` of ``game``, worded for the game."""
    life = game.state.life
    assert life is not None, "a game with a table event has its life"
    return say(life.events[number - 1].text, game.table.variant)


def _word(game: Game) -> str:
    return deal_words(game.table.variant.deal_word).title


def _in_sentence_word(game: Game) -> str:
    """The game's word for a deal inside a sentence ("deal", German "Runde"), as translated."""
    return deal_words(game.table.variant.deal_word).singular
