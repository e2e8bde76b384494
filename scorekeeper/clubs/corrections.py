"""What correcting a deal of a club's game does to the club's records, said before it is saved (issue 38,
RULES.md §9).

A finished game of a club's table may set club records (``rules.club.records_set_by``: its finish
screen says "New club record: …"). Correcting one of its deals can make it set one it did not, or no
longer set one it did. The club's outcomes are its members' summary rows of its finished games
(clubs/outcomes.py); the corrected game's outcome is made the same way, from the rows its summary
would keep (``groups.summaries.summary_rows``), put in place of the stored one, and the records the
game sets compared before and after. Nothing is stored: the preview only reads.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC

from .. import database
from ..games.store import StoredGame
from ..groups.newcomers import players_linked
from ..groups.summaries import summary_rows
from ..rules import Game, Text
from ..rules.club import ClubRecord, Outcome, records_set_by
from . import holdings, outcomes
from .guests import friendlies
from .standings import out_of_ladder

KNOCK_ON = "knock_club_record"
"""The code of a record a correction makes the game set (``set`` True) or no longer set (False)."""


def record_knock_ons(record: StoredGame, before: Game, after: Game) -> tuple[Text, ...]:
    """The club records the game would set after the correction that it does not set now, then those it
    sets now and would no longer set, as texts (``KNOCK_ON``). Empty for a game of no club's table, or
    finished neither before nor after: those cost no query beyond finding the table's club."""
    if record.group_id is None or not (before.state.finished or after.state.finished):
        return ()
    club_id = holdings.club_of_group(record.group_id)
    if club_id is None:
        return ()
    key = f"game:{record.id}"
    stored = outcomes.outcomes(club_id)
    was = next((outcome for outcome in stored if outcome.key == key), None)
    now = _corrected_outcome(club_id, record, after, was)
    corrected = [outcome for outcome in stored if outcome.key != key] + ([now] if now is not None else [])
    guests = out_of_ladder(club_id)
    set_now = records_set_by(stored, key, leave_out=guests)
    set_after = records_set_by(corrected, key, leave_out=guests)
    kept = {_value(item) for item in set_now}
    still = {(item.kind, item.variant) for item in set_after}
    said = [_text(item, set_here=True) for item in set_after if _value(item) not in kept]
    said += [_text(item, set_here=False) for item in set_now if (item.kind, item.variant) not in still]
    return tuple(said)


def _corrected_outcome(club_id: str, record: StoredGame, game: Game, was: Outcome | None) -> Outcome | None:
    """The outcome the corrected ``game`` would have in the club (None: not finished, or on no ladder),
    at the moment and friendliness the stored one has (``was``)."""
    players = players_linked(database.connection(), record.id, game)  # a correction adds no one
    rows = summary_rows(record, game, players)
    if not rows or rows[0]["status"] != outcomes.FINISHED:
        return None
    moment = record.created_at if record.created_at.tzinfo else record.created_at.replace(tzinfo=UTC)
    found = outcomes.game_outcome(
        record.id,
        record.variant,
        outcomes.variant_ladder(record.variant),
        moment if was is None else was.played_at,
        [tuple(row[name] for name in outcomes.MEMBER_COLUMNS) for row in rows],
        outcomes.player_members(club_id),
    )
    friendly = was.friendly if was is not None else f"game:{record.id}" in friendlies(club_id)
    return replace(found, friendly=True) if found is not None and friendly else found


def _value(item: ClubRecord) -> tuple[str, str | None, int]:
    return item.kind, item.variant, item.value


def _text(item: ClubRecord, *, set_here: bool) -> Text:
    return Text(KNOCK_ON, kind=item.kind, variant=item.variant, value=item.value, set=set_here)
