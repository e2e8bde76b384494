"""Which devices may change which games, and the one-time codes that hand a game over.

A device (a phone's browser) is known by a random id in its session cookie;
the database keeps only the id's SHA-256. A device holds a game's edit right
from the moment it starts, imports or takes over the game until the game is
deleted: nothing is forgotten to make room.

A hand-over code lets the scorer give the right to another phone: short
enough to type (10 characters from an alphabet without look-alikes, about
49 bits), good once, and for HANDOVER_MINUTES. Only its SHA-256 is stored.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Literal

from sqlalchemy import bindparam, delete, insert, select, update

from .. import database
from ..database import hash_key, utcnow
from ..keeping import Keeping
from .models import DeviceGameRecord, HandoverRecord

HANDOVER_MINUTES = 15
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 10

_HELD = DeviceGameRecord.__table__
_CODES = HandoverRecord.__table__
KEEPING = Keeping(_HELD, "game_id", "game")
_USE_CODE = (
    update(_CODES)
    .where(
        _CODES.c.code_hash == bindparam("code"),
        _CODES.c.game_id == bindparam("game"),
        _CODES.c.expires_at > bindparam("now"),
        _CODES.c.used_at.is_(None),
    )
    .values(used_at=bindparam("now"))
)
_CODE_USED = select(_CODES.c.used_at).where(
    _CODES.c.code_hash == bindparam("code"),
    _CODES.c.game_id == bindparam("game"),
    _CODES.c.expires_at > bindparam("now"),
)
_FORGET_CODES = delete(_CODES).where(
    (_CODES.c.game_id == bindparam("game")) | (_CODES.c.expires_at <= bindparam("now"))
)
_ADD_CODE = insert(_CODES).values(
    code_hash=bindparam("code"), game_id=bindparam("game"), expires_at=bindparam("expires")
)


def new_device_id() -> str:
    """A random device id for a session cookie (192 bits)."""
    return secrets.token_urlsafe(24)


def holds(device_id: str, game_id: str) -> bool:
    """True when the device holds the game's edit right."""
    return KEEPING.holds(device_id, game_id)


def games_held(device_id: str) -> list[str]:
    """The ids of every game the device holds, the most recently taken first."""
    return KEEPING.held(device_id)


def hold(device_id: str, game_id: str) -> None:
    """Give the device the game's edit right (again: it then counts as taken now)."""
    KEEPING.hold(device_id, game_id)


def offer(game_id: str) -> str:
    """A new hand-over code for the game; the game's earlier codes stop working."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    now = utcnow()
    with database.transaction() as connection:
        connection.execute(_FORGET_CODES, {"game": game_id, "now": now})
        connection.execute(
            _ADD_CODE,
            {"code": hash_key(code), "game": game_id, "expires": now + timedelta(minutes=HANDOVER_MINUTES)},
        )
    return code


Redeemed = Literal["joined", "used", "wrong"]
"""What a typed code did: gave the phone the game, had been used already, or is no code of the
game's (mistyped, or too old)."""


def redeem(device_id: str, game_id: str, typed: str) -> Redeemed:
    """Use a hand-over code: if it is the game's, unused and in time, the device holds the game.

    The code is marked used in the same transaction that gives the right, so it
    works once even when two phones send it at the same moment; a code used
    already says so until it expires.
    """
    code = normalise_code(typed)
    if len(code) != CODE_LENGTH:
        return "wrong"
    values = {"code": hash_key(code), "game": game_id, "now": utcnow()}
    with database.transaction() as connection:
        if connection.execute(_USE_CODE, values).rowcount != 1:
            return "used" if connection.execute(_CODE_USED, values).first() is not None else "wrong"
        KEEPING.hold_on(connection, device_id, game_id)
    return "joined"


def normalise_code(typed: str) -> str:
    """A code as typed, with spaces and dashes dropped and letters in capitals."""
    return "".join(character for character in typed.upper() if character.isalnum())[: CODE_LENGTH + 1]


def shown_code(code: str) -> str:
    """A code as shown to be read out or typed: two groups of five."""
    return f"{code[:5]}-{code[5:]}"
