"""A table's roster: its players, added and renamed, and the seats of its games pointing at them.

A roster name passes the engine's one check of a player's name (the same as
at a game's start) and no two players of a table share a name as the engine
compares names ("Ann" and "ANN" are one player): to tell two people called
Ann apart, the table gives them two names ("Ann B.", "Ann K."). A name typed
at a game's start that the roster knows is that player; a new one joins the
roster with the game.

A seat of a table's game keeps its player's name, so the engine, the sheet,
the PDF and the API read it as before; so does a player who joined a game after
it began (an arrival, a substitute: groups/newcomers.py), in the game's log.
Renaming a player renames every seat they sat in and every arrival or
substitute they were, and raises each of those games' versions in the same
transaction: whatever a worker kept of an older version (a replay, a sheet,
a PDF, a summary) is keyed by the version it was made from, and can no
longer be served.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from .. import database
from ..database import hash_key, utcnow
from ..games.models import DealEntryRecord, GameRecord, SeatRecord
from ..rules import InvalidSetup, OutOfTurn, RuleViolation, Text
from ..rules.table import clean_name, same_name_key
from . import access
from .models import GameSummaryRecord, GroupPlayerRecord, NewcomerRecord

_PLAYERS = GroupPlayerRecord.__table__
_SEATS = SeatRecord.__table__
_GAMES = GameRecord.__table__
_SUMMARIES = GameSummaryRecord.__table__
_NEWCOMERS = NewcomerRecord.__table__
_ENTRIES = DealEntryRecord.__table__
JOINING_EVENTS = ("arrival", "substitute")
"""The table events that bring a player into a game by name."""
_ROSTER = (
    select(_PLAYERS.c.id, _PLAYERS.c.name, _PLAYERS.c.name_key)
    .where(_PLAYERS.c.group_id == bindparam("group"))
    .order_by(_PLAYERS.c.id)
)
_SEATED = select(_SEATS.c.player_id).where(_SEATS.c.game_id == bindparam("game")).order_by(_SEATS.c.seat)
_NEWCOMER_IN = select(_NEWCOMERS.c.game_id).where(_NEWCOMERS.c.player_id == bindparam("player"))
_PLAYED_BY = (
    select(_SEATS.c.game_id)
    .where(_SEATS.c.player_id == bindparam("player"))
    .union(_NEWCOMER_IN)
    .scalar_subquery()
)
_RENAME_PLAYER = (
    update(_PLAYERS)
    .where(_PLAYERS.c.id == bindparam("player"), _PLAYERS.c.group_id == bindparam("group"))
    .values(name=bindparam("name"), name_key=bindparam("key"))
)
_RENAME_SEATS = update(_SEATS).where(_SEATS.c.player_id == bindparam("player")).values(name=bindparam("name"))
_RENAME_NEWCOMERS = (
    update(_NEWCOMERS).where(_NEWCOMERS.c.player_id == bindparam("player")).values(name=bindparam("name"))
)
_NEWCOMER_ENTRIES = select(_ENTRIES.c.id, _ENTRIES.c.data).where(_ENTRIES.c.game_id.in_(_NEWCOMER_IN))
_REWRITE_ENTRY = update(_ENTRIES).where(_ENTRIES.c.id == bindparam("entry")).values(data=bindparam("data"))
# A summary holds no name: it stays right, so it moves to the game's new version with it.
_RAISE_VERSIONS = update(_GAMES).where(_GAMES.c.id.in_(_PLAYED_BY)).values(version=_GAMES.c.version + 1)
_RAISE_SUMMARY_VERSIONS = (
    update(_SUMMARIES).where(_SUMMARIES.c.game_id.in_(_PLAYED_BY)).values(version=_SUMMARIES.c.version + 1)
)


class InvalidPlayerName(InvalidSetup):
    """A roster name the table cannot take: blank, too long, unseen characters, or a duplicate."""

    field = "name"


ROSTER_CODES = {
    "name_missing": "roster_name_missing",
    "name_broken": "roster_name_broken",
    "name_unseen": "roster_name_unseen",
}
"""The engine's refusals of a seat's name, as the roster (which has no seats) says them."""


class RosterChanged(OutOfTurn):
    """The roster changed on another phone while a game was being started from it."""

    def __init__(self) -> None:
        super().__init__("roster_changed", field="players")


@dataclass(frozen=True, kw_only=True)
class Player:
    """A player of a table's roster."""

    id: int
    name: str


def roster(group_id: str) -> list[Player]:
    """The table's players, in alphabetical order."""
    rows = database.connection().execute(_ROSTER, {"group": group_id}).all()
    players = [Player(id=row.id, name=row.name) for row in rows]
    return sorted(players, key=lambda player: (same_name_key(player.name), player.id))


def spelled_as_on_roster(group_id: str, typed: str) -> str:
    """A typed name as the roster spells it ("elena" → "Elena"), or as typed when the roster lacks it."""
    key = same_name_key(" ".join(typed.split()))
    for player in roster(group_id):
        if same_name_key(player.name) == key:
            return player.name
    return typed


def seated_players(game_id: str) -> list[int | None]:
    """The roster player in each seat of a game, in seat order (None for a seat without one)."""
    return list(database.connection().execute(_SEATED, {"game": game_id}).scalars())


def roster_name(name: object) -> str:
    """The name as the roster keeps it, checked by the engine's own check of a player's name."""
    try:
        return clean_name(name, 0)
    except InvalidSetup as refused:
        # The engine speaks of a seat ("Player 1 needs a name"); the roster has no seats.
        code = ROSTER_CODES.get(refused.code, refused.code)
        raise InvalidPlayerName.from_text(Text(code, **refused.params)) from refused


def name_key(name: str) -> str:
    """What the roster stores to find a name again: the SHA-256 of the engine's same-name key."""
    return hash_key(same_name_key(name))


def add_player(group_id: str, name: object) -> Player:
    """Add a player to the roster; a blank, too long or already known name is refused, nothing stored."""
    cleaned = roster_name(name)
    key = name_key(cleaned)
    with database.transaction() as connection:
        _refuse_duplicate(connection, group_id, cleaned, key, player_id=None)
        try:
            found = connection.execute(
                insert(_PLAYERS).returning(_PLAYERS.c.id),
                {"group_id": group_id, "name": cleaned, "name_key": key, "created_at": utcnow()},
            ).scalar_one()
        except IntegrityError:  # the same name added at the same moment on another phone
            raise _duplicate(cleaned) from None
    return Player(id=found, name=cleaned)


def rename_player(group_id: str, player_id: int, name: object) -> tuple[Player, int]:
    """Rename a roster player everywhere; how many games changed. Refused names change nothing."""
    cleaned = roster_name(name)
    key = name_key(cleaned)
    parameters = {"group": group_id, "player": player_id, "name": cleaned, "key": key}
    with database.transaction() as connection:
        _refuse_duplicate(connection, group_id, cleaned, key, player_id=player_id)
        try:
            renamed = connection.execute(_RENAME_PLAYER, parameters).rowcount
        except IntegrityError:
            raise _duplicate(cleaned) from None
        if renamed != 1:
            raise RuleViolation("roster_no_such_player", field="name")
        games = connection.execute(_RAISE_VERSIONS, parameters).rowcount
        connection.execute(_RAISE_SUMMARY_VERSIONS, parameters)
        connection.execute(_RENAME_SEATS, parameters)
        _rename_newcomer(connection, parameters)
    return Player(id=player_id, name=cleaned), games


def _rename_newcomer(connection: Connection, parameters: dict[str, Any]) -> None:
    """Rename the player where they joined a game after it began: the links and the events' names.

    Each arrival or substitute of those games that bears one of the player's
    names there (as the engine compares names) is given the new name.
    """
    linked = select(_NEWCOMERS.c.name).where(_NEWCOMERS.c.player_id == bindparam("player"))
    old = {same_name_key(name) for name in connection.execute(linked, parameters).scalars()}
    if not old:
        return
    rewritten = []
    for entry in connection.execute(_NEWCOMER_ENTRIES, parameters):
        data = entry.data
        if data.get("event") in JOINING_EVENTS and same_name_key(str(data.get("name"))) in old:
            rewritten.append({"entry": entry.id, "data": {**data, "name": parameters["name"]}})
    if rewritten:
        connection.execute(_REWRITE_ENTRY, rewritten)
    connection.execute(_RENAME_NEWCOMERS, parameters)


@dataclass(frozen=True, kw_only=True)
class RosterSeating:
    """A new game's seats at a table: each seat's roster player, or a new player for the roster.

    ``names`` are the names as the roster spells them (a new player's as typed,
    cleaned): the game is started with them. store.create_game calls ``place``
    inside its transaction, which adds the new players and checks that nobody
    was renamed in the meantime.
    """

    group_id: str
    names: tuple[str, ...]
    player_ids: tuple[int | None, ...]

    def place(self, connection: Connection, seats: list[dict[str, Any]]) -> None:
        """Give each seat row its player's id, adding the new players to the roster first."""
        known = {row.name_key: row for row in connection.execute(_ROSTER, {"group": self.group_id})}
        now = utcnow()
        for seat, (name, player_id) in enumerate(zip(self.names, self.player_ids, strict=True)):
            key = name_key(name)
            row = known.get(key)
            if player_id is None:
                if row is not None:
                    raise RosterChanged()
                player_id = connection.execute(
                    insert(_PLAYERS).returning(_PLAYERS.c.id),
                    {"group_id": self.group_id, "name": name, "name_key": key, "created_at": now},
                ).scalar_one()
            elif row is None or row.id != player_id or row.name != name:
                raise RosterChanged()
            seats[seat]["player_id"] = player_id


def seating_for_names(group_id: str, typed: Sequence[object]) -> RosterSeating:
    """The seating of names typed at a game's start: known names are the roster's players.

    Raises the engine's refusal for a name it cannot take (as the game's start would).
    """
    by_key = {same_name_key(player.name): player for player in roster(group_id)}
    names: list[str] = []
    ids: list[int | None] = []
    for seat, name in enumerate(typed):
        cleaned = clean_name(name, seat)
        player = by_key.get(same_name_key(cleaned))
        names.append(player.name if player is not None else cleaned)
        ids.append(player.id if player is not None else None)
    return RosterSeating(group_id=group_id, names=tuple(names), player_ids=tuple(ids))


def seating_for_players(group_id: str, player_ids: Sequence[int]) -> RosterSeating:
    """The seating of roster players by id (the same players as another game, in their seats)."""
    players = {player.id: player for player in roster(group_id)}
    missing = [player_id for player_id in player_ids if player_id not in players]
    if missing:
        raise RosterChanged()
    return RosterSeating(
        group_id=group_id,
        names=tuple(players[player_id].name for player_id in player_ids),
        player_ids=tuple(player_ids),
    )


def _refuse_duplicate(
    connection: Connection, group_id: str, name: str, key: str, *, player_id: int | None
) -> None:
    for row in connection.execute(_ROSTER, {"group": group_id}):
        if row.name_key == key and row.id != player_id:
            raise _duplicate(row.name)


def _duplicate(name: str) -> InvalidPlayerName:
    return InvalidPlayerName("roster_name_twice", name=name)


def seating_at_kept_table(
    values: Mapping[str, str], names: Sequence[str], device_id: str | None
) -> RosterSeating | None:
    """The seating of a new game at the table the new-game form chose, or None for a game on its own.

    Refused (RuleViolation) when the phone ``device_id`` does not keep that
    table, or a name is one the engine refuses.
    """
    group_id = (values.get("table") or "").strip()
    if not group_id:
        return None
    group = access.find_group(group_id) if len(group_id) == 32 else None
    if group is None or not access.holds(device_id, group.id):
        raise RuleViolation("table_not_kept", field="table")
    return seating_for_names(group.id, names)
