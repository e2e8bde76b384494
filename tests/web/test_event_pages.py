"""Each table event through the pages: two taps from the deal screen to its form, a confirmation that
names what will change (the engine's preview), stored on yes, and shown in its place on the sheet, the
live view and the PDF."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import Driver, error_text
from .events_driver import form_page, hub, play, record, send, state_of, text_of
from .test_pdf import pdf_text

ROMANIAN = ["Peter", "Peggy", "John"]
OH_HELL = ["Ann", "Bob", "Cy", "Dee"]


def links(page: str) -> list[str]:
    """Every link's address on a page."""
    return re.findall(r'href="([^"]+)"', page)


def test_every_event_is_two_taps_from_the_deal_screen(driver: Driver) -> None:
    game = driver.start("romanian-whist", ROMANIAN, first_dealer=1)
    play(driver, game)
    screen = driver.client.get(f"/games/{game}/deals/2").get_data(as_text=True)
    assert "Table events" in screen
    assert f"/games/{game}/events" in links(screen)  # tap 1
    page = hub(driver, game).get_data(as_text=True)
    allowed = ("misdeal", "revoke", "arrival", "substitute", "adjustment", "stop")
    for kind in allowed:  # tap 2: each target opens its form
        assert f"/games/{game}/events/new/{kind}" in links(page)
        assert form_page(driver, game, kind).status_code == 200
    # Three players are the fewest Romanian Whist takes: nobody may leave or sit out, and the page says why.
    assert f"/games/{game}/events/new/departure" not in links(page)
    text = text_of(page)
    assert (
        "Departure Peter cannot leave: Romanian Whist needs at least 3 players, and without Peter the table "
        "would have 2. A substitute can take over Peter's seat" in text
    )
    assert "Sit-out Peter cannot sit deal 2 out: at least 3 players must play each deal" in text
    assert text.index("Stop early") < text.index("Not possible now") < text.index("Departure Peter")
    sheet = driver.sheet(game)
    assert f"/games/{game}/events?from=sheet" in links(sheet)


def test_a_misdeal_asks_nothing_says_who_deals_again_and_marks_the_sheet(driver: Driver) -> None:
    game = driver.start("romanian-whist", ROMANIAN, first_dealer=1)
    play(driver, game)
    before = driver.stored(game)
    confirm = form_page(driver, game, "misdeal")
    assert confirm.status_code == 200
    assert "John misdealt deal 2 and deals it again. Go on?" in text_of(confirm)
    assert driver.stored(game) == before  # asking stores nothing
    shown = record(driver, game, "misdeal")
    assert "After a misdeal the same dealer deals again; nothing is scored." in shown  # the game's law
    assert driver.stored(game) == [*before, {"event": "misdeal"}]
    screen = driver.client.get(f"/games/{game}/deals/2")
    assert "Recorded: John misdealt deal 2 and deals it again." in text_of(screen)
    assert "John deals 1" in text_of(screen)  # the same dealer, the same cards: deal 2 is dealt again
    sheet = text_of(driver.sheet(game))
    assert "Misdeal John misdealt deal 2 and deals it again" in sheet


def test_a_classic_whist_misdeal_passes_the_deal(driver: Driver) -> None:
    game = driver.start("classic-whist", OH_HELL, options={"misdeal_loses_deal": True})
    confirm = text_of(form_page(driver, game, "misdeal"))
    assert "A misdeal loses the deal: the next player deals, and the deals move on by one dealer." in confirm
    shown = record(driver, game, "misdeal")
    assert "Ann misdealt deal 1: a misdeal loses the deal, so Bob deals. Go on?" in shown
    assert "Bob" in text_of(driver.client.get(f"/games/{game}/deals/1")).split("Dealer")[1][:5]


def test_a_revoke_costs_the_house_rule_penalty_and_shows_the_totals_it_changes(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)  # Bob, first to bid, takes all 10 on a bid of 0: −; the others make 0: +10 each
    form = form_page(driver, game, "revoke")
    assert "loses 10 points and the rest of the deal stands (a house rule" in text_of(form)
    assert all(f'name="seats" value="{seat}"' in form.get_data(as_text=True) for seat in range(4))
    shown = record(driver, game, "revoke", {"seats": ["2"]})
    assert "Cy revoked in deal 1: −10 (house rule); the rest of the deal stands. " in shown
    assert "Cy 10 → 0" in shown
    assert driver.stored(game)[-1] == {"event": "revoke", "seats": [2]}
    sheet = driver.sheet(game)
    assert "Revoke Cy revoked in deal 1: −10 (house rule)" in text_of(sheet)
    assert state_of(driver, game).totals[2] == 0


def test_a_classic_whist_revoke_offers_the_other_side_s_choice_of_penalty(driver: Driver) -> None:
    game = driver.start("classic-whist", OH_HELL)
    assert driver.post_deal(game, 1, {"side": 0, "tricks": 8, "trump": "H"}).status_code == 302
    form = form_page(driver, game, "revoke").get_data(as_text=True)
    assert "The other side chooses" in form
    assert 'name="penalty" value="tricks" checked' in form and 'name="penalty" value="points"' in form
    assert "Three tricks from the revoking side" in form and "3 points added to their score" in form
    shown = record(driver, game, "revoke", {"seats": ["0"], "penalty": "points"})
    assert "Ann revoked in deal 1: Bob and Dee add 3 points to their score, and Ann and Cy cannot" in shown
    assert driver.stored(game)[-1] == {"event": "revoke", "seats": [0], "penalty": "points"}
    assert state_of(driver, game).totals == (2, 3)
    corrected = driver.client.get(f"/games/{game}/events/1").get_data(as_text=True)
    assert 'name="penalty" value="points" checked' in corrected  # a correction shows the choice made


def test_a_revoke_asks_no_penalty_where_the_laws_give_no_choice(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    form = form_page(driver, game, "revoke").get_data(as_text=True)
    assert 'name="penalty"' not in form and "The other side chooses" not in form


def test_an_arrival_replans_the_deals_and_starts_a_column_at_their_first_deal(driver: Driver) -> None:
    game = driver.start("romanian-whist", ROMANIAN, first_dealer=1)
    play(driver, game, 2)
    form = form_page(driver, game, "arrival").get_data(as_text=True)
    # Where the newcomer may sit comes from the ring of seats; the starting totals from the engine.
    assert "Between Peter and Peggy" in form and "Between John and Peter" in form
    assert "The lowest total" in form and "The average, rounded down" in form
    shown = record(driver, game, "arrival", {"name": "Mary", "left_of": "2", "start": "lowest"})
    assert "Mary joins after deal 2 at the left of John, starting on " in shown
    assert "(the lowest total); deals 3–24 become 4-player deals: 1, 1, 2, … cards" in shown
    assert "Cards each in the deals to come" in shown
    assert driver.stored(game)[-1] == {"event": "arrival", "name": "Mary", "left_of": 2, "start": "lowest"}
    sheet = driver.sheet(game)
    assert ">Mary</th>" in sheet
    row = sheet[sheet.index('id="deal-1"') : sheet.index("</tr>", sheet.index('id="deal-1"'))]
    assert row.count("<td") == 4 and 'aria-label="not yet at the table"' in row
    assert "joined after deal 2" in text_of(sheet)
    play(driver, game)
    assert len(state_of(driver, game).deals[-1].facts.bidding_order) == 4


def test_a_departure_keeps_the_total_and_marks_the_seat_left(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    shown = record(driver, game, "departure", {"seat": "3"})
    assert "Dee leaves after deal 1 with 10; deals 2–19 become 3-player deals: 9, 8, 7, … cards" in shown
    play(driver, game)
    sheet = driver.sheet(game)
    assert "Departure Dee leaves after deal 1 with 10" in text_of(sheet)
    assert 'aria-label="left">left</td>' in sheet
    assert "Dee left after deal 1" in text_of(sheet).replace(" 10", "", 0)
    screen = text_of(driver.client.get(f"/games/{game}/deals/3"))
    assert "Dee 10 left" in screen  # the standings strip keeps the total, marked left
    assert "Dee out" not in screen  # a player who left is not news on every deal's line


def test_a_substitute_keeps_the_seat_and_the_sheet_shows_both_names(driver: Driver) -> None:
    game = driver.start("classic-whist", OH_HELL)
    assert driver.post_deal(game, 1, {"side": 0, "tricks": 8, "trump": "H"}).status_code == 302
    form = form_page(driver, game, "substitute").get_data(as_text=True)
    assert all(f'name="seat" value="{seat}"' in form for seat in range(4))
    shown = record(driver, game, "substitute", {"seat": "2", "name": "Sue"})
    assert "Sue takes over Cy's seat from deal 2. Go on?" in shown
    sheet = driver.sheet(game)
    assert "Ann &amp; Cy → Sue" in sheet and "Ann · Bob · Cy → Sue · Dee" in text_of(sheet)
    assert "Substitute Sue takes over Cy's seat from deal 2" in text_of(sheet)


def test_a_sit_out_skips_the_player_in_the_next_deal(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    shown = record(driver, game, "sit_out", {"seat": "0"})
    assert "Ann sits deal 2 out. Go on?" in shown
    screen = text_of(driver.client.get(f"/games/{game}/deals/2"))
    assert "Sits out Ann" in screen
    play(driver, game)
    sheet = driver.sheet(game)
    row = sheet[sheet.index('id="deal-2"') : sheet.index("</tr>", sheet.index('id="deal-2"'))]
    assert '<td class="out">—</td>' in row
    assert "Sit-out Ann sits deal 2 out" in text_of(sheet)


def test_an_adjustment_counts_in_the_totals_with_its_reason(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    form = form_page(driver, game, "adjustment").get_data(as_text=True)
    assert all(f'name="side" value="{seat}"' in form for seat in range(4))
    # "No, change it" on the confirmation goes back to the form with everything as typed.
    fields = {"side": "0", "sign": "-", "points": "5", "reason": "late"}
    confirm = send(driver, game, "adjustment", fields)
    again = send(driver, game, "adjustment", fields, step="change", page=confirm).get_data(as_text=True)
    assert 'value="late"' in again and 'name="points" class="number" min="1" value="5"' in again
    assert re.search(r'name="sign" value="-"\s+checked', again) and re.search(
        r'name="side" value="0"\s*checked', again
    )
    assert len(driver.stored(game)) == 1
    shown = record(driver, game, "adjustment", {"side": "0", "sign": "-", "points": "5", "reason": "late"})
    assert "Ann −5 after deal 1: late. " in shown and "Ann 10 → 5" in shown
    assert driver.stored(game)[-1] == {"event": "adjustment", "side": 0, "points": -5, "reason": "late"}
    sheet = driver.sheet(game)
    assert "Adjustment Ann −5 after deal 1: late" in text_of(sheet)
    assert state_of(driver, game).totals[0] == 5


def test_stopping_early_ends_the_game_on_the_standings(driver: Driver) -> None:
    game = driver.start("romanian-whist", ROMANIAN, first_dealer=1)
    play(driver, game, 2)
    confirm = form_page(driver, game, "stop")
    assert "Stopped after deal 2 of 21: the standings then are final. Go on?" in text_of(confirm)
    shown = record(driver, game, "stop")
    assert "Go on?" in shown
    sheet = text_of(driver.sheet(game))
    assert "Stopped after deal 2 of 21: the standings then are final" in sheet
    assert "Enter deal 3" not in sheet
    assert driver.client.get(f"/games/{game}/deals/3").status_code == 409


def test_a_game_to_a_target_stopped_early_says_no_one_reached_it(driver: Driver) -> None:
    game = driver.start("oh-well", OH_HELL)
    play(driver, game)
    record(driver, game, "stop")
    sheet = text_of(driver.sheet(game))
    assert "Stopped after deal 1: no one reached 100, so the totals rank the players" in sheet


def test_the_sheet_live_view_and_pdf_show_every_event_in_its_place(driver: Driver, tmp_path: Path) -> None:
    game = driver.start("oh-hell", OH_HELL, options={"revoke_penalty": 7})
    play(driver, game)
    record(driver, game, "revoke", {"seats": ["1"]})
    record(driver, game, "misdeal")
    play(driver, game)
    record(driver, game, "adjustment", {"side": "2", "sign": "+", "points": "3", "reason": "birthday"})
    record(driver, game, "stop")
    texts = [
        "Bob revoked in deal 1: −7 (house rule); the rest of the deal stands",
        "Bob misdealt deal 2 and deals it again",
        "Cy +3 after deal 2: birthday",
        "Stopped after deal 2 of 19",
    ]
    sheet = driver.sheet(game)
    grid = sheet.index('class="grid"')
    order = [sheet.index(text, grid) for text in texts]
    assert order == sorted(order)
    assert sheet.index('id="deal-1"') < order[0] < order[1] < sheet.index('id="deal-2"') < order[2]
    live = text_of(driver.client.get(f"/games/{game}/live"))
    pdf = " ".join(pdf_text(driver.client.get(f"/games/{game}/sheet.pdf").data, tmp_path).split())
    for text in texts:
        assert text in live
        assert text in pdf
    assert "Revoke: A revoke found after a deal: the player who revoked loses 7 points" in pdf


def test_a_hand_game_says_hand_on_its_event_pages(driver: Driver) -> None:
    game = driver.start("german-whist", ["Ann", "Bob"])
    assert driver.post_deal(game, 1, {"tricks": 7}).status_code == 302
    page = text_of(hub(driver, game))
    assert "Misdeal The cards were dealt wrong: hand 2 is dealt again" in page
    assert "Nobody sits a hand out" in text_of(form_page(driver, game, "sit_out")) or "hand" in page
    shown = record(driver, game, "misdeal")
    assert "Bob misdealt hand 2 and deals it again" in shown
    assert "Misdeal Bob misdealt hand 2" in text_of(driver.sheet(game))


def test_the_table_sees_every_event_and_corrects_it_where_it_stands(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    record(driver, game, "adjustment", {"side": "1", "sign": "+", "points": "4", "reason": "bonus"})
    play(driver, game)
    page = text_of(hub(driver, game))
    assert "Recorded so far Adjustment Bob +4 after deal 1: bonus Correct" in page
    form = driver.client.get(f"/games/{game}/events/1").get_data(as_text=True)
    assert 'name="points" class="number" min="1" value="4"' in form and 'value="bonus"' in form
    shown = record(
        driver, game, "adjustment", {"side": "1", "sign": "+", "points": "6", "reason": "bonus"}, number=1
    )
    assert "Event 1 becomes: Bob +6 after deal 1: bonus." in shown
    assert driver.stored(game)[1] == {"event": "adjustment", "side": 1, "points": 6, "reason": "bonus"}
    assert len(driver.stored(game)) == 3  # corrected in place: the deal after it is still there
    assert "Corrected: Bob +6 after deal 1: bonus." in driver.sheet(game)


def test_a_refused_correction_keeps_the_values_and_stores_nothing(driver: Driver) -> None:
    game = driver.start("oh-hell", OH_HELL)
    play(driver, game)
    record(driver, game, "arrival", {"name": "Eve", "left_of": "3", "start": "0"})
    stored = driver.stored(game)
    refused = send(driver, game, "arrival", {"name": "Bob", "left_of": "3", "start": "0"}, number=1)
    assert refused.status_code == 422
    assert error_text(refused) == "Bob already has a seat at this table: give the newcomer a different name"
    assert 'name="name" value="Bob"' in refused.get_data(as_text=True)
    assert driver.stored(game) == stored


def test_the_rules_pages_say_what_each_variant_allows_at_the_table(driver: Driver) -> None:
    def rules(address: str) -> str:
        page = driver.client.get(address)
        assert page.status_code == 200
        text = text_of(page)
        return text[text.index("At the table: misdeals, revokes, players coming and going") :]

    classic = rules("/rules/classic-whist")
    assert "A misdeal loses the deal: the next player deals" in classic
    assert (
        "the other side chooses three tricks taken from the revoking side and added to its own, or 3 "
        "points added to its score; either way the revoking side cannot reach 5 on that deal" in classic
    )
    assert "the deal is void and the same dealer deals it again" in classic
    assert "A game stopped early is ranked by the totals, and the sheet says that no one reached 5" in classic
    assert "A newcomer starts on 0" not in classic  # nobody joins a partnership game
    assert "Nobody can join or leave: Classic Whist is played by exactly four players" in classic
    assert "Nobody sits a deal out" in classic
    bid_whist = rules("/rules/bid-whist")
    assert "After a misdeal the same dealer deals again" in bid_whist
    assert "three books go from the reneging side" in bid_whist and "Nobody sits a hand out" in bid_whist
    oh_hell = rules("/rules/oh-hell")
    assert "the player who revoked loses 10 points and the rest of the deal stands (a house rule" in oh_hell
    assert "Players may join between deals and leave after a deal, from 3 to 7 at the table" in oh_hell
    assert "A player may sit one deal out, as long as 3 players still play it" in oh_hell
    assert "A revoke found after a deal: The revoker loses points" in oh_hell  # the option and its value
    assert "the deal is dealt again (a house rule" in rules("/rules/romanian-whist?revoke=redeal")
    # What RULES.md §9 settles besides, each from the family's declared laws.
    assert "A revoke is recorded right after the deal it was found in, before anything else" in oh_hell
    assert "A newcomer starts on 0, unless the table chooses the lowest total or the average" in oh_hell
    assert "A player who leaves keeps their total, final, and their place in the standings" in oh_hell
    assert "the number of deals stays, and a deal larger than the largest hand" in oh_hell
    assert "A player who sits out still deals when it is their turn" in oh_hell
    assert "A game stopped early goes to the highest total; players level at the top win together" in oh_hell
    assert "the blocks to come are dealt once per player of the new number" in rules("/rules/romanian-whist")
    assert "whoever stands on exactly 0 (the zero finish)" in rules("/rules/romanian-whist?zero_finish=true")
    assert "never ends the game by itself: 100 is judged at the end of a deal" in rules("/rules/oh-well")
    assert "still gets the further 10 of the hard score" in rules("/rules/oh-pshaw?hard_score=true")
    assert "with no tie-break hands" in rules("/rules/oneonta")
    assert "with defensive scoring the books that go over count as the defenders' books" in rules(
        "/rules/bid-whist?defensive_scoring=true"
    )
    assert "The app takes at most 100 deals in one game" in text_of(driver.client.get("/rules/oh-well"))
    assert "The app takes at most 100 hands in one game" in text_of(driver.client.get("/rules/german-whist"))
    game = driver.start("oh-hell", OH_HELL, options={"revoke_penalty": 7})
    assert "the player who revoked loses 7 points" in rules(f"/games/{game}/rules")
