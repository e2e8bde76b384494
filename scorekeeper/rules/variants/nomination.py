"""Nomination Whist (RULES.md §2): 10 cards down to 1 and back, trumps in a fixed rotation."""

from __future__ import annotations

from functools import partial

from ..cards import Trump
from ..declared import N_
from ..exact import ExactBidEngine, TrumpRule
from ..exact_facts import Spot
from ..explain_exact import EXACT_BIDS_EXPLAINER
from ..options import Options
from ..revoke import REVOKE_OPTIONS
from ..schedules import down_up
from ..scoring import Scorer, tricks_and_bonus
from ..table import Table
from ..text import Text
from ..variant import Variant
from .common import fixed_length, full_pack, rotation

NOMINATION_ROTATION = (Trump.SPADES, Trump.HEARTS, Trump.CLUBS, Trump.DIAMONDS, Trump.NO_TRUMP)


def _schedule(table: Table) -> tuple[int, ...]:
    return down_up(8 if table.size == 6 else 10)


def _trump(table: Table) -> TrumpRule:
    return rotation(NOMINATION_ROTATION)


def _scoring(options: Options) -> Scorer:
    return partial(tricks_and_bonus, per_trick=1, bonus=10)


def _reminders(table: Table, spot: Spot) -> tuple[Text, ...]:
    return (Text("reminder_nomination_lead"),)


NOMINATION_WHIST = Variant(
    code="nomination-whist",
    name=N_("Nomination Whist"),
    family=N_("Nomination Whist"),
    ladder="oh_hell",
    summary=N_("10 cards down to 1 and back; trumps go spades, hearts, clubs, diamonds, no trump."),
    aliases=("nomination",),
    min_players=3,
    max_players=6,
    options=REVOKE_OPTIONS,
    engine=ExactBidEngine(
        deck=full_pack,
        schedule=_schedule,
        score=_scoring,
        end=fixed_length(_schedule),
        trump=_trump,
        reminders=_reminders,
    ),
    explainer=EXACT_BIDS_EXPLAINER,
)

VARIANTS = (NOMINATION_WHIST,)
