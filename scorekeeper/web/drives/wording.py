"""The words a player reads about a whist drive, built from the engine's codes and numbers.

The engine (``rules/drive``) answers in codes (formats, seats, pairs, moves,
prizes); this module is the one place that says them in English, for the
pages and the PDFs alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import words
from ...rules.cards import Trump
from ...rules.drive import (
    CorrectionEffect,
    Drive,
    DriveFormat,
    DriveSetup,
    LosersMove,
    MoveKind,
    MovementRule,
    Pair,
    PrizeResult,
    PrizeRule,
    Seat,
    TableHand,
    TieBreak,
    UpDirection,
    WinnersMove,
    drive_prizes,
    movement_rule,
    prize_order,
)
from ...rules.drive.seating import SEATS_PER_TABLE
from ...words import gettext, ngettext, signed
from ...words._core import N_
from ..wording import Worded

FORMAT_NAMES: Worded = Worded(
    {
        DriveFormat.PROGRESSIVE: N_("Progressive"),
        DriveFormat.SEMI_PARTNER: N_("Semi-partner"),
        DriveFormat.PARTNER: N_("Partner drive"),
    }
)
FORMAT_BLURBS: Worded = Worded(
    {
        DriveFormat.PROGRESSIVE: N_("A new partner every hand: the winners split up, the losers move."),
        DriveFormat.SEMI_PARTNER: N_("Winners stay together; only the losers move and split up."),
        DriveFormat.PARTNER: N_("Fixed pairs all evening: the losing pair moves on together."),
    }
)
TIE_BREAK_NAMES: Worded = Worded(
    {
        TieBreak.MOST_HANDS_WON: N_("Most hands won (7 tricks or more)"),
        TieBreak.SHARED: N_("Shown as a tie: cut the cards for it"),
    }
)
SEAT_NAMES: Worded = Worded(
    {
        Seat.NORTH: N_("North"),
        Seat.EAST: N_("East"),
        Seat.SOUTH: N_("South"),
        Seat.WEST: N_("West"),
    }
)
PAIR_NAMES: Worded = Worded({Pair.NORTH_SOUTH: N_("North–South"), Pair.EAST_WEST: N_("East–West")})
PAIR_SHORT: Worded = Worded({Pair.NORTH_SOUTH: N_("N–S"), Pair.EAST_WEST: N_("E–W")})
MOVE_WORDS: Worded = Worded(
    {
        MoveKind.STAY: N_("stays"),
        MoveKind.CHANGE_SEAT: N_("changes seat"),
        MoveKind.UP: N_("moves up"),
        MoveKind.DOWN: N_("moves down"),
        MoveKind.SIT_OUT: N_("sits out"),
        MoveKind.RETURN: N_("comes back"),
        MoveKind.JOIN: N_("joins"),
        MoveKind.OTHER_TABLE: N_("goes to another table"),
    }
)
PRIZE_NAMES: Worded = Worded(
    {
        PrizeRule.HIGHEST_TOTAL: N_("Highest total"),
        PrizeRule.LOWEST_TOTAL: N_("Booby prize (lowest total)"),
        PrizeRule.BEST_FIRST_HALF: N_("Best first half"),
        PrizeRule.BEST_SECOND_HALF: N_("Best second half"),
        PrizeRule.PLACE: N_("A place"),
        PrizeRule.MOST_HANDS_WON: N_("Most hands won"),
        PrizeRule.CHOSEN: N_("Awarded by the organiser"),
        PrizeRule.LADIES_HIGHEST: N_("Ladies' prize (highest playing North or East)"),
        PrizeRule.GENTS_HIGHEST: N_("Gents' prize (highest playing South or West)"),
    }
)
# The prizes an organiser may add from the page (the drive's own are always awarded).
ADDABLE_PRIZES = (
    PrizeRule.PLACE,
    PrizeRule.MOST_HANDS_WON,
    PrizeRule.LADIES_HIGHEST,
    PrizeRule.GENTS_HIGHEST,
    PrizeRule.CHOSEN,
)


def trump_name(trump: Trump) -> str:
    """ "♥ Hearts"."""
    return f"{trump.symbol} {words.trump_name(trump)}" if trump.is_suit else words.trump_name(trump)


def trump_order(trumps: Sequence[Trump]) -> str:
    """ "♥ ♣ ♦ ♠"."""
    return " ".join(trump.symbol if trump.is_suit else words.trump_name(trump) for trump in trumps)


def names_list(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return words.names_list(names)


def pair_names(names: Sequence[str]) -> str:
    """ "Ann & Bob": a pair at a table, by its players' names."""
    first, second = names
    return gettext("%(first)s & %(second)s") % {"first": first, "second": second}


def result_words(drive: Drive, line: TableHand) -> str:
    """ "Ann & Bob 8 — Cat & Dan 5": a table's result for both pairs, by name, North–South first."""
    assert line.tricks is not None
    names = drive.setup.players
    north_south, east_west = (
        pair_names([names[player] for player in line.pair_players(pair)]) for pair in Pair
    )
    return result_format() % {
        "ns": north_south,
        "ns_tricks": line.tricks[0],
        "ew": east_west,
        "ew_tricks": line.tricks[1],
    }


def result_format() -> str:
    """The template of a result for both pairs (the table phone's script fills it in as tricks are tapped)."""
    return gettext("%(ns)s %(ns_tricks)s — %(ew)s %(ew_tricks)s")


def correction_words(drive: Drive, effect: CorrectionEffect) -> str:
    """ "Ann +3, Bob +3, Cat −3, Dan −3; nobody moves": what a correction changes, before it is saved."""
    names = drive.setup.players
    if not effect.changes:
        return gettext("Nothing changes: these are the tricks already entered.")
    changes = ", ".join(
        gettext("%(name)s %(change)s") % {"name": names[player], "change": signed(change)}
        for player, change in effect.changes
    )
    if effect.movement_called:
        said = gettext("%(changes)s; nobody moves") % {"changes": changes}
    elif effect.winner_changes:
        said = gettext("%(changes)s; the players will move as this result says") % {"changes": changes}
    else:
        said = changes
    for prize, before, after in effect.prizes:
        # A prize already given (the first half's at the interval) that the correction gives to others.
        values = {
            "said": said,
            "prize": prize.name or PRIZE_NAMES[prize.rule],
            "before": names_list([names[player] for player in before]) if before else no_winner(),
            "after": names_list([names[player] for player in after]) if after else no_winner(),
        }
        said = gettext("%(said)s; %(prize)s: %(before)s → %(after)s") % values
    return said


def tables_words(tables: Sequence[int]) -> str:
    """ "table 4" or "tables 2, 5 and 7"."""
    if len(tables) == 1:
        return gettext("table %(table)s") % {"table": tables[0]}
    return gettext("tables %(tables)s") % {"tables": names_list([str(table) for table in tables])}


def tricks_words(tricks: int) -> str:
    """ "7 tricks" (with the plural the reader's language gives the number)."""
    return ngettext("%(tricks)s trick", "%(tricks)s tricks", tricks) % {"tricks": tricks}


def no_winner() -> str:
    """What a prize nobody can take says: with one prize each, all in the running won a higher one."""
    return gettext("Nobody: all in the running have won a higher prize")


def prize_name(result: PrizeResult) -> str:
    """The prize's own name, or the drive's word for its rule."""
    return result.prize.name or PRIZE_NAMES[result.prize.rule]


def movement_words(rule: MovementRule) -> list[str]:
    """The movement of a drive in sentences, from the engine's declaration of it."""
    if rule.up_direction is UpDirection.HIGHER:
        first = gettext(
            "After every hand each table's pair with 7 tricks or more has won. “Up” goes from table 1 "
            "to 2, 2 to 3 and so on; from the last table “up” is table 1 again: the end tables wrap round."
        )
    else:
        first = gettext(
            "After every hand each table's pair with 7 tricks or more has won. “Up” goes from the last "
            "table towards table 1; from table 1 “up” is the last table: the end tables wrap round."
        )
    sentences = [first]
    either = gettext(" or ")
    up = either.join(SEAT_NAMES[seat] for seat in rule.up_seats)
    down = either.join(SEAT_NAMES[seat] for seat in rule.down_seats)
    if rule.winners_move:
        # The local custom where the winners move: the same movement with the pairs' parts swapped.
        if rule.winners is WinnersMove.STAY_AND_SPLIT:
            sentences.append(
                gettext(
                    "The losers stay at their table but split up: the loser from South or West crosses "
                    "to the other of those seats, to face a newcomer."
                )
            )
        else:
            sentences.append(gettext("The losers stay in their seats, together."))
        if rule.losers is LosersMove.TOGETHER_UP:
            sentences.append(gettext("The winning pair moves up one table together, keeping their places."))
        else:
            sentences.append(
                gettext(
                    "The winners split: the one in %(up)s moves up one table, the one in %(down)s moves "
                    "down one."
                )
                % {"up": up, "down": down}
            )
    else:
        if rule.winners is WinnersMove.STAY_AND_SPLIT:
            sentences.append(
                gettext(
                    "The winners stay at their table but split up: the winner from South or West crosses "
                    "to the other of those seats, to face a newcomer."
                )
            )
        else:
            sentences.append(gettext("The winners stay in their seats, together."))
        if rule.losers is LosersMove.TOGETHER_UP:
            sentences.append(gettext("The losing pair moves up one table together, keeping their places."))
        else:
            sentences.append(
                gettext(
                    "The losers split: the one in %(up)s moves up one table, the one in %(down)s moves "
                    "down one."
                )
                % {"up": up, "down": down}
            )
    if rule.format is DriveFormat.PROGRESSIVE:
        sentences.append(gettext("So everyone has a new partner every hand."))
    elif rule.format is DriveFormat.SEMI_PARTNER:
        sentences.append(gettext("The two newcomers at a table partner each other."))
    if rule.sit_outs_per_hand:
        # Two counts, each with its own plural: the players (or pairs) sitting out, and the tricks.
        values = {"tricks": tricks_words(rule.sit_out_tricks)}
        if rule.sit_out_by_pairs:
            count = rule.sit_outs_per_hand // 2
            sitting = ngettext(
                "The players do not fill the last table: %(count)s pair sits out each hand in turn and "
                "scores %(tricks)s for it.",
                "The players do not fill the last table: %(count)s pairs sit out each hand in turn and "
                "score %(tricks)s for it.",
                count,
            )
        else:
            count = rule.sit_outs_per_hand
            sitting = ngettext(
                "The players do not fill the last table: %(count)s player sits out each hand in turn and "
                "scores %(tricks)s for it.",
                "The players do not fill the last table: %(count)s players sit out each hand in turn and "
                "score %(tricks)s for it.",
                count,
            )
        sentences.append(sitting % {**values, "count": count})
    sentences.append(
        gettext(
            "The players in North and East play “lady”, those in South and West “gent”, all evening. "
            "At each table the gents cut for the deal of the first hand: the higher card deals."
        )
    )
    sentences.append(
        gettext(
            "Everyone keeps the role of their first seat to the end: sitting out goes round the ladies and "
            "the gents each in turn, so a lady back from sitting out takes a lady's seat, and a late player "
            "chooses a role on arriving. The ladies' and gents' prizes count the role played."
        )
    )
    return sentences


def one_prize_each_words(setup: DriveSetup) -> str:
    """ "One prize each, decided in this order: …": the order the page states (RULES.md §10)."""
    specs = [drive_prizes(setup)[index] for index in prize_order(drive_prizes(setup))]
    names = [spec.name or PRIZE_NAMES[spec.rule] for spec in specs if spec.rule is not PrizeRule.CHOSEN]
    if setup.interval_after is not None:
        first = gettext("%(prize)s (at the interval)") % {"prize": PRIZE_NAMES[PrizeRule.BEST_FIRST_HALF]}
        names = [first if name == PRIZE_NAMES[PrizeRule.BEST_FIRST_HALF] else name for name in names]
    return gettext(
        "One prize each, decided in this order, each to the best player without a prize yet: %(prizes)s. "
        "A player who left before the last hand takes no prize."
    ) % {"prizes": names_list(names)}


def who_moves(rule: MovementRule) -> str:
    """ "Losers move" or "Winners move": who moves after every hand, in two words."""
    return gettext("Winners move") if rule.winners_move else gettext("Losers move")


def setup_words(setup: DriveSetup) -> list[tuple[str, str]]:
    """The drive's options as (label, value) lines for its pages and results sheet."""
    hands = {"hands": setup.hands, "interval": setup.interval_after}
    halves = (
        ngettext(
            "%(hands)s hand, an interval after hand %(interval)s",
            "%(hands)s hands, an interval after hand %(interval)s",
            setup.hands,
        )
        % hands
        if setup.interval_after
        else ngettext("%(hands)s hand", "%(hands)s hands", setup.hands) % hands
    )
    lines = [
        (gettext("Format"), FORMAT_NAMES[setup.format]),
        (gettext("Hands"), halves),
        (gettext("Trumps in turn"), trump_order(setup.trumps)),
    ]
    lines.append((gettext("Who moves"), who_moves(movement_rule(setup))))
    if setup.one_prize_each:
        lines.append((gettext("Prizes"), one_prize_each_words(setup)))
    if setup.player_count % SEATS_PER_TABLE:  # nobody sits out when the players fill every table
        lines.append((gettext("Sitting out scores"), tricks_words(setup.sit_out_tricks)))
    lines.append((gettext("Ties"), TIE_BREAK_NAMES[setup.tie_break]))
    return lines
