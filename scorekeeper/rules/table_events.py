"""Verify, ask, do for table events: what the pages and the API ask before recording one.

``verify_…`` raises the RuleViolation that recording the event now would raise
(naming the player and the rule); ``possible_events`` lists every kind of event
with whether it is possible now, for whom, or why not (a text); ``preview``
replays the game with the event added and says what it changes (a text the
page words: Peggy leaves after deal 9; deals 10–15 become 5-player deals:
9, 8, 7, … cards), without recording it. The action itself is ``Game.add``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .declared import StandIn, english_stand_in
from .errors import RuleViolation
from .events import (
    START_RULES,
    Adjustment,
    Arrival,
    Departure,
    Misdeal,
    Revoke,
    SitOut,
    StartRule,
    Stop,
    Substitute,
    TableEvent,
    start_from,
)
from .game import Game
from .seating import EventState
from .state import GameState
from .table import Table
from .table_state import MIN_PLAYING
from .text import Text


def verify_misdeal(game: Game) -> None:
    """Raise unless the next deal may be recorded as misdealt now."""
    game.verify_event(Misdeal())


def verify_revoke(game: Game, seats: Sequence[int]) -> None:
    """Raise unless ``seats`` may be recorded as having revoked in the deal just recorded."""
    game.verify_event(Revoke(seats=tuple(seats)))


def verify_arrival(game: Game, name: str, left_of: int, start: int | StartRule = 0) -> None:
    """Raise unless ``name`` may join now at the left of seat ``left_of``, starting on ``start``."""
    game.verify_event(Arrival(name=name, left_of=left_of, start=start))


def verify_departure(game: Game, seat: int) -> None:
    """Raise unless the player in ``seat`` may leave now."""
    game.verify_event(Departure(seat=seat))


def verify_substitute(game: Game, seat: int, name: str) -> None:
    """Raise unless ``name`` may take over ``seat`` from the next deal."""
    game.verify_event(Substitute(seat=seat, name=name))


def verify_sit_out(game: Game, seat: int) -> None:
    """Raise unless the player in ``seat`` may sit the next deal out."""
    game.verify_event(SitOut(seat=seat))


def verify_adjustment(game: Game, side: int, points: int, reason: str) -> None:
    """Raise unless ``points`` may be added to ``side`` now, for ``reason``."""
    game.verify_event(Adjustment(side=side, points=points, reason=reason))


def verify_stop(game: Game) -> None:
    """Raise unless the game may stop now."""
    game.verify_event(Stop())


def arrival_starts(game: Game) -> dict[StartRule, int]:
    """What each starting-total rule gives a newcomer now, from the totals of the players seated (empty
    where partners score together): for the arrival's form to say, beside each rule, that its value
    follows a correction while a number agreed stays that number."""
    state = game.state
    if state.teams is not None:
        return {}
    ring = state.life.ring if state.life is not None else range(len(state.players))
    seated = [state.totals[seat] for seat in ring]
    return {rule: start_from(rule, seated) for rule in START_RULES}


def table_laws(table: Table) -> tuple[Text, ...]:
    """What the variant's laws (or its house rules) say about each table event under the table's
    options, as texts: for a rules page, so that no page restates a rule."""
    return tuple(dict.fromkeys(event_laws(table).values()))


def event_laws(table: Table) -> dict[str, Text]:
    """``table_laws`` by kind of event: the text that governs each (arrivals, departures and
    substitutes share theirs), for the page where that event is recorded."""
    variant = table.variant
    laws = variant.engine.laws
    misdeal = Text("law_misdeal_passes") if laws.misdeal_passes(table) else Text("law_misdeal_redealt")
    if laws.fixed_table is not None:
        players = Text("law_fixed_table", variant=variant.name, why=laws.fixed_table)
    elif variant.min_players == variant.max_players:
        # A game for one number of players (a solitaire): nobody can join or leave it either.
        why = Text("fixed_player_count", count=variant.min_players)
        players = Text("law_fixed_table", variant=variant.name, why=why)
    else:
        players = Text("law_players_come_and_go", least=variant.min_players, most=variant.max_players)
    # A sit-out needs a fourth player, so that at least MIN_PLAYING still play the deal.
    sits = laws.sit_outs and variant.max_players > MIN_PLAYING
    sit_out = Text("law_sit_out", least=MIN_PLAYING) if sits else Text("law_no_sit_out")
    return {
        "misdeal": misdeal,
        "revoke": laws.revoke_law(table),
        "arrival": players,
        "departure": players,
        "substitute": players,
        "sit_out": sit_out,
        "adjustment": Text("law_adjustment"),
        "stop": Text("law_stop"),
    }


def revoke_penalties(table: Table) -> tuple[str, ...]:
    """What the other side may choose a revoke to cost, where the variant's laws give it the choice
    (the first is the default); empty where they do not, and a revoke then records no choice."""
    return table.variant.engine.laws.revoke_penalties


def table_rules(table: Table) -> tuple[Text, ...]:
    """Every rule of the table events that applies to the variant under the table's options, as texts
    in the order of RULES.md §9, for its rules page: ``table_laws``, and what they settle besides (when
    a revoke is recorded, a newcomer's starting total, a departed player's final total, how the deals
    to come are re-planned, who deals when sitting out, adjustments and the target, and the winner
    rule of a game stopped early, and what may be recorded while a deal is under way), all read from
    the family's declared ``TableLaws``."""
    variant = table.variant
    laws = variant.engine.laws
    by_kind = event_laws(table)
    lines = [by_kind["misdeal"], by_kind["revoke"], Text("law_revoke_recorded"), by_kind["arrival"]]
    if by_kind["arrival"].code == "law_players_come_and_go":
        lines += [Text("law_arrival_start"), Text("law_departure_final")]
        replan = laws.replan_law(table)
        if replan is not None:
            lines.append(replan)
    lines.append(by_kind["sit_out"])
    if by_kind["sit_out"].code == "law_sit_out":
        lines.append(Text("law_sit_out_deals"))
    lines.append(by_kind["adjustment"])
    target = laws.target(table)
    if target is not None:
        lines.append(Text("law_adjustment_target", target=target))
    lines += [by_kind["stop"], Text("law_under_way"), laws.stop_winners(table)]
    return tuple(dict.fromkeys(lines))


@dataclass(frozen=True, kw_only=True, slots=True)
class EventPreview:
    """What recording an event would do: the event as it would replay (its words, its new plan)
    and the game after it (not recorded anywhere). ``under_way`` says what it does to the deal under
    way, when there is one (RULES.md §9): the bids or calls a misdeal or stopping early drops, or that
    a substitute plays the rest of it."""

    event: EventState
    game: Game
    under_way: Text | None = None

    @property
    def state(self) -> GameState:
        """The game's state after the event."""
        return self.game.state


def preview(game: Game, event: TableEvent) -> EventPreview:
    """Replay the game with ``event`` recorded (``Game.add``); raise the RuleViolation if it is refused."""
    after = game.add(event)
    life = after.state.life
    assert life is not None
    return EventPreview(event=life.events[-1], game=after, under_way=_under_way(game, event))


def _under_way(game: Game, event: TableEvent) -> Text | None:
    """What ``event`` does to the deal under way, in words to say before it is recorded."""
    deal = game.deal_under_way()
    if deal is None or event.mid_deal is None:
        return None
    names = game.state.players
    entries = tuple(Text("seat_entry", player=names[seat], entry=entry) for seat, entry in deal.entered())
    if isinstance(event, Substitute):
        return Text("event_plays_on", name=event.name, before=names[event.seat], number=deal.number)
    return Text("event_drops_entries", number=deal.number, entries=entries)


def waiting_for_the_deal(game: Game, choices: Sequence[EventChoice]) -> Text | None:
    """Once, why the events ``choices`` refuses wait for the deal under way (RULES.md §9: an arrival, a
    departure, a sit-out, an adjustment and a revoke stay between deals): None between deals."""
    deal = game.deal_under_way()
    if deal is None:
        return None
    kinds = tuple(choice.kind for choice in choices if under_way_refusal(choice))
    return Text("events_wait_for_the_deal", number=deal.number, kinds=kinds) if kinds else None


def under_way_refusal(choice: EventChoice) -> bool:
    """True when ``choice`` is refused only because a deal is under way (said once, for them all)."""
    return not choice.allowed and choice.reason is not None and choice.reason.code == "event_deal_under_way"


@dataclass(frozen=True, kw_only=True, slots=True)
class EventChoice:
    """One kind of event and whether it can be recorded now.

    ``seats`` are the seats it may concern (who may leave, be replaced or sit
    out; who played the deal a revoke is found in; whom a newcomer may sit at
    the left of); ``sides`` the totals an adjustment may go to. ``reason`` says
    why not, when it is not ``allowed``.
    """

    kind: str
    allowed: bool
    reason: Text | None = None
    seats: tuple[int, ...] = ()
    sides: tuple[int, ...] = ()


def possible_events(game: Game, stand_in: StandIn = english_stand_in) -> tuple[EventChoice, ...]:
    """Every kind of table event, with whether (and for whom) the rules allow it now; a newcomer asked
    about is called as ``stand_in`` words a player's number ("Player 5")."""
    state = game.state
    players = state.players
    ring = state.life.ring if state.life is not None else tuple(range(len(players)))
    played = state.deals[-1].facts.bidding_order if state.deals else ()
    held = [name for seat in state.life.seats for name in seat.names] if state.life else list(players)
    newcomer = _free_name(held, stand_in)
    return (
        _choice("misdeal", game, [Misdeal()]),
        _choice("revoke", game, [Revoke(seats=(seat,)) for seat in played], seats=played),
        _choice("arrival", game, [Arrival(name=newcomer, left_of=seat) for seat in ring[:1]], seats=ring),
        _per_seat("departure", game, ring, lambda seat: Departure(seat=seat)),
        _choice("substitute", game, [Substitute(seat=seat, name=newcomer) for seat in ring[:1]], seats=ring),
        _per_seat("sit_out", game, ring, lambda seat: SitOut(seat=seat)),
        _adjustments(game, state),
        _choice("stop", game, [Stop()]),
    )


def _refusal(game: Game, event: TableEvent) -> Text | None:
    try:
        game.verify_event(event)
    except RuleViolation as refused:
        return refused.text
    return None


def _choice(
    kind: str, game: Game, tries: Sequence[TableEvent], *, seats: tuple[int, ...] = ()
) -> EventChoice:
    """Allowed when the first try is; with nothing to try, refused as nothing to record."""
    if not tries:
        return EventChoice(kind=kind, allowed=False, reason=Text("event_no_deal_yet"))
    reason = _refusal(game, tries[0])
    if reason is not None:
        return EventChoice(kind=kind, allowed=False, reason=reason)
    return EventChoice(kind=kind, allowed=True, seats=seats)


def _per_seat(
    kind: str, game: Game, ring: Sequence[int], event_for: Callable[[int], TableEvent]
) -> EventChoice:
    """Allowed for the seats the rules allow it for; refused with the first seat's reason."""
    allowed: list[int] = []
    first: Text | None = None
    for seat in ring:
        reason = _refusal(game, event_for(seat))
        if reason is None:
            allowed.append(seat)
        elif first is None:
            first = reason
    if not allowed:
        return EventChoice(kind=kind, allowed=False, reason=first)
    return EventChoice(kind=kind, allowed=True, seats=tuple(allowed))


def _adjustments(game: Game, state: GameState) -> EventChoice:
    left = set()
    if state.life is not None and state.teams is None:
        left = {seat.seat for seat in state.life.seats if seat.left_after is not None}
    sides = tuple(side for side in range(len(state.totals)) if side not in left)
    choice = _choice("adjustment", game, [Adjustment(side=side, points=1, reason="check") for side in sides])
    return EventChoice(kind="adjustment", allowed=True, sides=sides) if choice.allowed else choice


def _free_name(held: Sequence[str], stand_in: StandIn) -> str:
    """A name no seat has had, to ask whether somebody could join."""
    taken = {name.casefold() for name in held}
    number = len(held) + 1
    while stand_in(number).casefold() in taken:
        number += 1
    return stand_in(number)
