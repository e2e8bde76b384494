"""Who played a game (groups/members.py) and what each of them is counted for (groups/summary.py):
latecomers, players who left, substitutes and those they replaced, worked out by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.groups.members import members, next_first_dealer, seated_at_end
from scorekeeper.groups.summary import BidsMade, made_share, summarise
from scorekeeper.rules import Game

# Five deals of two cards, no trump, no hook: a made bid scores its tricks + 10, a missed one its tricks.
FIVE_SHORT = {"shape": "fixed", "start_cards": 2, "deals": 5, "hook": False, "trump": "none"}
ANA_BOGDAN_CRISTI = ["Ana", "Bogdan", "Cristi"]


def replay(players: Sequence[str], log: Sequence[Mapping[str, object]]) -> Game:
    """A short custom Oh Hell game with its log (deals and table events as data) replayed."""
    table = Game.start("custom-oh-hell", players, options=FIVE_SHORT).table
    game = Game.from_data(table, log)
    _ = game.state  # replays and checks it
    return game


def zeros(seats: int, taker: int) -> dict[str, list[int | None]]:
    """A deal where every seat bids 0 and ``taker`` takes both tricks (and misses)."""
    return {"bids": [0] * seats, "tricks": [2 if seat == taker else 0 for seat in range(seats)]}


def test_a_game_without_events_has_its_seats_as_members() -> None:
    game = replay(ANA_BOGDAN_CRISTI, [zeros(3, 0)])
    found = members(game.state)
    assert [(m.number, m.name, m.seat, m.result) for m in found] == [
        (0, "Ana", 0, True),
        (1, "Bogdan", 1, True),
        (2, "Cristi", 2, True),
    ]
    assert seated_at_end(game.state) == (0, 1, 2) and next_first_dealer(game.state) == 1


def test_a_latecomer_is_a_member_counted_for_the_deals_she_played() -> None:
    """Elena arrives after deal 2 on 30 at Cristi's left; Bogdan leaves after deal 3.
    Ana 10 + 2 + 10 + 10 + 10 = 42; Bogdan 2 + 10 + 10 = 22, frozen; Cristi 10 + 10 + 2 + 10 + 2 = 34;
    Elena 30 + 10 + 2 + 10 = 52: she wins."""
    game = replay(
        ANA_BOGDAN_CRISTI,
        [
            zeros(3, 1),
            zeros(3, 0),
            {"event": "arrival", "name": "Elena", "left_of": 2, "start": 30},
            {"bids": [0, 0, 0, 0], "tricks": [0, 0, 2, 0]},
            {"event": "departure", "seat": 1},
            {"bids": [0, None, 0, 0], "tricks": [0, None, 0, 2]},
            {"bids": [0, None, 0, 0], "tricks": [0, None, 2, 0]},
        ],
    )
    state = game.state
    assert state.finished and state.totals == (42, 22, 34, 52) and state.winners == (3,)
    summary = summarise(state)
    ana, bogdan, cristi, elena = summary.members
    assert (elena.member, elena.seat, elena.score, elena.position, elena.won) == (3, 3, 52, 1, True)
    assert (elena.bids, elena.made) == (3, 2)  # deals 3–5
    assert (bogdan.score, bogdan.position, bogdan.won, bogdan.bids, bogdan.made) == (22, 4, False, 3, 2)
    assert (ana.bids, cristi.bids) == (5, 5)
    assert made_share(state) == (
        BidsMade(name="Ana", made=4, bids=5),
        BidsMade(name="Bogdan", made=2, bids=3),
        BidsMade(name="Cristi", made=3, bids=5),
        BidsMade(name="Elena", made=2, bids=3),
    )
    # At the end Ana, Cristi and Elena sit clockwise; Ana dealt first, so Cristi deals next.
    assert seated_at_end(state) == (0, 2, 3) and next_first_dealer(state) == 1


def test_a_player_who_left_keeps_the_win_of_a_frozen_total_that_stays_highest() -> None:
    game = replay(
        ANA_BOGDAN_CRISTI,
        [
            zeros(3, 0),
            {"event": "adjustment", "side": 1, "points": 60, "reason": "bonus"},
            {"event": "departure", "seat": 1},
            *[{"bids": [0, None, 0], "tricks": [2, None, 0]} for _ in range(4)],
        ],
    )
    summary = summarise(game.state)
    bogdan = summary.members[1]
    assert (bogdan.score, bogdan.position, bogdan.won) == (70, 1, True)
    # Bogdan dealt the second deal: with him gone, the next game's first dealer is the next seat at the
    # table after Ana, who dealt first: Cristi.
    assert next_first_dealer(game.state) == 1 and seated_at_end(game.state) == (0, 2)


def test_a_substitute_takes_the_seats_result_and_the_one_replaced_has_played_without_one() -> None:
    """Sue takes over Bogdan's seat after deal 2; the seat scores 10 + 10 + 2 + 10 + 10 = 42 and wins."""
    game = replay(
        ANA_BOGDAN_CRISTI,
        [
            zeros(3, 2),
            zeros(3, 0),
            {"event": "substitute", "seat": 1, "name": "Sue"},
            zeros(3, 1),
            zeros(3, 2),
            zeros(3, 0),
        ],
    )
    state = game.state
    assert state.totals == (34, 42, 34) and state.winners == (1,)
    found = members(state)
    assert [(m.number, m.name, m.seat, m.result) for m in found] == [
        (0, "Ana", 0, True),
        (1, "Sue", 1, True),
        (2, "Cristi", 2, True),
        (3, "Bogdan", 1, False),
    ]
    sue, bogdan = summarise(state).members[1::2]
    assert (sue.score, sue.position, sue.won, sue.side, sue.bids, sue.made) == (42, 1, True, 1, 3, 2)
    assert (bogdan.score, bogdan.position, bogdan.won, bogdan.side, bogdan.bids, bogdan.made) == (
        None,
        None,
        False,
        None,
        2,
        2,
    )
    assert bogdan.side_games == 0 and sue.side_games == 1
    assert seated_at_end(state) == (0, 1, 2)


def test_a_player_back_in_their_own_seat_is_one_member() -> None:
    game = replay(
        ANA_BOGDAN_CRISTI,
        [
            zeros(3, 0),
            {"event": "substitute", "seat": 1, "name": "Sue"},
            zeros(3, 0),
            {"event": "substitute", "seat": 1, "name": "Bogdan"},
            zeros(3, 0),
        ],
    )
    found = members(game.state)
    assert [(m.name, m.result) for m in found] == [
        ("Ana", True),
        ("Bogdan", True),
        ("Cristi", True),
        ("Sue", False),
    ]
    summary = summarise(game.state)
    assert [m.bids for m in summary.members] == [3, 2, 3, 1]


def test_a_player_replaced_before_the_first_deal_did_not_play() -> None:
    game = replay(ANA_BOGDAN_CRISTI, [{"event": "substitute", "seat": 1, "name": "Sue"}, zeros(3, 0)])
    assert [m.name for m in members(game.state)] == ["Ana", "Sue", "Cristi"]
