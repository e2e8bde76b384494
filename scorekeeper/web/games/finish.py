"""The end of a game on its page: the running totals as a chart and, once the game is over, the
finish screen (podium, bids made, the biggest swing, and where to go next).

Read by the game page's templates through two globals (``game_chart``, ``finish_of``),
added to the app with the game's blueprints.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...games.store import StoredGame
from ...groups import access
from ...groups.summary import made_share, places
from ...rules import Game
from . import view
from .charts import SCREEN_HEIGHT, SCREEN_WIDTH, Chart, totals_chart


@dataclass(frozen=True, kw_only=True)
class Place:
    """A side on the podium: its place, its name(s) and its final total."""

    place: int
    name: str
    total: int


@dataclass(frozen=True, kw_only=True)
class MadeShare:
    """How many of a player's exact bids came true in the game."""

    name: str
    made: int
    bids: int

    @property
    def share(self) -> float:
        """The share of bids made (0 with no bid), for the ``percent`` filter."""
        return self.made / self.bids if self.bids else 0.0


@dataclass(frozen=True, kw_only=True)
class Swing:
    """The most points a side won or lost in one deal."""

    name: str
    points: int
    deal: int


@dataclass(frozen=True, kw_only=True)
class Finish:
    """The finish screen of a game: podium, bids made, biggest swing and where to go next."""

    podium: list[Place]
    made: list[MadeShare] | None
    swing: Swing | None
    again_url: str | None
    pdf_url: str
    stats_url: str | None
    table_name: str | None


def game_chart(game: Game) -> Chart | None:
    """The running totals of a game as a chart, once a deal is scored."""
    return totals_chart(game, width=SCREEN_WIDTH, height=SCREEN_HEIGHT)


def finish_of(record: StoredGame, game: Game, editable: bool) -> Finish | None:
    """The finish screen of a finished game (None before it is over).

    A game's page is kept per version and per whether the phone may change
    the game, so nothing here depends on anything else about the visitor.
    """
    state = game.state
    if not state.finished:
        return None
    names = view.side_names(game)
    order = places(state.totals, state.winners, state.teams)
    podium = sorted(
        (Place(place=order[side], name=names[side], total=state.totals[side]) for side in range(len(names))),
        key=lambda place: (place.place, -place.total),
    )
    shares = made_share(state)
    made = None
    if shares is not None:
        made = [
            MadeShare(name=name, made=made_count, bids=bids)
            for name, (made_count, bids) in zip(game.table.players, shares, strict=True)
            if bids
        ]
    group = access.find_group(record.group_id) if record.group_id else None
    if group is not None:
        again = url_for("tables.play_again", group_id=group.id, game_id=record.id) if editable else None
    else:
        again = url_for("games.again", game_id=record.id)
    return Finish(
        podium=podium,
        made=made,
        swing=_biggest_swing(game),
        again_url=again,
        pdf_url=url_for("sheets.game_pdf", game_id=record.id),
        stats_url=url_for("table_stats.statistics", group_id=group.id) if group else None,
        table_name=group.name if group else None,
    )


def _biggest_swing(game: Game) -> Swing | None:
    """The most points (won or lost) by one side in one deal; the earliest of equals."""
    names = view.side_names(game)
    best: Swing | None = None
    for deal in game.state.deals:
        for side, points in enumerate(deal.points or ()):
            if points is None or side >= len(names):
                continue
            if best is None or abs(points) > abs(best.points):
                best = Swing(name=names[side], points=points, deal=deal.number)
    return best if best is not None and best.points else None
