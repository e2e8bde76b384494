"""Which phones keep what: a game's edit right, a table, a drive, a club, each kept by a device.

A thing of each kind is kept through a table of its own with the same three columns: the device's
hashed id (``device_hash``; the raw id lives only in the phone's session cookie), the thing's id
and ``since``, when the device took it (the most recently taken is listed first). Taking it again
counts as taking it now. ``Keeping`` holds those statements once for every kind, and every kind
registers itself in ``KINDS``, so that a phone's keep-rights can be listed, forgotten one by one and
carried over all at once to a new phone.

**How long.** A keep-right has no count limit and lasts as long as the thing exists (a game removed
by ``remove-old-games``, a drive or club deleted, takes its rows with it) and the phone keeps its
device id, which its session cookie holds for 400 days from the last time it was renewed
(web/device.py renews it every month of use). The phone forgets one only when asked.

**Carrying over.** A phone asks for a carry-over code (``offer_carry_over``): good once, for
CARRY_OVER_MINUTES. The new phone that enters it (``carry_over``) keeps, from then on, everything
the first phone keeps, with the same ``since``; the first phone keeps it all too until it forgets.
Only the code's SHA-256 is stored, with the giving device's hashed id.

A table's and a club's own link carries a key derived from the thing's id and the app's secret key:
an HMAC, never stored, so that a leaked database opens nothing. Each kind signs under a purpose of
its own, so that a table's key never opens a club of the same id, nor the other way round.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from flask import current_app
from sqlalchemy import Connection, DateTime, String, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Mapped, mapped_column

from . import database
from .database import hash_key, utcnow
from .extensions import db

CARRY_OVER_MINUTES = 15
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # no look-alikes (0/O, 1/I/L, U/V)
CODE_LENGTH = 10  # about 49 bits: typed by hand, good once, for minutes, behind the guessing limits


class CarryOverRecord(db.Model):  # type: ignore[name-defined,misc]
    """A one-time code that gives the next phone to enter it everything the giving phone keeps."""

    __tablename__ = "carry_overs"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    device_hash: Mapped[str] = mapped_column(String(64), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # When a phone used it: kept until it expires, so the next phone is told it was used.
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, default=None)


class Keeping:
    """The devices that keep things of one kind (``kind``: "game", "table", "drive", "club"), through
    ``held`` (its id column ``column``). Each kind registers itself in KINDS."""

    def __init__(self, held: Table, column: str, kind: str) -> None:
        thing = held.c[column]
        device = held.c.device_hash
        self.kind = kind
        self._holds = select(thing).where(device == bindparam("device"), thing == bindparam("thing"))
        self._held = select(thing).where(device == bindparam("device")).order_by(held.c.since.desc())
        self._count = select(func.count()).select_from(held).where(device == bindparam("device"))
        self._release = delete(held).where(device == bindparam("device"), thing == bindparam("thing"))
        self._hold = insert(held).values(
            {device: bindparam("device"), thing: bindparam("thing"), held.c.since: bindparam("now")}
        )
        # Everything one device keeps, kept by another too (with the first one's ``since``, so the
        # lists keep their order), but for what the other keeps already.
        theirs = select(thing).where(device == bindparam("to_device"))
        self._copy = insert(held).from_select(
            [device.name, column, "since"],
            select(bindparam("to_device", type_=String), thing, held.c.since).where(
                device == bindparam("from_device"), thing.not_in(theirs)
            ),
        )
        KINDS[kind] = self

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

    def hold_on(
        self, connection: Connection, device_id: str, thing_id: str, since: datetime | None = None
    ) -> None:
        """In the caller's transaction: the device keeps the thing, taken now (or ``since``)."""
        parameters = {"device": hash_key(device_id), "thing": thing_id, "now": since or utcnow()}
        connection.execute(self._release, parameters)
        connection.execute(self._hold, parameters)

    def count(self, device_id: str | None) -> int:
        """How many things of this kind the device keeps."""
        if device_id is None:
            return 0
        return int(database.connection().execute(self._count, {"device": hash_key(device_id)}).scalar_one())

    def forget(self, device_id: str, thing_id: str) -> bool:
        """The device no longer keeps the thing (the thing itself stays); False if it did not keep it."""
        parameters = {"device": hash_key(device_id), "thing": thing_id}
        with database.transaction() as connection:
            return connection.execute(self._release, parameters).rowcount == 1

    def copy_on(self, connection: Connection, from_hash: str, to_hash: str) -> int:
        """In the caller's transaction: the device hashed ``to_hash`` keeps, besides what it keeps,
        everything of this kind the device hashed ``from_hash`` keeps. How many it took."""
        # Counted, not the insert's rowcount: PostgreSQL's driver reports none for an INSERT … SELECT.
        before = connection.execute(self._count, {"device": to_hash}).scalar_one()
        connection.execute(self._copy, {"from_device": from_hash, "to_device": to_hash})
        return int(connection.execute(self._count, {"device": to_hash}).scalar_one() - before)


KINDS: dict[str, Keeping] = {}
"""Every kind of thing a phone keeps, by kind ("game", "table", "drive", "club"), once its store is
imported (the app imports every store when it starts)."""


def kept_counts(device_id: str | None) -> dict[str, int]:
    """How many things of each kind the device keeps."""
    return {kind: keeping.count(device_id) for kind, keeping in KINDS.items()}


_CODES = CarryOverRecord.__table__
_FORGET_CODES = delete(_CODES).where(
    (_CODES.c.device_hash == bindparam("device")) | (_CODES.c.expires_at <= bindparam("now"))
)
_USE_CODE = (
    update(_CODES)
    .where(
        _CODES.c.code_hash == bindparam("code"),
        _CODES.c.expires_at > bindparam("now"),
        _CODES.c.used_at.is_(None),
        _CODES.c.device_hash != bindparam("to_device"),  # the phone that gave it keeps it for the other
    )
    .values(used_at=bindparam("now"))
    .returning(_CODES.c.device_hash)
)
_CODE_STATE = select(_CODES.c.used_at).where(
    _CODES.c.code_hash == bindparam("code"), _CODES.c.expires_at > bindparam("now")
)


def offer_carry_over(device_id: str) -> str:
    """A new carry-over code for everything the device keeps; its earlier codes stop working."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    now = utcnow()
    device = hash_key(device_id)
    with database.transaction() as connection:
        connection.execute(_FORGET_CODES, {"device": device, "now": now})
        expires = now + timedelta(minutes=CARRY_OVER_MINUTES)
        row = {"code_hash": hash_key(code), "device_hash": device, "expires_at": expires}
        connection.execute(insert(_CODES), [row])
    return code


@dataclass(frozen=True, kw_only=True)
class CarriedOver:
    """What a typed carry-over code did: ``outcome`` "carried" (``taken`` says how many new things of
    each kind this phone keeps now), "used" (the code worked once already), "same" (the phone that
    gave it) or "wrong" (mistyped, or too old)."""

    outcome: Literal["carried", "used", "same", "wrong"]
    taken: dict[str, int]


def carry_over(device_id: str, typed: str) -> CarriedOver:
    """Use a carry-over code: if it is unused and in time, the device keeps everything the giving
    device keeps, in one transaction that also marks the code used (so it works once, even when two
    phones send it at the same moment)."""
    code = normalise_code(typed)
    nothing: dict[str, int] = {}
    if len(code) != CODE_LENGTH:
        return CarriedOver(outcome="wrong", taken=nothing)
    to_hash = hash_key(device_id)
    values = {"code": hash_key(code), "now": utcnow(), "to_device": to_hash}
    with database.transaction() as connection:
        giver = connection.execute(_USE_CODE, values).scalar()
        if giver is None:
            state = connection.execute(_CODE_STATE, values).first()
            if state is None:
                return CarriedOver(outcome="wrong", taken=nothing)
            return CarriedOver(outcome="used" if state.used_at is not None else "same", taken=nothing)
        taken = {kind: keeping.copy_on(connection, giver, to_hash) for kind, keeping in KINDS.items()}
    return CarriedOver(outcome="carried", taken=taken)


def normalise_code(typed: str) -> str:
    """A code as typed, with spaces and dashes dropped and letters in capitals."""
    return "".join(character for character in typed.upper() if character.isalnum())[: CODE_LENGTH + 1]


def shown_code(code: str) -> str:
    """A code as shown to be read out or typed: two groups of five."""
    return f"{code[:5]}-{code[5:]}"


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
