"""What Oneonta Whist records and derives: the entry, the deal, the game state, the scores.

The shapes the web layer and the API read; the engine that fills them is in
``_oneonta_engine``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..cards import Trump
from ..state import DealState, GameState
from ..text import Text
from ._oneonta_bids import DOUBLE_SCORE, OneontaBid
from ._oneonta_table import OneontaFacts

Result = Literal["win", "draw", "loss", "beat_the_game", "not_beaten"]
EDD_ALLARD_TARGET = 30
EDD_ALLARD_NULL = 10


@dataclass(frozen=True, kw_only=True, slots=True)
class OneontaEntry:
    """What the table records for one deal of Oneonta Whist.

    ``bids`` has one bid per seat (None until made, and for a player out of a
    tie-break hand); ``tricks`` is None until the deal is played, then one count
    per seat (the dummy's tricks are the rest). ``trump`` is the turned card's
    suit, or ``Trump.JOKER`` when a Joker was turned.
    """

    number: int
    bids: tuple[OneontaBid | None, ...]
    tricks: tuple[int | None, ...] | None = None
    trump: Trump | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class OneontaDeal(DealState):
    """A recorded deal of Oneonta Whist.

    ``scores`` are the players' own scores. In the competitive and solitaire
    forms they equal ``points``; in the cooperative forms ``points`` and
    ``totals`` hold the one team's score (the sum of ``scores``, or the lowest).
    ``dummy_tricks`` is what the dummy took, where there is one.
    """

    bids: tuple[OneontaBid | None, ...]
    tricks: tuple[int | None, ...] | None
    scores: tuple[int | None, ...] | None
    dummy_tricks: int | None
    bid_note: Text | None

    @property
    def oneonta_facts(self) -> OneontaFacts:
        """The facts with Oneonta's extra fields (deck, lead rule, tie-break)."""
        assert isinstance(self.facts, OneontaFacts)
        return self.facts

    @property
    def leader(self) -> int | None:
        """The seat that leads the first trick, once known; None while bids are out or the dummy leads."""
        facts = self.oneonta_facts
        return facts.leader if facts.leader_decided and not facts.dummy else None

    @property
    def bid_total(self) -> int:
        """The tricks bid so far; a null counts 0."""
        return sum(bid.tricks_bid for bid in self.bids if bid is not None)

    def entered(self) -> tuple[tuple[int, Text | int], ...]:
        """The bids entered so far, in bidding order ("3", "null 2", "7 doubled")."""
        order = self.facts.bidding_order
        return tuple((seat, bid.said) for seat in order if (bid := self.bids[seat]) is not None)

    @property
    def doubled_by(self) -> int | None:
        """The seat that doubled this deal, if any."""
        return next((seat for seat, bid in enumerate(self.bids) if bid is not None and bid.doubled), None)


@dataclass(frozen=True, kw_only=True, slots=True)
class OneontaGameState(GameState):
    """The state of an Oneonta game, with what the base state cannot say.

    ``result`` is the solitaire outcome: win, draw or loss against 30 under Edd
    Allard; beat_the_game or not_beaten with alternative scoring; otherwise None.
    ``playing`` are the seats still in (fewer during tie-break hands), ``dropped``
    those who dropped out with their totals frozen. ``seat_totals`` are every
    player's own totals, also in the cooperative forms where ``totals`` is the team's.
    """

    result: Result | None
    playing: tuple[int, ...]
    dropped: tuple[int, ...]
    seat_totals: tuple[int, ...]


def score(bid: OneontaBid, tricks: int, *, edd_allard: bool, overtricks_score_zero: bool) -> int:
    """One player's score for a deal (RULES.md §4.0 standard, §4.1 alternative, §4.2 Edd Allard)."""
    if bid.doubled:
        made = tricks == 0 if bid.kind == "null" else tricks == bid.value
        return DOUBLE_SCORE if made else -DOUBLE_SCORE
    if bid.kind == "null":
        if edd_allard:
            return EDD_ALLARD_NULL if tricks == 0 else -(EDD_ALLARD_NULL + tricks)
        assert bid.value is not None
        return bid.value if tricks == 0 else -bid.value
    assert bid.value is not None
    wanted = bid.value
    if tricks < wanted:
        return -wanted
    if tricks > wanted and overtricks_score_zero:
        return 0
    return wanted - (tricks - wanted)
