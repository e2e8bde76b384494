"""Undo and redo of the last change, from the phone that made it.

The database keeps only a game's inputs. What one undo or redo needs besides
— the deal's inputs before this phone's last change, and the inputs an undo
took away — is kept in this phone's session, one of each, with the game's
version they apply to. A change made since by any phone makes them stale, and
they are then no longer offered: another phone's work is never overwritten.

Without a last change of this phone to go back on, undo removes the game's
last deal, as it always did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import session

from .. import store
from ..rules import Game, RuleViolation
from ..store import StoredGame

LAST_CHANGE = "last_change"
REDO = "redo"


@dataclass(frozen=True, kw_only=True)
class Step:
    """One undo or redo on offer: the deal it changes, the inputs it records (None: remove the deal)."""

    number: int
    inputs: dict[str, Any] | None
    label: str


def remember_change(record: StoredGame, number: int, before: dict[str, Any] | None) -> None:
    """Note this phone's change to deal ``number`` (``before``: its inputs until now, None if new)."""
    session[LAST_CHANGE] = {"game": record.id, "version": record.version, "number": number, "before": before}
    if session.get(REDO, {}).get("game") == record.id:
        session.pop(REDO)


def undo_step(record: StoredGame, game: Game) -> Step | None:
    """What undo would do now: put this phone's last change back, or remove the last deal."""
    word = game.table.variant.deal_word.singular
    last = _kept(LAST_CHANGE, record)
    if last is not None and 1 <= last["number"] <= len(game.entries):
        number, before = last["number"], last["before"]
        if before is None and number == len(game.entries):
            return Step(number=number, inputs=None, label=f"Undo {word} {number}")
        if before is not None:
            what = "the last change to" if number == len(game.entries) else "the correction of"
            return Step(number=number, inputs=before, label=f"Undo {what} {word} {number}")
    if not game.entries or game.last_is_event():
        # A table event recorded last is taken back on the events' own pages, not as a deal.
        return None
    number = len(game.entries)
    return Step(number=number, inputs=None, label=f"Undo {word} {number}")


def redo_step(record: StoredGame, game: Game) -> Step | None:
    """What redo would do now: record again what this phone's last undo took away, if nothing changed."""
    kept = _kept(REDO, record)
    if kept is None or not 1 <= kept["number"] <= len(game.entries) + 1:
        return None
    number = kept["number"]
    word = game.table.variant.deal_word.singular
    what = f"{word} {number}" if number == len(game.entries) + 1 else f"the change to {word} {number}"
    return Step(number=number, inputs=kept["inputs"], label=f"Redo {what}")


def undo(record: StoredGame, game: Game) -> tuple[Game, str]:
    """Undo now; the game after, and what was done (ChangedElsewhere if another phone changed it first)."""
    step = undo_step(record, game)
    if step is None:
        raise RuleViolation("undo_nothing", field="number")
    engine = game.table.variant.engine
    taken = engine.write_entry(game.entries[step.number - 1])
    if step.inputs is None:
        updated = store.undo_last(record, game)
        done = f"{_word(game)} {step.number} removed."
    else:
        updated = store.record_deal(record, game, step.number, step.inputs)
        done = f"{_word(game)} {step.number} is back as it was."
    session.pop(LAST_CHANGE, None)
    session[REDO] = {"game": record.id, "version": record.version, "number": step.number, "inputs": taken}
    return updated, done


def redo(record: StoredGame, game: Game) -> tuple[Game, str]:
    """Redo the last undo now; the game after, and what was done."""
    step = redo_step(record, game)
    if step is None or step.inputs is None:
        raise RuleViolation("redo_nothing", field="number")
    engine = game.table.variant.engine
    before = engine.write_entry(game.entries[step.number - 1]) if step.number <= len(game.entries) else None
    updated = store.record_deal(record, game, step.number, step.inputs)
    remember_change(record, step.number, before)
    return updated, f"{_word(game)} {step.number} entered again."


def _kept(key: str, record: StoredGame) -> dict[str, Any] | None:
    """The session's note under ``key`` when it is about this game as it stands now."""
    kept = session.get(key)
    if not isinstance(kept, dict) or kept.get("game") != record.id or kept.get("version") != record.version:
        return None
    if not isinstance(kept.get("number"), int):
        return None
    return kept


def _word(game: Game) -> str:
    return game.table.variant.deal_word.title
