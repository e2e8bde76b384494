"""Fuzz the JSON API from its own OpenAPI document: no generated request may cause a 5xx.

Schemathesis generates requests for every operation, in its positive and
negative modes (bodies the schema allows and bodies it does not); about half
of the game and deal requests aim at a real game with its real edit token, so
the engine sees bodies of every shape, not only 404s.

A hook (``flatmap_body``) turns about half of the bodies it generates into
hostile ones no JSON schema describes, sent as raw bytes: nested hundreds or
thousands of levels deep, numbers of thousands of digits, NaN, text with
control and format characters, lone surrogates or a NUL, very long names,
UTF-16 and bytes that are not UTF-8 at all.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.clubs import access
from scorekeeper.extensions import db

from .budget import FUZZ_SHARE_ON_POSTGRES, examples
from .databases import database_config
from .fuzz_verdict import HOSTILE_KINDS, MOST_REQUESTS, fuzz_faults

FOLDER = Path(tempfile.mkdtemp(prefix="scorekeeper-fuzz-"))
# SQLite in a temporary folder, or a schema of its own on the PostgreSQL test server.
DATABASE, _DROP = database_config(FOLDER)
APP = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, **DATABASE}, instance_path=str(FOLDER))
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
SENT: list[int] = []
HOSTILE: Counter[str] = Counter()
EXAMPLES = examples(300, FUZZ_SHARE_ON_POSTGRES)
CLUB_EXAMPLES = examples(40, FUZZ_SHARE_ON_POSTGRES)


@pytest.fixture(scope="session", autouse=True)
def fuzzed_app_removed_afterwards() -> Iterator[None]:
    """The module's app is made at import (schemathesis reads its OpenAPI document then): at the end
    of the session its connections are closed, its database removed and its folder deleted. (Not at
    the end of the module: with two tests at a time, a worker may come back to this module's tests
    after others, and the app must still be there.)"""
    yield
    with APP.app_context():
        db.session.remove()
        db.engine.dispose()
    _DROP()
    shutil.rmtree(FOLDER, ignore_errors=True)


class Hostile(bytes):
    """A raw body no schema describes, with the name of its kind (for the summary)."""

    kind: str

    def __new__(cls, data: bytes, kind: str) -> Hostile:
        body = super().__new__(cls, data)
        body.kind = kind
        return body


# Characters that must never end up in a stored name: controls, format characters (zero-width,
# bidirectional overrides, the byte-order mark), and halves of surrogate pairs.
UNSEEN = st.characters(categories=["Cc", "Cf", "Cs"])
HOSTILE_TEXT = st.one_of(
    st.text(UNSEEN, min_size=1, max_size=5).map(lambda bad: f"Ann{bad}"),
    st.sampled_from(["\x00", "A\x00nn", "\ud800", "\udfff\ud800", "\u202eAnn", "Ann\u200b", "\x1b[2J"]),
    st.integers(min_value=31, max_value=100_000).map(lambda size: "A" * size),
)


def _replace_strings(value: Any, text: str) -> Any:
    """The same body with every string (keys too) replaced by ``text``."""
    if isinstance(value, dict):
        return {text + str(index): _replace_strings(item, text) for index, item in enumerate(value.values())}
    if isinstance(value, list):
        return [_replace_strings(item, text) for item in value]
    return text if isinstance(value, str) else value


def _with_field(text: str, field: str) -> str:
    """``text`` (a JSON object, or anything) with one more member, written as given."""
    if text.startswith("{") and text.endswith("}"):
        inner = text[1:-1].strip()
        return "{" + inner + ("," if inner else "") + f'"first_dealer": {field}, "bids": [{field}]' + "}"
    return "[" + text + "," + field + "]"


def _hostile(body: Any) -> st.SearchStrategy[Hostile]:
    """Hostile raw bodies made from a generated one: each kind as likely as the others."""
    text = json.dumps(body)
    deep = st.integers(min_value=17, max_value=5_000)
    kinds: dict[str, st.SearchStrategy[bytes]] = {
        "deep arrays": deep.map(lambda depth: ("[" * depth + text + "]" * depth).encode()),
        "deep objects": deep.map(lambda depth: ('{"a":' * depth + text + "}" * depth).encode()),
        "long numbers": st.integers(min_value=4_300, max_value=20_000).map(
            lambda digits: _with_field(text, "9" * digits).encode()
        ),
        "NaN and infinities": st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999"]).map(
            lambda constant: _with_field(text, constant).encode()
        ),
        "control characters": st.one_of(
            HOSTILE_TEXT.map(lambda bad: json.dumps(_replace_strings(body, bad)).encode()),
            HOSTILE_TEXT.map(lambda bad: _with_field(text, json.dumps([bad, bad, bad])).encode()),
        ),
        "other encodings": st.sampled_from(["utf-16", "utf-32", "utf-8-sig"]).map(text.encode),
        "bytes that are not UTF-8": st.binary(min_size=1, max_size=8)
        .filter(_not_utf8)
        .map(lambda junk: text.encode()[:-1] + junk + text.encode()[-1:]),
    }
    return st.sampled_from(sorted(kinds)).flatmap(
        lambda kind: kinds[kind].map(lambda data: Hostile(data, kind))
    )


def _not_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


@schema.hook
def flatmap_body(context: Any, body: Any) -> st.SearchStrategy[Any]:
    try:
        json.dumps(body)
    except (TypeError, ValueError):  # raw bytes already (negative mode): sent as they are
        return st.just(body)
    return st.one_of(st.just(body), _hostile(body))


def _real_game() -> tuple[str, str]:
    client = APP.test_client()
    state = client.post(
        "/api/v1/games", json={"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"]}
    ).get_json()
    return state["id"], state["edit_token"]


GAME_ID, TOKEN = _real_game()


def _real_club() -> str:
    with APP.test_request_context():
        return access.create_club("Fuzzed club", holder="the fuzzing phone").id


CLUB_ID = _real_club()


@schema.exclude(path_regex="^/clubs/").parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_no_generated_request_causes_a_server_error(case: Any) -> None:
    headers = {}
    if case.path_parameters and "game_id" in case.path_parameters and hash(repr(case.body)) % 2 == 0:
        case.path_parameters["game_id"] = GAME_ID
        headers["Authorization"] = f"Bearer {TOKEN}"
    response = case.call(headers=headers)
    SENT.append(response.status_code)
    if isinstance(case.body, Hostile):
        HOSTILE[case.body.kind] += 1
    assert response.status_code < 500, (case.method, case.path, case.body, response.text)
    if response.status_code >= 400:
        assert response.json()["error"], response.text


# A club's read-only pages take only an id, a day and two names from a list: fewer examples find
# what there is to find there.
@schema.include(path_regex="^/clubs/").parametrize()
@settings(max_examples=CLUB_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_no_generated_club_request_causes_a_server_error(case: Any) -> None:
    if hash(repr(case.query)) % 2 == 0:
        case.path_parameters["club_id"] = CLUB_ID
    response = case.call()
    SENT.append(response.status_code)
    assert response.status_code < 500, (case.method, case.path, case.query, response.text)
    assert response.status_code == 200 or response.json()["error"], response.text


def test_the_fuzz_verdict_names_what_the_fuzz_left_undone() -> None:
    # The whole fuzz is judged when the run ends (tests/conftest.py), over every process's part.
    fewer = MOST_REQUESTS - 1
    said = fuzz_faults([200] * fewer, {kind: 10 for kind in HOSTILE_KINDS})
    assert said.startswith(f"schemathesis sent {fewer}"), said
    assert "server errors [500]" in fuzz_faults([500] * MOST_REQUESTS, {kind: 10 for kind in HOSTILE_KINDS})
    assert "never sent: ['deep arrays']" in fuzz_faults(
        [200] * MOST_REQUESTS, {kind: 20 for kind in HOSTILE_KINDS - {"deep arrays"}}
    )
    assert fuzz_faults([200, 422] * MOST_REQUESTS, {kind: 10 for kind in HOSTILE_KINDS}) == ""
