"""A game's summary, derived from the engine's replayed state alone: figures worked out by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.groups.summary import BidsMade, MemberSummary, made_share, places, summarise
from scorekeeper.rules import Game, GameState

from ..rules.fillers_exact import fill_exact
from ..rules.replaying import play

# Three deals of two cards, no trump, no hook: a made bid scores its tricks + 10, a missed one its tricks.
SHORT = {"shape": "fixed", "start_cards": 2, "deals": 3, "hook": False, "trump": "none"}
ANN_BOB_CY = ["Ann", "Bob", "Cy"]
# Every way three players can share the two tricks of a deal.
TWO_TRICKS = [(a, b, 2 - a - b) for a in range(3) for b in range(3 - a)]


def game_a() -> Game:
    """Ann 11 + 10 + 12 = 33, Bob 0 + 12 + 10 = 22, Cy 1 + 10 + 10 = 21."""
    return play(
        "custom-oh-hell",
        ANN_BOB_CY,
        SHORT,
        [
            {"bids": [1, 1, 0], "tricks": [1, 0, 1]},  # Ann made 1: 11; Bob missed 1: 0; Cy missed 0: 1
            {"bids": [0, 2, 0], "tricks": [0, 2, 0]},  # all made: 10, 12, 10
            {"bids": [2, 0, 0], "tricks": [2, 0, 0]},  # all made: 12, 10, 10
        ],
    )


def bidding(seat: MemberSummary) -> tuple[int, ...]:
    """Bids counted, made, zero bids, zero bids made, bid − took, longest run."""
    return (seat.bids, seat.made, seat.zero_bids, seat.zero_made, seat.bid_gap, seat.longest_run)


def test_a_game_of_exact_bids_worked_out_by_hand() -> None:
    summary = summarise(game_a().state)
    assert summary.status == "finished" and summary.deals_played == 3 and summary.deal_count == 3
    assert summary.winners == (0,)
    ann, bob, cy = summary.members
    assert (ann.score, ann.position, ann.won) == (33, 1, True)
    assert (bob.score, bob.position, bob.won) == (22, 2, False)
    assert (cy.score, cy.position, cy.won) == (21, 3, False)
    # Ann made all three; one zero bid (deal 2), made; bid − took 0 + 0 + 0; a run of 3.
    assert bidding(ann) == (3, 3, 1, 1, 0, 3)
    # Bob missed deal 1 (bid 1, took 0), then made 2 and 0: a run of 2; bid − took 1 + 0 + 0.
    assert bidding(bob) == (3, 2, 1, 1, 1, 2)
    # Cy bid 0 three times: took 1 in deal 1 (missed, bid − took −1), then made twice.
    assert bidding(cy) == (3, 2, 3, 2, -1, 2)
    assert all(seat.side == seat.seat and seat.team_size == 1 and not seat.rubber for seat in summary.members)
    assert [seat.side_games for seat in summary.members] == [1, 0, 0]
    assert made_share(game_a().state) == (
        BidsMade(name="Ann", made=3, bids=3),
        BidsMade(name="Bob", made=2, bids=3),
        BidsMade(name="Cy", made=2, bids=3),
    )


def test_a_game_in_progress_counts_what_is_complete() -> None:
    entries = [{"bids": [1, 1, 0], "tricks": [1, 0, 1]}, {"bids": [0, 2, 0]}]
    game = play("custom-oh-hell", ANN_BOB_CY, SHORT, entries)
    summary = summarise(game.state)
    assert summary.status == "in_progress" and summary.deals_played == 1 and summary.winners == ()
    assert [(seat.bids, seat.made) for seat in summary.members] == [(1, 1), (1, 0), (1, 0)]
    assert [seat.side_games for seat in summary.members] == [0, 0, 0]
    assert summarise(game.state, abandoned=True).status == "abandoned"


def test_a_seat_sitting_a_deal_out_is_not_counted_in_that_deal() -> None:
    """Romanian Whist for seven: the dealer's hand is dead, its bid and tricks are None."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    game = Game.start("romanian-whist", names)
    engine = game.table.variant.engine
    for _ in range(7):
        facts = game.state.current
        assert facts is not None
        game = game.record(engine.read_entry(facts.number, fill_exact(facts)))
    state = game.state
    summary = summarise(state)
    for seat in summary.members:
        played = sum(1 for deal in state.deals if seat.seat not in deal.facts.sitting_out)
        assert seat.bids == played < 7
    assert sum(seat.bids for seat in summary.members) == 7 * 6


def test_partners_share_their_side_and_count_the_games_of_a_rubber() -> None:
    # Ann & Cy take 11 tricks (game 1), Bob & Dee take 11 (game 2), Ann & Cy again: the rubber, 2 games to 1.
    names = ["Ann", "Bob", "Cy", "Dee"]
    rubber = play("classic-whist", names, {"rubber": True}, [{"tricks": 11}, {"tricks": 2}, {"tricks": 11}])
    summary = summarise(rubber.state)
    assert [seat.side for seat in summary.members] == [0, 1, 0, 1]
    assert [seat.team_size for seat in summary.members] == [2, 2, 2, 2]
    assert [seat.won for seat in summary.members] == [True, False, True, False]
    assert [seat.side_games for seat in summary.members] == [2, 1, 2, 1]
    assert all(seat.rubber for seat in summary.members)
    assert [seat.position for seat in summary.members] == [1, 2, 1, 2]
    single = summarise(play("classic-whist", names, {}, [{"tricks": 11}]).state)
    assert [seat.side_games for seat in single.members] == [1, 0, 1, 0]
    assert not any(seat.rubber for seat in single.members)
    assert all(seat.bids == 0 for seat in single.members)  # no exact bids in whist
    assert made_share(rubber.state) is None


def test_places_put_the_winners_first_and_share_places_when_level() -> None:
    assert places([10, 30, 30, 5], [1, 2], None) == (3, 1, 1, 4)
    assert places([40, 35], [1], None) == (2, 1)  # the rules crowned the lower total
    assert places([8, 3], [0, 2], [(0, 2), (1, 3)]) == (1, 2)
    assert places([12], [], None) == (1,)


@settings(max_examples=40, deadline=None)
@given(
    deals=st.lists(st.sampled_from(TWO_TRICKS), min_size=3, max_size=3),
    bids=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)), min_size=3, max_size=3),
)
def test_the_figures_add_up_for_any_game(
    deals: Sequence[tuple[int, ...]], bids: Sequence[tuple[int, ...]]
) -> None:
    pairs = list(zip(bids, deals, strict=True))
    entries: list[Mapping[str, object]] = [
        {"bids": list(bid), "tricks": list(took)} for bid, took in zip(bids, deals, strict=True)
    ]
    state: GameState = play("custom-oh-hell", ANN_BOB_CY, SHORT, entries).state
    summary = summarise(state)
    for seat in summary.members:
        made = [bid[seat.seat] == took[seat.seat] for bid, took in pairs]
        assert seat.made == sum(made) and seat.bids == 3
        assert seat.bid_gap == sum(bid[seat.seat] - took[seat.seat] for bid, took in pairs)
        assert seat.longest_run <= seat.made
        assert seat.score == state.totals[seat.seat]
        assert seat.position == 1 + sum(1 for total in state.totals if total > state.totals[seat.seat])


def test_the_summary_reads_no_web_or_database_library() -> None:
    import scorekeeper.groups.summary as module

    from ..rules.test_purity import FORBIDDEN, _imported_roots

    assert _imported_roots(Path(module.__file__)) & FORBIDDEN == set()
