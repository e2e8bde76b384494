"""The OpenAPI 3.1 document of the JSON API, served at /api/v1/openapi.json.

It describes every endpoint, body, response and error, including the deal
bodies of each kind of input (the engine's ``read_entry`` formats), the
table events (``openapi_events.py``), the drives (``openapi_drives.py``) and
the clubs (``openapi_clubs.py``).
"""

from __future__ import annotations

from typing import Any

from ...rules import VARIANTS
from .openapi_clubs import CLUB_SCHEMAS, club_paths
from .openapi_drives import DRIVE_SCHEMAS, drive_paths
from .openapi_events import DEAL_ADDITIONS, EVENT_SCHEMAS, STATE_ADDITIONS, event_paths

Schema = dict[str, Any]

NULLABLE_INT: Schema = {"type": ["integer", "null"]}
PER_SEAT_INTS: Schema = {"type": "array", "items": NULLABLE_INT}
TRUMP: Schema = {"type": "string", "enum": ["S", "H", "D", "C", "NT"]}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _error(description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": _ref("Error")}}}


def _retry_later(description: str) -> Schema:
    seconds = {"description": "seconds to wait before asking again", "schema": {"type": "integer"}}
    return {**_error(description), "headers": {"Retry-After": seconds}}


ERRORS = {
    "400": _error(
        "Malformed JSON (nested too deep, numbers too long, broken text) or a value of the wrong type"
    ),
    "404": _error("No game with this id"),
    "413": _error("The body is too large"),
    "422": _error("The rules refuse the input; nothing was stored"),
    "429": _retry_later(
        "More requests of this kind from this address than any table makes; nothing was stored"
    ),
    "503": _retry_later("The database cannot save right now; nothing was lost"),
}
WRITE_ERRORS = {
    **ERRORS,
    "401": _error("No edit token"),
    "403": _error("An edit token of another game"),
    "409": _error(
        "A stale If-Match version (always this answer, with the version stored now, whatever else the "
        "stale version would have said), a deal that is not open, a deal or event that is not the last "
        "thing recorded, or an abandoned game"
    ),
}

DEAL_BODIES: dict[str, Schema] = {
    "ExactBidsDeal": {
        "description": "Bid-exactly games (Oh Hell family, Nomination, Romanian, custom). Bids alone record "
        "the bidding before play; tricks complete the deal. A seat sitting the deal out has null.",
        "type": "object",
        "properties": {"bids": PER_SEAT_INTS, "tricks": PER_SEAT_INTS, "trump": TRUMP},
        "required": ["bids"],
        "additionalProperties": False,
    },
    "OneontaDeal": {
        "description": "Oneonta Whist: each bid is a positive number of tricks, or a null with a stake "
        "(Edd Allard: a null has no value); doubled where the doubling option allows. "
        "trump JK is a turned Joker.",
        "type": "object",
        "properties": {
            "bids": {
                "type": "array",
                "items": {
                    "oneOf": [
                        {"type": "null"},
                        {"type": "integer", "minimum": 1},
                        {
                            "type": "object",
                            "properties": {
                                "kind": {"type": "string", "enum": ["positive", "null"]},
                                "value": NULLABLE_INT,
                                "doubled": {"type": "boolean"},
                            },
                            "required": ["kind"],
                        },
                    ]
                },
            },
            "tricks": PER_SEAT_INTS,
            "trump": {"type": "string", "enum": ["S", "H", "D", "C", "JK"]},
        },
        "required": ["bids"],
    },
    "PartnershipTricksDeal": {
        "description": "Classic Whist: the tricks (0-13) and, with honours on, the trump honours dealt (0-4) "
        "of one side (side 0 = seats 0 and 2); the other side's follow.",
        "type": "object",
        "properties": {
            "tricks": {"type": "integer", "minimum": 0, "maximum": 13},
            "honours": NULLABLE_INT,
            "side": {"type": "integer", "enum": [0, 1]},
            "trump": TRUMP,
        },
        "required": ["tricks"],
    },
    "BidWhistDeal": {
        "description": "Bid Whist: the auction call by call from the dealer's left ('pass', '4 downtown', "
        "'5 NT', or {level, type}), the winner's declaration (a suit, or uptown/downtown after no trump) and "
        "the bidding side's tricks in play (0-12). A partial auction records an open hand.",
        "type": "object",
        "properties": {
            "auction": {
                "type": "array",
                "items": {
                    "oneOf": [
                        {"type": "string"},
                        {
                            "type": "object",
                            "properties": {
                                "level": {"type": "integer"},
                                "type": {"type": "string", "enum": ["uptown", "downtown", "NT"]},
                            },
                        },
                    ]
                },
            },
            "declaration": {"type": ["string", "null"]},
            "tricks": NULLABLE_INT,
        },
        "required": ["auction"],
    },
    "TwoHandTricksDeal": {
        "description": "German Whist: the stage-two tricks (0-13, or 0-26 with count_all_tricks) "
        "of the player in seat `side`; the other's follow.",
        "type": "object",
        "properties": {
            "tricks": {"type": "integer", "minimum": 0, "maximum": 26},
            "side": {"type": "integer", "enum": [0, 1]},
            "trump": TRUMP,
        },
        "required": ["tricks"],
    },
}

SCHEMAS: dict[str, Schema] = {
    "Error": {
        "type": "object",
        "description": "A refusal. `error` is the sentence for a player (English) and `field` the input "
        "at fault; `code` says which refusal it is, for good, and `params` hold what its sentence "
        "names (players by name, numbers, a nested refusal as {code, params}), so that a client can "
        "word it in its own language.",
        "properties": {
            "error": {"type": "string"},
            "field": {"type": "string"},
            "code": {"type": "string", "examples": ["hook"]},
            "params": {
                "type": "object",
                "examples": [{"player": "Peggy", "dealer": True, "forbidden": 0, "cards": 1}],
            },
            "seat": {"type": "integer", "minimum": 0, "description": "The seat at fault, when one is"},
            "version": {
                "type": "integer",
                "description": "A change sent from a version the game has moved past (a stale If-Match, "
                "or another client's change won the race): the version stored now, also in the ETag. "
                "Nothing was written; read the game again at it.",
            },
        },
        "required": ["error", "code", "params"],
    },
    "Option": {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "label": {"type": "string"},
            "type": {"type": "string", "enum": ["choice", "int", "bool"]},
            "choices": {"type": "array", "items": {"type": "string"}},
            "min": NULLABLE_INT,
            "max": NULLABLE_INT,
            "default": {},
            "default_by_players": {"type": "object"},
            "help": {"type": "string"},
        },
        "required": ["name", "type", "default", "help"],
    },
    "Variant": {
        "type": "object",
        "properties": {
            "code": {"type": "string", "enum": [variant.code for variant in VARIANTS]},
            "name": {"type": "string"},
            "family": {"type": "string"},
            "summary": {"type": "string"},
            "aliases": {"type": "array", "items": {"type": "string"}},
            "players": {
                "type": "object",
                "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
                "required": ["min", "max"],
            },
            "options": {"type": "array", "items": _ref("Option")},
        },
        "required": ["code", "name", "family", "players", "options"],
    },
    "NewGame": {
        "type": "object",
        "properties": {
            "variant": {"type": "string", "description": "a variant code or alias"},
            "players": {
                "type": "array",
                "items": {"type": "string", "maxLength": 30},
                "minItems": 1,
                "maxItems": 8,
            },
            "first_dealer": {"type": "integer", "minimum": 0, "default": 0},
            "options": {
                "type": "object",
                "description": "option name → value; omitted options take defaults",
            },
        },
        "required": ["variant", "players"],
    },
    "NextDeal": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "cards": {"type": "integer"},
            "dealer": {"type": "integer"},
            "sitting_out": {"type": "array", "items": {"type": "integer"}},
            "bidding_order": {"type": "array", "items": {"type": "integer"}},
            "leader": {"type": "integer"},
            "trump": {"type": ["string", "null"], "description": "null: a card is turned and the table says"},
            "hook": {"type": "boolean"},
            "reminders": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["number", "cards", "dealer", "bidding_order", "trump"],
    },
    "Deal": {
        "type": "object",
        "description": "A recorded deal: its facts, the inputs as entered (the fields of the deal body "
        "of the variant's kind) and what they scored. points and totals are per seat, or per team "
        "when the game state has teams; null for a seat sitting the deal out, and null until the deal "
        "is complete.",
        "properties": {
            "number": {"type": "integer"},
            "cards": {"type": "integer"},
            "dealer": {"type": "integer"},
            "trump": {"type": ["string", "null"]},
            "bidding_order": {"type": "array", "items": {"type": "integer"}},
            "bids": {},
            "tricks": {},
            "points": {"type": ["array", "null"], "items": NULLABLE_INT},
            "totals": {"type": ["array", "null"], "items": {"type": "integer"}},
            "complete": {"type": "boolean"},
            **DEAL_ADDITIONS,
        },
        "required": ["number", "cards", "dealer", "trump", "bidding_order", "points", "totals", "complete"],
    },
    "GameState": {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "variant": {"type": "string"},
            "options": {"type": "object"},
            "players": {"type": "array", "items": {"type": "string"}},
            "first_dealer": {"type": "integer"},
            "status": {"type": "string", "enum": ["in_progress", "finished", "abandoned"]},
            "deals": {"type": "array", "items": _ref("Deal")},
            "next": {"oneOf": [_ref("NextDeal"), {"type": "null"}]},
            "deal_count": NULLABLE_INT,
            "totals": {"type": "array", "items": {"type": "integer"}},
            "teams": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
            "winners": {"type": "array", "items": {"type": "integer"}},
            "notes": {"type": "array", "items": {"type": "string"}},
            "settlement": {"type": "array", "items": {"type": "integer"}},
            "version": {"type": "integer"},
            "edit_token": {"type": "string", "description": "only in the answer to POST /games"},
            **STATE_ADDITIONS,
        },
        "required": [
            "id",
            "variant",
            "options",
            "players",
            "status",
            "deals",
            "next",
            "totals",
            "winners",
            "version",
        ],
    },
    **DEAL_BODIES,
    **EVENT_SCHEMAS,
}


def _state_answer(description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": _ref("GameState")}}}


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "the version the change was made from; a stale one is refused with 409",
}


def openapi_document() -> Schema:
    """The whole OpenAPI 3.1 document."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1",
            "description": "Score-keeping and rules refereeing for whist-family card games. "
            "Seats count from 0 clockwise in the order of `players`. Every refusal is a 4xx with "
            '{"error": "a sentence a player understands", "field": "...", "code": "...", "params": {...}} '
            "and nothing stored: `code` and `params` say the same as `error` in data, for clients that "
            "word refusals themselves.",
        },
        "servers": [{"url": "/api/v1"}],
        "components": {
            "schemas": {**SCHEMAS, **DRIVE_SCHEMAS, **CLUB_SCHEMAS},
            "securitySchemes": {"editToken": {"type": "http", "scheme": "bearer"}},
        },
        "paths": {
            "/variants": {
                "get": {
                    "operationId": "listVariants",
                    "summary": "Every variant with its players and options",
                    "responses": {
                        "200": {
                            "description": "the variants",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "properties": {
                                            "variants": {"type": "array", "items": _ref("Variant")}
                                        },
                                        "required": ["variants"],
                                    }
                                }
                            },
                        }
                    },
                }
            },
            "/games": {
                "post": {
                    "operationId": "createGame",
                    "summary": "Start a game; the answer carries its edit_token",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _ref("NewGame")}},
                    },
                    "responses": {
                        "201": {
                            **_state_answer("the new game, with edit_token"),
                            "headers": {"Location": {"schema": {"type": "string"}}},
                        },
                        **ERRORS,
                    },
                }
            },
            "/games/{game_id}": {
                "get": {
                    "operationId": "readGame",
                    "summary": "The game state; anyone with the id may read it",
                    "parameters": [GAME_ID],
                    "responses": {"200": _state_answer("the game state"), "404": ERRORS["404"]},
                }
            },
            "/games/{game_id}/deals/{number}": {
                "put": {
                    "operationId": "recordDeal",
                    "summary": "Enter the current deal or correct an earlier one (later deals are re-scored)",
                    "parameters": [GAME_ID, NUMBER, IF_MATCH],
                    "security": [{"editToken": []}],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {"schema": {"oneOf": [_ref(name) for name in DEAL_BODIES]}}
                        },
                    },
                    "responses": {"200": _state_answer("the new game state"), **WRITE_ERRORS},
                },
                "delete": {
                    "operationId": "undoDeal",
                    "summary": "Remove the last recorded deal (undo); any other number is a 409, and so is "
                    "a deal a table event was recorded after (remove the event first)",
                    "parameters": [GAME_ID, NUMBER, IF_MATCH],
                    "security": [{"editToken": []}],
                    "responses": {"200": _state_answer("the new game state"), **WRITE_ERRORS},
                },
            },
            **event_paths(GAME_ID, NUMBER, IF_MATCH, _state_answer("the new game state"), WRITE_ERRORS),
            **drive_paths(ERRORS, WRITE_ERRORS),
            **club_paths(ERRORS),
        },
    }
