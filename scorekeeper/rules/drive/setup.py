"""What the organiser fixes before the first hand: players, format, hands, trumps and options.

A drive's set-up is input, like a game's table; seatings, scores and prizes are
replayed from it and the recorded hands. Every option is a code (an enum value)
so that forms, the API and translated pages all read the same declaration.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from ..cards import Trump
from ..declared import StandIn, english_stand_in
from ..errors import RuleViolation
from ..table import clean_name, same_name_key, unseen_character
from .errors import InvalidDriveOption, InvalidDriveSetup, InvalidPrize

MIN_PLAYERS = 4
MAX_PLAYERS = 400
MAX_HANDS = 48
DEFAULT_HANDS = 24
SIT_OUT_TRICK_CHOICES = (6, 7)
DEFAULT_SIT_OUT_TRICKS = 7
DRIVE_NAME_MAX_LENGTH = 80
PRIZE_NAME_MAX_LENGTH = 40

DEFAULT_TRUMPS: tuple[Trump, ...] = (Trump.HEARTS, Trump.CLUBS, Trump.DIAMONDS, Trump.SPADES)


class DriveFormat(StrEnum):
    """How players move between hands (see :func:`~.seating.movement_rule` for the rule of each)."""

    PROGRESSIVE = "progressive"
    SEMI_PARTNER = "semi_partner"
    PARTNER = "partner"


class TieBreak(StrEnum):
    """How players level on total are separated: by hands won, or shown as a tie to cut for."""

    MOST_HANDS_WON = "most_hands_won"
    SHARED = "shared"


class UpDirection(StrEnum):
    """Which way "moving up" goes round the tables; "down" is the other way, and the ends wrap.

    ``HIGHER``: table 1 → 2 → … → the last table → table 1. ``LOWER``: the reverse.
    """

    HIGHER = "higher"
    LOWER = "lower"


class PrizeRule(StrEnum):
    """How a prize's winner is found, from a small declared set.

    ``PLACE`` takes ``place`` (1 = highest total, 2 = second...). ``CHOSEN`` takes
    the ``player`` the organiser picked (a raffle, a hostess's prize).
    """

    HIGHEST_TOTAL = "highest_total"
    LOWEST_TOTAL = "lowest_total"
    BEST_FIRST_HALF = "best_first_half"
    BEST_SECOND_HALF = "best_second_half"
    PLACE = "place"
    MOST_HANDS_WON = "most_hands_won"
    CHOSEN = "chosen"
    LADIES_HIGHEST = "ladies_highest"
    GENTS_HIGHEST = "gents_highest"


HALF_RULES = (PrizeRule.BEST_FIRST_HALF, PrizeRule.BEST_SECOND_HALF)
# Ladies' and gents' prizes: the highest total of the players who play "lady" (North or East) or
# "gent" (South or West), whatever their sex (RULES.md §10).
ROLE_RULES = (PrizeRule.LADIES_HIGHEST, PrizeRule.GENTS_HIGHEST)


class Role(StrEnum):
    """What a player plays all evening, whatever their sex: "lady" (North or East) or "gent" (South
    or West). A player keeps the role of their first seat, or the one chosen on arriving (RULES.md §10)."""

    LADY = "lady"
    GENT = "gent"

    @property
    def other(self) -> Role:
        """The other role."""
        return Role.GENT if self is Role.LADY else Role.LADY


def entry_role(player: int) -> Role:
    """The role of a player entered at the set-up: that of their first seat.

    The first seating puts entries 4t, 4t + 1, 4t + 2, 4t + 3 North, South, East and West, so the
    role goes by entry order: even entries are ladies, odd ones gents (see ``first_seating``); the
    players left over to sit out hand 1 follow the same order.
    """
    return Role.LADY if player % 2 == 0 else Role.GENT


@dataclass(frozen=True, kw_only=True, slots=True)
class PrizeSpec:
    """A prize: a rule and, for one the organiser added, its name.

    The drive's own prizes (highest, booby, best in each half) have no ``name``:
    the page words them from ``rule``. ``place`` is for ``PLACE``, ``player`` (an
    index into the drive's players) for ``CHOSEN``; both are None otherwise.
    """

    rule: PrizeRule
    name: str | None = None
    place: int | None = None
    player: int | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class DriveSetup:
    """A drive before anything is played. Build it with :meth:`create`, which checks everything.

    ``players`` are the names in the order they were entered: that order gives
    the first seating (see :func:`~.seating.first_seating`) and the order in
    which players sit out. ``interval_after`` is the last hand of the first half
    (None: no interval, one half). ``trumps`` repeat in order, hand 1 first.
    ``prizes`` are those the organiser added, on top of the drive's own.
    ``winners_move``: the winning pair moves (lady up, gent down) and the
    losers stay, a local custom; by default the losers move. ``one_prize_each``:
    a player wins at most one prize, the higher prize first.
    """

    name: str
    players: tuple[str, ...]
    format: DriveFormat
    hands: int
    interval_after: int | None
    trumps: tuple[Trump, ...]
    sit_out_tricks: int
    tie_break: TieBreak
    up_direction: UpDirection
    prizes: tuple[PrizeSpec, ...]
    winners_move: bool = False
    one_prize_each: bool = False

    @property
    def player_count(self) -> int:
        """How many players the drive has."""
        return len(self.players)

    def trump_for(self, hand: int) -> Trump:
        """The trump of ``hand`` (from 1), the same at every table."""
        return self.trumps[(hand - 1) % len(self.trumps)]

    def half_of(self, hand: int) -> int:
        """1 for a hand up to the interval (or for every hand without one), 2 after it."""
        if self.interval_after is None or hand <= self.interval_after:
            return 1
        return 2

    @classmethod
    def create(
        cls,
        name: str,
        players: Sequence[str] | int,
        *,
        format: DriveFormat | str = DriveFormat.PROGRESSIVE,
        hands: int = DEFAULT_HANDS,
        interval_after: int | None = None,
        trumps: Sequence[Trump | str] = DEFAULT_TRUMPS,
        sit_out_tricks: int = DEFAULT_SIT_OUT_TRICKS,
        tie_break: TieBreak | str = TieBreak.MOST_HANDS_WON,
        up_direction: UpDirection | str = UpDirection.HIGHER,
        prizes: Sequence[PrizeSpec] = (),
        winners_move: bool = False,
        one_prize_each: bool = False,
        stand_in: StandIn = english_stand_in,
    ) -> DriveSetup:
        """Check and build a drive's set-up; raise a RuleViolation naming the field at fault.

        ``players`` is the list of names, or only their number: then they are
        called "Player 1", "Player 2"… (as ``stand_in`` words them: the organiser's language) until
        the organiser renames them. Those names are then the players' names, kept as they are.
        """
        names = _player_names(players, stand_in)
        drive_format = _choice(DriveFormat, format, "format")
        if drive_format is DriveFormat.PARTNER and len(names) % 2:
            raise InvalidDriveSetup("drive_partner_odd", players=len(names))
        hand_count = _whole_number(hands, "hands")
        if not 1 <= hand_count <= MAX_HANDS:
            raise InvalidDriveSetup("drive_hands_range", field="hands", most=MAX_HANDS, value=hand_count)
        interval = _interval(interval_after, hand_count)
        setup = cls(
            name=_drive_name(name),
            players=names,
            format=drive_format,
            hands=hand_count,
            interval_after=interval,
            trumps=_trumps(trumps),
            sit_out_tricks=_sit_out_tricks(sit_out_tricks),
            tie_break=_choice(TieBreak, tie_break, "tie_break"),
            up_direction=_choice(UpDirection, up_direction, "up_direction"),
            prizes=(),
            winners_move=_yes_or_no(winners_move, "winners_move"),
            one_prize_each=_yes_or_no(one_prize_each, "one_prize_each"),
        )
        return setup.with_prizes(prizes)

    def with_player(self, name: str) -> DriveSetup:
        """The same drive with one more player at the end of the list (a late arrival); checks the name."""
        names = _player_names([*self.players, name], english_stand_in)
        return replace(self, players=names)

    def with_prizes(self, prizes: Sequence[PrizeSpec]) -> DriveSetup:
        """The same drive with these organiser-added prizes instead; checks each one."""
        seen: set[str] = set()
        checked: list[PrizeSpec] = []
        for prize in prizes:
            checked.append(_checked_prize(prize, self))
            name = checked[-1].name or ""
            if name.casefold() in seen:
                raise InvalidPrize("drive_prize_name_twice", prize=name)
            seen.add(name.casefold())
        return replace(self, prizes=tuple(checked))


def default_player_names(count: int, stand_in: StandIn = english_stand_in) -> tuple[str, ...]:
    """ "Player 1" … "Player n", for a drive set up with only its number of players."""
    return tuple(stand_in(number) for number in range(1, count + 1))


def _player_names(players: Sequence[str] | int, stand_in: StandIn) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        count = players
    elif isinstance(players, Sequence) and not isinstance(players, str):
        count = len(players)
    else:
        raise InvalidDriveSetup("drive_players_shape")
    # The count is checked before a single name is built: a count of a billion is refused at once.
    if count < MIN_PLAYERS:
        raise InvalidDriveSetup("drive_too_few_players", least=MIN_PLAYERS, count=count)
    if count > MAX_PLAYERS:
        raise InvalidDriveSetup("drive_too_many_players", most=MAX_PLAYERS, count=count)
    if isinstance(players, int):
        names = default_player_names(count, stand_in)
    else:
        names = tuple(_drive_player_name(name, index) for index, name in enumerate(players))
    seen: set[str] = set()
    for name in names:
        if (key := same_name_key(name)) in seen:
            raise InvalidDriveSetup("name_twice", name=name)
        seen.add(key)
    return names


def _drive_player_name(name: object, index: int) -> str:
    """A player's name through the engine's one name check, refused as a drive's set-up."""
    try:
        return clean_name(name, index)
    except RuleViolation as refused:
        raise InvalidDriveSetup.from_text(refused.text) from None


def _drive_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidDriveSetup("drive_name_missing", field="name")
    cleaned = " ".join(name.split())
    if (character := unseen_character(cleaned)) is not None:
        raise InvalidDriveSetup("drive_name_unseen", field="name", character=character)
    if len(cleaned) > DRIVE_NAME_MAX_LENGTH:
        raise InvalidDriveSetup(
            "drive_name_too_long", field="name", most=DRIVE_NAME_MAX_LENGTH, length=len(cleaned)
        )
    return cleaned


_Choice = TypeVar("_Choice", bound=StrEnum)


def _choice(kind: type[_Choice], raw: object, field: str) -> _Choice:
    """One of an option's codes; the refusal names the option by ``field``."""
    if isinstance(raw, kind):
        return raw
    try:
        return kind(str(raw).strip().lower())
    except ValueError:
        allowed = tuple(member.value for member in kind)
        raise InvalidDriveOption(
            "drive_option_choice", field=field, option=field, choices=allowed, value=repr(raw)
        ) from None


def _yes_or_no(raw: object, field: str) -> bool:
    if not isinstance(raw, bool):
        raise InvalidDriveOption("drive_option_yes_no", field=field, option=field, value=repr(raw))
    return raw


def _whole_number(raw: object, field: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidDriveSetup("drive_not_whole", field=field, what=field, value=repr(raw))
    return raw


def _interval(raw: int | None, hands: int) -> int | None:
    if raw is None:
        return None
    after = _whole_number(raw, "interval_after")
    if not 1 <= after < hands:
        raise InvalidDriveSetup("drive_interval_range", field="interval_after", last=hands - 1, value=after)
    return after


def _trumps(raw: Sequence[Trump | str]) -> tuple[Trump, ...]:
    trumps: list[Trump] = []
    for item in raw:
        try:
            trump = item if isinstance(item, Trump) else Trump.parse(str(item))
        except ValueError:
            raise InvalidDriveSetup("drive_trump_unreadable", field="trumps", value=repr(item)) from None
        if trump is Trump.JOKER:
            raise InvalidDriveSetup("drive_trump_joker", field="trumps")
        if trump in trumps:
            raise InvalidDriveSetup("drive_trump_twice", field="trumps", trump=trump.value)
        trumps.append(trump)
    if not trumps:
        raise InvalidDriveSetup("drive_trumps_empty", field="trumps")
    return tuple(trumps)


def _sit_out_tricks(raw: object) -> int:
    if isinstance(raw, bool) or raw not in SIT_OUT_TRICK_CHOICES:
        raise InvalidDriveOption(
            "drive_sit_out_tricks", field="sit_out_tricks", choices=SIT_OUT_TRICK_CHOICES, value=repr(raw)
        )
    assert isinstance(raw, int)
    return raw


def _checked_prize(prize: PrizeSpec, setup: DriveSetup) -> PrizeSpec:
    try:
        rule = PrizeRule(prize.rule)
    except ValueError:
        allowed = tuple(member.value for member in PrizeRule)
        raise InvalidPrize("drive_prize_rule", rules=allowed, value=repr(prize.rule)) from None
    name = " ".join((prize.name or "").split())
    if not name:
        raise InvalidPrize("drive_prize_name_missing")
    if (character := unseen_character(name)) is not None:
        raise InvalidPrize("drive_prize_name_unseen", character=character)
    if len(name) > PRIZE_NAME_MAX_LENGTH:
        raise InvalidPrize("drive_prize_name_too_long", most=PRIZE_NAME_MAX_LENGTH, start=name[:40])
    place, player = prize.place, prize.player
    if rule is PrizeRule.PLACE:
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= setup.player_count:
            raise InvalidPrize(
                "drive_prize_place_range", prize=name, players=setup.player_count, value=repr(place)
            )
    elif place is not None:
        raise InvalidPrize("drive_prize_place_unwanted", prize=name)
    if rule is PrizeRule.CHOSEN:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < setup.player_count:
            raise InvalidPrize("drive_prize_choose_player", prize=name, players=setup.player_count)
    elif player is not None:
        raise InvalidPrize("drive_prize_player_unwanted", prize=name)
    if rule in HALF_RULES and setup.interval_after is None:
        raise InvalidPrize("drive_prize_half_needs_interval", prize=name)
    return PrizeSpec(rule=rule, name=name, place=place, player=player)
