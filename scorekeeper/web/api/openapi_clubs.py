"""The OpenAPI schemas and paths of clubs (read-only, under the club's read link), joined into
openapi.py's document."""

from __future__ import annotations

from typing import Any

from ...rules.club import LADDERS, LEAGUE_KINDS, RECORD_KINDS
from ...rules.drive import PrizeRule

Schema = dict[str, Any]

NULLABLE_INT: Schema = {"type": ["integer", "null"]}
TEXT: Schema = {"type": "string"}
WHEN: Schema = {"type": "string", "format": "date-time"}
DAY: Schema = {"type": "string", "format": "date"}
NAME: Schema = {
    "type": "string",
    "description": 'the member\'s name, or their initials ("A. B.") for a member who asked to be shown so',
}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def _object(properties: dict[str, Schema], description: str = "") -> Schema:
    found: Schema = {"type": "object", "properties": properties, "required": list(properties)}
    if description:
        found["description"] = description
    return found


LEAGUE_RULE = _object(
    {
        "kind": {"type": "string", "enum": list(LEAGUE_KINDS)},
        "points": _array({"type": "integer", "minimum": 0}),
        "best": NULLABLE_INT,
        "qualify": {"type": "integer", "minimum": 0},
    },
    'A season\'s league: points per place at every game and drive ("placings", points[0] for '
    'first) or each drive\'s total ("drive_totals"); only the best N scores count (best; null: all); '
    "a member takes a place after `qualify` evenings.",
)

CLUB_SCHEMAS: dict[str, Schema] = {
    "Club": _object(
        {
            "id": TEXT,
            "name": TEXT,
            "time_zone": {"type": "string", "description": "the IANA zone the club's days are counted in"},
            "minimum_games": {
                "type": "integer",
                "description": "games and drives a rating is provisional for",
            },
            "members": _array(
                _object(
                    {
                        "id": {"type": "integer"},
                        "name": NAME,
                        "aliases": _array(TEXT),
                        "guest": {"type": "boolean"},
                    }
                )
            ),
            "seasons": _array(
                _object(
                    {
                        "id": {"type": "integer"},
                        "name": TEXT,
                        "starts_on": DAY,
                        "ends_on": DAY,
                        "league": {"oneOf": [LEAGUE_RULE, {"type": "null"}]},
                    }
                )
            ),
            "tables": _array(_object({"id": TEXT, "name": TEXT})),
            "drives": _array(_object({"id": TEXT, "name": TEXT, "played_at": WHEN})),
            "nights": _array(
                _object({"day": DAY, "games": {"type": "integer"}, "drives": {"type": "integer"}})
            ),
        },
        "A club, read by anyone with its id: its members (a guest's games rate the members, and the "
        "guest is on no ladder), seasons, tables, drives and evenings (days on its calendar).",
    ),
    "ClubStandings": _object(
        {
            "season": NULLABLE_INT,
            "ladder": {"type": "string", "enum": ["overall", *LADDERS]},
            "rows": _array(
                _object(
                    {
                        "place": {"type": "integer"},
                        "member": {"type": "integer"},
                        "name": NAME,
                        "rating": {
                            "type": "integer",
                            "description": "the points shown: 1000 + 20 × ordinal, never below 0",
                        },
                        "provisional": {"type": "boolean"},
                        "to_go": {"type": "integer"},
                        "ordinal": {
                            "type": "number",
                            "description": "OpenSkill's mu - 3 sigma, full precision",
                        },
                        "mu": {"type": "number"},
                        "sigma": {"type": "number"},
                        "played": {"type": "integer"},
                        "games": {"type": "integer"},
                        "drives": {"type": "integer"},
                        "wins": {"type": "integer"},
                    }
                )
            ),
            "league": {
                "oneOf": [
                    _array(
                        _object(
                            {
                                "place": NULLABLE_INT,
                                "member": {"type": "integer"},
                                "name": NAME,
                                "points": {"type": "integer"},
                                "counted": {"type": "integer"},
                                "scored": {"type": "integer"},
                                "evenings": {"type": "integer"},
                                "to_qualify": {"type": "integer"},
                            }
                        )
                    ),
                    {"type": "null"},
                ]
            },
            "records": _array(
                _object(
                    {
                        "kind": {"type": "string", "enum": list(RECORD_KINDS)},
                        "variant": {"type": ["string", "null"]},
                        "value": {"type": "integer"},
                        "members": _array(_object({"member": {"type": "integer"}, "name": NAME})),
                        "played_at": {"type": ["string", "null"], "format": "date-time"},
                    }
                )
            ),
        },
        "A ladder over a season (null: all time), the season's league (null: none) and its records.",
    ),
    "ClubNight": _object(
        {
            "day": DAY,
            "games": _array(
                _object(
                    {
                        "id": TEXT,
                        "table": TEXT,
                        "variant": TEXT,
                        "played_at": WHEN,
                        "status": {"type": "string", "enum": ["in_progress", "finished", "abandoned"]},
                        "friendly": {"type": "boolean"},
                        "players": _array(
                            _object(
                                {
                                    "name": NAME,
                                    "member": NULLABLE_INT,
                                    "score": NULLABLE_INT,
                                    "place": NULLABLE_INT,
                                    "won": {"type": "boolean"},
                                }
                            )
                        ),
                        "records_set": _array(_ref("ClubRecordSet")),
                    }
                )
            ),
            "drives": _array(
                _object(
                    {
                        "id": TEXT,
                        "name": TEXT,
                        "played_at": WHEN,
                        "finished": {"type": "boolean"},
                        "friendly": {"type": "boolean"},
                        "standings": _array(
                            _object(
                                {
                                    "player": {"type": "integer"},
                                    "name": NAME,
                                    "member": NULLABLE_INT,
                                    "rank": {"type": "integer"},
                                    "tied": {"type": "boolean"},
                                    "total": {"type": "integer"},
                                }
                            )
                        ),
                        "prizes": _array(
                            _object(
                                {
                                    "rule": {"type": "string", "enum": [rule.value for rule in PrizeRule]},
                                    "name": {"type": ["string", "null"]},
                                    "score": NULLABLE_INT,
                                    "winners": _array(NAME),
                                    "tied": {"type": "boolean"},
                                }
                            )
                        ),
                        "records_set": _array(_ref("ClubRecordSet")),
                    }
                )
            ),
        },
        "One evening of a club: every game started and every drive played on that day of its calendar.",
    ),
    "ClubRecordSet": _object(
        {
            "kind": {"type": "string", "enum": list(RECORD_KINDS)},
            "variant": {"type": ["string", "null"]},
            "value": {"type": "integer"},
        },
        "A club record a game or drive set",
    ),
}


def club_paths(read_errors: Schema) -> Schema:
    """The clubs' read-only paths: the club, its standings, an evening."""
    club_id = {"name": "club_id", "in": "path", "required": True, "schema": {"type": "string"}}
    not_found = {"404": read_errors["404"]}
    return {
        "/clubs/{club_id}": {
            "get": {
                "operationId": "readClub",
                "summary": "A club: its members, seasons with their leagues, tables, drives and evenings",
                "parameters": [club_id],
                "responses": {
                    "200": {
                        "description": "the club",
                        "content": {"application/json": {"schema": _ref("Club")}},
                    },
                    **not_found,
                },
            }
        },
        "/clubs/{club_id}/standings": {
            "get": {
                "operationId": "readClubStandings",
                "summary": "A club's ladder over a season and family, with the season's league and records",
                "parameters": [
                    club_id,
                    {
                        "name": "season",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "string"},
                        "description": 'a season\'s id, or "all"; the season under way by default',
                    },
                    {
                        "name": "ladder",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "string", "enum": ["overall", *LADDERS]},
                    },
                ],
                "responses": {
                    "200": {
                        "description": "the standings",
                        "content": {"application/json": {"schema": _ref("ClubStandings")}},
                    },
                    "422": read_errors["422"],
                    **not_found,
                },
            }
        },
        "/clubs/{club_id}/nights/{day}": {
            "get": {
                "operationId": "readClubNight",
                "summary": "One evening of a club: its games with players, scores and places; its drives' "
                "standings and prizes; the records set",
                "parameters": [
                    club_id,
                    {
                        "name": "day",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "format": "date"},
                    },
                ],
                "responses": {
                    "200": {
                        "description": "the evening",
                        "content": {"application/json": {"schema": _ref("ClubNight")}},
                    },
                    **not_found,
                },
            }
        },
    }
