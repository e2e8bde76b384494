"""A real evening at a table, on one phone (issue 26): Friday whist plays Romanian Whist. Ana, Bogdan,
Cristi and Dan start; Elena, new to the table, arrives after deal 3; deal 5 is misdealt; Dan's revoke is
found after deal 6; Bogdan leaves after deal 7; then deal 2, played before Elena came, is corrected from
the sheet. The game is played to its end (25 deals: 4, then 5, then 4 players), Elena wins it, and the
finish screen, the table's roster, history and statistics count her as the full player she was.

Every deal is tapped on the deal screen and every event goes through its pages; the test keeps its own
score of what it tapped (RULES.md §3: an exact bid scores 5 + the bid, a miss a point a trick off; §9:
the revoker loses 10) and checks the app's totals against it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from .conftest import DEAL_URL, SHEET_URL, Phone, check_accessibility
from .test_table import TABLE_URL
from .test_table_events import confirm, open_event

TABLE = "Friday whist"
STARTERS = ["Ana", "Bogdan", "Cristi", "Dan"]
ELENA = "Elena"
DEALS = 25
# 1-8-1: four one-card deals begun by four and completed to five (Elena arrives after deal 3), 2 to 7
# cards, then back to four (Bogdan leaves after deal 7) for four 8-card deals, 7 down to 2, four 1-card deals.
PLAN = [1] * 5 + [2, 3, 4, 5, 6, 7] + [8] * 4 + [7, 6, 5, 4, 3, 2] + [1] * 4
assert len(PLAN) == DEALS
REVOKE_PENALTY = 10


def romanian_points(bid: int, took: int) -> int:
    """RULES.md §3, scalar scoring: exact scores 5 + the bid; a miss costs a point a trick off."""
    return 5 + bid if took == bid else -abs(took - bid)


@dataclass
class Score:
    """The evening's score as the test tapped it: totals and bids made per player, and each deal's entry."""

    totals: dict[str, int] = field(default_factory=dict)
    made: dict[str, int] = field(default_factory=dict)
    bids: dict[str, int] = field(default_factory=dict)
    deals: dict[int, tuple[dict[str, int], dict[str, int]]] = field(default_factory=dict)

    def add_deal(self, number: int, bids: dict[str, int], tricks: dict[str, int]) -> None:
        self.deals[number] = (bids, tricks)
        for name, bid in bids.items():
            self.totals[name] = self.totals.get(name, 0) + romanian_points(bid, tricks[name])
            self.bids[name] = self.bids.get(name, 0) + 1
            self.made[name] = self.made.get(name, 0) + (tricks[name] == bid)


def deal_table(phone: Phone) -> tuple[list[tuple[int, str]], int]:
    """On a deal's bids screen: the seats and names in bidding order (the dealer bids last), and the cards."""
    rows = phone.page.locator(".rows[aria-label=Bids] .line[data-seat]")
    seats = rows.evaluate_all(
        "(rows) => rows.map((row) => [Number(row.dataset.seat),"
        " row.querySelector('.who .name').textContent.trim()])"
    )
    first = seats[0][0]
    cards = max(
        int(value)
        for value in phone.page.locator(f"input[name='bid-{first}']").evaluate_all(
            "(inputs) => inputs.map((input) => input.value)"
        )
    )
    return [(int(seat), str(name)) for seat, name in seats], cards


def choose(order: list[str], cards: int, number: int) -> tuple[dict[str, int], dict[str, int]]:
    """What the table bids and takes in a deal, by name, so that Elena wins the evening.

    Elena (when seated and not dealing) bids every card and takes them all; the others bid 0 and the
    dealer, hooked off 0, bids 1 and misses. When Elena deals, or before she came, everyone bids 0 and the
    first bidder takes every trick. Deal 2 is kept for the correction: the first bidder bids 1 and takes
    the trick, and the dealer is hooked off 0, so bids 1 and misses."""
    first, dealer = order[0], order[-1]
    if ELENA in order and dealer != ELENA:
        bids = {name: 0 for name in order} | {ELENA: cards, dealer: 1}
        return bids, {name: (cards if name == ELENA else 0) for name in order}
    bids = {name: 0 for name in order}
    if number == 2:
        bids |= {first: 1, dealer: 1}
    return bids, {name: (cards if name == first else 0) for name in order}


def play_deal(phone: Phone, number: int, score: Score, *, last: bool = False) -> None:
    """On deal ``number``'s screen: tap the bids, Save, tap the one player who took tricks, Save."""
    page = phone.page
    expect(page.locator("h1")).to_contain_text(f"Deal {number} of ")
    seats, cards = deal_table(phone)
    assert cards == PLAN[number - 1], f"deal {number}: {cards} cards, the plan says {PLAN[number - 1]}"
    seat_of = {name: seat for seat, name in seats}
    order = [name for _seat, name in seats]
    bids, tricks = choose(order, cards, number)
    phone.tap_bids({seat_of[name]: bids[name] for name in order})
    phone.save_bids()
    taker = next(name for name in order if tricks[name])
    for name in [taker, *(name for name in order if name != taker)]:  # the rest is often filled in
        if not phone.tricks_input(seat_of[name], tricks[name]).is_checked():
            phone.tap(phone.tricks_chip(seat_of[name], tricks[name]))
    phone.expect_tricks({seat_of[name]: tricks[name] for name in order})
    score.add_deal(number, bids, tricks)
    if last:  # the game is over: the last Save goes to the finished game's sheet
        phone.tap("button[data-primary]")
        expect(page).to_have_url(SHEET_URL)
    else:
        phone.save_tricks(number)


def standings(phone: Phone, count: int) -> dict[str, int]:
    """The standings under the sheet, by name (the notes beside a name left out), once ``count`` are shown."""
    phone.page.wait_for_load_state("load")
    expect(phone.page.locator("ol.standings li")).to_have_count(count)
    rows = phone.page.locator("ol.standings li").evaluate_all(
        "(rows) => rows.map((row) => [row.querySelector('span').firstChild.textContent.trim(),"
        " Number(row.querySelector('strong').textContent)])"
    )
    return {str(name): int(total) for name, total in rows}


@pytest.mark.browser
def test_a_real_evening_elena_arrives_bogdan_leaves_deal_2_corrected_elena_wins(phone: Phone) -> None:
    page = phone.page
    score = Score()

    # A new table, from the home page; its first game from the table's page, the four names typed.
    page.goto("/")
    page.click("text=Start a table")
    page.fill("#name", TABLE)
    page.click("button.primary")
    expect(page).to_have_url(TABLE_URL)
    table_url = page.url
    page.select_option("#variant", "romanian-whist")
    page.click("button[name=seats][value=new]")
    expect(page.locator("h1")).to_have_text("New game of Romanian Whist")
    expect(page.locator("#table-choice")).to_have_value(table_url.rsplit("/", 1)[1])
    phone.type_names(STARTERS)
    phone.choose_first_dealer(0)
    page.click("button.primary")
    sheet_url = phone.expect_first_deal()
    expect(page.locator("h1")).to_have_text("Deal 1 of 24")
    for number in (1, 2, 3):
        play_deal(phone, number, score)

    # Elena arrives after deal 3, at the left of Bogdan, on the default start (0); she is new to the table.
    open_event(phone, "arrival")
    page.fill("input[name=name]", ELENA)
    phone.tap("label.choice:has(input[name=left_of][value='1'])", in_reach=False)
    expect(page.locator("input[name=start][value='0']")).to_be_checked()
    phone.tap("button[value=check]", in_reach=False)
    expect(page.locator(".preview-text")).to_contain_text("become 5-player deals")
    expect(page.locator(".preview")).to_contain_text(
        f"{ELENA} is new at {TABLE}: they join its players, and this game counts in their statistics."
    )
    phone.shoot("arrival-confirm")
    confirm(phone, f"{ELENA} joins after deal 3 at the left of Bogdan, starting on 0")
    expect(page.locator("h1")).to_have_text("Deal 4 of 27")
    score.totals[ELENA] = 0
    play_deal(phone, 4, score)

    # Deal 5 is misdealt before a bid: the same dealer deals it again, nothing scored.
    dealer = page.locator(".facts-line summary").inner_text().split(" deals ")[0]
    open_event(phone, "misdeal")
    confirm(phone, f"{dealer} misdealt deal 5 and deals it again")
    expect(page.locator("h1")).to_have_text("Deal 5 of 27")
    expect(page.locator(".facts-line summary")).to_contain_text(f"{dealer} deals")
    play_deal(phone, 5, score)
    play_deal(phone, 6, score)

    # Dan's revoke is found right after deal 6: the house rule takes 10 from him, the deal stands.
    open_event(phone, "revoke")
    phone.tap(page.locator("label.name-chip", has_text=re.compile(r"^\s*Dan\s*$")), in_reach=False)
    phone.tap("button[value=check]", in_reach=False)
    confirm(phone, f"Dan revoked in deal 6: −{REVOKE_PENALTY} (house rule); the rest of the deal stands")
    score.totals["Dan"] -= REVOKE_PENALTY
    play_deal(phone, 7, score)

    # Bogdan leaves after deal 7: the deals to come are re-planned for four, 25 deals in all.
    open_event(phone, "departure")
    phone.tap(page.locator("label.name-chip", has_text="Bogdan"), in_reach=False)
    phone.tap("button[value=check]", in_reach=False)
    expect(page.locator(".preview-text")).to_contain_text("become 4-player deals")
    confirm(phone, f"Bogdan leaves after deal 7 with {score.totals['Bogdan']}")
    expect(page.locator("h1")).to_have_text(f"Deal 8 of {DEALS}")
    expect(page.locator(".strip-sides li.left")).to_contain_text("Bogdan")
    phone.shoot("deal-8-for-four")

    # On the sheet, every event in its place, and the totals the test kept.
    phone.open_sheet()
    expect(page.locator(".event-row .event-note a")).to_have_count(4)
    notes = [text.split(" ")[0] for text in page.locator(".event-row .event-note a").all_inner_texts()]
    assert notes == [ELENA, dealer, "Dan", "Bogdan"]
    assert standings(phone, len(score.totals)) == score.totals

    # Deal 2, played by four before Elena came, corrected from its row: the second to bid had bid 1, not 0.
    bids_2, tricks_2 = score.deals[2]
    fixed = list(bids_2)[1]
    assert bids_2[fixed] == 0 and tricks_2[fixed] == 0  # made the 0 as entered: +5
    page.locator("#deal-2 .deal-col a").click()
    expect(page).to_have_url(DEAL_URL)
    expect(page.locator("h1")).to_contain_text("Deal 2 of 25")
    expect(page.locator("button[data-primary]")).to_have_text("Save the correction")
    expect(page.locator("form[data-save]")).not_to_contain_text(ELENA)
    seat = STARTERS.index(fixed)
    expect(phone.bid_input(seat, 0)).to_be_checked()
    phone.tap(phone.bid_chip(seat, 1), in_reach=False)
    with page.expect_navigation():
        page.click("button[data-primary]")
    expect(page).to_have_url(re.compile(r"#deal-2$"))
    expect(page.locator(".flash")).to_have_text("Deal 2 corrected.")
    score.totals[fixed] += romanian_points(1, 0) - romanian_points(0, 0)  # +5 becomes −1
    score.deals[2] = (bids_2 | {fixed: 1}, tricks_2)
    score.made[fixed] -= 1
    assert standings(phone, len(score.totals)) == score.totals
    expect(phone.cell(2, seat)).to_have_class("missed")
    page.locator("ol.standings").scroll_into_view_if_needed()
    phone.shoot("standings-after-the-correction")

    # The rest of the evening through the same deal screen, four players to the end.
    phone.open_next_deal(8)
    for number in range(8, DEALS + 1):
        play_deal(phone, number, score, last=number == DEALS)

    # The finish screen: five on the podium, Elena first; all five in the bids made; play again seats
    # those at the table at the end.
    page.goto(sheet_url)
    assert standings(phone, len(score.totals)) == score.totals
    winner = max(score.totals, key=lambda name: score.totals[name])
    assert winner == ELENA and sorted(score.totals.values())[-2] < score.totals[ELENA]
    podium = page.locator(".podium li")
    expect(podium).to_have_count(5)
    expect(podium.nth(0)).to_contain_text(ELENA)
    expect(podium.nth(0)).to_contain_text(str(score.totals[ELENA]))
    expect(page.locator(".podium")).to_contain_text("joined after deal 3")
    shares = page.locator(".made-shares > li")
    expect(shares).to_have_count(5)
    for name in [*STARTERS, ELENA]:
        made = f"{name}: {score.made[name]} of {score.bids[name]}"
        expect(page.locator(".made-shares")).to_contain_text(made)
    assert score.bids[ELENA] == DEALS - 3 and score.bids["Bogdan"] == 7
    again = page.locator(".finish-actions button[data-again]")
    expect(again).to_contain_text(ELENA)
    expect(again).not_to_contain_text("Bogdan")
    page.locator(".podium").scroll_into_view_if_needed()
    phone.shoot("finish-screen")
    check_accessibility(page, "the finish screen of the evening")

    # The table's page: Elena on the roster, the game in the history with her as its winner.
    page.goto(table_url)
    expect(page.locator(".roster .name")).to_have_text([*STARTERS, ELENA])
    line = page.locator(".game-history li")
    expect(line).to_have_count(1)
    expect(line.locator(".winner")).to_have_text(f"★ {ELENA}")
    expect(line.locator(".results")).to_contain_text(f"{ELENA} {score.totals[ELENA]}")  # first, by place
    phone.shoot("table-page")
    page.click("nav .tabs >> text=Games")
    expect(page.locator(".game-history .winner")).to_have_text(f"★ {ELENA}")

    # The statistics: one finished game, Elena's win in the chart and the table of wins.
    page.goto(table_url + "/stats")
    expect(page.locator("main")).to_contain_text("From 1 finished game.")
    expect(page.locator("figure.chart desc").first).to_contain_text(f"{ELENA}: 100% · 1 of 1")
    rows = page.locator("table.figures").first.locator("tbody tr")
    wins = rows.evaluate_all(
        "(rows) => rows.map((row) => [row.querySelector('th').textContent.trim(),"
        " row.querySelector('td').textContent.trim()])"
    )
    won = {str(name): " ".join(str(text).split()) for name, text in wins}
    assert sorted(won) == sorted([*STARTERS, ELENA]), won
    assert won[ELENA].startswith("1 · 100%"), won
    assert all(won[name].startswith("0 · 0%") for name in STARTERS), won
    phone.shoot("statistics")
    print(f"screenshots: {phone.shots}")
