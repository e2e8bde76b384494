"""Who each member of a table's game is on the table's roster, newcomers included.

The players a game starts with are linked to the roster by their seats
(``SeatRecord.player_id``, set when the game starts). A player who joins after
the start — an arrival, a substitute — is recorded in the game's log by name
only; ``NewcomerRecord`` links that name, in its seat, to a roster player.
The link is made when the event is recorded at the table's game (the event's
form offers the roster's names; ``link_members``), by the rule the new-game
form follows: a name the roster knows is that player, a new name joins the
roster. A member still without a link when a summary is built (an event
recorded through the API, a game stored before links existed) is linked the
same way then, so every member of a table's game has a roster player.

Links are inputs: once made they stay, and a rename of the player renames them
with the event (groups/roster.py). A link whose event was taken back is no
longer anyone's: links are looked up by the members the replay finds.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, bindparam, insert, literal_column, select, union_all
from sqlalchemy.exc import IntegrityError

from .. import database
from ..database import utcnow
from ..games.models import SeatRecord
from ..games.store import StoredGame
from ..rules import Game
from ..rules.table import same_name_key
from .members import Member, members, seated_at_end
from .models import GroupPlayerRecord, NewcomerRecord
from .roster import RosterSeating, name_key, seating_for_names, seating_for_players

_SEATS = SeatRecord.__table__
_NEWCOMERS = NewcomerRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
# The starting seats' players first, then the newcomers' links, in one statement.
_LINKS = union_all(
    select(_SEATS.c.seat, _SEATS.c.name, _SEATS.c.player_id, literal_column("0").label("newcomer")).where(
        _SEATS.c.game_id == bindparam("game"), _SEATS.c.player_id.is_not(None)
    ),
    select(
        _NEWCOMERS.c.seat, _NEWCOMERS.c.name, _NEWCOMERS.c.player_id, literal_column("1").label("newcomer")
    ).where(_NEWCOMERS.c.game_id == bindparam("game")),
).order_by("newcomer")
_ROSTER_KEYS = select(_PLAYERS.c.id, _PLAYERS.c.name).where(_PLAYERS.c.group_id == bindparam("group"))
_ADD_PLAYER = insert(_PLAYERS).returning(_PLAYERS.c.id)
_ADD_LINK = insert(_NEWCOMERS)

Linked = dict[tuple[int, str], int]
"""Roster players by (seat, the engine's same-name key), as ``Member.key`` finds them."""


def linked(connection: Connection, game_id: str) -> Linked:
    """The roster player of every seat's starting player and of every newcomer linked so far."""
    found: Linked = {}
    for row in connection.execute(_LINKS, {"game": game_id}):
        found.setdefault((row.seat, same_name_key(row.name)), row.player_id)
    return found


def players_linked(connection: Connection, game_id: str, game: Game) -> tuple[int | None, ...]:
    """Each member's roster player as linked now (None for a member not linked yet); reads only."""
    found = linked(connection, game_id)
    return tuple(found.get(member.key) for member in members(game.state))


def link_members(record: StoredGame, game: Game) -> tuple[int | None, ...]:
    """Each member's roster player, linking those not linked yet (their own transaction).

    A name the roster knows is that player; a new name joins the roster. A game
    played on its own (no table) links nobody: every member gets None.
    """
    people = members(game.state)
    if record.group_id is None:
        return tuple(None for _ in people)
    found = players_linked(database.connection(), record.id, game)
    if all(player is not None for player in found):
        return found
    try:
        return _link(record.group_id, record.id, people)
    except IntegrityError:
        # Another request linked the same member or added the same name at the same moment.
        return _link(record.group_id, record.id, people)


def _link(group_id: str, game_id: str, people: Sequence[Member]) -> tuple[int | None, ...]:
    with database.transaction() as connection:
        found = linked(connection, game_id)
        roster = {
            same_name_key(row.name): row.id for row in connection.execute(_ROSTER_KEYS, {"group": group_id})
        }
        players: list[int | None] = []
        for member in people:
            player = found.get(member.key)
            if player is None:
                key = same_name_key(member.name)
                player = roster.get(key)
                if player is None:
                    row = {"group_id": group_id, "name": member.name, "name_key": name_key(member.name)}
                    player = connection.execute(_ADD_PLAYER, {**row, "created_at": utcnow()}).scalar_one()
                    roster[key] = player
                link = {"game_id": game_id, "seat": member.seat, "name": member.name, "player_id": player}
                connection.execute(_ADD_LINK, link)
                found[member.key] = player
            players.append(player)
    return tuple(players)


def seating_at_end(record: StoredGame, game: Game) -> RosterSeating:
    """The seating of the table's next game with the same people: those at the table when this one
    ended, in the order they sat (clockwise), as the roster's players — newcomers included, those who
    left not."""
    players = link_members(record, game)
    seats = seated_at_end(game.state)
    group_id = record.group_id or ""
    chosen = [players[seat] for seat in seats]
    if all(player is not None for player in chosen):
        return seating_for_players(group_id, [player for player in chosen if player is not None])
    return seating_for_names(group_id, [game.state.players[seat] for seat in seats])
