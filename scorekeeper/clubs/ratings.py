"""A club's ratings over a season and ladder, carried on from the last ones this worker worked out.

Rating every outcome of a big club from scratch takes a few hundred milliseconds, and every new
finished game would cost that to the first page that shows a rating. A game finished now is rated
after every earlier one, so the ratings before it stand: when the outcomes rated last time are
still the first ones now (same outcomes, same order), only those after them are rated, from the
ratings left then (``rate_more``, which gives exactly what rating all of them would). Anything
else (a game corrected, a member merged, a game that started before the last one rated) rates
them all again.
"""

from __future__ import annotations

from ..games.store import StoredGame
from ..groups import roster
from ..kept import KeptByVersion
from ..rules import Game
from ..rules.club import Ladder, Outcome, Rated, Season, rate_more, rated_outcomes
from . import holdings, outcomes

# Per (club, season, ladder): the outcomes rated last, in rating order, and the ratings after them.
LAST_RATED: KeptByVersion[tuple[tuple[Outcome, ...], dict[int, Rated]]] = KeptByVersion(size=64)


def club_ratings(
    club_id: str, *, ladder: Ladder | None, season: Season | None, season_key: str
) -> dict[int, Rated]:
    """Every member's rating over the season (None: all time) and ladder (None: overall), kept per
    the club's fingerprint; ``season_key`` names the season in the keys."""

    def compute() -> dict[int, Rated]:
        now = tuple(rated_outcomes(outcomes.outcomes(club_id), ladder=ladder, season=season))
        before = LAST_RATED.get((club_id, season_key, ladder))
        if before is not None and before[0] == now[: len(before[0])]:
            rated = rate_more(before[1], now[len(before[0]) :])
        else:
            rated = rate_more({}, now)
        LAST_RATED.put((club_id, season_key, ladder), (now, rated))
        return rated

    return outcomes.kept(club_id, f"clubs.ratings:{season_key}:{ladder}", compute)


def seat_ratings(record: StoredGame, game: Game) -> tuple[tuple[float, float] | None, ...]:
    """Each seat's rating in its table's club as (mu, sigma), over all its outcomes; None for a seat
    whose player is no rated member (and all None for a game of no club's table): what the odds before
    the first deal lean on."""
    seats = len(game.state.players)
    club_id = holdings.club_of_group(record.group_id) if record.group_id is not None else None
    if club_id is None:
        return (None,) * seats
    # The ratings first: working them out links the club's roster players to its members.
    rated = club_ratings(club_id, ladder=None, season=None, season_key="all")
    members = outcomes.player_members(club_id)
    found: list[tuple[float, float] | None] = []
    for player in roster.seated_players(record.id)[:seats]:
        member = members.get(player) if player is not None else None
        rating = rated.get(member) if member is not None else None
        found.append(None if rating is None else (rating.mu, rating.sigma))
    return tuple(found) + (None,) * (seats - len(found))
