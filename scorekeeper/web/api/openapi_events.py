"""The OpenAPI schemas and paths of table events (RULES.md §9), joined into openapi.py's document.

An event body names its kind under ``event``; the engine's ``read_event``
reads exactly these shapes.
"""

from __future__ import annotations

from typing import Any

from ...rules import EVENT_KINDS, REVOKE_PENALTIES

Schema = dict[str, Any]

SEAT: Schema = {"type": "integer", "minimum": 0, "description": "a seat number (seats count from 0)"}
POINTS: Schema = {"type": "integer", "minimum": -10000, "maximum": 10000}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _body(kind: str, description: str, properties: Schema, required: tuple[str, ...] = ()) -> Schema:
    return {
        "description": description,
        "type": "object",
        "properties": {"event": {"type": "string", "const": kind}, **properties},
        "required": ["event", *required],
        "additionalProperties": False,
    }


EVENT_BODIES: dict[str, Schema] = {
    "MisdealEvent": _body(
        "misdeal",
        "The next deal was misdealt and is dealt again; nothing is scored. The same dealer deals again, "
        "except where the variant's laws pass the deal on (Classic Whist's misdeal_loses_deal). "
        "Recorded while a deal is under way (found after the bids), that deal was misdealt: what was "
        "entered of it is dropped. Every other event but a substitute and stopping waits for the deal "
        "under way (event_deal_under_way).",
        {},
    ),
    "RevokeEvent": _body(
        "revoke",
        "A revoke found after the deal just recorded, recorded right after it; seats are the players "
        "who revoked. It costs what the game's laws say: in Classic Whist the other side's choice "
        "(penalty: 'tricks', three tricks from the revoking side, the default; or 'points', 3 points "
        "added to its own score), and either way the revoking side cannot reach the target on that "
        "deal; books in Bid Whist (renege_penalty); otherwise the revoke option: revoke_penalty points, "
        "or dealt again. Both sides revoking, the deal is void and the same dealer deals again. penalty "
        "is refused (event_revoke_penalty_not_offered) where the laws give no choice.",
        {
            "seats": {"type": "array", "items": SEAT, "minItems": 1, "uniqueItems": True},
            "penalty": {"type": "string", "enum": list(REVOKE_PENALTIES)},
        },
        ("seats",),
    ),
    "ArrivalEvent": _body(
        "arrival",
        "A player joins between deals at the left of seat left_of and takes the next seat number. "
        "start: a starting total, or 'lowest' (the lowest total of the players seated then) or "
        "'average' (theirs, rounded down); default 0. A player who left and comes back arrives anew. "
        "Deals to come are re-planned afresh from the variant's own sequence for the players seated.",
        {
            "name": {"type": "string", "minLength": 1, "maxLength": 30},
            "left_of": SEAT,
            "start": {"oneOf": [POINTS, {"type": "string", "enum": ["lowest", "average"]}]},
        },
        ("name", "left_of"),
    ),
    "DepartureEvent": _body(
        "departure",
        "The player in seat leaves after the deal just recorded; their total is kept, final, with their "
        "place in the standings, and no later event names them. Refused where the variant cannot go "
        "on without them (a substitute can take the seat instead).",
        {"seat": SEAT},
        ("seat",),
    ),
    "SubstituteEvent": _body(
        "substitute",
        "name takes over seat from the next deal on; the seat keeps its total and both names are kept. "
        "While a deal is under way (its bids entered, not its tricks), name takes over for that deal, "
        "whose entries stay: the event is recorded before it.",
        {"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 30}},
        ("seat", "name"),
    ),
    "SitOutEvent": _body(
        "sit_out",
        "The player in seat sits the next deal out (games where each player bids; at least 3 still "
        "play). A dealer who sits out still deals.",
        {"seat": SEAT},
        ("seat",),
    ),
    "AdjustmentEvent": _body(
        "adjustment",
        "points (not 0) added to or taken from one side's total: side indexes totals (a seat, or a team "
        "where the state has teams). reason is the table's own words. It counts at once but never ends "
        "the game by itself: a target is judged at the end of a deal.",
        {"side": SEAT, "points": POINTS, "reason": {"type": "string", "minLength": 1, "maxLength": 80}},
        ("side", "points", "reason"),
    ),
    "StopEvent": _body(
        "stop",
        "The game stops after the last complete deal: the standings then are final under the "
        "variant's own winner rule (games to a target rank by totals, no one having reached it). "
        "While a deal is under way, what was entered of it is dropped, unscored.",
        {},
    ),
}

PLAN_CHANGE: Schema = {
    "type": "object",
    "description": "How the deals to come were re-planned for a new number of players: the cards each "
    "player gets in each remaining deal, before and after.",
    "properties": {
        "first_deal": {"type": "integer"},
        "players": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "before": {"type": "array", "items": {"type": "integer"}},
        "after": {"type": "array", "items": {"type": "integer"}},
    },
    "required": ["first_deal", "players", "before", "after"],
}

EVENT_SCHEMAS: dict[str, Schema] = {
    **EVENT_BODIES,
    "TableEvent": {
        "oneOf": [_ref(name) for name in EVENT_BODIES],
        "discriminator": {"propertyName": "event"},
    },
    "PlanChange": PLAN_CHANGE,
    "RecordedEvent": {
        "type": "object",
        "description": "A table event as replayed: its inputs (the fields of its body), its number, "
        "after_deal (deals recorded before it), the seat or side it concerns (an arrival's new seat), "
        "points (a starting total, an adjustment or a revoke's penalty), text, and plan when it "
        "re-planned the deals to come.",
        "properties": {
            "number": {"type": "integer"},
            "event": {"type": "string", "enum": list(EVENT_KINDS)},
            "after_deal": {"type": "integer"},
            "seat": {"type": "integer"},
            "side": {"type": "integer"},
            "points": {"type": "integer"},
            "text": {"type": "string"},
            "plan": _ref("PlanChange"),
        },
        "required": ["number", "event", "after_deal", "text"],
    },
    "SeatHistory": {
        "type": "object",
        "description": "One seat over the game: everyone who held it, when it joined and was left.",
        "properties": {
            "seat": {"type": "integer"},
            "names": {"type": "array", "items": {"type": "string"}},
            "joined_after_deal": {"type": ["integer", "null"]},
            "start": {"type": "integer"},
            "left_after_deal": {"type": ["integer", "null"]},
        },
        "required": ["seat", "names", "joined_after_deal", "start", "left_after_deal"],
    },
    "RevokeMark": {
        "type": "object",
        "description": "What a revoke found after the deal did to it (its points already count it).",
        "properties": {
            "seats": {"type": "array", "items": {"type": "integer"}},
            "dealt_again": {"type": "boolean"},
            "penalty": {"type": ["array", "null"], "items": {"type": "integer"}},
            "text": {"type": "string"},
        },
        "required": ["seats", "dealt_again", "penalty", "text"],
    },
    "EventChoice": {
        "type": "object",
        "description": "One kind of event and whether it can be recorded now: for which seats or sides, "
        "or why not.",
        "properties": {
            "event": {"type": "string", "enum": list(EVENT_KINDS)},
            "allowed": {"type": "boolean"},
            "reason": {"type": ["string", "null"]},
            "seats": {"type": "array", "items": {"type": "integer"}},
            "sides": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["event", "allowed", "reason", "seats", "sides"],
    },
}

STATE_ADDITIONS: Schema = {
    "events": {
        "type": "array",
        "items": _ref("RecordedEvent"),
        "description": "only when table events were recorded",
    },
    "seats": {
        "type": "array",
        "items": _ref("SeatHistory"),
        "description": "only when table events were recorded",
    },
    "ring": {
        "type": "array",
        "items": {"type": "integer"},
        "description": "the seats at the table now, clockwise (only when table events were recorded)",
    },
}

DEAL_ADDITIONS: Schema = {
    "misdeals": {
        "type": "array",
        "items": {"type": "integer"},
        "description": "the dealers who misdealt this deal before it was dealt (only when any did)",
    },
    "revoke": _ref("RevokeMark"),
}


def event_paths(game_id: Schema, number: Schema, if_match: Schema, state: Schema, errors: Schema) -> Schema:
    """The event endpoints, given the shared parameters, the game-state answer and the write errors."""
    body = {"required": True, "content": {"application/json": {"schema": _ref("TableEvent")}}}
    security: list[dict[str, list[str]]] = [{"editToken": []}]
    listing = {
        "type": "object",
        "properties": {
            "events": {"type": "array", "items": _ref("RecordedEvent")},
            "possible": {"type": "array", "items": _ref("EventChoice")},
            "version": {"type": "integer"},
        },
        "required": ["events", "possible", "version"],
    }
    one = {"application/json": {"schema": _ref("RecordedEvent")}}
    preview = {
        "type": "object",
        "properties": {"event": _ref("RecordedEvent"), "state": _ref("GameState")},
        "required": ["event", "state"],
    }
    reads = {"404": errors["404"]}
    return {
        "/games/{game_id}/events": {
            "get": {
                "operationId": "listEvents",
                "summary": "The table events recorded, and every kind of event with whether it can be now",
                "parameters": [game_id],
                "responses": {
                    "200": {
                        "description": "the events",
                        "content": {"application/json": {"schema": listing}},
                    },
                    **reads,
                },
            },
            "post": {
                "operationId": "recordEvent",
                "summary": "Record a table event after everything recorded so far",
                "parameters": [game_id, if_match],
                "security": security,
                "requestBody": body,
                "responses": {
                    "201": {**state, "headers": {"Location": {"schema": {"type": "string"}}}},
                    **errors,
                },
            },
        },
        "/games/{game_id}/events/preview": {
            "post": {
                "operationId": "previewEvent",
                "summary": "What recording the event now would do, without recording it",
                "parameters": [game_id],
                "requestBody": body,
                "responses": {
                    "200": {
                        "description": "the event as it would replay, and the state after it",
                        "content": {"application/json": {"schema": preview}},
                    },
                    **errors,
                },
            }
        },
        "/games/{game_id}/events/{number}": {
            "get": {
                "operationId": "readEvent",
                "summary": "One recorded table event",
                "parameters": [game_id, number],
                "responses": {"200": {"description": "the event", "content": one}, **reads},
            },
            "put": {
                "operationId": "correctEvent",
                "summary": "Correct a recorded table event where it stands (later deals are re-scored)",
                "parameters": [game_id, number, if_match],
                "security": security,
                "requestBody": body,
                "responses": {"200": state, **errors},
            },
            "delete": {
                "operationId": "undoEvent",
                "summary": "Remove the last recorded event when nothing was recorded after it; else 409",
                "parameters": [game_id, number, if_match],
                "security": security,
                "responses": {"200": state, **errors},
            },
        },
        "/games/{game_id}/undo": {
            "post": {
                "operationId": "undoLast",
                "summary": "Remove the last thing recorded, deal or table event",
                "parameters": [game_id, if_match],
                "security": security,
                "responses": {"200": state, **errors},
            }
        },
    }
