"""What the pages remind the table of before each deal, and the notes on how a game stands or ended."""

from __future__ import annotations

from ._core import Params, Speaker, and_list, gettext, names_param, say, say_n, worded, words


@worded("reminder_jokers_top_trumps")
def _jokers_top_trumps(speaker: Speaker, params: Params) -> str:
    if params["jokers"] == 2:
        return gettext("The jokers are the top trumps, red above black; in no trump they are worthless")
    return gettext("The joker is the top trump; in no trump they are worthless")


@worded("note_hard_score")
def _hard_score(speaker: Speaker, params: Params) -> str:
    winners = ", ".join(names_param(params["winners"]))
    return gettext("Hard score: %(winners)s +%(bonus)s for winning") % {
        "winners": winners,
        "bonus": params["bonus"],
    }


@worded("note_play_on")
def _play_on(speaker: Speaker, params: Params) -> str:
    names = and_list(names_param(params["names"]))
    template = gettext("Play on: %(names)s are level on %(total)s, and the game needs a single leader")
    return template % {"names": names, "total": params["total"]}


@worded("note_draw")
def _draw(speaker: Speaker, params: Params) -> str:
    sides = params["sides"]
    assert isinstance(sides, tuple)
    names = and_list(speaker(side) for side in sides)
    return gettext("Draw: %(sides)s finish level on %(total)s") % {"sides": names, "total": params["total"]}


@worded("note_bid_whist_won")
def _bid_whist_won(speaker: Speaker, params: Params) -> str:
    reasons = params["reasons"]
    assert isinstance(reasons, tuple)
    values = speaker.fill(params)
    values["reasons"] = and_list(speaker(reason) for reason in reasons)
    return gettext("%(reasons)s: %(team)s win %(score)s to %(other)s") % values


words(
    {
        # reminders before a deal
        "reminder_simultaneous": say(
            "Everyone shows their bid at once: no one bids last, so there is no hook"
        ),
        "reminder_oh_well_trump": say("The dealer turns their own last card: its suit is trump"),
        "reminder_oh_pshaw_announce": say("After the dealer bids, announce over, under or even"),
        "reminder_nomination_lead": say("The lead player (left of the dealer) bids first and leads"),
        "reminder_dead_hand": say(
            "%(dealer)s deals to the other six and sits this %(deal)s out (the dead hand)"
        ),
        "reminder_all_dealt_no_trump": say("Every card is dealt: no trump"),
        "reminder_blind_deal": say("Blind %(deal)s: hold your card to your forehead without looking at it"),
        "reminder_last_card_trump": say("Trump is the suit of the last card dealt, %(dealer)s's"),
        "reminder_leads": say("%(player)s leads"),
        "reminder_bid_whist_calls": say(
            "%(first)s calls first; if the first three pass, %(dealer)s must bid"
        ),
        "reminder_kitty_book": say_n(
            "The kitty has %(cards)s card and counts as the bidders' first book",
            "The kitty has %(cards)s cards and counts as the bidders' first book",
            "cards",
        ),
        "reminder_kitty_to_bidder": say_n(
            "The high bidder takes the kitty and discards %(cards)s card",
            "The high bidder takes the kitty and discards %(cards)s cards",
            "cards",
        ),
        "reminder_kitty_out": say("The kitty stays out of play"),
        "reminder_kitty_shown": say("Show the kitty to everyone"),
        "reminder_kitty_shown_after_trump_bids": say(
            "After an uptown or downtown bid, show the kitty to everyone"
        ),
        "reminder_high_bidder_leads": say("The high bidder leads"),
        "reminder_high_bidder_named": say("%(player)s leads, as the high bidder"),
        "reminder_german_deal": say(
            "%(dealer)s deals and turns the stock's top card: its suit is trump for the whole hand"
        ),
        "reminder_german_follow_suit": say(
            "Stage one: follow suit; the trick's winner takes the face-up card"
        ),
        "reminder_german_any_card": say(
            "Stage one: you need not follow suit; only a higher card of the suit led or a trump wins"
        ),
        "reminder_german_all_tricks": say("All 26 tricks count: 13–13 is a drawn hand"),
        "reminder_german_stage_two": say("Only the 13 tricks of stage two count"),
        # how a game stands or ended
        "note_team_wins": say("%(team)s win %(high)s–%(low)s"),
        "note_rubber_won": say(
            "%(team)s win the rubber by %(margin)s: %(game_points)s "
            "game points and %(bonus)s for the rubber, "
            "less the losers' %(losers)s"
        ),
        "note_rubber_game": say("%(standing)s; game %(game)s stands %(first)s–%(second)s"),
        "whist_rubber_standing": say(
            "Rubber: games won %(first)s %(first_won)s, %(second)s %(second_won)s; game points "
            "%(first_points)s–%(second_points)s"
        ),
        "whist_honours_after_game": say("%(team)s reached %(target)s on tricks: honours are not scored"),
        "whist_honours_one_short": say("%(team)s stood one short, on %(score)s: their honours do not count"),
        "whist_revoke_blocked": say("%(team)s revoked: they cannot reach %(target)s on this %(deal)s"),
        "bid_whist_reached": say("%(team)s reached %(total)s"),
        "bid_whist_fell": say("%(team)s fell to %(total)s"),
        "note_bid_whist_target": say("The game ends when a side reaches %(target)s or falls to −%(target)s"),
        "note_german_target_raised": say(
            "Both players reached the target in the same hand: it is now %(target)s"
        ),
        "note_player_wins": say("%(player)s wins %(score)s to %(other)s"),
        "note_german_first_to": say("The first player to %(target)s wins"),
        "note_german_hand_of": say("Hand %(number)s of %(hands)s: the higher total then wins"),
        "note_german_hands_to_win": say_n(
            "The first player to win %(hands)s hand wins",
            "The first player to win %(hands)s hands wins",
            "hands",
        ),
        "rules_deal_limit": say_n(
            "The app takes at most %(most)s %(deal)s in one game: no table plays that long, so start a new "
            "game to play on.",
            "The app takes at most %(most)s %(deals)s in one game: no table plays that long, so start a new "
            "game to play on.",
            "most",
        ),
    }
)
