"""The checks of a table's recorded hand that need no replay, and those the replay makes hand by hand."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from .errors import ConfirmationRefused, HandAlreadyEntered, HandNotOpen, InvalidHandTricks, UnknownTable
from .seating import SEATS_PER_TABLE, Pair
from .setup import DriveSetup
from .state import TRICKS_PER_HAND, HandEntry, HandState


def check_table(table: object, tables: Collection[int]) -> None:
    """Refuse a table number that is not one of ``tables`` (the numbers of the tables that play)."""
    if isinstance(table, bool) or not isinstance(table, int) or table not in tables:
        raise UnknownTable("drive_no_such_table", table=None, value=repr(table), tables=tuple(sorted(tables)))


def check_entry(entry: HandEntry, setup: DriveSetup, tables: Collection[int]) -> None:
    """Raise the refusal for an entry that no drive state could accept: table, hand or tricks."""
    hand, table, tricks = entry.hand, entry.table, entry.tricks
    check_table(table, tables)
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= setup.hands:
        raise HandNotOpen("drive_hand_out_of_range", table=table, hands=setup.hands, value=repr(hand))
    if not isinstance(entry.pair, Pair) or (
        entry.moved_as is not None and not isinstance(entry.moved_as, Pair)
    ):
        raise InvalidHandTricks("drive_pair_unknown", hand=hand, table=table)
    confirmer = entry.confirmed_by
    if confirmer is not None and (
        type(confirmer) is not int or not entry.needs_confirmation or not 0 <= confirmer < setup.player_count
    ):
        raise ConfirmationRefused("drive_confirmer_unknown", hand=hand, table=table, value=repr(confirmer))
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise InvalidHandTricks("drive_tricks_not_whole", hand=hand, table=table, value=repr(tricks))
    if not 0 <= tricks <= TRICKS_PER_HAND:
        raise InvalidHandTricks(
            "drive_tricks_range",
            hand=hand,
            table=table,
            pair=entry.pair.value,
            tricks=tricks,
            most=TRICKS_PER_HAND,
        )


def most_tables(setup: DriveSetup) -> range:
    """Every table number a drive could ever have. A new table takes the lowest number not in use,
    so no number is ever above the most tables the players could fill at once."""
    return range(1, setup.player_count // SEATS_PER_TABLE + 1)


def index_entries(entries: Iterable[HandEntry], setup: DriveSetup) -> dict[tuple[int, int], HandEntry]:
    """The entries by (hand, table), each checked on its own; refuses a table's hand entered twice."""
    index: dict[tuple[int, int], HandEntry] = {}
    hands = setup.hands
    most = setup.player_count // SEATS_PER_TABLE
    for entry in entries:
        hand, table, tricks, moved_as = entry.hand, entry.table, entry.tricks, entry.moved_as
        plausible = (
            type(hand) is int
            and type(table) is int
            and type(tricks) is int
            and 1 <= hand <= hands
            and 1 <= table <= most
            and 0 <= tricks <= TRICKS_PER_HAND
            and type(entry.pair) is Pair
            and (moved_as is None or type(moved_as) is Pair)
            and (
                entry.confirmed_by is None
                or (type(entry.confirmed_by) is int and 0 <= entry.confirmed_by < setup.player_count)
            )
        )
        if not plausible:  # the quick test above runs for every stored entry on every replay
            check_entry(entry, setup, most_tables(setup))
        key = (entry.hand, entry.table)
        if key in index:
            first = index[key]
            raise HandAlreadyEntered(
                "drive_hand_entered",
                hand=entry.hand,
                table=entry.table,
                north_south=first.north_south_tricks,
                east_west=TRICKS_PER_HAND - first.north_south_tricks,
            )
        index[key] = entry
    return index


def refuse_missing_tables(index: dict[tuple[int, int], HandEntry], hand: int, numbers: Sequence[int]) -> None:
    """Refuse an entry for a table that hand ``hand`` does not have (it stopped, or is not yet there)."""
    playing = set(numbers)
    for key in index:
        if key[0] == hand and key[1] not in playing:
            raise UnknownTable("drive_no_such_table", table=None, value=repr(key[1]), tables=tuple(numbers))


def refuse_later_entries(index: dict[tuple[int, int], HandEntry], current: HandState) -> None:
    """Refuse an entry for a hand after the one in play: its seating depends on results not yet in."""
    later = sorted(key for key in index if key[0] > current.number)
    if later:
        hand, table = later[0]
        raise HandNotOpen(
            "drive_later_hand", hand=hand, table=table, playing=current.number, tables=current.waiting_tables
        )


def check_confirmer(entry: HandEntry, players: tuple[int, int, int, int], names: tuple[str, ...]) -> None:
    """Refuse a confirmation by anyone but a player of the pair the tricks were not entered for."""
    player = entry.confirmed_by
    assert player is not None
    confirming = entry.pair.other
    allowed = tuple(players[seat.offset] for seat in confirming.seats)
    if player not in allowed:
        raise ConfirmationRefused(
            "drive_confirm_other_pair",
            hand=entry.hand,
            table=entry.table,
            player=names[player],
            players=tuple(names[index] for index in allowed),
        )
