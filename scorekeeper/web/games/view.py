"""What the pages say about a game and its deals, in words, from the engine's state."""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from ... import words
from ...games.store import StoredGame
from ...rules import Game, GameState, Trump
from ...rules.state import DealFacts
from ...words import deal_words, gettext
from ..wording import say
from .entry import deal_players, screen_for, trump_text
from .names import short_names
from .table_life import dealers, seat_heads, seat_notes, sheet_life, side_heads


@dataclass(frozen=True, kw_only=True)
class GameSummary:
    """One line of "Your games"."""

    id: str
    title: str
    players: str
    status: str
    playing: bool
    updated_at: datetime


def side_names(game: Game) -> list[str]:
    """Whom the totals belong to: each player, or each partnership ("Ann & Cy")."""
    players = game.state.players
    teams = game.state.teams
    if teams is None:
        return list(players)
    return [" & ".join(players[seat] for seat in team) for team in teams]


def winners_text(game: Game) -> str | None:
    """ "Ann wins", "Ann and Bob share the win", "Ann & Cy win"; None while nobody has won."""
    state = game.state
    if not state.winners:
        return None
    names = side_names(game)
    if state.teams is not None:
        sides = sorted({index for index, team in enumerate(state.teams) if set(team) & set(state.winners)})
        won = [names[index] for index in sides]
        if len(won) == 1:
            return gettext("%(side)s win") % {"side": won[0]}
        return gettext("A draw: %(sides)s finish level") % {"sides": words.and_list(won)}
    won = [names[seat] for seat in state.winners]
    if len(won) == 1:
        return gettext("%(name)s wins") % {"name": won[0]}
    return gettext("%(names)s share the win") % {"names": words.names_list(won)}


def progress_text(game: Game) -> str:
    """Where the game stands, in a few words."""
    state = game.state
    if state.finished:
        return winners_text(game) or gettext("Finished")
    current = state.current
    if current is None:
        return gettext("Finished")
    return deal_title(state, current)


def deal_title(state: GameState, facts: DealFacts) -> str:
    """ "Deal 5 of 21" ("Hand 5 of 21" where the players say hand), or "Deal 5" when it ends on a score."""
    word = deal_words(state.table.variant.deal_word).title
    if state.deal_count is None:
        return gettext("%(Deal)s %(number)s") % {"Deal": word, "number": facts.number}
    return gettext("%(Deal)s %(number)s of %(count)s") % {
        "Deal": word,
        "number": facts.number,
        "count": state.deal_count,
    }


def deal_about(game: Game, facts: DealFacts, entered_trump: object = None) -> dict[str, Any]:
    """Everything the rules decide about a deal, for the top of the deal screen.

    Where a card is turned, the trump shown is the one just entered on the
    form, else the one recorded for the deal. The names are those who played it.
    """
    players = deal_players(game, facts.number)
    deals = game.state.deals
    recorded = deals[facts.number - 1].trump if facts.number <= len(deals) else None
    if facts.trump_turned and isinstance(entered_trump, str):
        # A trump the engine cannot read keeps the recorded one: the page shows the refusal.
        with suppress(ValueError):
            recorded = Trump.parse(entered_trump)
    life = game.state.life
    gone = {
        seat.seat
        for seat in (life.seats if life else ())
        if seat.left_after is not None and seat.left_after < facts.number
    }
    return {
        "title": deal_title(game.state, facts),
        "dealer": players[facts.dealer],
        # A player who left the table is out of every deal after: not news worth a line.
        "sitting_out": [players[seat] for seat in facts.sitting_out if seat not in gone],
        "cards": facts.cards,
        "trump": trump_text(facts, recorded),
        "order_label": gettext(screen_for(game.table.variant).order_label),
        "leader": players[facts.leader],
        "order": [players[seat] for seat in facts.bidding_order],
        "hook": _hook_text(game, facts),
        "reminders": [say(note) for note in facts.reminders],
    }


def facts_line(about: dict[str, Any]) -> str:
    """The deal's facts in one line, for the top of the deal screen: "Bob deals 9 · trump: turn a card"."""
    return " · ".join(facts_parts(about))


def facts_parts(about: dict[str, Any]) -> list[str]:
    """The deal's facts one by one ("Bob deals 9", "turn for trump", "hook"): the deal screen keeps each
    whole on its line, so that a line that wraps never leaves "hook" alone on the next."""
    dealer, out = about["dealer"], about["sitting_out"]
    deals = gettext("%(dealer)s deals %(cards)s") % {"dealer": dealer, "cards": about["cards"]}
    parts = [deals + (gettext(", sits out") if out == [dealer] else "")]
    if out and out != [dealer]:
        parts.append(gettext("%(names)s out") % {"names": ", ".join(out)})
    trump = about["trump"]
    if trump == gettext("Turn a card"):
        trump = gettext("turn for trump")
    elif trump[:1].isalpha():
        trump = words.in_sentence(trump)
    parts.append(trump)
    if about["hook"]:
        parts.append(gettext("hook"))
    return parts


def standings_strip(game: Game) -> dict[str, Any] | None:
    """The compact standings at the top of the deal screen: each side's total and the last deal's points.

    None before any deal is scored.
    """
    state = game.state
    scored = [deal for deal in state.deals if deal.complete]
    if not scored:
        return None
    last = scored[-1]
    names = side_names(game)
    best = max(state.totals)
    points = last.points or ()
    word = deal_words(game.table.variant.deal_word)
    notes = seat_notes(state.life, word.singular) if state.teams is None else {}
    shorts = short_names(names)
    sides = [
        {
            "name": name,
            "short": shorts[index],
            "total": state.totals[index],
            "points": points[index] if index < len(points) else None,
            "leading": state.totals[index] == best and min(state.totals) != best,
            "left": notes.get(index, "").startswith("left"),
        }
        for index, name in enumerate(names)
    ]
    caption = gettext("After %(deal)s %(number)s") % {"deal": word.singular, "number": last.number}
    return {"caption": caption, "sides": sides, "number": last.number}


def _hook_text(game: Game, facts: DealFacts) -> str | None:
    if not facts.hook:
        return None
    last = deal_players(game, facts.number)[facts.last_bidder]
    if facts.last_bidder == facts.dealer:
        hook = gettext("%(player)s deals and bids last: the bids may not add up to %(cards)s")
    else:
        hook = gettext("%(player)s bids last: the bids may not add up to %(cards)s")
    return hook % {"player": last, "cards": facts.cards}


def summary(record: StoredGame, game: Game) -> GameSummary:
    """A game's line in "Your games" and "Carry on": while it is played, those at the table now (a player
    who left is not, a substitute is under their own name); once over, everyone who played it."""
    abandoned = record.abandoned_at is not None
    state = game.state
    playing = not abandoned and not state.finished
    seats = state.life.ring if playing and state.life is not None else range(len(state.players))
    return GameSummary(
        id=record.id,
        title=words.declared(game.table.variant.name),
        players=", ".join(state.players[seat] for seat in seats),
        status=gettext("Abandoned") if abandoned else progress_text(game),
        playing=playing,
        updated_at=record.updated_at,
    )


def standings(game: Game) -> list[dict[str, Any]]:
    """Sides from the highest total down, with the leaders marked; while the game goes on, a player
    who left is said plainly to be still able to win (their frozen total is still the highest) or not."""
    state = game.state
    names = side_names(game)
    best = max(state.totals) if state.totals else 0
    word = deal_words(game.table.variant.deal_word)
    notes = seat_notes(state.life, word.singular) if state.teams is None else {}
    outlook = {}
    if not state.finished:
        for standing in state.standings:
            if standing.departed:
                outlook[standing.seat] = (
                    gettext("can still win: nobody at the table has passed this total yet")
                    if standing.can_win
                    else gettext("can no longer win: this total is final and has been passed")
                )
    rows = [
        {
            "index": index,
            "name": names[index],
            "total": total,
            "leading": total == best,
            "note": notes.get(index),
            "outlook": outlook.get(index),
        }
        for index, total in enumerate(state.totals)
    ]
    return sorted(rows, key=lambda row: -row["total"])


def sheet_context(record: StoredGame, game: Game, editable: bool) -> dict[str, Any]:
    """What the score sheet page shows."""
    state = game.state
    current = state.current
    abandoned = record.abandoned_at is not None
    sides = side_names(game)
    players = seat_heads(game)
    return {
        "record": record,
        "game": game,
        "state": state,
        "editable": editable and not abandoned,
        "abandoned": abandoned,
        "sides": sides,
        "short_sides": short_names(sides),
        "short_players": short_names(list(game.state.players)),
        # What the grids show of the table events (see table_life.py): None without events.
        "life": sheet_life(game),
        "heads": side_heads(game, sides),
        "player_heads": players,
        "dealers": dealers(game),
        "standings": standings(game),
        "winners": winners_text(game),
        "progress": progress_text(game),
        "current": deal_about(game, current) if current is not None and not abandoned else None,
        "current_number": current.number if current is not None else None,
        "current_open": current is not None and current.number <= len(state.deals),
        "sheet_template": screen_for(game.table.variant).sheet_template,
        "screen": screen_for(game.table.variant),
        "options": option_lines(game),
    }


def option_lines(game: Game) -> list[str]:
    """The game's options in words ("Sequence: 8-1-8")."""
    table = game.table
    lines = []
    for spec in table.variant.options:
        value = table.options[spec.name]
        if value != spec.default_for(table.size):
            lines.append(words.labelled(words.gettext(spec.label), words.option_value(spec, value)))
    return lines


def file_stem(game: Game) -> str:
    """A download's name: variant, today's date, players ("romanian-whist-2026-11-22-peter-peggy")."""
    names = "-".join(re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") for name in game.table.players)
    return f"{game.table.variant.code}-{date.today().isoformat()}-{names}".strip("-")
