"""A club, its name checked as a table's, and the phones that keep it (clubs/access.py)."""

from __future__ import annotations

import pytest

from scorekeeper.clubs import access
from scorekeeper.rules import RuleViolation
from tests.clubs.conftest import PHONE
from tests.tampered import tampered


def test_a_new_club_is_kept_by_the_phone_that_started_it() -> None:
    club = access.create_club("  Thursday   club ", holder=PHONE)
    assert club.name == "Thursday club"
    assert access.find_club(club.id) == club
    assert access.holds(PHONE, club.id)
    assert not access.holds("another phone", club.id)
    assert not access.holds(None, club.id)
    assert access.clubs_held(PHONE) == [club]
    assert access.clubs_held(None) == []


@pytest.mark.parametrize(
    ("name", "code", "params"),
    [
        ("   ", "club_name_missing", {}),
        (None, "club_name_missing", {}),
        ("A\u200bB", "club_name_unseen", {"character": "U+200B"}),
        ("x" * 61, "club_name_too_long", {"start": "x" * 60, "most": 60}),
    ],
)
def test_a_bad_name_is_refused_and_nothing_is_stored(
    name: object, code: str, params: dict[str, object]
) -> None:
    with pytest.raises(RuleViolation) as refused:
        access.create_club(name, holder=PHONE)
    assert refused.value.code == code
    assert refused.value.field == "name"
    assert {key: refused.value.params[key] for key in params} == params
    assert access.clubs_held(PHONE) == []


def test_another_phone_keeps_the_club_by_its_link_key() -> None:
    club = access.create_club("Club", holder=PHONE)
    key = access.join_key(club.id)
    assert access.key_opens(club.id, key)
    assert not access.key_opens(club.id, tampered(key))
    assert not access.key_opens(access.create_club("Other", holder=PHONE).id, key)
    access.hold("second phone", club.id)
    assert access.holds("second phone", club.id)
    access.hold("second phone", club.id)  # again: still one hold
    assert access.clubs_held("second phone") == [club]


def test_the_club_is_renamed_and_a_bad_name_changes_nothing() -> None:
    club = access.create_club("Club", holder=PHONE)
    access.rename_club(club.id, "The Whist Club")
    with pytest.raises(RuleViolation, match="club_name_missing"):
        access.rename_club(club.id, "")
    found = access.find_club(club.id)
    assert found is not None and found.name == "The Whist Club"
    with pytest.raises(RuleViolation, match="club_not_found"):
        access.rename_club("0" * 32, "Name")
    assert access.find_club("0" * 32) is None
