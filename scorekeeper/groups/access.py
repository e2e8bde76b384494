"""Tables and who may change them: the read-only link, the table's own link, the phones that keep it.

A table's id (128 random bits) is its read-only link: whoever has it may read
the history and the statistics, as anyone with a game's id may read the game.
The table's own link adds a key derived from the id and the app's secret key
(an HMAC, never stored, so a leaked database gives nobody a table): opening it
makes the phone keep the table, as starting a game makes the phone keep the
game (holders.py). A phone that keeps a table may start its games, change its
roster and import into it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, insert, select

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..keeping import Keeping, link_key, link_opens
from ..rules import RuleViolation
from ..rules.table import unseen_character
from .models import DeviceGroupRecord, GroupRecord

TABLE_NAME_MAX_LENGTH = 60

_GROUPS = GroupRecord.__table__
_HELD = DeviceGroupRecord.__table__
_GROUP_ROW = select(_GROUPS.c.id, _GROUPS.c.name, _GROUPS.c.created_at).where(
    _GROUPS.c.id == bindparam("group")
)
_HELD_GROUPS = (
    select(_GROUPS.c.id, _GROUPS.c.name, _GROUPS.c.created_at)
    .join(_HELD, _HELD.c.group_id == _GROUPS.c.id)
    .where(_HELD.c.device_hash == bindparam("device"))
    .order_by(_HELD.c.since.desc())
)
KEEPING = Keeping(_HELD, "group_id", "table")


class InvalidTableName(RuleViolation):
    """A table name that is blank or too long."""

    field = "name"


@dataclass(frozen=True, kw_only=True)
class Group:
    """A table as stored: its id (the read-only link), name and when it was started."""

    id: str
    name: str
    created_at: datetime


def clean_table_name(name: object) -> str:
    """The name as stored, its spaces made single; refused when blank, too long, or holding a
    character that cannot be seen (the rule every typed name is checked by)."""
    cleaned = " ".join(name.split()) if isinstance(name, str) else ""
    if not cleaned:
        raise InvalidTableName("table_name_missing")
    if (character := unseen_character(cleaned)) is not None:
        raise InvalidTableName("table_name_unseen", character=character)
    if len(cleaned) > TABLE_NAME_MAX_LENGTH:
        raise InvalidTableName(
            "table_name_too_long", start=cleaned[:TABLE_NAME_MAX_LENGTH], most=TABLE_NAME_MAX_LENGTH
        )
    return cleaned


def create_group(name: object, *, holder: str, created_at: datetime | None = None) -> Group:
    """Start a table that the device ``holder`` keeps; refused (nothing stored) for a bad name."""
    group = Group(id=new_game_id(), name=clean_table_name(name), created_at=created_at or utcnow())
    with database.transaction() as connection:
        connection.execute(insert(_GROUPS), [vars(group)])
        KEEPING.hold_on(connection, holder, group.id)
    return group


def find_group(group_id: str) -> Group | None:
    """The stored table, if there is one."""
    row = database.connection().execute(_GROUP_ROW, {"group": group_id}).first()
    return None if row is None else Group(**row._asdict())


def holds(device_id: str | None, group_id: str) -> bool:
    """True when the device keeps the table."""
    return KEEPING.holds(device_id, group_id)


def groups_held(device_id: str | None) -> list[Group]:
    """Every table the device keeps, the most recently taken first."""
    if device_id is None:
        return []
    rows = database.connection().execute(_HELD_GROUPS, {"device": hash_key(device_id)}).all()
    return [Group(**row._asdict()) for row in rows]


def hold(device_id: str, group_id: str) -> None:
    """The device keeps the table from now on (again: it then counts as taken now)."""
    KEEPING.hold(device_id, group_id)


def join_key(group_id: str) -> str:
    """The key of the table's own link: an HMAC of its id under the app's secret key."""
    return link_key("table link", group_id)


def key_opens(group_id: str, key: str) -> bool:
    """True when ``key`` is the table's own link key (compared in constant time)."""
    return link_opens("table link", group_id, key)
