"""The pages of a table's evening after its events (issue 38): the game's rules page describes the game as
it stands (the players seated, who joined, every deal as planned now, one fact said once rather than a
column that slides off a phone); the table's history gives each side's score and filters as a choice
changes; "Carry on" lists those at the table now, not a player who left."""

from __future__ import annotations

import re

from .conftest import Driver
from .events_driver import play, record, state_of, text_of
from .tables_driver import TablePhone

ROMANIAN = ["Ana", "Bogdan", "Cristi", "Dana"]


def test_the_rules_page_of_a_game_is_the_game_as_it_stands(driver: Driver) -> None:
    game = driver.start("romanian-whist", ROMANIAN)
    play(driver, game, 3)
    before = driver.client.get(f"/games/{game}/rules").get_data(as_text=True)
    record(driver, game, "arrival", {"name": "Elena", "left_of": "3", "start": "lowest"})
    state = state_of(driver, game)
    assert state.deal_count is not None
    page = driver.client.get(f"/games/{game}/rules").get_data(as_text=True)
    said = text_of(page)
    assert "With this game's players and options: Ana, Bogdan, Cristi, Dana, Elena." in said
    assert "Elena: joined after deal 3." in said and "Shown for 5" in said
    assert f"{state.deal_count} deals:" in said and f"{state.deal_count} deals:" not in text_of(before)
    rows = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td><td>([^<]+)</td>", page)
    assert [int(number) for number, _, _ in rows] == list(range(1, state.deal_count + 1))
    # The deals played as they were dealt, then the deals to come as planned now, Elena dealing in turn.
    assert [int(cards) for _, cards, _ in rows[:3]] == [deal.facts.cards for deal in state.deals]
    assert rows[3][2] == "Dana" and rows[4][2] == "Elena"
    # What every deal shares is said once: no hook column beside the dealer's; where every deal has the
    # same trump (Oh Hell), no trump column either.
    assert "The dealer bids last and carries the hook in every deal that has one." in said
    assert "Bids last (hook)" not in page
    oh_hell = driver.start("oh-hell", ROMANIAN)
    plain = driver.client.get(f"/games/{oh_hell}/rules").get_data(as_text=True)
    assert "Trump: turn a card, every deal." in text_of(plain) and '<th scope="col">Trump</th>' not in plain


def test_the_history_gives_every_side_s_score_and_filters_as_it_changes(driver: Driver) -> None:
    phone = TablePhone(driver)
    group_id = phone.create()
    game = phone.start_game(
        group_id,
        "custom-oh-hell",
        ["Ann", "Bob", "Cy"],
        options={"shape": "fixed", "start_cards": 2, "deals": 1, "hook": False, "trump": "none"},
    )
    phone.play_exact(game, [((1, 1, 0), (1, 0, 1))])  # Ann makes 1 (11), Bob misses (0), Cy misses (1)
    page = driver.client.get(f"/tables/{group_id}/games").get_data(as_text=True)
    line = page[page.index('<span class="results">') :]
    assert text_of(line[: line.index("</span></span>")]).startswith("Ann 11 · Cy 1 · Bob 0")
    assert 'class="result won">Ann <b>11</b>' in page
    assert "data-auto data-soft" in page and "data-auto-hide" in page  # Show only without the script
    stats = driver.client.get(f"/tables/{group_id}/stats").get_data(as_text=True)
    assert "data-auto data-soft" in stats


def test_carry_on_lists_those_at_the_table_now(driver: Driver) -> None:
    game = driver.start("romanian-whist", [*ROMANIAN, "Elena"])
    play(driver, game, 1)
    record(driver, game, "departure", {"seat": "1"})
    home = text_of(driver.client.get("/"))
    resume = home[home.index("Carry on") : home.index("All your games")]
    assert "Ana, Cristi, Dana, Elena" in resume and "Bogdan" not in resume
    games = text_of(driver.client.get("/games"))
    assert "Ana, Cristi, Dana, Elena" in games
