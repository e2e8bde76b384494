"""The OpenAPI schemas and paths of whist drives (RULES.md §10), joined into openapi.py's document."""

from __future__ import annotations

from ...rules.drive import (
    MAX_HANDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIT_OUT_TRICK_CHOICES,
    DriveFormat,
    PrizeRule,
    TieBreak,
    UpDirection,
)
from .openapi_drive_changes import DRIVE_CHANGE_SCHEMAS, Schema, change_paths, drive_errors

PLAYER: Schema = {
    "type": "integer",
    "minimum": 0,
    "description": "a player, by index into the drive's players",
}
TRUMP: Schema = {"type": "string", "enum": ["S", "H", "D", "C", "NT"]}
NULLABLE_INT: Schema = {"type": ["integer", "null"]}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


PRIZE: Schema = {
    "type": "object",
    "description": "A prize: the drive's own (highest, booby, best of each half: name null) or one the "
    "organiser added.",
    "properties": {
        "rule": {"type": "string", "enum": [rule.value for rule in PrizeRule]},
        "name": {"type": ["string", "null"]},
        "place": NULLABLE_INT,
    },
    "required": ["rule", "name", "place"],
}

DRIVE_SCHEMAS: dict[str, Schema] = {
    "NewDrive": {
        "type": "object",
        "description": "A drive's set-up (RULES.md §10): the players' names (or only their number: "
        "'Player 1'…) in entry order, which gives the first seating and the sit-out rotation. "
        "Omitted options take their defaults.",
        "properties": {
            "name": {"type": "string", "maxLength": 80},
            "players": {
                "oneOf": [
                    {
                        "type": "array",
                        "items": {"type": "string"},
                        "minItems": MIN_PLAYERS,
                        "maxItems": MAX_PLAYERS,
                    },
                    {"type": "integer", "minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS},
                ]
            },
            "format": {
                "type": "string",
                "enum": [item.value for item in DriveFormat],
                "default": "progressive",
            },
            "hands": {"type": "integer", "minimum": 1, "maximum": MAX_HANDS, "default": 24},
            "interval_after": {
                "type": ["integer", "null"],
                "minimum": 1,
                "description": "the last hand of the first half; null: no interval",
            },
            "trumps": {"type": "array", "items": TRUMP, "minItems": 1, "default": ["H", "C", "D", "S"]},
            "sit_out_tricks": {"type": "integer", "enum": list(SIT_OUT_TRICK_CHOICES), "default": 7},
            "tie_break": {"type": "string", "enum": [item.value for item in TieBreak]},
            "up_direction": {"type": "string", "enum": [item.value for item in UpDirection]},
            "winners_move": {
                "type": "boolean",
                "default": False,
                "description": "the winners move (lady up, gent down) and the losers stay: a local custom",
            },
            "one_prize_each": {
                "type": "boolean",
                "default": False,
                "description": "a player wins at most one prize, the higher prize first",
            },
        },
        "required": ["name", "players"],
    },
    "DriveHand": {
        "type": "object",
        "description": "A table's hand: the tricks one pair took (the other pair took the rest of 13). "
        "`seen` is what the client saw of this table's hand, as a table's phone sends it: the four players "
        "seated (N, E, S, W) and the North–South tricks already entered (absent or null: none). A change "
        "to the same table's hand since then is refused with 409; another table's hand entered meanwhile "
        "never is. Correcting an entered hand needs `seen.north_south`.",
        "properties": {
            "tricks": {"type": "integer", "minimum": 0, "maximum": 13},
            "pair": {"type": "string", "enum": ["NS", "EW"], "default": "NS", "description": "never null"},
            "seen": {
                "type": "object",
                "properties": {
                    "players": {"type": "array", "items": PLAYER, "minItems": 4, "maxItems": 4},
                    "north_south": {"type": ["integer", "null"], "minimum": 0, "maximum": 13},
                },
            },
        },
        "required": ["tricks"],
        "additionalProperties": False,
    },
    **DRIVE_CHANGE_SCHEMAS,
    "DriveStandings": {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "integer"},
            "status": {"type": "string", "enum": ["in_progress", "finished"]},
            "hands_complete": {"type": "integer"},
            "standings": _array(
                {
                    "type": "object",
                    "properties": {
                        "player": PLAYER,
                        "name": {"type": "string"},
                        "rank": {"type": "integer", "description": "shared by players level: 1, 2, 2, 4"},
                        "tied": {"type": "boolean"},
                        "total": {"type": "integer"},
                        "hands_won": {"type": "integer"},
                        "hands_scored": {"type": "integer"},
                        "left_after": {
                            **NULLABLE_INT,
                            "description": "the last hand of a player who left: their total stays on the "
                            "board, and they take no prize",
                        },
                    },
                }
            ),
            "prizes": _array(
                {
                    **PRIZE,
                    "properties": {
                        **PRIZE["properties"],
                        "winners": {
                            **_array(PLAYER),
                            "description": "empty (and score null) when, with one_prize_each, everyone "
                            "who could take the prize has won a higher one",
                        },
                        "score": NULLABLE_INT,
                        "decided": {"type": "boolean"},
                        "tied": {"type": "boolean"},
                        "withheld": {
                            "type": "boolean",
                            "description": "kept back until the organiser announces it (no winner, no score)",
                        },
                    },
                }
            ),
            "results_withheld": {
                "type": "boolean",
                "description": "every hand is in and the organiser has not announced every prize: the "
                "standings are empty for a reader without the organiser key",
            },
            "announced": {"type": "integer", "description": "how many prizes the prize-giving has revealed"},
            "outlook": {
                **_array(
                    {
                        "type": "object",
                        "properties": {
                            "prize": PRIZE,
                            "contenders": {
                                **_array(PLAYER),
                                "description": "still in reach, best placed first",
                            },
                            "leaders": {
                                **_array(PLAYER),
                                "description": "best placed now (several when level)",
                            },
                            "lead": {**NULLABLE_INT, "description": "how far the leader leads the next"},
                            "reach": {
                                "type": "integer",
                                "description": "how far behind is still realistically in reach with the "
                                "hands "
                                "left (2.5 standard deviations of those hands, never more than 13 a hand)",
                            },
                            "out_of_reach": {"type": "integer"},
                            "hands_left": {"type": "integer"},
                            "clinched": {"type": "boolean"},
                        },
                    }
                ),
                "description": "From the interval on (half-way without one), for each prize not yet decided: "
                "who leads and by how much, and who is still realistically in reach with the hands left. "
                "Only "
                "players present at the last hand count (those present at the interval for the first "
                "half's). "
                "Empty before the interval and once the drive is over.",
            },
        },
        "required": ["id", "version", "status", "standings", "prizes", "outlook"],
    },
    "Drive": {
        "description": "The whole drive, the JSON export: its set-up, every hand at every table so far, "
        "every player's card (a row per hand whose seating is known) and the standings.",
        "allOf": [
            _ref("DriveStandings"),
            {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "players": _array({"type": "string"}),
                    "format": {"type": "string"},
                    "hands": {"type": "integer"},
                    "interval_after": NULLABLE_INT,
                    "trumps": _array(TRUMP),
                    "sit_out_tricks": {"type": "integer"},
                    "tie_break": {"type": "string"},
                    "up_direction": {"type": "string"},
                    "winners_move": {"type": "boolean"},
                    "one_prize_each": {"type": "boolean"},
                    "tables": {"type": "integer"},
                    "table_numbers": {
                        **_array({"type": "integer"}),
                        "description": "the tables playing now: a table that stopped keeps its number unused",
                    },
                    "roles": {
                        **_array({"type": "string", "enum": ["lady", "gent"]}),
                        "description": "each player's role all evening (lady: North or East)",
                    },
                    "roster": {
                        **_array({"type": "object"}),
                        "description": "arrivals, departures, substitutes and tables removed, each from "
                        "a hand",
                    },
                    "hand_in_play": NULLABLE_INT,
                    "hands_played": _array(
                        {
                            "type": "object",
                            "properties": {
                                "number": {"type": "integer"},
                                "trump": TRUMP,
                                "half": {"type": "integer"},
                                "complete": {"type": "boolean"},
                                "sitting_out": _array(PLAYER),
                                "tables": _array(
                                    {
                                        "type": "object",
                                        "properties": {
                                            "table": {"type": "integer"},
                                            "players": {**_array(PLAYER), "description": "N, E, S, W"},
                                            "tricks": {
                                                "type": ["object", "null"],
                                                "properties": {
                                                    "NS": {"type": "integer"},
                                                    "EW": {"type": "integer"},
                                                },
                                            },
                                            "corrected": {"type": "boolean"},
                                            "confirmed": {"type": ["boolean", "null"]},
                                        },
                                    }
                                ),
                            },
                        }
                    ),
                    "cards": _array(
                        {
                            "type": "object",
                            "properties": {
                                "player": PLAYER,
                                "name": {"type": "string"},
                                "rows": _array(
                                    {
                                        "type": "object",
                                        "properties": {
                                            "hand": {"type": "integer"},
                                            "trump": TRUMP,
                                            "table": NULLABLE_INT,
                                            "seat": {
                                                "type": ["string", "null"],
                                                "enum": ["N", "E", "S", "W", None],
                                            },
                                            "partner": NULLABLE_INT,
                                            "opponents": _array(PLAYER),
                                            "sat_out": {"type": "boolean"},
                                            "absent": {
                                                "type": "boolean",
                                                "description": "not there for this hand (arrived "
                                                "later, or gone): no table, tricks or total",
                                            },
                                            "tricks": NULLABLE_INT,
                                            "running_total": NULLABLE_INT,
                                        },
                                    }
                                ),
                            },
                        }
                    ),
                    "edit_token": {"type": "string", "description": "only when the drive is set up"},
                },
            },
        ],
    },
}


def drive_paths(games_read_errors: Schema, games_write_errors: Schema) -> Schema:
    """The drives' paths: set up, read (the JSON export), standings, a table's hand and the evening's
    changes (confirmations, arrivals, departures, a table removed, prizes, the prize-giving)."""
    read_errors, write_errors = drive_errors(games_read_errors, games_write_errors)
    drive_id = {"name": "drive_id", "in": "path", "required": True, "schema": {"type": "string"}}
    whole = {"type": "integer", "minimum": 1}
    hand = {"name": "hand", "in": "path", "required": True, "schema": whole}
    table = {"name": "table", "in": "path", "required": True, "schema": whole}
    if_match = {
        "name": "If-Match",
        "in": "header",
        "required": False,
        "schema": {"type": "string"},
        "description": "the drive's version the change was made from; checked at the write, a stale one "
        "is refused with 409",
    }
    drive = {
        "content": {"application/json": {"schema": _ref("Drive")}},
        "headers": {"ETag": {"schema": {"type": "string"}, "description": "the drive's version"}},
    }

    return {
        "/drives": {
            "post": {
                "operationId": "createDrive",
                "summary": "Set up a whist drive; the answer carries its organiser key as edit_token",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("NewDrive")}},
                },
                "responses": {
                    "201": {
                        "description": "the new drive, with edit_token",
                        "content": drive["content"],
                        "headers": {
                            "Location": {"schema": {"type": "string"}},
                            "ETag": {"schema": {"type": "string"}, "description": "the drive's version: 1"},
                        },
                    },
                    **read_errors,
                },
            }
        },
        "/drives/{drive_id}": {
            "get": {
                "operationId": "readDrive",
                "summary": "The whole drive (the JSON export; ?download=1 answers it as a file). Until the "
                "prize-giving, once the last hand is in, only the organiser key reads the results",
                "parameters": [
                    drive_id,
                    {"name": "download", "in": "query", "required": False, "schema": {"type": "string"}},
                ],
                "responses": {"200": {"description": "the drive", **drive}, "404": read_errors["404"]},
            }
        },
        "/drives/{drive_id}/standings": {
            "get": {
                "operationId": "readDriveStandings",
                "summary": "The leaderboard, the prizes and who can still take each",
                "parameters": [drive_id],
                "responses": {
                    "200": {
                        "description": "the standings",
                        "content": {"application/json": {"schema": _ref("DriveStandings")}},
                    },
                    "404": read_errors["404"],
                },
            }
        },
        "/drives/{drive_id}/hands/{hand}/tables/{table}": {
            "put": {
                "operationId": "recordDriveHand",
                "summary": "Enter a table's hand in play, or correct a hand already entered (later hands are "
                "re-scored; seats already called stand). Needs the organiser key.",
                "parameters": [drive_id, hand, table, if_match],
                "security": [{"editToken": []}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("DriveHand")}},
                },
                "responses": {"200": {"description": "the drive after the change", **drive}, **write_errors},
            }
        },
        **change_paths(drive_id, hand, table, if_match, drive, write_errors),
    }
