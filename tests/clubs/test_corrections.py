"""What correcting a deal of a club's finished game does to the club's records (clubs/corrections.py):
the corrected game's outcome is made as the club reads a stored one, and the records it would set or no
longer set are those of the hall of fame's rule, guests holding none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.clubs import access, corrections, guests, holdings, members, outcomes
from scorekeeper.games import store as games
from scorekeeper.rules import Game, Text
from scorekeeper.rules.club import Outcome
from tests.clubs.conftest import PHONE, play, play_log, table

# Dan bids 2 and takes both tricks in each of five deals (60), Ann and Bob bid 0 and make it (50 each).
DAN_HIGH = [{"bids": [0, 0, 2], "tricks": [0, 0, 2]}] * 5
# Deal 1 corrected: Ann took the two tricks, not Dan (Ann 42, Bob 50, Dan 50).
DAN_CORRECTED = [{"bids": [0, 0, 2], "tricks": [2, 0, 0]}, *DAN_HIGH[1:]]


def corrected(game: Game, log: Sequence[dict[str, Any]]) -> Game:
    return Game.from_data(game.table, list(log))


def test_an_unchanged_game_s_outcome_is_the_one_the_club_reads_and_moves_no_record() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    holdings.add_table(club.id, group.id)
    play(group, ["Ann", "Bob", "Cat"], made=[1, 2])
    game_id = play(group, ["Cat", "Ann", "Bob"], made=[0, 1])
    record, game = games.load_game(game_id)
    stored = next(item for item in outcomes.outcomes(club.id) if item.key == f"game:{game_id}")
    again = corrections._corrected_outcome(club.id, record, game, None)
    assert again is not None
    assert (again.key, again.ladder, again.variant, again.placings) == (
        stored.key,
        stored.ladder,
        stored.variant,
        stored.placings,
    )
    assert again.played_at == stored.played_at  # the same moment, whatever its zone
    assert corrections.record_knock_ons(record, game, game) == ()


def test_a_record_the_correction_takes_away_is_said_unless_a_guest_held_it() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    holdings.add_table(club.id, group.id)
    play(group, ["Ann", "Bob", "Cat"], made=[1, 2])  # Bob and Cat 50: the best score before
    game_id = play_log(group, ["Ann", "Bob", "Dan"], DAN_HIGH)
    record, game = games.load_game(game_id)
    after = corrected(game, DAN_CORRECTED)
    lost = Text(corrections.KNOCK_ON, kind="highest_score", variant="custom-oh-hell", value=60, set=False)
    assert corrections.record_knock_ons(record, game, after) == (lost,)
    dan = next(member.id for member in members.members(club.id) if member.name == "Dan")
    guests.set_guest(club.id, dan, True)
    assert corrections.record_knock_ons(record, game, after) == ()


def test_a_game_of_no_club_s_table_or_not_finished_reads_no_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    club = access.create_club("Club", holder=PHONE)
    held, alone = table(), table("Friday")
    holdings.add_table(club.id, held.id)
    under_way = play(held, ["Ann", "Bob", "Cat"], count=3)
    own = play_log(alone, ["Ann", "Bob", "Dan"], DAN_HIGH)

    def unread(club_id: str) -> list[Outcome]:
        raise AssertionError(f"the outcomes of {club_id} were read")

    monkeypatch.setattr(outcomes, "outcomes", unread)
    record, game = games.load_game(own)
    assert corrections.record_knock_ons(record, game, corrected(game, DAN_CORRECTED)) == ()
    record, game = games.load_game(under_way)
    assert corrections.record_knock_ons(record, game, corrected(game, game.log_data()[:2])) == ()
