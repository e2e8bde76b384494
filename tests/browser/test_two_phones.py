"""Two phones on one game: the one that saves from an old page is told, shown the new
score, and overwrites nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Route, expect

from .conftest import Phone

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)

# Oh Hell, Ann deals 10 cards; Bob bids first. Neither total is 10, so the hook allows both.
FIRST_PHONE_BIDS = {BOB: 3, CY: 2, DEE: 4, ANN: 2}
SECOND_PHONE_BIDS = {BOB: 1, CY: 2, DEE: 4, ANN: 2}


@pytest.mark.browser
def test_saving_from_a_stale_page_shows_the_new_score_and_keeps_the_other_phones_bids(phone: Phone) -> None:
    game_url = phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    other = Phone(phone.page.context.new_page(), phone.shots)  # a second phone with the edit link
    # It does not hear of the first phone's change (its page follows the game every second, follow.js):
    # the page it saves from is older than the game.
    other.page.route("**/games/*/version", lambda route: route.abort())
    other.page.goto(game_url)
    other.open_next_deal(1)
    phone.open_next_deal(1)

    phone.tap_bids(FIRST_PHONE_BIDS)
    phone.save_bids()

    other.tap_bids(SECOND_PHONE_BIDS)
    loads = other.loads
    answer = other.save()
    assert answer.status == 409
    expect(other.page.locator("#entry-error")).to_contain_text(
        "This game changed on another phone: here is the new score, enter your change again."
    )
    # The refused phone now shows, in place, the bids the other phone saved, ready for the tricks.
    expect(other.page.locator("[data-tricks-row] .who .tags")).to_have_text(
        ["bid 3", "bid 2", "bid 4", "bid 2"]
    )
    expect(other.page.locator("button[data-primary]")).to_have_text("Save the tricks")
    assert other.loads == loads
    other.shoot_both("stale-save-refused")

    phone.page.goto(game_url)
    expect(phone.page.locator("#deal-1 td").nth(BOB)).to_contain_text("3")


@pytest.mark.browser
def test_a_late_answer_of_the_follower_leaves_a_refused_save_as_it_was_shown(phone: Phone) -> None:
    """The page asks for the new screen as soon as it hears of the other phone's save; when its own save
    is refused before that answer comes, the refusal and the screen it came with stay (follow.js drops
    an answer that a save's newer screen overtook)."""
    game_url = phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    other = Phone(phone.page.context.new_page(), phone.shots)
    other.page.goto(game_url)
    other.open_next_deal(1)
    phone.open_next_deal(1)
    held: list[Route] = []
    # The follower's question for the new screen, answered only later.
    other.page.route("**/games/*/now*", lambda route: held.append(route))

    other.tap_bids(SECOND_PHONE_BIDS)
    phone.tap_bids(FIRST_PHONE_BIDS)
    with other.page.expect_request(lambda request: "/now" in request.url):
        phone.save_bids()
    answer = other.save()
    assert answer.status == 409
    refusal = other.page.locator("#entry-error")
    expect(refusal).to_contain_text("This game changed on another phone")

    with other.page.expect_request(lambda request: request.url.endswith("/version")):
        for route in held:
            route.continue_()  # the answer arrives now; the page then asks for the version again
    expect(refusal).to_contain_text("This game changed on another phone")
    expect(other.page.locator("button[data-primary]")).to_have_text("Save the tricks")
