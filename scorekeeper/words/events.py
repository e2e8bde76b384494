"""Table events in words: their refusals, what each did, the re-planned deals, what a revoke cost,
and what each family's laws say about them (for the rules pages)."""

from __future__ import annotations

from ._core import N_, Params, Speaker, gettext, names_list, ngettext, say, say_n, signed, worded, words

EVENT_WHAT = {
    "misdeal": N_("a misdeal"),
    "revoke": N_("a revoke"),
    "arrival": N_("a player's arrival"),
    "departure": N_("a player's departure"),
    "substitute": N_("a substitute"),
    "sit_out": N_("a sit-out"),
    "adjustment": N_("an adjustment"),
    "stop": N_("stopping the game"),
}
SEAT_KEYS = {
    "left_of": N_("the seat the newcomer sits at the left of"),
    "seat": N_("the seat"),
    "side": N_("the side"),
}


def _filled(speaker: Speaker, params: Params, **extra: object) -> dict[str, object]:
    values = speaker.fill(params)
    values.update(extra)
    return values


@worded("event_unknown_kind")
def _unknown_kind(speaker: Speaker, params: Params) -> str:
    kinds = ", ".join(str(kind) for kind in params["kinds"] or ())  # type: ignore[union-attr]
    return gettext("An event is one of %(kinds)s, not %(value)s") % _filled(speaker, params, kinds=kinds)


@worded("event_unknown_key")
def _unknown_key(speaker: Speaker, params: Params) -> str:
    keys = [str(key) for key in params["keys"] or ()]  # type: ignore[union-attr]
    kind = str(params["kind"]).replace("_", "-")
    if keys:
        template = gettext("A %(kind)s event has %(keys)s, not %(key)s")
    else:
        template = gettext("A %(kind)s event has nothing more, not %(key)s")
    return template % _filled(speaker, params, kind=kind, keys=", ".join(keys))


@worded("event_seat_not_number")
def _seat_not_number(speaker: Speaker, params: Params) -> str:
    what = gettext(SEAT_KEYS[str(params["what"])])
    return gettext("Give %(what)s as a seat number, not %(value)s") % _filled(speaker, params, what=what)


@worded("event_revoke_not_played")
def _revoke_not_played(speaker: Speaker, params: Params) -> str:
    if params["player"] is None:
        template = gettext("Seat %(at_seat)s did not play %(deal)s %(number)s, so cannot have revoked in it")
    else:
        template = gettext("%(player)s did not play %(deal)s %(number)s, so cannot have revoked in it")
    return template % speaker.fill(params)


@worded("event_revoke_penalty")
def _revoke_penalty(speaker: Speaker, params: Params) -> str:
    choices = ", ".join(f'"{choice}"' for choice in params["choices"] or ())  # type: ignore[union-attr]
    template = gettext("The penalty the other side chooses for a revoke is one of %(choices)s, not %(value)s")
    return template % _filled(speaker, params, choices=choices)


REVOKE_PENALTY_WORDS: dict[str, str] = {
    "tricks": N_("Three tricks from the revoking side"),
    "points": N_("3 points added to their score"),
}
"""What each choice of a revoke's penalty gives the other side (``events.REVOKE_PENALTIES``), for its form."""


def revoke_penalty_words(choice: str) -> str:
    """A revoke penalty the other side may choose, in words: "Three tricks from the revoking side"."""
    return gettext(REVOKE_PENALTY_WORDS[choice])


@worded("note_stopped")
def _stopped(speaker: Speaker, params: Params) -> str:
    if params["count"] is None:
        stopped = gettext("Stopped after %(deal)s %(number)s") % speaker.fill(params)
    else:
        stopped = gettext("Stopped after %(deal)s %(number)s of %(count)s") % speaker.fill(params)
    if params["target"] is not None:
        template = gettext("%(stopped)s: no one reached %(target)s, so the totals rank the players")
    else:
        template = gettext("%(stopped)s: the standings then are final")
    return template % _filled(speaker, params, stopped=stopped)


@worded("event_game_over")
def _game_over(speaker: Speaker, params: Params) -> str:
    what = gettext(EVENT_WHAT[str(params["kind"])])
    return gettext("The game is over: %(what)s can no longer be recorded") % {"what": what}


@worded("event_deal_under_way")
def _deal_under_way(speaker: Speaker, params: Params) -> str:
    what = gettext(EVENT_WHAT[str(params["kind"])])
    template = gettext(
        "%(Deal)s %(number)s is under way: finish it, or undo what was entered of it, before %(what)s"
    )
    return template % _filled(speaker, params, what=what)


@worded("events_wait_for_the_deal")
def _wait_for_the_deal(speaker: Speaker, params: Params) -> str:
    kinds = [gettext(EVENT_WHAT[str(kind)]) for kind in params["kinds"] or ()]  # type: ignore[union-attr]
    template = gettext(
        "%(Deal)s %(number)s is under way: %(what)s wait until it is finished, or until what was entered "
        "of it is undone"
    )
    return template % _filled(speaker, params, what=names_list(kinds))


@worded("event_drops_entries")
def _drops_entries(speaker: Speaker, params: Params) -> str:
    if not params["entries"]:
        return gettext("%(Deal)s %(number)s is not scored: what was entered of it is dropped") % speaker.fill(
            params
        )
    return gettext(
        "%(Deal)s %(number)s is not scored: what was entered of it is dropped (%(entries)s)"
    ) % speaker.fill(params)


@worded("event_replan_refused")
def _replan_refused(speaker: Speaker, params: Params) -> str:
    if params["action"] == "join":
        return gettext("%(name)s cannot join: %(reason)s") % speaker.fill(params)
    return gettext("%(name)s cannot leave: %(reason)s") % speaker.fill(params)


def _with_plan(speaker: Speaker, params: Params, text: str) -> str:
    """An event's words, then what it did to the deals to come."""
    plan = params.get("plan")
    if plan is None:
        return text
    return gettext("%(text)s; %(plan)s") % {"text": text, "plan": speaker(plan)}


@worded("event_arrival")
def _arrival(speaker: Speaker, params: Params) -> str:
    if params["after"]:
        template = gettext(
            "%(name)s joins after %(deal)s %(after)s at the left of %(neighbour)s, starting on %(start)s"
        )
    else:
        template = gettext(
            "%(name)s joins before %(deal)s 1 at the left of %(neighbour)s, starting on %(start)s"
        )
    text = template % speaker.fill(params)
    rule = params["rule"]
    if isinstance(rule, str) and rule in START_WORDS:
        text = gettext("%(text)s (%(rule)s)") % {"text": text, "rule": start_words(rule)}
    return _with_plan(speaker, params, text)


START_WORDS: dict[str, str] = {"lowest": N_("the lowest total"), "average": N_("the average, rounded down")}
"""What each starting-total rule of an arrival gives (``events.START_RULES``), for its text and its form."""


def start_words(rule: str) -> str:
    """A starting-total rule in words: "the lowest total", "the average, rounded down"."""
    return gettext(START_WORDS[rule])


@worded("event_departure")
def _departure(speaker: Speaker, params: Params) -> str:
    if params["total"] is None:
        text = gettext("%(name)s leaves after %(deal)s %(number)s") % speaker.fill(params)
    else:
        text = gettext("%(name)s leaves after %(deal)s %(number)s with %(total)s") % speaker.fill(params)
    return _with_plan(speaker, params, text)


@worded("event_adjustment")
def _adjustment(speaker: Speaker, params: Params) -> str:
    points = params["points"]
    assert isinstance(points, int)
    shown = signed(points)
    return gettext("%(who)s %(shown)s after %(deal)s %(number)s: %(reason)s") % _filled(
        speaker, params, shown=shown
    )


@worded("plan_change")
def _plan_change(speaker: Speaker, params: Params) -> str:
    cards = [int(str(count)) for count in params["cards"] or ()]  # type: ignore[union-attr]
    shown = ", ".join(str(count) for count in cards)
    if params["more"]:
        shown = gettext("%(shown)s, …") % {"shown": shown}
    number = cards[0] if len(cards) == 1 and not params["more"] else 2
    values = _filled(speaker, params, shown=shown)
    if params["first"] == params["last"]:
        template = ngettext(
            "%(deal)s %(last)s becomes a %(players)s-player %(deal)s: %(shown)s card",
            "%(deal)s %(last)s becomes a %(players)s-player %(deal)s: %(shown)s cards",
            number,
        )
    else:
        template = ngettext(
            "%(deals)s %(first)s–%(last)s become %(players)s-player %(deals)s: %(shown)s card",
            "%(deals)s %(first)s–%(last)s become %(players)s-player %(deals)s: %(shown)s cards",
            number,
        )
    return template % values


@worded("revoke_house_penalty")
def _house_penalty(speaker: Speaker, params: Params) -> str:
    points = params["points"]
    assert isinstance(points, int)
    template = gettext(
        "%(who)s revoked in %(deal)s %(number)s: %(penalty)s (house rule); the rest of the %(deal)s stands"
    )
    return template % _filled(speaker, params, penalty=signed(-points))


@worded("law_renege")
def _law_renege(speaker: Speaker, params: Params) -> str:
    if params["every_book"]:
        return gettext(
            "A renege found after a hand: every book the reneging side won goes to the other side, counted "
            "before the contract is judged; both sides reneging, the hand is dealt again"
        )
    return gettext(
        "A renege found after a hand: three books go from the reneging side to the other, counted before "
        "the contract is judged; both sides reneging, the hand is dealt again"
    )


words(
    {
        # refusals of an event's shape
        "event_not_named_values": say("A table event is a set of named values, not %(value)s"),
        "event_revoke_seats": say(
            "The seats that revoked are a list of seat numbers, such as [2], not %(value)s"
        ),
        "event_revoke_seats_twice": say("Name each player who revoked once"),
        "event_name_missing": say("The player needs a name"),
        "event_start_total": say(
            'The starting total is a number from −%(most)s to %(most)s, "lowest" or "average", not %(value)s'
        ),
        "event_adjustment_points": say(
            "An adjustment is a whole number of points from −%(most)s to %(most)s, not 0, not %(value)s"
        ),
        "event_adjustment_reason_missing": say("Say why the points change, such as “late to the table”"),
        "event_reason_unseen": say(
            "The reason has a character that cannot be seen (%(character)s): type it again without it"
        ),
        "event_adjustment_reason_long": say_n(
            "Keep the reason to %(most)s letter", "Keep the reason to %(most)s letters", "most"
        ),
        # refusals of an event where it stands
        "event_stopped_no_deal": say("The game was stopped after %(deal)s %(number)s: no %(deal)s follows"),
        "event_after_stop": say("The game was stopped after %(deal)s %(number)s: nothing more is recorded"),
        "event_revoke_twice": say(
            "%(Deal)s %(number)s already has a revoke: correct that one to name every player who revoked"
        ),
        "event_revoke_where": say("A revoke is recorded right after the %(deal)s it was found in"),
        "event_revoke_penalty_not_offered": say(
            "In %(variant)s a revoke costs what the laws say, with no choice for the other side: "
            "record it without one"
        ),
        "event_join_fixed_table": say(
            "%(name)s cannot join: %(variant)s %(why)s. %(name)s can take over a seat as a substitute"
        ),
        "event_join_table_full": say_n(
            "%(name)s cannot join: %(variant)s is played by at most %(most)s player, and the table has "
            "%(count)s already. %(name)s can take over a seat as a substitute",
            "%(name)s cannot join: %(variant)s is played by at most %(most)s players, and the table has "
            "%(count)s already. %(name)s can take over a seat as a substitute",
            "most",
        ),
        "event_left_of_absent": say(
            "Seat %(at_seat)s is not at the table: seat %(name)s at the left of a player who plays"
        ),
        "event_leave_before_first": say(
            "%(name)s cannot leave before the first %(deal)s: start the game again without %(name)s"
        ),
        "event_leave_fixed_table": say(
            "%(name)s cannot leave: %(variant)s %(why)s. A substitute can take over %(name)s's seat"
        ),
        "event_leave_too_few": say_n(
            "%(name)s cannot leave: %(variant)s needs at least %(least)s player, and without %(name)s the "
            "table would have %(left)s. A substitute can take over %(name)s's seat",
            "%(name)s cannot leave: %(variant)s needs at least %(least)s players, and without %(name)s the "
            "table would have %(left)s. A substitute can take over %(name)s's seat",
            "least",
        ),
        "event_sit_out_not_allowed": say(
            "%(name)s cannot sit out: in %(variant)s every player plays every %(deal)s. "
            "A substitute can take over %(name)s's seat"
        ),
        "event_sits_out_already": say("%(name)s already sits %(deal)s %(number)s out"),
        "event_leave_sit_out_too_few": say_n(
            "%(name)s cannot leave now: at least %(least)s player must play %(deal)s %(number)s, and "
            "without %(name)s and those sitting it out (%(sitting)s) it would have %(playing)s. Take the "
            "sit-out back first",
            "%(name)s cannot leave now: at least %(least)s players must play %(deal)s %(number)s, and "
            "without %(name)s and those sitting it out (%(sitting)s) it would have %(playing)s. Take the "
            "sit-out back first",
            "least",
        ),
        "event_sit_out_too_few": say_n(
            "%(name)s cannot sit %(deal)s %(number)s out: at least %(least)s player must play each %(deal)s "
            "of %(variant)s, and it would have only %(playing)s",
            "%(name)s cannot sit %(deal)s %(number)s out: at least %(least)s players must play each %(deal)s "
            "of %(variant)s, and it would have only %(playing)s",
            "least",
        ),
        "event_side_out_of_range": say("The points go to a side from 0 to %(highest)s, not %(value)s"),
        "event_side_left": say("%(who)s left after %(deal)s %(number)s: their total is final"),
        "event_stop_before_play": say("Nothing has been played yet: abandon the game rather than stop it"),
        "event_no_such_seat": say("There is no seat %(at_seat)s at this table"),
        "event_player_left": say("%(name)s left after %(deal)s %(number)s"),
        "event_name_taken": say(
            "%(name)s already has a seat at this table: give the newcomer a different name"
        ),
        "event_name_holds_seat": say("%(name)s already holds this seat"),
        "event_no_deal_yet": say("No %(deal)s has been recorded yet"),
        "fixed_four_partnerships": say("is played by exactly four players, two partnerships"),
        "fixed_two_players": say("is played by exactly two players"),
        # what each event did
        "event_misdeal_passes": say(
            "%(dealer)s misdealt %(deal)s %(number)s: a misdeal loses the %(deal)s, so %(successor)s deals"
        ),
        "event_misdeal": say("%(dealer)s misdealt %(deal)s %(number)s and deals it again"),
        "event_substitute": say("%(name)s takes over %(before)s's seat from %(deal)s %(number)s"),
        "event_plays_on": say(
            "%(Deal)s %(number)s is under way: %(name)s plays the rest of it in %(before)s's seat, and what "
            "was entered of it stays"
        ),
        "seat_entry": say("%(player)s %(entry)s"),
        "event_sit_out": say("%(name)s sits %(deal)s %(number)s out"),
        # what a revoke cost
        "revoke_house_redeal": say(
            "%(who)s revoked in %(deal)s %(number)s: the %(deal)s is dealt again (house rule)"
        ),
        "revoke_whist_both_sides": say(
            "%(who)s revoked in %(deal)s %(number)s: both sides revoked, so the %(deal)s is dealt again"
        ),
        "revoke_whist_tricks": say_n(
            "%(who)s revoked in %(deal)s %(number)s: %(moved)s "
            "trick goes to %(to)s, and %(side)s cannot reach "
            "%(target)s on this %(deal)s",
            "%(who)s revoked in %(deal)s %(number)s: %(moved)s "
            "tricks go to %(to)s, and %(side)s cannot reach "
            "%(target)s on this %(deal)s",
            "moved",
        ),
        "revoke_whist_points": say_n(
            "%(who)s revoked in %(deal)s %(number)s: %(to)s add %(points)s point to their score, and "
            "%(side)s cannot reach %(target)s on this %(deal)s",
            "%(who)s revoked in %(deal)s %(number)s: %(to)s add %(points)s points to their score, and "
            "%(side)s cannot reach %(target)s on this %(deal)s",
            "points",
        ),
        "renege_both_sides": say(
            "%(who)s reneged in hand %(number)s: both sides reneged, so the hand is dealt again"
        ),
        "renege_books": say_n(
            "%(who)s reneged in hand %(number)s: %(moved)s book goes to %(to)s",
            "%(who)s reneged in hand %(number)s: %(moved)s books go to %(to)s",
            "moved",
        ),
        # the laws, for the rules pages
        "law_misdeal_passes": say(
            "A misdeal loses the %(deal)s: the next player deals, and the %(deals)s move on by one dealer"
        ),
        "law_misdeal_redealt": say("After a misdeal the same dealer deals again; nothing is scored"),
        "law_fixed_table": say(
            "Nobody can join or leave: %(variant)s %(why)s. A substitute can take over a seat"
        ),
        "law_players_come_and_go": say(
            "Players may join between %(deals)s and leave after "
            "a %(deal)s, from %(least)s to %(most)s at the "
            "table; the %(deals)s to come are re-planned for the new number, and a player who leaves keeps "
            "their total. A substitute can take over a seat"
        ),
        "law_sit_out": say_n(
            "A player may sit one %(deal)s out, as long as %(least)s player still plays it: the bidding "
            "skips them, and the last to bid still carries the hook",
            "A player may sit one %(deal)s out, as long as %(least)s players still play it: the bidding "
            "skips them, and the last to bid still carries the hook",
            "least",
        ),
        "law_no_sit_out": say("Nobody sits a %(deal)s out: every player plays every %(deal)s"),
        "law_adjustment": say("Points may be added or taken away between %(deals)s, with a reason"),
        "law_stop": say("The table may stop early: the standings after the last complete %(deal)s are final"),
        "law_house_revoke_redeal": say(
            "A revoke found after a %(deal)s: the %(deal)s is "
            "dealt again (a house rule: the published rules of this game say nothing about a revoke)"
        ),
        "law_house_revoke_penalty": say_n(
            "A revoke found after a %(deal)s: the player who revoked loses %(points)s point and the rest of "
            "the %(deal)s stands (a house rule: the published rules of this game say nothing about a revoke)",
            "A revoke found after a %(deal)s: the player who revoked loses %(points)s points and the rest of "
            "the %(deal)s stands (a house rule: the published rules of this game say nothing about a revoke)",
            "points",
        ),
        "law_whist_revoke": say(
            "A revoke found after a %(deal)s: three tricks go from the revoking side to the other, and the "
            "revoking side cannot reach %(play_to)s on that %(deal)s; both sides revoking, the %(deal)s is "
            "dealt again (the Laws of Whist)"
        ),
    }
)
