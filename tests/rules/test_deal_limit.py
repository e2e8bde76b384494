"""No game goes on for ever: every game stops taking deals after MOST_DEALS.

Games to a target (Oh! Well, Classic, Bid and German Whist) and Oneonta's
tie-break hands have no last deal: two players level at the top play on, and
a game could grow without end, making every page and PDF of it slower.
No real table plays a hundred deals of one game; the engine refuses the next
with the reason, and the rules page says so.
"""

from __future__ import annotations

import itertools
import time

import pytest

from scorekeeper.rules import VARIANTS, ExactEntry, Game, OutOfTurn, RuleViolation, Table, Trump, Variant
from scorekeeper.rules.ending import MOST_DEALS, MOST_LOG_ITEMS
from scorekeeper.rules.events import read_event
from scorekeeper.rules.explain import game_end
from scorekeeper.rules.rulebook import seat_names
from scorekeeper.rules.text import Text

SEVEN = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def tied(number: int) -> ExactEntry:
    """An Oh! Well deal for seven in which Ann and Bob make the same score: they stay level for ever."""
    return ExactEntry(
        number=number, bids=(3, 3, 0, 0, 0, 0, 0), tricks=(3, 3, 1, 0, 0, 0, 0), trump=Trump.SPADES
    )


TIED_DATA = {"bids": [3, 3, 0, 0, 0, 0, 0], "tricks": [3, 3, 1, 0, 0, 0, 0], "trump": "S"}


def endless_oh_well(deals: int) -> Game:
    game = Game.start("oh-well", SEVEN)
    return Game(game.table, tuple(tied(number) for number in range(1, deals + 1)))


def test_a_tied_oh_well_plays_on_up_to_the_limit_then_refuses_the_next_deal() -> None:
    game = endless_oh_well(MOST_DEALS - 1)
    game = game.record(tied(MOST_DEALS))
    state = game.state
    assert not state.finished and state.current is not None
    assert state.deals[-1].totals is not None and state.deals[-1].totals[0] == state.deals[-1].totals[1]
    with pytest.raises(OutOfTurn) as refused:
        game.record(tied(MOST_DEALS + 1))
    assert refused.value.text == Text("deal_limit", number=MOST_DEALS + 1, most=MOST_DEALS)
    assert refused.value.field == "number"
    with pytest.raises(OutOfTurn):
        game.verify(tied(MOST_DEALS + 1))


def test_deals_within_the_limit_can_still_be_corrected() -> None:
    game = endless_oh_well(MOST_DEALS)
    corrected = game.record(
        ExactEntry(
            number=MOST_DEALS, bids=(3, 3, 0, 0, 0, 0, 0), tricks=(3, 3, 0, 1, 0, 0, 0), trump=Trump.HEARTS
        )
    )
    assert len(corrected.entries) == MOST_DEALS


def _tables_at_the_bounds(variant: Variant) -> list[Table]:
    """Tables of every size with each option at its extremes (its first and last choices, on and off)."""
    tables = []
    for players in range(variant.min_players, variant.max_players + 1):
        values = []
        for spec in variant.options:
            if spec.kind == "choice":
                values.append(sorted({spec.choices[0], spec.choices[-1], spec.default_for(players)}))
            elif spec.kind == "bool":
                values.append([True, False])
            else:
                low, high = spec.bounds_for(players)
                values.append(
                    sorted({value for value in (low, high, spec.default_for(players)) if value is not None})
                )
        for combination in itertools.islice(itertools.product(*values), 5_000):
            try:
                tables.append(
                    Table.create(
                        variant,
                        seat_names(players),
                        options={
                            spec.name: value for spec, value in zip(variant.options, combination, strict=True)
                        },
                    )
                )
            except RuleViolation:
                continue  # a combination the rules refuse
    return tables


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.code)
def test_no_game_of_a_set_length_is_longer_than_the_limit(variant: Variant) -> None:
    tables = _tables_at_the_bounds(variant)
    assert tables
    counts = [variant.engine.deal_count(table) for table in tables]
    assert all(count <= MOST_DEALS for count in counts if count is not None)


def test_the_longest_custom_game_fits() -> None:
    table = Table.create(
        next(variant for variant in VARIANTS if variant.code == "custom-oh-hell"),
        ["Ann", "Bob"],
        options={
            "shape": "down-up",
            "start_cards": 26,
            "turn_cards": 1,
            "end_cards": 26,
            "repeat_ends": True,
        },
    )
    count = table.variant.engine.deal_count(table)
    assert count is not None and 50 <= count <= MOST_DEALS


@pytest.mark.parametrize(
    ("code", "options"),
    [
        ("oh-well", {}),
        ("classic-whist", {}),
        ("bid-whist", {}),
        ("german-whist", {}),
        ("oneonta", {}),  # competitive: the tie-break hands have no set end
    ],
)
def test_the_rules_of_a_game_without_a_last_deal_state_the_limit(
    code: str, options: dict[str, object]
) -> None:
    game = Game.start(code, SEVEN[: _players(code)], options=options)
    assert Text("rules_deal_limit", most=MOST_DEALS) in game_end(game.table)


@pytest.mark.parametrize("code", ["oh-hell", "romanian-whist", "oneonta-cooperative"])
def test_the_rules_of_a_game_of_set_length_do_not(code: str) -> None:
    game = Game.start(code, SEVEN[:4])
    assert all(line.code != "rules_deal_limit" for line in game_end(game.table))


def _players(code: str) -> int:
    variant = next(variant for variant in VARIANTS if variant.code == code)
    return max(variant.min_players, min(4, variant.max_players))


def adjustments(count: int) -> list[dict[str, object]]:
    """Adjustments that keep Ann and Bob level (one point each, by turns)."""
    return [
        {"event": "adjustment", "side": number % 2, "points": 1, "reason": "level"} for number in range(count)
    ]


def test_a_log_holds_at_most_most_log_items_deals_and_events_together() -> None:
    game = Game.start("oh-well", SEVEN)
    game = Game.from_data(game.table, [dict(TIED_DATA), *adjustments(MOST_LOG_ITEMS - 1)])
    assert len(game.log) == MOST_LOG_ITEMS
    for refused_item in (
        lambda: game.add(read_event(adjustments(1)[0])),
        lambda: game.record(tied(2)),
    ):
        with pytest.raises(OutOfTurn) as refused:
            refused_item()
        assert refused.value.code == "log_limit"
        assert refused.value.params == {"most": MOST_LOG_ITEMS, "entered": 1, "events": MOST_LOG_ITEMS - 1}


def test_a_log_of_3000_events_is_refused_at_once_and_a_long_one_replays_once() -> None:
    table = Game.start("oh-well", SEVEN).table
    began = time.process_time()  # this process's CPU: other work on the machine does not count
    with pytest.raises(OutOfTurn) as refused:
        Game.imported(table, [dict(TIED_DATA), *adjustments(3000)])
    assert time.process_time() - began < 0.1
    assert refused.value.code == "import_log_limit"
    assert refused.value.params == {"most": MOST_LOG_ITEMS, "entered": 1, "events": 3_000}
    longest = [dict(TIED_DATA)] * MOST_DEALS + adjustments(MOST_LOG_ITEMS - MOST_DEALS)
    assert len(Game.imported(table, longest).log) == MOST_LOG_ITEMS


def test_an_import_names_the_first_deal_or_event_the_rules_refuse() -> None:
    table = Game.start("oh-well", SEVEN).table
    refused_deal = {"bids": [3, 3, 0, 0, 0, 0, 0], "tricks": [9, 0, 0, 0, 0, 0, 0], "trump": "S"}
    with pytest.raises(RuleViolation) as refused:
        Game.imported(table, [dict(TIED_DATA), *adjustments(2), refused_deal])
    assert refused.value.code == "import_refused"
    assert refused.value.params["item"] == "deal" and refused.value.params["number"] == 2
