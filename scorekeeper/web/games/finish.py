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
from ...groups.members import next_first_dealer, seated_at_end
from ...groups.summary import made_share, places
from ...kept import KeptByVersion
from ...rules import Game
from ...words import deal_words, gettext
from ..language import current_language
from . import view
from .charts import SCREEN_HEIGHT, SCREEN_WIDTH, Chart, line_chart, totals_chart
from .outlook import chances_over
from .table_life import seat_notes, side_heads


@dataclass(frozen=True, kw_only=True)
class Place:
    """A side on the podium: its place, its name(s) and its final total, and when its player came or
    went ("left after deal 7": the total frozen then is theirs, and keeps its place)."""

    place: int
    name: str
    total: int
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class MadeShare:
    """How many of a player's exact bids came true in the game (the deals they played)."""

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
    """The finish screen of a game: podium, bids made, biggest swing and where to go next.

    ``again_url`` starts the next game at once, in one tap (a post): the same players, the same
    options, ``again_dealer`` dealing first; ``again_change_url`` opens the choice of players and
    options instead. A phone that may not start it has neither."""

    podium: list[Place]
    made: list[MadeShare] | None
    swing: Swing | None
    again_url: str | None
    # Who plays again, when they are not the players the game began with (someone came or went).
    again_players: list[str] | None
    again_dealer: str
    again_change_url: str | None
    pdf_url: str
    stats_url: str | None
    table_name: str | None


def game_chart(game: Game) -> Chart | None:
    """The running totals of a game as a chart, once a deal is scored."""
    return totals_chart(game, width=SCREEN_WIDTH, height=SCREEN_HEIGHT)


CHANCE_CHARTS: KeptByVersion[tuple[Chart | None]] = KeptByVersion(size=64)


def chances_chart(
    record: StoredGame, game: Game, *, width: int = SCREEN_WIDTH, height: int = SCREEN_HEIGHT
) -> Chart | None:
    """Once the game is over: everyone's chance of winning over the game, from before the first deal to
    the end, as the odds stood after each deal (kept per version, language and size: the phone's, or
    the PDF's); None before the end, or where the game's odds cannot be simulated."""
    if not game.state.finished:
        return None
    key = (record.id, record.version, current_language(), width, height)
    if (kept := CHANCE_CHARTS.get(key)) is not None:
        return kept[0]
    over = chances_over(record, game)
    chart = None
    if over is not None and len(over[0]) > 1:
        numbers, shares = over
        names = view.side_names(game)
        # As the running totals' chart: a player who arrived later starts at the first point after.
        series: list[list[int | None]] = [
            [round(100 * row[unit]) if unit < len(row) else None for row in shares]
            for unit in range(len(names))
        ]
        chart = line_chart(
            names,
            series,
            numbers,
            title=gettext("Chances of winning"),
            x_label=deal_words(game.table.variant.deal_word).singular,
            unit="%",
            fixed_range=(0, 100),
            width=width,
            height=height,
        )
    CHANCE_CHARTS.put(key, (chart,))
    return chart


def finish_of(record: StoredGame, game: Game, editable: bool) -> Finish | None:
    """The finish screen of a finished game (None before it is over).

    A game's page is kept per version and per whether the phone may change
    the game, so nothing here depends on anything else about the visitor.
    """
    state = game.state
    if not state.finished:
        return None
    # Every seat, latecomers' included; a seat a substitute took over shows both names ("Bogdan → Sue").
    names = side_heads(game, view.side_names(game))
    order = places(state.totals, state.winners, state.teams)
    word = deal_words(game.table.variant.deal_word).singular
    notes = seat_notes(state.life, word) if state.teams is None else {}
    podium = sorted(
        (
            Place(place=order[side], name=names[side], total=state.totals[side], note=notes.get(side))
            for side in range(len(names))
        ),
        key=lambda place: (place.place, -place.total),
    )
    shares = made_share(state)
    made = None
    if shares is not None:
        # Everyone who bid, for the deals they played: a latecomer, and a player a substitute replaced.
        made = [MadeShare(name=share.name, made=share.made, bids=share.bids) for share in shares]
    group = access.find_group(record.group_id) if record.group_id else None
    again = change = None
    if group is not None and editable:
        again = url_for("tables.play_again", group_id=group.id, game_id=record.id)
        change = url_for("tables.start", group_id=group.id, variant=game.table.variant.code, game=record.id)
    elif group is None:
        # Anyone may start a game of their own with the same table; a follower chooses it on the form.
        again = url_for("games.again", game_id=record.id) if editable else None
        change = url_for("games.again", game_id=record.id)
    seated = [state.players[seat] for seat in seated_at_end(state)]
    return Finish(
        podium=podium,
        made=made,
        swing=_biggest_swing(game),
        again_url=again,
        again_players=seated if seated != list(game.table.players) else None,
        again_dealer=seated[next_first_dealer(state)],
        again_change_url=change,
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
