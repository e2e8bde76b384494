"""OpenSkill's prediction of who wins, as the odds before the first deal take it (rules/club/ratings.py),
held to the model's pairwise rule worked out by hand: each side's mean over the others of
Φ((μ − μ') / √(2β² + σ² + σ'²)), partners' μ and σ² summed, the whole scaled to sum to 1."""

from __future__ import annotations

from statistics import NormalDist

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.club import win_chances

BETA = 25 / 6
NEWCOMER = (25.0, 25 / 3)

ratings = st.tuples(st.floats(0, 50), st.floats(0.5, 9))
sides = st.lists(st.lists(st.one_of(st.none(), ratings), min_size=1, max_size=2), min_size=2, max_size=7)


def by_hand(drawn: list[list[tuple[float, float] | None]]) -> list[float]:
    teams = []
    for side in drawn:
        players = [NEWCOMER if rating is None else rating for rating in side]
        teams.append((sum(mu for mu, _ in players), sum(sigma**2 for _, sigma in players)))
    normal = NormalDist()
    raw = []
    for mine, (mu, spread) in enumerate(teams):
        pairs = [
            normal.cdf((mu - other) / (2 * BETA**2 + spread + theirs) ** 0.5)
            for index, (other, theirs) in enumerate(teams)
            if index != mine
        ]
        raw.append(sum(pairs) / len(pairs))
    return [value / sum(raw) for value in raw]


@settings(max_examples=40, deadline=None)
@given(sides)
def test_the_prediction_is_the_model_s_pairwise_rule(drawn: list[list[tuple[float, float] | None]]) -> None:
    found = win_chances(drawn)
    assert abs(sum(found) - 1) < 1e-9
    for got, due in zip(found, by_hand(drawn), strict=True):
        assert abs(got - due) < 1e-9


def test_equal_players_are_equally_likely_and_the_stronger_more() -> None:
    assert win_chances([[None], [None], [None], [None]]) == (0.25,) * 4
    strong, weak = win_chances([[(35.0, 3.0)], [(15.0, 3.0)]])
    assert strong > 0.9 > 0.1 > weak
