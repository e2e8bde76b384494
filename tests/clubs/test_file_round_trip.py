"""A club's file imports again to the same club whatever its organisers did before exporting it:
any sequence of merges, names moved to another member or to a new one, renames, new tables, guests,
members shown by initials and friendly games (clubs/exchange.py over clubs/members.py,
clubs/moving.py, clubs/guests.py, clubs/standings.py). A refused change stores nothing; every
member is found by their own name; the ratings the file carries are the imported club's."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.clubs import access, exchange, guests, holdings, members, outcomes, standings
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.table import same_name_key
from tests.clubs.conftest import PHONE, drive, play, table
from tests.clubs.test_exchange import results

# A few in CI; CLUB_FILE_EXAMPLES=500 for a long run.
EXAMPLES = int(os.environ.get("CLUB_FILE_EXAMPLES", "12"))
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Cat F.", "ann", "Zed")

Step = tuple[Any, ...]
steps = st.lists(
    st.one_of(
        st.tuples(st.just("merge"), st.integers(0, 20), st.integers(0, 20)),
        st.tuples(st.just("move"), st.integers(0, 20), st.integers(0, 20), st.integers(-1, 20)),
        st.tuples(st.just("move_new"), st.integers(0, 20), st.integers(0, 20), st.sampled_from(NAMES)),
        st.tuples(st.just("rename"), st.integers(0, 20), st.sampled_from(NAMES)),
        st.tuples(
            st.just("table"), st.lists(st.sampled_from(NAMES[:6]), min_size=3, max_size=3, unique=True)
        ),
    ),
    max_size=8,
)


def base_club() -> str:
    """Two tables where "Cat" plays at both, a drive, and their games."""
    club = access.create_club("Club", holder=PHONE)
    thursday, friday = table("Thursday"), table("Friday")
    play(thursday, ["Ann", "Ben", "Cat"], made=[0])
    play(thursday, ["Ben", "Cat", "Dan"], made=[1])
    play(friday, ["Cat", "Eve", "Dan"], made=[2])
    for group in (thursday, friday):
        holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive(["Ann", "Dan", "Eve", "Gus"]))
    return club.id


def apply(club_id: str, step: Step, tables: list[int]) -> None:
    """One change an organiser may make; a refused one must change nothing."""
    found = members.members(club_id)
    kind = step[0]
    if kind == "table":
        group = table(f"Table {len(tables)}")
        tables.append(1)
        play(group, step[1], made=[0])
        holdings.add_table(club_id, group.id)
        return
    if kind == "friendly":
        played = outcomes.outcomes(club_id)
        guests.set_friendly(club_id, played[step[1] % len(played)].key, step[2])
        return
    person = found[step[1] % len(found)]
    if kind == "guest":
        guests.set_guest(club_id, person.id, step[2])
    elif kind == "initials":
        standings.set_initials(club_id, person.id, step[2])
    elif kind == "merge":
        members.merge_members(club_id, person.id, found[step[2] % len(found)].id)
    elif kind == "rename":
        members.rename_member(club_id, person.id, step[2])
    else:
        played = members.names_played(club_id, person.id)
        if not played:
            return
        one = played[step[2] % len(played)]
        where: dict[str, Any] = (
            {"group_player_id": one.player}
            if one.kind == "table"
            else {"drive_id": one.ref, "drive_name": one.name}
        )
        if kind == "move_new":
            members.link_to_new_member(club_id, step[3], **where)
        elif step[3] >= 0:
            members.link_name(club_id, found[step[3] % len(found)].id, **where)


def exported(club_id: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(exchange.export_club(club_id)))
    return loaded


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(changes=steps)
def test_any_club_s_file_imports_again_to_the_same_club(changes: list[Step]) -> None:
    club_id = base_club()
    tables: list[int] = []
    for step in changes:
        before = exported(club_id)
        try:
            apply(club_id, step, tables)
        except RuleViolation:
            assert exported(club_id) == before  # refused: nothing changed
    document = exported(club_id)
    for member in document["members"]:  # every member is found by their own name
        assert same_name_key(member["name"]) in {same_name_key(name) for name in member["names"]}
    imported = exchange.import_club(document, holder="another phone")
    assert exported(imported.id) == document
    assert results(imported.id) == results(club_id)
    assert [outcome.friendly for outcome in outcomes.outcomes(imported.id)] == [
        outcome.friendly for outcome in outcomes.outcomes(club_id)
    ]
