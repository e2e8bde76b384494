"""The Oneonta Whist screens through the pages: every form, bids then tricks, refusals, corrections, sheet."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tests.web.conftest import Driver, csrf_token, error_text

BIDS_THEN_TRICKS = 302


def cells(html: str, number: int) -> list[str]:
    """The text of each cell in deal ``number``'s row of the score sheet."""
    found = re.search(rf'<tr id="deal-{number}"[^>]*>(.*?)</tr>', html, re.S)
    assert found, f"no row for deal {number}"
    return [
        " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"</?abbr[^>]*>", "", cell)).split())
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", found.group(1), re.S)
    ]


def row_tag(html: str, number: int) -> str:
    """The opening tag of deal ``number``'s row (its classes mark a tie-break hand)."""
    found = re.search(rf'<tr id="deal-{number}"[^>]*>', html)
    assert found
    return found.group(0)


def bidding_order(driver: Driver, game_id: str, number: int) -> list[int]:
    """The seats as the entry page lists the bidders, top to bottom."""
    page = driver.client.get(f"/games/{game_id}/deals/{number}").get_data(as_text=True)
    return [int(seat) for seat in re.findall(r'class="line bidder"[^>]*data-seat="(\d+)"', page)]


def bid_fields(bids: Mapping[int, str], doubles: Iterable[int] = (), trump: str = "S") -> dict[str, str]:
    """The form fields of a deal's bids: chip values per seat, Double switches, the turned card."""
    fields = {f"bid-{seat}": value for seat, value in bids.items()}
    fields.update({f"double-{seat}": "y" for seat in doubles})
    fields["trump"] = trump
    return fields


def enter_tricks(
    driver: Driver,
    game_id: str,
    number: int,
    fields: Mapping[str, str],
    tricks: Mapping[int, int],
) -> None:
    """Save the tricks of a deal whose bids are stored (the page posts the bids again with them)."""
    response = driver.post_deal(
        game_id, number, {**fields, **{f"tricks-{seat}": str(took) for seat, took in tricks.items()}}
    )
    assert response.status_code == BIDS_THEN_TRICKS, error_text(response)


def play(
    driver: Driver,
    game_id: str,
    number: int,
    bids: Mapping[int, str],
    tricks: Mapping[int, int],
    *,
    doubles: Iterable[int] = (),
    trump: str = "S",
) -> None:
    """Enter a deal as the table does: save the bids, then the tricks."""
    fields = bid_fields(bids, doubles, trump)
    response = driver.post_deal(game_id, number, fields)
    assert response.status_code == BIDS_THEN_TRICKS, error_text(response)
    enter_tricks(driver, game_id, number, fields, tricks)


def checked(page: str, name: str, value: str) -> bool:
    """True when the radio or checkbox ``name`` with ``value`` is checked on the page."""
    return re.search(rf'name="{name}" value="{value}"[^>]*?\bchecked\b', page) is not None


# --- solitaire ------------------------------------------------------------------------


def test_solitaire_sheet_with_one_player_scores_bids_nulls_and_the_dummy(driver: Driver) -> None:
    game_id = driver.start("oneonta-solitaire", ["Ann"], options={"doubling": True})
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "22 cards: A down to 10 of each suit, and two Jokers" in page
    assert 'name="bid-0" value="N9"' in page  # a null staking up to 9
    assert 'name="trump" value="JK"' in page
    assert 'name="double-0"' in page

    play(driver, game_id, 1, {0: "5"}, {0: 7})  # ONS-2: 5 − 2 = +3
    play(driver, game_id, 2, {0: "N4"}, {0: 0})  # ONS-4: +4
    play(driver, game_id, 3, {0: "9"}, {0: 9}, doubles=[0])  # ONS-6: +14

    assert driver.stored(game_id)[1]["bids"] == [{"kind": "null", "value": 4}]
    assert driver.stored(game_id)[2]["bids"] == [{"kind": "positive", "value": 9, "doubled": True}]
    sheet = driver.sheet(game_id)
    assert cells(sheet, 1) == ["5/7 ↑2 +3 3", "took 2"]
    assert cells(sheet, 2) == ["N4/0 ✓ +4 7", "took 9"]
    assert cells(sheet, 3) == ["9×/9 ✓ +14 21", "took 0"]


def test_solitaire_alternative_scoring_beats_the_game(driver: Driver) -> None:
    game_id = driver.start("oneonta-solitaire", ["Ann"], options={"deals": 2, "alternative_scoring": True})
    play(driver, game_id, 1, {0: "1"}, {0: 9})  # ONS-8: overtricks score 0
    play(driver, game_id, 2, {0: "N3"}, {0: 0})
    sheet = driver.sheet(game_id)
    assert cells(sheet, 1)[0] == "1/9 ↑8 0 0"
    assert "Ann beat the game with 3 points" in sheet


def test_correcting_an_earlier_deal_rescores_the_next(driver: Driver) -> None:
    game_id = driver.start("oneonta-solitaire", ["Ann"])
    play(driver, game_id, 1, {0: "5"}, {0: 5})
    play(driver, game_id, 2, {0: "3"}, {0: 3})
    assert cells(driver.sheet(game_id), 2)[0] == "3/3 ✓ +3 8"

    correction = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert 'name="phase" value="all"' in correction
    assert checked(correction, "bid-0", "5") and checked(correction, "tricks-0", "5")
    response = driver.post_deal(game_id, 1, {**bid_fields({0: "5"}), "tricks-0": "4"})
    assert response.status_code == 302, error_text(response)

    sheet = driver.sheet(game_id)
    assert cells(sheet, 1)[0] == "5/4 ✗ −5 −5"
    assert cells(sheet, 2)[0] == "3/3 ✓ +3 −2"


def test_unreadable_bid_is_refused_and_named(driver: Driver) -> None:
    game_id = driver.start("oneonta-solitaire", ["Ann"])
    response = driver.post_deal(game_id, 1, {"bid-0": "lots", "trump": "H"})
    assert response.status_code == 422
    assert "'lots'" in error_text(response)
    assert checked(response.get_data(as_text=True), "trump", "H")
    assert driver.stored(game_id) == []


def test_the_dummy_cannot_take_fewer_than_none(driver: Driver) -> None:
    game_id = driver.start("oneonta-solitaire", ["Ann"])
    driver.post_deal(game_id, 1, bid_fields({0: "4"}))
    response = driver.post_deal(game_id, 1, {**bid_fields({0: "4"}), "tricks-0": "10"})
    assert response.status_code == 422
    assert "Ann took 10, but a hand has only 9 cards" in error_text(response)
    assert "tricks" not in driver.stored(game_id)[0]


# --- Edd Allard ------------------------------------------------------------------------


def test_edd_allard_plain_null_and_a_draw_at_thirty(driver: Driver) -> None:
    game_id = driver.start("oneonta-edd-allard", ["Ann"])
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert 'name="bid-0" value="N"' in page and 'value="N1"' not in page
    assert 'name="double-0"' not in page  # doubling is off

    refused = driver.post_deal(game_id, 1, bid_fields({0: "N3"}))
    assert refused.status_code == 422
    assert "Under Edd Allard a null has no value" in error_text(refused)
    assert driver.stored(game_id) == []

    # EA-6: +4, +10, −3, +5, +2, +10, −12, +6, +8 = 30
    deals = [("4", 4), ("N", 0), ("3", 2), ("5", 5), ("4", 6), ("N", 0), ("N", 2), ("6", 6), ("8", 8)]
    for number, (bid, took) in enumerate(deals, start=1):
        play(driver, game_id, number, {0: bid}, {0: took})
    sheet = driver.sheet(game_id)
    assert cells(sheet, 2)[0] == "N/0 ✓ +10 14"
    assert cells(sheet, 7)[0] == "N/2 ✗ −12 16"
    assert cells(sheet, 9)[0] == "8/8 ✓ +8 30"
    assert "Draw: Ann scored exactly 30" in sheet


# --- competitive ------------------------------------------------------------------------


def test_competitive_deal_second_double_refused_and_next_first_bidder(driver: Driver) -> None:
    game_id = driver.start("oneonta", ["Ann", "Bob", "Cy"], options={"doubling": True})
    assert bidding_order(driver, game_id, 1) == [1, 2, 0]  # eldest first in hand 1

    refused = driver.post_deal(game_id, 1, bid_fields({1: "7", 2: "N7", 0: "1"}, doubles=[1, 2]))
    assert refused.status_code == 422
    assert error_text(refused) == "Only the first double counts: Bob doubled already"
    page = refused.get_data(as_text=True)
    assert checked(page, "bid-2", "N7") and checked(page, "double-2", "y") and checked(page, "double-1", "y")
    assert driver.stored(game_id) == []

    # ONM-1: bid 3 took 3 → +3; bid 2 took 4 → 0; null 2 took 0 → +2
    play(driver, game_id, 1, {1: "3", 2: "2", 0: "N2"}, {1: 3, 2: 4, 0: 0})
    sheet = driver.sheet(game_id)
    assert cells(sheet, 1) == ["N2/0 ✓ +2 2", "3/3 ✓ +3 3", "2/4 ↑2 0 0"]
    assert "Bob bids first: the highest positive bid last hand" in sheet
    assert bidding_order(driver, game_id, 2) == [1, 2, 0]


def test_competitive_leader_shown_once_the_bids_are_in(driver: Driver) -> None:
    game_id = driver.start("oneonta", ["Ann", "Bob", "Cy"])
    before = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "The highest bid, once all bids are in" in before
    response = driver.post_deal(game_id, 1, bid_fields({1: "2", 2: "4", 0: "N1"}, trump="JK"))
    assert response.status_code == 302
    after = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert re.search(r"<dt>First lead</dt><dd>Cy</dd>", after)
    assert "Joker turned: only the other Joker is trump" in after
    assert 'name="tricks-2"' in after and 'type="hidden" name="bid-2" value="4"' in after


def test_tie_break_hand_between_the_leaders_marked_and_the_others_out(driver: Driver) -> None:
    game_id = driver.start("oneonta", ["Ann", "Bob", "Cy"])
    takers = [0, 1, 0, 1, 0, 1, 2]  # the seat that bids and takes all 7; the others null 1
    for number, taker in enumerate(takers, start=1):
        bids = {seat: ("7" if seat == taker else "N1") for seat in range(3)}
        play(driver, game_id, number, bids, {seat: (7 if seat == taker else 0) for seat in range(3)})
    sheet = driver.sheet(game_id)
    assert "Tie-break: Ann and Bob are level on 25" in sheet

    page = driver.client.get(f"/games/{game_id}/deals/8").get_data(as_text=True)
    assert "Tie-break hand" in page and "Out: Cy" in page
    assert 'name="bid-2"' not in page
    play(driver, game_id, 8, {0: "5", 1: "4"}, {0: 5, 1: 4})

    sheet = driver.sheet(game_id)
    assert 'class="tie-break"' in row_tag(sheet, 8)
    assert cells(sheet, 8) == ["5/5 ✓ +5 30", "4/4 ✓ +4 29", "—"]
    assert "Ann wins with 30 after tie-break hands" in sheet


def test_seven_bidders_are_drawn_whole_without_the_script_and_their_tricks_in_columns(driver: Driver) -> None:
    """Seven bid in turn: the page draws every bidder open, each bid and null a chip, and keeps the folds
    (static/oneonta.js shows them) hidden, so that without a script the form is whole and posts as ever;
    the tricks then take a column each."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    game_id = driver.start("oneonta", names, options={"doubling": True})
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert re.search(r'<form [^>]*class="entry oneonta rows-turns"', page)
    order = bidding_order(driver, game_id, 1)
    for seat in order:
        values = re.findall(rf'name="bid-{seat}" value="(N?\d)"', page)
        assert values == [str(value) for value in range(1, 8)] + [f"N{value}" for value in range(1, 8)]
        assert f'name="double-{seat}"' in page
    folds = re.findall(r"<button [^>]*data-fold[^>]*>", page)
    assert len(folds) == 7 and all(" hidden" in fold for fold in folds)

    bids = dict(zip(order, ["2", "1", "N1", "1", "1", "1", "N1"], strict=True))
    assert driver.post_deal(game_id, 1, bid_fields(bids)).status_code == BIDS_THEN_TRICKS
    tricks = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert re.search(r'<form [^>]*class="entry oneonta rows-columns named players-7"', tricks)


# --- cooperative ------------------------------------------------------------------------


def test_cooperative_last_bidder_told_the_bid_that_completes_the_total(driver: Driver) -> None:
    game_id = driver.start("oneonta-cooperative", ["Ann", "Bob", "Cy"], options={"hands": 2})
    assert bidding_order(driver, game_id, 1) == [1, 2, 0]

    refused = driver.post_deal(game_id, 1, bid_fields({1: "3", 2: "N2", 0: "3"}))
    assert refused.status_code == 422
    assert error_text(refused) == "The bids must add up to 7: Ann must bid 4"
    page = refused.get_data(as_text=True)
    assert checked(page, "bid-1", "3") and checked(page, "bid-2", "N2") and checked(page, "bid-0", "3")
    assert re.search(r'class="chip struck" title="The bids must add up to 7: Ann must bid 4"', page)
    assert driver.stored(game_id) == []

    partial = driver.post_deal(game_id, 1, bid_fields({1: "3", 2: "N2"}))
    assert partial.status_code == 302
    waiting = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "<span>The bids must add up to 7: Ann must bid 4</span>" in waiting
    assert "next to bid: Ann" in waiting
    assert 'name="phase" value="bids"' in waiting and 'name="tricks-0"' not in waiting
    finished = driver.post_deal(game_id, 1, {"phase": "bids", **bid_fields({1: "3", 2: "N2", 0: "4"})})
    assert finished.status_code == 302, error_text(finished)

    # CO-1: +3 +2 +4 = team +9
    enter_tricks(driver, game_id, 1, bid_fields({1: "3", 2: "N2", 0: "4"}), {1: 3, 2: 0, 0: 4})
    # CO-2: +2, −2, +2 = team +2
    play(driver, game_id, 2, {2: "2", 0: "2", 1: "3"}, {2: 2, 0: 1, 1: 4})
    sheet = driver.sheet(game_id)
    assert cells(sheet, 1) == ["4/4 ✓ +4", "3/3 ✓ +3", "N2/0 ✓ +2", "+9 9"]
    assert cells(sheet, 2) == ["2/1 ✗ −2", "3/4 ↑1 +2", "2/2 ✓ +2", "+2 11"]
    assert "The team scored 11 in 2 hands" in sheet


def test_cooperative_lowest_player_scoring(driver: Driver) -> None:
    game_id = driver.start(
        "oneonta-cooperative", ["Ann", "Bob", "Cy"], options={"hands": 1, "lowest_player_scoring": True}
    )
    play(driver, game_id, 1, {1: "3", 2: "N2", 0: "4"}, {1: 3, 2: 0, 0: 4})
    assert cells(driver.sheet(game_id), 1)[-1] == "+2 2"


def test_live_check_strikes_the_cooperative_last_bid_and_the_second_double(driver: Driver) -> None:
    game_id = driver.start("oneonta-cooperative", ["Ann", "Bob", "Cy"], options={"doubling": True})
    deal_page = f"/games/{game_id}/deals/1"
    fields = {"phase": "bids", **bid_fields({1: "N7", 2: "3"}, doubles=[1])}
    result = driver.post(f"{deal_page}/check", fields, token_from=deal_page).get_json()
    assert result["error"] is None
    assert result["summary"] == "Tricks bid: 3 of 7 · next to bid: Ann"
    struck = {(item["seat"], item["value"]): item["reason"] for item in result["struck"]}
    assert struck[(0, "3")] == "The bids must add up to 7: Ann must bid 4"
    assert (0, "4") not in struck
    assert struck[(0, "double")] == "Only the first double counts: Bob doubled already"
    assert not any(seat == 1 for seat, _ in struck)


# --- Beat the Game -----------------------------------------------------------------------


def test_beat_the_game_bids_at_most_the_cards_and_the_dummy_takes_the_rest(driver: Driver) -> None:
    game_id = driver.start("oneonta-beat-the-game", ["Ann", "Bob", "Cy"], options={"hands": 3})
    page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "30 cards: A down to 8 of each suit" in page
    assert "The dummy sits between Ann and Bob" in page

    refused = driver.post_deal(game_id, 1, bid_fields({1: "3", 2: "3", 0: "2"}))  # BTG-2
    assert refused.status_code == 422
    assert (
        error_text(refused)
        == "Ann may bid at most 1: the bids may add up to at most 7, and 6 are bid already"
    )
    assert checked(refused.get_data(as_text=True), "bid-0", "2")
    assert driver.stored(game_id) == []

    response = driver.post_deal(game_id, 1, bid_fields({1: "2", 2: "1", 0: "N3"}))
    assert response.status_code == 302
    tricks_page = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert "The dummy takes 7 of 7" in tricks_page
    enter_tricks(driver, game_id, 1, bid_fields({1: "2", 2: "1", 0: "N3"}), {1: 2, 2: 1, 0: 0})  # BTG-1
    play(driver, game_id, 2, {2: "4", 0: "1", 1: "2"}, {2: 3, 0: 1, 1: 2})  # BTG-3: −1

    sheet = driver.sheet(game_id)
    assert cells(sheet, 1) == ["N3/0 ✓ +3", "2/2 ✓ +2", "1/1 ✓ +1", "took 4", "+6 6"]
    assert cells(sheet, 2) == ["1/1 ✓ +1", "2/2 ✓ +2", "4/3 ✗ −4", "took 1", "−1 5"]


def test_deal_page_needs_a_csrf_token(driver: Driver) -> None:
    game_id = driver.start("oneonta-solitaire", ["Ann"])
    page = driver.client.get(f"/games/{game_id}/deals/1")
    assert csrf_token(page)
    response = driver.client.post(f"/games/{game_id}/deals/1", data={"bid-0": "3"})
    assert response.status_code == 400
    assert driver.stored(game_id) == []
