"""A revoke found after a deal, where the game has no law of its own (RULES.md §9).

The games where each player bids an exact number (the Oh Hell family, custom,
Nomination, Romanian, Oneonta) and German Whist take a house rule, chosen when
the game starts: the player who revoked loses ``revoke_penalty`` points and the
rest of the deal stands, or the deal is dealt again. Classic Whist and Bid
Whist have laws of their own, in their own modules.
"""

from __future__ import annotations

from collections.abc import Sequence

from .declared import N_
from .options import Options, OptionSpec
from .seating import RevokeMark
from .table import Table
from .text import Text

REVOKE = OptionSpec(
    name="revoke",
    label=N_("A revoke found after a deal"),
    help=N_(
        "A house rule, for the laws of this game say nothing: the player who revoked loses the revoke "
        "penalty and every other result of the deal stands, or the deal is dealt again."
    ),
    kind="choice",
    choices=("penalty", "redeal"),
    choice_labels={"penalty": N_("The revoker loses points"), "redeal": N_("The deal is dealt again")},
    default="penalty",
)

REVOKE_PENALTY = OptionSpec(
    name="revoke_penalty",
    label=N_("Revoke penalty"),
    help=N_("The points a player who revoked loses, when a revoke costs points."),
    kind="int",
    default=10,
    minimum=1,
    maximum=100,
)

REVOKE_OPTIONS: tuple[OptionSpec, ...] = (REVOKE, REVOKE_PENALTY)


def house_rule(options: Options, names: Sequence[str], seats: tuple[int, ...], number: int) -> RevokeMark:
    """What a revoke costs under the game's ``revoke`` option.

    With ``penalty`` the mark's penalty has one entry per seat of ``names``: the
    points each loses, for the family to take off that seat's score.
    """
    who = tuple(names[seat] for seat in seats)
    if options.choice("revoke") == "redeal":
        return RevokeMark(
            seats=seats, redeal=True, penalty=None, text=Text("revoke_house_redeal", who=who, number=number)
        )
    amount = options.number("revoke_penalty")
    penalty = tuple(amount if seat in seats else 0 for seat in range(len(names)))
    text = Text("revoke_house_penalty", who=who, number=number, points=amount)
    return RevokeMark(seats=seats, redeal=False, penalty=penalty, text=text)


def house_rule_text(table: Table) -> Text:
    """The revoke house rule of the games whose laws say nothing (option ``revoke``)."""
    options = table.options
    if options.choice("revoke") == "redeal":
        return Text("law_house_revoke_redeal")
    return Text("law_house_revoke_penalty", points=options.number("revoke_penalty"))
