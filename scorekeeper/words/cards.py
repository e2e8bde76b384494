"""Card words: suits and trumps, ranks, Jokers, cards, decks, calls and bids, points.

The engine names a trump by its code ("H", "NT", "JK"), a rank by its number and
a Joker by the deck's code for it ("large", "red"); these are the words.
"""

from __future__ import annotations

from ..rules.cards import Trump
from ._core import (
    N_,
    Params,
    Speaker,
    gettext,
    in_sentence,
    ngettext,
    number_param,
    say,
    say_n,
    signed,
    worded,
    words,
)

TRUMP_NAMES = {
    "S": N_("Spades"),
    "H": N_("Hearts"),
    "D": N_("Diamonds"),
    "C": N_("Clubs"),
    "NT": N_("No trump"),
    "JK": N_("Joker turned: only the other Joker is trump"),
}
SUIT_PLURALS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_SINGULARS = {"S": N_("spade"), "H": N_("heart"), "D": N_("diamond"), "C": N_("club")}
RANK_WORDS = {1: N_("one"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace")}
JOKER_NAMES = {
    "large": N_("Large Joker"),
    "small": N_("Small Joker"),
    "red": N_("Red Joker"),
    "black": N_("Black Joker"),
    "joker": N_("Joker"),
}
BID_KINDS = {"uptown": N_("uptown"), "downtown": N_("downtown"), "NT": N_("no trump")}
ORDER_WORDS = {
    "uptown": N_("uptown: high cards win, ace best"),
    "downtown": N_("downtown: low cards win, ace best, then 2, 3 … king"),
}
PAIR_WORDS = {"NS": N_("N–S"), "EW": N_("E–W")}


def trump_name(trump: Trump | str) -> str:
    """What a player calls a trump out loud: "Spades", "No trump"."""
    return gettext(TRUMP_NAMES[str(trump)])


def bid_kind(kind: str) -> str:
    """A kind of bid or rank order as a chip names it: "uptown", "downtown", "no trump"."""
    return gettext(BID_KINDS[kind])


def trump_sign(trump: Trump) -> str:
    """A trump as the score sheet marks it: the suit's sign, "NT" for no trump (in the reader's
    language: each has its own letters for it), the Joker's card."""
    return gettext("NT") if trump is Trump.NO_TRUMP else trump.symbol


def trump_lower(trump: object) -> str:
    """A trump's name inside a sentence: "spades", "no trump"."""
    return in_sentence(trump_name(str(trump)))


def suit_plural(suit: object) -> str:
    """ "hearts" """
    return gettext(SUIT_PLURALS[str(suit)])


def suit_singular(suit: object) -> str:
    """ "heart" """
    return gettext(SUIT_SINGULARS[str(suit)])


def rank_word(rank: object) -> str:
    """A rank as said in a sentence: "7", "jack", "ace"."""
    assert isinstance(rank, int)
    return gettext(RANK_WORDS[rank]) if rank in RANK_WORDS else str(rank)


def order_words(order: object) -> str:
    """A rank order with what it means: "uptown: high cards win, ace best"."""
    return gettext(ORDER_WORDS[str(order)])


def pair_words(pair: object) -> str:
    """A drive's partnership: "N–S", "E–W"."""
    return gettext(PAIR_WORDS[str(pair)])


@worded("card")
def _card(speaker: Speaker, params: Params) -> str:
    joker = params.get("joker")
    if joker is not None:
        return gettext(JOKER_NAMES[str(joker)])
    return str(params["face"])


@worded("call")
def _call(speaker: Speaker, params: Params) -> str:
    level = params.get("level")
    if level is None:
        return gettext("pass")
    return gettext("%(level)s %(kind)s") % {"level": level, "kind": gettext(BID_KINDS[str(params["kind"])])}


@worded("oneonta_bid")
def _oneonta_bid(speaker: Speaker, params: Params) -> str:
    value = params.get("value")
    if params["kind"] == "positive":
        text = str(value)
    elif value is None:
        text = gettext("null")
    else:
        text = gettext("null %(value)s") % {"value": value}
    return gettext("%(bid)s doubled") % {"bid": text} if params.get("doubled") else text


@worded("points")
def _points(speaker: Speaker, params: Params) -> str:
    value = params["value"]
    assert isinstance(value, int)
    return signed(value)


@worded("sentence")
def _sentence(speaker: Speaker, params: Params) -> str:
    return gettext("%(text)s.") % {"text": speaker(params["text"])}


@worded("deck_bid_whist")
def _deck_bid_whist(speaker: Speaker, params: Params) -> str:
    jokers = params["jokers"]
    if jokers == 0:
        return gettext("52 cards, no jokers")
    if jokers == 1:
        return gettext("53 cards: a full pack and one joker")
    return gettext("54 cards: a full pack and two jokers, the red above the black")


@worded("deck_oneonta_judge")
def _deck_oneonta_judge(speaker: Speaker, params: Params) -> str:
    size = number_param(params["size"])
    template = ngettext(
        "%(size)s card: A down to %(lowest)s of each suit and two Jokers",
        "%(size)s cards: A down to %(lowest)s of each suit and two Jokers",
        size,
    )
    return template % {"size": size, "lowest": rank_word(params["lowest"])}


words(
    {
        "the_team": say("The team"),
        "deck_full": say("52 cards, aces high"),
        "deck_oh_well": say_n(
            "%(size)s cards: take %(removed)s card from the bottom of a 52-card pack",
            "%(size)s cards: take %(removed)s cards from the bottom of a 52-card pack",
            "removed",
        ),
        "deck_romanian": say_n(
            "%(size)s card: %(low)s to ace of each suit",
            "%(size)s cards: %(low)s to ace of each suit",
            "size",
        ),
        "deck_romanian_56": say("56 cards: a full pack and 4 extra low cards, such as jokers counting as 1"),
        "deck_romanian_56_judge": say(
            "56 cards: a full pack and a low 1 of each suit (the four extra low cards)"
        ),
        "deck_oneonta": say_n(
            "%(size)s card: A down to %(lowest)s of each suit, and two Jokers, Large and Small",
            "%(size)s cards: A down to %(lowest)s of each suit, and two Jokers, Large and Small",
            "size",
        ),
        "deck_oneonta_54": say("54 cards: a full 52-card pack and two Jokers, Large and Small"),
    }
)
