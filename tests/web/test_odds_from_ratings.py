"""Before the first deal of a club's game, each player's chance of winning leans on who is stronger:
OpenSkill's prediction from the members' ratings (issue 43), held to the model's formula worked out
here by hand from ratings worked out here with the library (Weng-Lin Plackett-Luce, its defaults);
a game of no club's table, or one whose first deal is scored, has the simulation's odds instead."""

from __future__ import annotations

import re
from statistics import NormalDist

import pytest
from openskill.models import PlackettLuce

from .conftest import Driver
from .tables_driver import SHORT
from .test_clubs import HIGH, LOW, ClubPhone

PLAYERS = ["Ann", "Bob", "Cy"]
# Ann makes her bid of 1, Bob his of none, Cy takes a trick on his none: Ann, then Bob, then Cy.
ANN_FIRST = [([1, 0, 0], [1, 0, 1])] * 3
BETA = 25 / 6


def predicted(ratings: list[tuple[float, float]]) -> list[float]:
    """Each player's chance of winning by the model's pairwise rule: the mean over the others of
    Φ((μᵢ − μⱼ) / √(2β² + σᵢ² + σⱼ²)), the whole scaled to sum to 1."""
    normal = NormalDist()
    raw = []
    for mine, (mu, sigma) in enumerate(ratings):
        pairs = [
            normal.cdf((mu - other) / (2 * BETA**2 + sigma**2 + spread**2) ** 0.5)
            for theirs, (other, spread) in enumerate(ratings)
            if theirs != mine
        ]
        raw.append(sum(pairs) / len(pairs))
    return [value / sum(raw) for value in raw]


def ranks(totals: list[int]) -> list[float]:
    """Places by total, the highest first, players level sharing a place."""
    return [1.0 + sum(other > total for other in totals) for total in totals]


def chances_on_screen(phone: ClubPhone, game: str) -> list[float]:
    page = phone.client.get(f"/games/{game}/screen?fragment=1").get_data(as_text=True)
    return [float(value) / 100 for value in re.findall(r'class="num big-chance">(\d+)%', page)]


@pytest.fixture
def phone(driver: Driver) -> ClubPhone:
    return ClubPhone(driver)


def test_the_odds_before_the_first_deal_lean_on_the_club_s_ratings(phone: ClubPhone) -> None:
    group_id = phone.tables.create("Thursday")
    club_id = phone.create()
    assert phone.post(club_id, "/tables", {"table": group_id}).status_code == 302
    model = PlackettLuce()
    rated = [model.rating() for _ in PLAYERS]
    for deals in (LOW, HIGH, ANN_FIRST, ANN_FIRST, ANN_FIRST):
        game = phone.game(group_id, deals, PLAYERS)
        totals = phone.client.get(f"/api/v1/games/{game}").get_json()["totals"]
        teams = model.rate([[rating] for rating in rated], ranks=ranks(totals))
        rated = [team[0] for team in teams]
    expected = predicted([(rating.mu, rating.sigma) for rating in rated])
    assert expected[0] > expected[1] > expected[2]  # the stronger are told apart

    game = phone.tables.start_game(group_id, "custom-oh-hell", PLAYERS, options=SHORT)
    shown = chances_on_screen(phone, game)
    assert len(shown) == 3
    for seen, due in zip(shown, expected, strict=True):
        assert abs(seen - due) <= 0.005 + 1e-9, (shown, expected)

    # Away from the club, the same players before their first deal have the simulation's odds.
    elsewhere = phone.tables.create("Friday")
    other = phone.tables.start_game(elsewhere, "custom-oh-hell", PLAYERS, options=SHORT)
    assert chances_on_screen(phone, other) != shown
