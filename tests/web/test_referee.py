"""The referee's pages: rules for every variant, the trick judge, and "explain the numbers"."""

from __future__ import annotations

import html
import json
import re

import pytest

from scorekeeper.games import store
from scorekeeper.rules import VARIANTS, Table, Variant
from scorekeeper.rules.explain import worked_examples
from scorekeeper.rules.rulebook import deal_plan, seat_names
from scorekeeper.words import english

from .conftest import Driver, error_text

ALL_TABLES = [
    (variant, count) for variant in VARIANTS for count in range(variant.min_players, variant.max_players + 1)
]


def plan_rows(page: str) -> list[list[str]]:
    """The deal table of a rules page: its cells, row by row, without markup."""
    table = re.search(r'<table class="grid plan">.*?<tbody>(.*?)</tbody>', page, re.S)
    assert table, "the page has no deal table"
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S)
    return [
        [
            html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in rows
    ]


def plan_heads(page: str) -> list[str]:
    """The deal table's column heads: a column every deal shares is said once above the table instead."""
    head = re.search(r'<table class="grid plan">\s*<thead>(.*?)</thead>', page, re.S)
    assert head, "the page has no deal table"
    return [html.unescape(cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", head.group(1), re.S)]


@pytest.mark.parametrize(("variant", "players"), ALL_TABLES, ids=[f"{v.code}-{n}" for v, n in ALL_TABLES])
def test_every_rules_page_lists_the_engines_deals(driver: Driver, variant: Variant, players: int) -> None:
    page = driver.client.get(f"/rules/{variant.code}?players={players}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    table = Table.create(variant, seat_names(players))
    plan = deal_plan(table)
    rows = [row for row in plan_rows(text) if row != ["… and so on"]]
    assert len(rows) == len(plan.deals)
    heads = plan_heads(text)
    for row, facts in zip(rows, plan.deals, strict=True):
        assert row[:3] == [str(facts.number), str(facts.cards), table.players[facts.dealer]]
        if facts.hook and "Bids last (hook)" in heads:
            assert table.players[facts.last_bidder] in row[heads.index("Bids last (hook)")]
        elif facts.hook:  # said once: the dealer bids last in every deal
            assert facts.last_bidder == facts.dealer
            assert "The dealer bids last and carries the hook" in text
    engine = variant.engine
    if hasattr(engine, "plan") and engine.deal_count(table) is not None:
        assert [facts.cards for facts in plan.deals] == [facts.cards for facts in engine.plan(table)]
    words = html.unescape(text)
    assert english(engine.describe_deck(table), variant.deal_word) in words
    for example in worked_examples(table)[:2]:
        assert english(example.explanation, variant.deal_word) in words
    for spec in variant.options:
        assert spec.help in words


def test_the_deal_table_follows_the_engine_for_known_sequences(driver: Driver) -> None:
    romanian = plan_rows(driver.client.get("/rules/romanian-whist?players=3").get_data(as_text=True))
    assert [int(row[1]) for row in romanian] == [
        1,
        1,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        8,
        8,
        7,
        6,
        5,
        4,
        3,
        2,
        1,
        1,
        1,
    ]
    pshaw = plan_rows(driver.client.get("/rules/oh-pshaw?players=4").get_data(as_text=True))
    assert pshaw[-1][1:4] == ["13", "Player 1", "No trump"]
    nomination = plan_rows(driver.client.get("/rules/nomination-whist?players=4").get_data(as_text=True))
    assert [row[3] for row in nomination[:5]] == ["♠ Spades", "♥ Hearts", "♣ Clubs", "♦ Diamonds", "No trump"]


def test_rules_options_change_the_page_and_bad_ones_are_refused(driver: Driver) -> None:
    page = driver.client.get("/rules/romanian-whist?players=4&sequence=8-1-8").get_data(as_text=True)
    assert [int(row[1]) for row in plan_rows(page)][:5] == [8, 8, 8, 8, 7]
    refused = driver.client.get("/rules/romanian-whist?players=4&sequence=8-1-8&zero_finish=on")
    assert refused.status_code == 422
    assert error_text(refused) == "0 finish is played only in 1-8-1 games"
    assert driver.client.get("/rules/no-such-game").status_code == 404


def test_a_games_rules_page_applies_its_options_and_players(driver: Driver) -> None:
    game_id = driver.start("romanian-whist", ["Ann", "Bob", "Cy"], options={"sequence": "8-1-8"})
    sheet = driver.sheet(game_id)
    assert f'href="/games/{game_id}/rules"' in sheet
    page = driver.client.get(f"/games/{game_id}/rules").get_data(as_text=True)
    rows = plan_rows(page)
    assert [row[1] for row in rows[:3]] == ["8", "8", "8"]
    assert rows[0][2] == "Ann"
    assert "Sequence: <strong>8-1-8</strong>" in page


def test_the_home_page_links_to_the_rules_and_the_judge(driver: Driver) -> None:
    home = driver.client.get("/").get_data(as_text=True)
    assert 'href="/rules"' in home and 'href="/referee"' in home
    assert driver.client.get("/rules").status_code == 200
    picker = driver.client.get("/referee").get_data(as_text=True)
    for variant in VARIANTS:
        assert f"/referee?variant={variant.code}" in picker


# --- the trick judge --------------------------------------------------------------------------


def verdict_text(page: str) -> str:
    found = re.search(r'<p class="why">(.*?)</p>', page, re.S)
    assert found, "no verdict on the page"
    return html.unescape(found.group(1))


def test_the_judge_names_the_winner_and_the_rule(driver: Driver) -> None:
    page = driver.client.get("/referee?variant=oneonta&players=3&trump=H&card-1=AH&card-2=JK2&card-3=KH")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Small Joker</span> wins" in text
    assert verdict_text(text).startswith("The Small Joker wins: the Small Joker is a trump")


def test_the_judge_knows_downtown_and_the_turned_joker(driver: Driver) -> None:
    downtown = driver.client.get(
        "/referee?variant=bid-whist&trump=C&order=downtown&card-1=KH&card-2=2H&card-3=5H&card-4=QH"
    ).get_data(as_text=True)
    assert verdict_text(downtown).startswith("The 2♥ wins")
    turned = driver.client.get(
        "/referee?variant=oneonta&players=3&trump=JK&card-1=AS&card-2=KS&card-3=JK1"
    ).get_data(as_text=True)
    assert "the other Joker is the only trump" in verdict_text(turned)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (
            "variant=oh-hell&players=4&trump=S&card-1=AS&card-2=KS",
            "A trick has 4 cards, one from each player: 2 were chosen",
        ),
        (
            "variant=oh-hell&players=3&trump=S&card-1=AS&card-2=KS&card-3=AS",
            "The A♠ is played twice: the deck has only one",
        ),
        (
            "variant=oneonta&players=3&trump=S&card-1=AS&card-2=9S&card-3=KS",
            "This deck has no 9♠: it is 22 cards",
        ),
        ("variant=german-whist&trump=H&card-1=AS&card-2=ZZ", "'ZZ' is not a card"),
        ("variant=oneonta&players=3&trump=JK&card-1=JK1&card-2=JK2&card-3=AS", "a trick cannot hold both"),
    ],
)
def test_the_judge_refuses_impossible_tricks_with_the_reason(
    driver: Driver, query: str, message: str
) -> None:
    page = driver.client.get(f"/referee?{query}")
    assert page.status_code == 422
    assert message in error_text(page)


def test_the_judge_of_a_games_deal_uses_its_trump_direction_and_players(driver: Driver) -> None:
    game_id = driver.start("bid-whist", ["Ann", "Bob", "Cy", "Dee"])
    with driver.app.app_context():
        record = store.find_record(game_id)
        assert record is not None
        hand = {"auction": ["pass", "4 downtown", "pass", "pass"], "declaration": "H", "tricks": 10}
        store.record_deal(record, store.game_of(record), 1, hand)
    page = driver.client.get(f"/games/{game_id}/deals/1/trick").get_data(as_text=True)
    assert re.search(r'value="H" checked', page) and re.search(r'value="downtown" checked', page)
    judged = driver.client.get(
        f"/games/{game_id}/deals/1/trick?trump=H&order=downtown&leader=0&card-1=KH&card-2=AH&card-3=2H&card-4=JK1"
    ).get_data(as_text=True)
    assert "Red Joker</span> wins: Ann takes the trick" in judged
    deal_page = driver.client.get(f"/games/{game_id}/deals/2").get_data(as_text=True)
    assert f'href="/games/{game_id}/deals/2/trick"' in deal_page
    assert f'href="/games/{game_id}/rules"' in deal_page
    assert driver.client.get(f"/games/{game_id}/deals/9/trick").status_code == 404


def test_the_dead_hand_does_not_play_to_the_trick(driver: Driver) -> None:
    game_id = driver.start("romanian-whist", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"])
    page = driver.client.get(f"/games/{game_id}/deals/1/trick").get_data(as_text=True)
    assert 'name="card-6"' in page and 'name="card-7"' not in page
    leaders = re.search(r'<select id="leader".*?</select>', page, re.S)
    assert leaders and ">Ann<" not in leaders.group(0) and ">Bob<" in leaders.group(0)


# --- explain the numbers ---------------------------------------------------------------------


def test_the_sheet_links_each_points_cell_to_its_explanation(driver: Driver) -> None:
    game_id = driver.start("romanian-whist", ["Ann", "Bob", "Cy"])
    driver.post_deal(game_id, 1, {"bid-1": 1, "bid-2": 1, "bid-0": 0})
    response = driver.post_deal(
        game_id, 1, {"bid-1": 1, "bid-2": 1, "bid-0": 0, "tricks-0": 0, "tricks-1": 1, "tricks-2": 0}
    )
    assert response.status_code == 302, error_text(response)
    sheet = driver.sheet(game_id)
    assert f'href="/games/{game_id}/deals/1/explain#s1">+6</a>' in sheet
    page = driver.client.get(f"/games/{game_id}/deals/1/explain").get_data(as_text=True)
    assert "bid 1, took 1: 5 + 1 = +6" in page
    assert "bid 1, took 0: missed by 1: −1" in html.unescape(page)
    data = json.loads(
        driver.client.get(f"/games/{game_id}/deals/1/explain?format=json").get_data(as_text=True)
    )
    assert data["sides"][1] == {"side": 1, "name": "Bob", "points": 6, "text": "bid 1, took 1: 5 + 1 = +6"}
    assert driver.client.get(f"/games/{game_id}/deals/2/explain").status_code == 404


def test_the_explain_page_of_a_partnership_game(driver: Driver) -> None:
    game_id = driver.start("classic-whist", ["Ann", "Bob", "Cy", "Dee"])
    response = driver.post_deal(game_id, 1, {"tricks": 8})
    assert response.status_code == 302, error_text(response)
    page = html.unescape(driver.client.get(f"/games/{game_id}/deals/1/explain").get_data(as_text=True))
    assert "Ann & Cy" in page and "took 8: 8 − 6 = +2; +2 for the deal" in page
    assert "took 5, no more than 6: no trick points; 0 for the deal" in page
