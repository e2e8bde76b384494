"""The OpenAPI schemas and paths of a drive's changes through the evening (RULES.md §10): a table's own
result confirmed, arrivals, departures, a table removed, the organiser's prizes and the prize-giving;
and the error answers worded for drives. Joined into openapi_drives.py's part of the document."""

from __future__ import annotations

from typing import Any

from ...rules.drive import PrizeRule

Schema = dict[str, Any]

PLAYER: Schema = {
    "type": "integer",
    "minimum": 0,
    "description": "a player, by index into the drive's players",
}
START: Schema = {"type": "string", "enum": ["zero", "lowest"], "default": "zero"}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


DRIVE_CHANGE_SCHEMAS: dict[str, Schema] = {
    "DriveConfirmation": {
        "type": "object",
        "description": "A player of the pair the tricks were not entered for confirms a table's own result "
        "(as on the table's phone); `seen` as for a hand.",
        "properties": {"player": PLAYER, "seen": {"type": "object"}},
        "required": ["player"],
        "additionalProperties": False,
    },
    "DriveArrival": {
        "type": "object",
        "description": "A late player, from the next move (at 'move now', the hand just called): they "
        "sit out "
        "until two ladies and two gents wait, who make a new table. `role`: the role they play all evening "
        "(absent: the one that makes a table sooner). `start`: their total starts at 0 or at the lowest "
        "total "
        "of those who have played every hand. A partner drive takes a late pair: `name` plays North or East, "
        "`partner_name` the seat opposite.",
        "properties": {
            "name": {"type": "string", "maxLength": 30},
            "role": {"type": "string", "enum": ["lady", "gent"]},
            "start": {"type": "string", "enum": ["zero", "lowest"], "default": "zero"},
            "partner_name": {"type": "string", "maxLength": 30},
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    "DriveDeparture": {
        "type": "object",
        "description": "A player leaving, from the next move; their scores stay theirs and they take no "
        "prize. "
        "A sitter-out of their role takes the seat, else their table stops and its players sit out; a "
        "`substitute` (a new player's name) takes over their place, role and partner instead. In a "
        "partner drive, without a substitute, the pair leaves.",
        "properties": {
            "player": PLAYER,
            "substitute": {"type": "string", "maxLength": 30},
            "start": {"type": "string", "enum": ["zero", "lowest"], "default": "zero"},
        },
        "required": ["player"],
        "additionalProperties": False,
    },
    "DrivePrizes": {
        "type": "object",
        "description": "The organiser's own prizes, replacing those added before (the drive's own stay).",
        "properties": {
            "prizes": _array(
                {
                    "type": "object",
                    "properties": {
                        "rule": {"type": "string", "enum": [rule.value for rule in PrizeRule]},
                        "name": {"type": "string", "maxLength": 40},
                        "place": {"type": "integer", "minimum": 1, "description": "for rule 'place'"},
                        "player": {**PLAYER, "description": "for rule 'chosen': the organiser's own award"},
                    },
                    "required": ["rule", "name"],
                    "additionalProperties": False,
                }
            )
        },
        "required": ["prizes"],
        "additionalProperties": False,
    },
    "DriveAnnouncement": {
        "type": "object",
        "description": "The prize-giving: how many prizes are revealed, booby first, or 'all' (the standings "
        "too). Until every prize is revealed, once the last hand is in, a reader without the organiser key "
        "gets no final standings, no prize not yet revealed, no running total and no tricks of the last "
        "hand.",
        "properties": {"shown": {"oneOf": [{"type": "integer", "minimum": 0}, {"const": "all"}]}},
        "required": ["shown"],
        "additionalProperties": False,
    },
}


def _error(description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": _ref("Error")}}}


def drive_errors(read_errors: Schema, write_errors: Schema) -> tuple[Schema, Schema]:
    """The games' error answers, worded for drives (a drive's id, its organiser key, its version)."""
    read = {**read_errors, "404": _error("There is no drive with this id")}
    write = {
        **write_errors,
        "404": read["404"],
        "401": _error("No organiser key: Authorization: Bearer {edit_token}"),
        "403": _error("The organiser key of another drive"),
        "409": _error(
            "A stale If-Match version (checked in the write's own transaction: of several changes from one "
            "version one goes on, the others are answered with the version that won), or a change to this "
            "table's hand since what `seen` says"
        ),
        "422": _error(
            "A bad value, named by `field` (an unknown field too), whatever the version; or a change the "
            "rules "
            "refuse. Nothing was stored"
        ),
    }
    return read, write


def change_paths(
    drive_id: Schema, hand: Schema, table: Schema, if_match: Schema, drive: Schema, write_errors: Schema
) -> Schema:
    """The paths of the evening's changes, each answered with the drive after it."""

    def change(operation: str, summary: str, body: str | None, *, created: bool = False) -> Schema:
        answer = "201" if created else "200"
        described: Schema = {
            "operationId": operation,
            "summary": summary,
            "parameters": [drive_id, if_match],
            "security": [{"editToken": []}],
            "responses": {answer: {"description": "the drive after the change", **drive}, **write_errors},
        }
        if body is not None:
            described["requestBody"] = {
                "required": True,
                "content": {"application/json": {"schema": _ref(body)}},
            }
        return described

    confirmation = change(
        "confirmDriveHand", "A player of the other pair confirms a table's own result", "DriveConfirmation"
    )
    confirmation["parameters"] = [drive_id, hand, table, if_match]
    removal = change("removeDriveTable", "Table N stops from the next move: its players sit out", None)
    removal["parameters"] = [drive_id, table, if_match]
    confirmation = change(
        "confirmDriveHand", "A player of the other pair confirms a table's own result", "DriveConfirmation"
    )
    confirmation["parameters"] = [drive_id, hand, table, if_match]
    removal = change("removeDriveTable", "Table N stops from the next move: its players sit out", None)
    removal["parameters"] = [drive_id, table, if_match]
    return {
        "/drives/{drive_id}/hands/{hand}/tables/{table}/confirmation": {"post": confirmation},
        "/drives/{drive_id}/arrivals": {
            "post": change(
                "addDrivePlayer",
                "A late player (a late pair in a partner drive)",
                "DriveArrival",
                created=True,
            )
        },
        "/drives/{drive_id}/departures": {
            "post": change(
                "removeDrivePlayer",
                "A player leaves (a substitute may take over)",
                "DriveDeparture",
                created=True,
            )
        },
        "/drives/{drive_id}/tables/{table}": {"delete": removal},
        "/drives/{drive_id}/prizes": {
            "put": change("setDrivePrizes", "The organiser's own prizes", "DrivePrizes")
        },
        "/drives/{drive_id}/announcement": {
            "post": change(
                "announceDrivePrizes", "The prize-giving: how many prizes are revealed", "DriveAnnouncement"
            )
        },
    }
