"""Members' ratings from a club's outcomes, with OpenSkill's Weng-Lin Plackett-Luce model.

Why Plackett-Luce (``openskill.models.PlackettLuce``, the library's default model; Weng & Lin
2011, Algorithm 4): it rates a whole ranking of any number of teams in one update, so

- a free-for-all of 3 to 7 players (Oh Hell, Romanian, Nomination...) is one ranking of
  one-player teams, every place counting, rather than a heap of invented one-to-one matches;
- a partnership game (Classic, German, Bid Whist: 2 against 2) is two teams of two: partners
  share one side, and their summed skill is what the ranking speaks of, each partner's change
  weighted by their own uncertainty;
- a drive, where partners change every hand and only each player's final total counts, is one
  free-for-all of its players ranked by that total (40 players is still a single update);
- ties are equal ranks, which the update takes as they are: sides sharing a rank are counted
  together (the paper's A_q), so two equally rated members who tie move alike. Note what the
  paper's tie rule gives: tied sides take the mean change of the *lower* of the places they
  share, not the mean of both (a tie for first among four new members moves mu as third place
  does, and sigma less), so a tie earns a little less than its places' average.

Its cost is one pass over the pairs of teams per outcome, so thousands of games rate in well
under a second. The Bradley-Terry and Thurstone-Mosteller models of the library build the same
ranking from pairwise comparisons instead; Plackett-Luce is the one whose likelihood *is* a
ranking of many, which is what a card table's final standings are.

The model keeps the library's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001).
A member's ``ordinal`` is the library's ``ordinal()`` with its defaults: ``mu - 3 * sigma``, the
skill the member is 99.7 % likely to be above. A newcomer's is 0, and it grows as games both
raise mu and shrink the uncertainty sigma, so the ladder rewards a record that is both good and
long enough to be believed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce, PlackettLuceRating

from .outcome import Ladder, Outcome, Placing, Season, in_season, unique_placings

MODEL = PlackettLuce()


@dataclass(frozen=True, kw_only=True, slots=True)
class Rated:
    """One member's rating after a run of outcomes.

    ``games`` counts games (not drives) rated and ``drives`` the drives rated; ``wins`` counts the
    rated outcomes the member won, games and drives alike (so on the drive ladder it is drives
    won). ``history`` is the ordinal after each of the member's outcomes, in order.
    """

    member: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    drives: int
    history: tuple[tuple[datetime, float], ...]

    @property
    def outcomes(self) -> int:
        """Games and drives rated: what the ladder's minimum counts."""
        return self.games + self.drives


class _Running:
    """A member's rating while outcomes are being rated (mutable, made into ``Rated`` at the end)."""

    __slots__ = ("drives", "games", "history", "rating", "wins")

    def __init__(self) -> None:
        self.rating = MODEL.rating()
        self.games = 0
        self.wins = 0
        self.drives = 0
        self.history: list[tuple[datetime, float]] = []


def rate(
    outcomes: Sequence[Outcome], *, ladder: Ladder | None = None, season: Season | None = None
) -> dict[int, Rated]:
    """Every member's rating after the outcomes, by member id.

    Outcomes are rated in played_at order (then key), whatever order they are given in; ``ladder``
    keeps only the outcomes of that ladder (None: every outcome, the overall rating) and
    ``season`` only those played inside it. An outcome with fewer than two sides of club members
    cannot say who beat whom and is not rated (nor counted).
    """
    return rate_more({}, rated_outcomes(outcomes, ladder=ladder, season=season))


def rated_outcomes(
    outcomes: Sequence[Outcome], *, ladder: Ladder | None = None, season: Season | None = None
) -> list[Outcome]:
    """The outcomes ``rate`` takes, in the order it takes them: of the ladder (None: all), inside
    the season (None: all time), in played_at order, then key."""
    return [outcome for outcome in in_season(outcomes, season) if ladder is None or outcome.ladder == ladder]


def rate_more(before: Mapping[int, Rated], outcomes: Sequence[Outcome]) -> dict[int, Rated]:
    """The ratings ``before`` (those after some earlier outcomes) carried on through ``outcomes``,
    taken in the order given (``rated_outcomes`` gives them so).

    ``rate_more(rate_more({}, first), then)`` equals ``rate_more({}, [*first, *then])`` exactly:
    a rating carries its mu and sigma over as they are, so a club's ratings after a new game are
    worked out from the ratings before it rather than from every game again.
    """
    running = {member: _resumed(rated) for member, rated in before.items()}
    for outcome in outcomes:
        sides = sides_of(outcome)
        if len(sides) < 2:
            continue
        members = [[_running(running, placing.member) for placing in side] for side in sides]
        updated = MODEL.rate(
            [[member.rating for member in side] for side in members],
            ranks=[float(side[0].rank) for side in sides],
        )
        for side, side_members, side_ratings in zip(sides, members, updated, strict=True):
            for placing, member, rating in zip(side, side_members, side_ratings, strict=True):
                _record(member, outcome, placing, rating)
    return {member: _rated(member, state) for member, state in running.items()}


def sides_of(outcome: Outcome) -> list[list[Placing]]:
    """The outcome's placings as teams: the members of one side together, sides in order of rank.

    A member placed twice in one outcome counts once (``unique_placings``). A side's rank is the
    best rank among its members (partners share one rank anyway).
    """
    sides: dict[int, list[Placing]] = {}
    for placing in unique_placings(outcome):
        sides.setdefault(placing.side, []).append(placing)
    for side in sides.values():
        side.sort(key=lambda placing: placing.rank)
    return sorted(sides.values(), key=lambda side: side[0].rank)


def _resumed(rated: Rated) -> _Running:
    """A member's rating as it was left, to go on from."""
    state = _Running()
    state.rating = MODEL.rating(mu=rated.mu, sigma=rated.sigma)
    state.games, state.wins, state.drives = rated.games, rated.wins, rated.drives
    state.history = list(rated.history)
    return state


def _running(running: dict[int, _Running], member: int) -> _Running:
    state = running.get(member)
    if state is None:
        state = running[member] = _Running()
    return state


def _record(member: _Running, outcome: Outcome, placing: Placing, rating: PlackettLuceRating) -> None:
    member.rating = rating
    if outcome.kind == "drive":
        member.drives += 1
    else:
        member.games += 1
    if placing.won:
        member.wins += 1
    member.history.append((outcome.played_at, rating.ordinal()))


def _rated(member: int, state: _Running) -> Rated:
    rating = state.rating
    return Rated(
        member=member,
        mu=rating.mu,
        sigma=rating.sigma,
        ordinal=rating.ordinal(),
        games=state.games,
        wins=state.wins,
        drives=state.drives,
        history=tuple(state.history),
    )


def win_chances(sides: Sequence[Sequence[tuple[float, float] | None]]) -> tuple[float, ...]:
    """Each side's chance of winning a game against the others, OpenSkill's prediction
    (``predict_win``) from its players' ratings as (mu, sigma); a player with no rating counts as a
    newcomer (the model's defaults). A side of partners plays as their summed skill."""
    teams = [
        [MODEL.rating() if rating is None else MODEL.rating(mu=rating[0], sigma=rating[1]) for rating in side]
        for side in sides
    ]
    return tuple(float(chance) for chance in MODEL.predict_win(teams))
