"""The trick judge in words: why a card wins a trick, why a trick cannot be, and the rules of a deck."""

from __future__ import annotations

from ._core import Params, Speaker, gettext, ngettext, number_param, say, worded, words
from .cards import order_words, rank_word, suit_plural, suit_singular, trump_lower


def _beaten(params: Params) -> str:
    """How a trump beat the suit led, when trumps were not led."""
    led = params.get("beaten")
    if led is None:
        return ""
    return gettext("; a trump beats every card of %(led)s, the suit led") % {"led": suit_plural(led)}


def _why(template: str, speaker: Speaker, params: Params, **extra: object) -> str:
    values = speaker.fill(params)
    if "trump" in params:
        values["plural"] = suit_plural(params["trump"])
    if "suit" in params:
        values.update(plural=suit_plural(params["suit"]), singular=suit_singular(params["suit"]))
    values.update(extra)
    return template % values


@worded("judge_trump_not_allowed")
def _trump_not_allowed(speaker: Speaker, params: Params) -> str:
    allowed = ", ".join(trump_lower(trump) for trump in params["allowed"] or ())  # type: ignore[union-attr]
    template = gettext("The trump here is one of %(allowed)s, not %(trump)s")
    return template % {"allowed": allowed, "trump": trump_lower(params["trump"])}


@worded("judge_order_only")
def _order_only(speaker: Speaker, params: Params) -> str:
    return gettext("This game is played %(order)s only") % {"order": order_words(params["order"])}


@worded("judge_trick_size")
def _trick_size(speaker: Speaker, params: Params) -> str:
    chosen = params["chosen"]
    size = number_param(params["size"])
    if chosen == 0:
        template = ngettext(
            "A trick has %(size)s card, one from each player: no card was chosen",
            "A trick has %(size)s cards, one from each player: no card was chosen",
            size,
        )
    elif chosen == 1:
        template = ngettext(
            "A trick has %(size)s card, one from each player: 1 card was chosen",
            "A trick has %(size)s cards, one from each player: 1 card was chosen",
            size,
        )
    else:
        template = ngettext(
            "A trick has %(size)s card, one from each player: %(chosen)s were chosen",
            "A trick has %(size)s cards, one from each player: %(chosen)s were chosen",
            size,
        )
    return template % speaker.fill(params)


@worded("judge_joker_not_in_deck")
def _joker_not_in_deck(speaker: Speaker, params: Params) -> str:
    if params["jokers"] == 1:
        return gettext("This deck has only one Joker: it is %(deck)s") % speaker.fill(params)
    return gettext("This deck has no Jokers: it is %(deck)s") % speaker.fill(params)


@worded("judge_wins")
def _wins(speaker: Speaker, params: Params) -> str:
    if params.get("lead") is None:
        return gettext("The %(card)s wins: %(why)s") % speaker.fill(params)
    return gettext("The %(card)s wins: %(lead)s; %(why)s") % speaker.fill(params)


@worded("judge_top_joker")
def _top_joker(speaker: Speaker, params: Params) -> str:
    template = gettext(
        "the %(card)s is the top trump, above the %(lower)s and the ace (%(plural)s are trump); "
        "no higher trump was played%(beaten)s"
    )
    return _why(template, speaker, params, beaten=_beaten(params))


@worded("judge_second_joker")
def _second_joker(speaker: Speaker, params: Params) -> str:
    template = gettext(
        "the %(card)s is a trump, second only to the %(higher)s (%(plural)s are trump); "
        "no higher trump was played%(beaten)s"
    )
    return _why(template, speaker, params, beaten=_beaten(params))


@worded("judge_only_trump")
def _only_trump(speaker: Speaker, params: Params) -> str:
    return _why(
        gettext("%(plural)s are trump and it is the only trump played%(beaten)s"),
        speaker,
        params,
        beaten=_beaten(params),
    )


@worded("judge_best_trump")
def _best_trump(speaker: Speaker, params: Params) -> str:
    if params["downtown"]:
        template = gettext(
            "%(plural)s are trump and it is the best trump played (downtown: ace, then 2, 3 … king)%(beaten)s"
        )
    else:
        template = gettext("%(plural)s are trump and it is the best trump played%(beaten)s")
    return _why(template, speaker, params, beaten=_beaten(params))


@worded("judge_no_trump_played")
def _no_trump_played(speaker: Speaker, params: Params) -> str:
    return _why(gettext("no trump (%(plural)s) was played; %(highest)s"), speaker, params)


@worded("judge_only_card_of_suit")
def _only_card_of_suit(speaker: Speaker, params: Params) -> str:
    return _why(gettext("it is the only %(singular)s played, and %(plural)s were led"), speaker, params)


@worded("judge_downtown_ace")
def _downtown_ace(speaker: Speaker, params: Params) -> str:
    return _why(
        gettext("it is the best of %(plural)s, the suit led: downtown the ace is still best"), speaker, params
    )


@worded("judge_downtown_best")
def _downtown_best(speaker: Speaker, params: Params) -> str:
    template = gettext(
        "it is the best of %(plural)s, the suit led: downtown low cards win, and with no ace played "
        "the %(rank)s is best"
    )
    return _why(template, speaker, params, rank=rank_word(params["rank"]))


@worded("judge_highest_of_suit")
def _highest_of_suit(speaker: Speaker, params: Params) -> str:
    return _why(gettext("it is the highest of %(plural)s, the suit led"), speaker, params)


words(
    {
        # why a trick cannot be
        "judge_not_a_card": say("%(value)s is not a card: write it as AS, 10H, QD or JK1"),
        "judge_card_twice": say("The %(card)s is played twice: the deck has only one"),
        "judge_card_not_in_deck": say("This deck has no %(card)s: it is %(deck)s"),
        "judge_both_jokers": say(
            "A Joker was turned for trump, so only the other Joker is in play: a trick cannot hold both"
        ),
        "judge_all_worthless": say("Every card of this trick is a worthless Joker: no card can win it"),
        # why a card wins
        "judge_worthless_lead": say(
            "the %(led)s led is worthless in no trump, so the "
            "first other card, the %(first)s, sets the suit led"
        ),
        "judge_other_joker_wins": say(
            "a Joker was turned, so the other Joker is the only trump and wins any trick it is played to"
        ),
        "judge_joker_turned_not_played": say(
            "a Joker was turned, so there is no trump suit, and the other Joker was not played; %(highest)s"
        ),
        "judge_no_trump_at_all": say("there is no trump; %(highest)s"),
        # the rules of a deck
        "judge_must_trump": say("Follow suit if you can; if you cannot, you must trump"),
        "judge_eight_cards_no_trump": say("Eight-card %(deals)s have no trump"),
        "judge_jokers_top_trumps": say("The Large and Small Joker are the top trumps, above the ace"),
        "judge_joker_turned_rule": say(
            "If a Joker is turned there is no trump suit: the "
            "other Joker is the only trump, wins any trick it "
            "is played to, and when it is led the others may play any card"
        ),
        "judge_uptown_downtown": say(
            "Uptown: A K Q … 2. Downtown: A 2 3 … K, low cards win and the ace is best"
        ),
        "judge_bid_whist_jokers": say(
            "With a trump suit the jokers are its top trumps, "
            "the red above the black, either way; in no trump "
            "they are worthless, and a led joker leaves the suit to the first other card"
        ),
        "judge_german_follow_suit": say("Follow suit in both stages"),
        "judge_german_any_card": say(
            "Stage one: the second player may play any card; "
            "only a higher card of the suit led or a trump wins"
        ),
        "judge_german_face_up": say(
            "The winner of a stage-one trick takes the face-up card, the loser the next one"
        ),
    }
)
