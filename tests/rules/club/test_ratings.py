"""Members' ratings: one 4-player game worked by hand from the Plackett-Luce update, teams, ties,
drives, ladders and seasons."""

from __future__ import annotations

import math
from datetime import date, timedelta

import pytest

from scorekeeper.rules.club import MODEL, Outcome, Placing, Season, rate, sides_of

from .building import FIRST_EVENING, drive, evening, free_for_all, partnership

# The model's defaults (openskill's PlackettLuce): every member starts here.
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
KAPPA = 0.0001


def test_the_model_is_the_libraries_plackett_luce_with_its_defaults() -> None:
    assert type(MODEL).__name__ == "PlackettLuce"
    assert (MODEL.mu, MODEL.sigma, MODEL.beta, MODEL.tau, MODEL.kappa) == (MU, SIGMA, BETA, TAU, KAPPA)


def test_a_four_player_game_from_default_ratings_worked_by_hand() -> None:
    # Ann (1) beats Bob (2) beats Cat (3) beats Dan (4), each a team of one, all new to the club.
    #
    # Weng & Lin 2011, Algorithm 4 (Plackett-Luce), as openskill documents and does it:
    # 0. Dynamics: each sigma grows by tau first: s2 = sigma^2 + tau^2
    #      = (25/3)^2 + (25/300)^2 = 69.444444 + 0.006944 = 69.451389.
    # 1. c = sqrt(sum over the 4 teams of (s2 + beta^2)) = sqrt(4 * (69.451389 + 17.361111))
    #      = sqrt(347.25) = 18.634645.
    # 2. Every mu is 25, so every exp(mu / c) is the same E. C_q = the teams ranked no better than
    #    team q, so sum_q = 4E, 3E, 2E, E, and E / sum_q = 1/4, 1/3, 1/2, 1. Each rank is held by
    #    one team, so every A_q = 1.
    # 3. For team i, over the teams q ranked no worse than i (q <= i):
    #      Omega_i = sum over q (1[q = i] - E / sum_q),
    #      Delta_i = sum over q (E / sum_q) (1 - E / sum_q):
    #      Ann: Omega = 1 - 1/4 = 3/4;                Delta = 1/4 * 3/4 = 3/16
    #      Bob: Omega = -1/4 + (1 - 1/3) = 5/12;      Delta = 3/16 + 1/3 * 2/3 = 59/144
    #      Cat: Omega = -1/4 - 1/3 + (1 - 1/2) = -1/12; Delta = 59/144 + 1/2 * 1/2 = 95/144
    #      Dan: Omega = -1/4 - 1/3 - 1/2 + 0 = -13/12; Delta = 95/144 + 1 * 0 = 95/144
    #    then Omega *= s2 / c = 69.451389 / 18.634645 = 3.727004, and
    #    Delta *= (s2 / c^2) * gamma with gamma = sqrt(s2) / c: s2 * sqrt(s2) / c^3 = 0.089445.
    # 4. A team of one takes it all: mu' = mu + Omega; sigma' = sqrt(s2) * sqrt(max(1 - Delta, kappa)).
    #      Ann: mu' = 25 + 3/4 * 3.727004 = 27.795253;  sigma' = 8.333750 * sqrt(1 - 0.016771) = 8.263572
    #      Bob: mu' = 25 + 5/12 * 3.727004 = 26.552918; sigma' = 8.333750 * sqrt(1 - 0.036648) = 8.179618
    #      Cat: mu' = 25 - 1/12 * 3.727004 = 24.689416; sigma' = 8.333750 * sqrt(1 - 0.059009) = 8.084128
    #      Dan: mu' = 25 - 13/12 * 3.727004 = 20.962413; sigma' = 8.084128 (Delta as Cat's)
    # 5. ordinal = mu' - 3 sigma': Ann 3.004537, Bob 2.014064, Cat 0.437033, Dan -3.289971.
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(4 * (s2 + BETA**2))
    omega_scale = s2 / c
    delta_scale = s2 / c**2 * (math.sqrt(s2) / c)
    omegas = (3 / 4, 5 / 12, -1 / 12, -13 / 12)
    deltas = (3 / 16, 59 / 144, 95 / 144, 95 / 144)
    expected = {
        member: (MU + omega * omega_scale, math.sqrt(s2) * math.sqrt(max(1 - delta * delta_scale, KAPPA)))
        for member, omega, delta in zip((1, 2, 3, 4), omegas, deltas, strict=True)
    }
    # The figures written out above, to be sure the formulas here say what the comments say.
    assert c == pytest.approx(18.634645, abs=1e-6)
    assert [expected[m][0] for m in (1, 2, 3, 4)] == pytest.approx(
        [27.795253, 26.552918, 24.689416, 20.962413], abs=1e-6
    )
    assert [expected[m][1] for m in (1, 2, 3, 4)] == pytest.approx(
        [8.263572, 8.179618, 8.084128, 8.084128], abs=1e-6
    )

    rated = rate([free_for_all("game:1", [1, 2, 3, 4])])

    for member, (mu, sigma) in expected.items():
        assert rated[member].mu == pytest.approx(mu, abs=1e-6)
        assert rated[member].sigma == pytest.approx(sigma, abs=1e-6)
        assert rated[member].ordinal == pytest.approx(mu - 3 * sigma, abs=1e-6)
    assert [round(rated[m].ordinal, 6) for m in (1, 2, 3, 4)] == [3.004537, 2.014064, 0.437033, -3.289971]
    assert (rated[1].games, rated[1].wins, rated[1].drives) == (1, 1, 0)
    assert (rated[4].games, rated[4].wins, rated[4].drives) == (1, 0, 0)
    assert rated[1].history == ((FIRST_EVENING, rated[1].ordinal),)


def test_partners_are_rated_as_one_team_of_two() -> None:
    # Ann and Bob (side 0) beat Cat and Dan (side 1), all new. Two teams, each of summed skill:
    # team mu = 50, team variance S2 = 2 * s2. c = sqrt(2 * (S2 + beta^2)); E / sum_q = 1/2, 1, so
    # Omega = +1/2 and -1/2 (before scaling), Delta = 1/4 for both. A partner takes the share
    # s2 / S2 = 1/2 of the team's change: mu' = 25 +- 1/2 * 1/2 * S2 / c,
    # sigma' = sqrt(s2) * sqrt(1 - 1/2 * 1/4 * S2 / c^2 * sqrt(S2) / c).
    s2 = SIGMA**2 + TAU**2
    team_variance = 2 * s2
    c = math.sqrt(2 * (team_variance + BETA**2))
    change = 0.5 * 0.5 * team_variance / c
    shrink = 0.5 * 0.25 * team_variance / c**2 * math.sqrt(team_variance) / c
    sigma = math.sqrt(s2) * math.sqrt(1 - shrink)

    rated = rate([partnership("game:1", (1, 2), (3, 4))])

    for member in (1, 2):
        assert rated[member].mu == pytest.approx(MU + change, abs=1e-9)
    for member in (3, 4):
        assert rated[member].mu == pytest.approx(MU - change, abs=1e-9)
    assert {round(rated[m].sigma, 9) for m in (1, 2, 3, 4)} == {round(sigma, 9)}
    # Not the same as a free-for-all of four: partners move together.
    alone = rate([free_for_all("game:1", [1, 2, 3, 4], ranks=[1, 1, 2, 2])])
    assert alone[1].mu != pytest.approx(rated[1].mu, abs=1e-6)


def test_sides_are_grouped_and_ranked_by_their_best_rank() -> None:
    outcome = partnership("game:1", (5, 6), (7, 8))
    assert [[p.member for p in side] for side in sides_of(outcome)] == [[5, 6], [7, 8]]


def test_tied_members_move_alike_and_a_tie_of_two_leaves_mu_alone() -> None:
    rated = rate([free_for_all("game:1", [1, 2, 3, 4], ranks=[1, 1, 3, 4])])
    assert (rated[1].mu, rated[1].sigma) == (rated[2].mu, rated[2].sigma)
    assert rated[1].wins == rated[2].wins == 1
    # The paper's tie rule (A_q = 2 for the tied pair): with E / sum_q = 1/4, 1/4, 1/2, 1,
    #   a winner's Omega = (1 - 1/4) / 2 - (1/4) / 2 = 1/4, and third's = -1/8 - 1/8 + 1/2 = 1/4 too,
    #   last's = -1/8 - 1/8 - 1/2 = -3/4: the tied winners move mu as third place does.
    s2 = SIGMA**2 + TAU**2
    scale = s2 / math.sqrt(4 * (s2 + BETA**2))
    assert rated[1].mu == pytest.approx(MU + scale / 4, abs=1e-9)
    assert rated[3].mu == pytest.approx(MU + scale / 4, abs=1e-9)
    assert rated[4].mu == pytest.approx(MU - 3 * scale / 4, abs=1e-9)
    assert rated[1].ordinal > rated[4].ordinal

    level = rate([free_for_all("game:2", [1, 2], ranks=[1, 1])])
    # Omega = (1 - 1/2) / 2 - (1/2) / 2 = 0: nobody beat anybody; only the uncertainty shrinks.
    assert level[1].mu == pytest.approx(MU, abs=1e-12)
    assert level[2].mu == pytest.approx(MU, abs=1e-12)
    assert level[1].sigma < math.sqrt(SIGMA**2 + TAU**2)


def test_a_drive_is_one_free_for_all_of_its_players_by_final_total() -> None:
    players = list(range(100, 140))
    rated = rate([drive("drive:d1", players)])
    assert len(rated) == 40
    ordinals = [rated[member].ordinal for member in players]
    assert ordinals == sorted(ordinals, reverse=True)
    assert (rated[100].games, rated[100].drives, rated[100].wins) == (0, 1, 1)
    assert (rated[139].games, rated[139].drives, rated[139].wins) == (0, 1, 0)
    assert rated[100].outcomes == 1


def test_outcomes_are_rated_in_played_at_order_then_key_whatever_the_order_given() -> None:
    first = free_for_all("game:b", [1, 2, 3], at=evening(0))
    second = free_for_all("game:a", [3, 2, 1], at=evening(1))
    same_moment = free_for_all("game:c", [2, 1, 3], at=evening(1))
    forwards = rate([first, second, same_moment])
    assert rate([same_moment, second, first]) == forwards
    assert [moment for moment, _ in forwards[1].history] == [evening(0), evening(1), evening(1)]
    assert forwards[1].history[-1][1] == forwards[1].ordinal


def test_a_ladder_rates_only_its_own_outcomes_and_none_rates_them_all() -> None:
    oh_hell = free_for_all("game:1", [1, 2, 3], at=evening(0))
    whist = partnership("game:2", (1, 2), (3, 4), at=evening(1))
    a_drive = drive("drive:1", [1, 2, 3, 4, 5], at=evening(2))
    everything = [oh_hell, whist, a_drive]

    assert rate(everything, ladder="oh_hell") == rate([oh_hell])
    assert rate(everything, ladder="whist") == rate([whist])
    assert rate(everything, ladder="drive") == rate([a_drive])
    assert rate(everything, ladder="romanian") == {}
    overall = rate(everything)
    assert (overall[1].games, overall[1].drives, overall[1].wins) == (2, 1, 3)
    assert (overall[4].games, overall[4].drives) == (1, 1)
    assert overall[5].outcomes == 1


def test_a_season_rates_only_the_outcomes_played_on_its_days_both_ends_included() -> None:
    season = Season(name="Spring", starts_on=date(2025, 3, 13), ends_on=date(2025, 3, 20))
    before = free_for_all("game:1", [1, 2, 3], at=evening(0))  # 6 March
    opening = free_for_all("game:2", [1, 2, 3], at=evening(1).replace(hour=0, minute=0))  # 13 March 00:00
    closing = free_for_all("game:3", [3, 2, 1], at=evening(2).replace(hour=23, minute=59))  # 20 March 23:59
    after = free_for_all("game:4", [1, 2, 3], at=evening(2) + timedelta(days=1))  # 21 March
    rated = rate([before, opening, closing, after], season=season)
    assert rated == rate([opening, closing])
    assert [season.contains(o.played_at) for o in (before, opening, closing, after)] == [
        False,
        True,
        True,
        False,
    ]


def test_an_outcome_with_one_side_of_members_is_not_rated_nor_counted() -> None:
    lone = free_for_all("game:1", [1], ranks=[2])
    partners_only = Outcome(
        key="game:2",
        kind="game",
        ladder="whist",
        variant="classic-whist",
        played_at=FIRST_EVENING,
        placings=(
            Placing(member=1, side=0, rank=1, score=5, won=True),
            Placing(member=2, side=0, rank=1, score=5, won=True),
        ),
    )
    assert rate([lone, partners_only]) == {}


def test_ranks_of_members_left_out_keep_their_order() -> None:
    # Players 2 and 4 of the table were not club members: Ann 1st, Bob 3rd, Cat 5th.
    with_gaps = rate([free_for_all("game:1", [1, 3, 5], ranks=[1, 3, 5])])
    packed = rate([free_for_all("game:1", [1, 3, 5], ranks=[1, 2, 3])])
    assert with_gaps == packed


def test_a_member_placed_twice_in_one_outcome_counts_once_at_the_better_place() -> None:
    # "Ann B." and "Ann Baker" were merged, and both had played in the same game.
    twice = free_for_all("game:1", [1, 2, 1, 3], ranks=[1, 2, 3, 4])
    once = free_for_all("game:1", [1, 2, 3], ranks=[1, 2, 4])
    assert rate([twice]) == rate([once])
    assert rate([twice])[1].games == 1
