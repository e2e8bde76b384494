"""Which phones keep what: a game's edit right, a table, a club, each kept by a device.

A thing of each kind is kept through a table of its own with the same three columns: the device's
hashed id (``device_hash``; the raw id lives only in the phone's session cookie), the thing's id
and ``since``, when the device took it (the most recently taken is listed first). Taking it again
counts as taking it now. ``Keeping`` holds those statements once for every kind.

A table's and a club's own link carries a key derived from the thing's id and the app's secret key:
an HMAC, never stored, so that a leaked database opens nothing. Each kind signs under a purpose of
its own, so that a table's key never opens a club of the same id, nor the other way round.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from flask import current_app
from sqlalchemy import Connection, Table, bindparam, delete, insert, select

from . import database
from .database import hash_key, utcnow


class Keeping:
    """The devices that keep things of one kind, through ``held`` (its id column ``column``)."""

    def __init__(self, held: Table, column: str) -> None:
        thing = held.c[column]
        device = held.c.device_hash
        self._holds = select(thing).where(device == bindparam("device"), thing == bindparam("thing"))
        self._held = select(thing).where(device == bindparam("device")).order_by(held.c.since.desc())
        self._release = delete(held).where(device == bindparam("device"), thing == bindparam("thing"))
        self._hold = insert(held).values(
            {device: bindparam("device"), thing: bindparam("thing"), held.c.since: bindparam("now")}
        )

    def holds(self, device_id: str | None, thing_id: str) -> bool:
        """True when the device keeps the thing (never for a device without an id)."""
        if device_id is None:
            return False
        parameters = {"device": hash_key(device_id), "thing": thing_id}
        return database.connection().execute(self._holds, parameters).first() is not None

    def held(self, device_id: str | None) -> list[str]:
        """The ids of everything of this kind the device keeps, the most recently taken first."""
        if device_id is None:
            return []
        return list(database.connection().execute(self._held, {"device": hash_key(device_id)}).scalars())

    def hold(self, device_id: str, thing_id: str) -> None:
        """The device keeps the thing from now on (again: it then counts as taken now)."""
        with database.transaction() as connection:
            self.hold_on(connection, device_id, thing_id)

    def hold_on(self, connection: Connection, device_id: str, thing_id: str) -> None:
        """In the caller's transaction: the device keeps the thing, taken now."""
        parameters = {"device": hash_key(device_id), "thing": thing_id, "now": utcnow()}
        connection.execute(self._release, parameters)
        connection.execute(self._hold, parameters)


def link_key(purpose: str, thing_id: str) -> str:
    """The key of a thing's own link: an HMAC of its id, under the app's secret key and ``purpose``
    (the kind's own words, such as "table link")."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    signed = f"scorekeeper {purpose} {thing_id}".encode()
    digest = hmac.new(secret, signed, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def link_opens(purpose: str, thing_id: str, key: str) -> bool:
    """True when ``key`` is the thing's own link key (compared in constant time)."""
    return hmac.compare_digest(link_key(purpose, thing_id).encode(), key.encode())
