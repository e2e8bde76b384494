"""The club's hall of fame, and the records one finished game or drive set.

Records are codes (``kind``) with their values and holders; the words layer says them. There
are two sorts:

- the best of one outcome: ``highest_score`` (per variant, over games), ``most_exact_bids`` and
  ``longest_exact_run`` (in one game), ``best_drive_score`` (in one drive). The first outcome to
  reach the best value holds it (its ``key`` and ``played_at``); anyone who later equals it joins
  the holders, since a tie lists every holder.
- counts over many outcomes: ``most_drives_won`` and ``most_games_season`` (games played in the
  season asked for; over every game without one). They have no ``key``.

Exact-bid records and counts exist only once their value is above 0: "most exact bids: 0" is no
record.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from .outcome import Outcome, Placing, Season, in_season, unique_placings

HIGHEST_SCORE = "highest_score"
MOST_EXACT_BIDS = "most_exact_bids"
LONGEST_EXACT_RUN = "longest_exact_run"
MOST_DRIVES_WON = "most_drives_won"
BEST_DRIVE_SCORE = "best_drive_score"
MOST_GAMES_SEASON = "most_games_season"
# The order records are listed in.
RECORD_KINDS = (
    HIGHEST_SCORE,
    MOST_EXACT_BIDS,
    LONGEST_EXACT_RUN,
    MOST_DRIVES_WON,
    BEST_DRIVE_SCORE,
    MOST_GAMES_SEASON,
)

# Reads one value of a placing; None is "no value" (a score not known, no exact bid made).
_ValueOf = Callable[[Placing], int | None]


@dataclass(frozen=True, kw_only=True, slots=True)
class ClubRecord:
    """One record: its kind, the variant (highest_score only), value, holders and where it was set."""

    kind: str
    variant: str | None
    value: int
    members: tuple[int, ...]
    key: str | None
    played_at: datetime | None


class _Best:
    """A best-of-one-outcome record while outcomes are being read (mutable)."""

    __slots__ = ("key", "members", "played_at", "value")

    def __init__(self, value: int, members: list[int], outcome: Outcome) -> None:
        self.value = value
        self.members = members
        self.key = outcome.key
        self.played_at = outcome.played_at


class _Count:
    """How many outcomes of one sort each member has, and when each reached their count."""

    __slots__ = ("counts", "reached")

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        self.reached: dict[int, int] = {}

    def add(self, member: int, moment: int) -> None:
        self.counts[member] = self.counts.get(member, 0) + 1
        self.reached[member] = moment

    def most(self) -> int:
        return max(self.counts.values(), default=0)

    def holders(self) -> tuple[int, ...]:
        most = self.most()
        leaders = [member for member, count in self.counts.items() if count == most]
        return tuple(sorted(leaders, key=lambda member: self.reached[member]))


class _Standing:
    """The records as they stand after some outcomes, read in order; ``leave_out`` hold none (guests)."""

    def __init__(self, leave_out: frozenset[int] = frozenset()) -> None:
        self.leave_out = leave_out
        self.best: dict[tuple[str, str | None], _Best] = {}
        self.drives_won = _Count()
        self.games_played = _Count()
        self.read = 0

    def read_outcome(self, outcome: Outcome) -> None:
        for kind, variant, value, members in outcome_bests(outcome, self.leave_out):
            held = self.best.get((kind, variant))
            if held is None or value > held.value:
                self.best[kind, variant] = _Best(value, list(members), outcome)
            elif value == held.value:
                held.members.extend(member for member in members if member not in held.members)
        for placing in unique_placings(outcome):
            if placing.member in self.leave_out:
                continue
            if outcome.kind == "drive" and placing.won:
                self.drives_won.add(placing.member, self.read)
            if outcome.kind == "game":
                self.games_played.add(placing.member, self.read)
        self.read += 1

    def records(self) -> tuple[ClubRecord, ...]:
        found: list[ClubRecord] = []
        for kind, variant in sorted(self.best, key=lambda at: (RECORD_KINDS.index(at[0]), at[1] or "")):
            held = self.best[kind, variant]
            found.append(
                ClubRecord(
                    kind=kind,
                    variant=variant,
                    value=held.value,
                    members=tuple(held.members),
                    key=held.key,
                    played_at=held.played_at,
                )
            )
        for kind, count in ((MOST_DRIVES_WON, self.drives_won), (MOST_GAMES_SEASON, self.games_played)):
            if count.most() > 0:
                found.append(_count_record(kind, count.most(), count.holders()))
        return tuple(sorted(found, key=lambda record: RECORD_KINDS.index(record.kind)))


def records(
    outcomes: Sequence[Outcome], *, season: Season | None = None, leave_out: frozenset[int] = frozenset()
) -> tuple[ClubRecord, ...]:
    """The club's records over the outcomes (those inside ``season`` when given), in RECORD_KINDS
    order, highest scores by variant code; ``leave_out`` (the club's guests) hold none."""
    standing = _Standing(leave_out)
    for outcome in in_season(outcomes, season):
        standing.read_outcome(outcome)
    return standing.records()


def records_set_by(
    outcomes: Sequence[Outcome], key: str, *, leave_out: frozenset[int] = frozenset()
) -> tuple[ClubRecord, ...]:
    """The records the outcome ``key`` set: those it strictly beat as they stood before it.

    "Before it" is every earlier outcome (played_at, then key), whatever the season. Equalling a
    record sets nothing, and neither does an outcome with no record before it to beat: the first
    game of a variant, the first drive, the first game with exact bids, the first drive won. For
    ``most_drives_won`` the drive sets the record when its winner's count of drives won goes
    beyond the most anyone had before it. ``most_games_season`` is a season's count, announced on
    no finish screen. An unknown key sets nothing, and neither does a friendly game; ``leave_out``
    (the club's guests) set none.
    """
    return records_set_by_each(outcomes, {key}, leave_out=leave_out).get(key, ())


def records_set_by_each(
    outcomes: Sequence[Outcome], keys: Collection[str], *, leave_out: frozenset[int] = frozenset()
) -> dict[str, tuple[ClubRecord, ...]]:
    """``records_set_by`` for each of ``keys`` (an evening's games and drives), in one pass over the
    outcomes: the records each set, by key (a key that set none, or names no outcome, is left out)."""
    wanted = set(keys)
    found: dict[str, tuple[ClubRecord, ...]] = {}
    before = _Standing(leave_out)
    for outcome in in_season(outcomes, None):
        if not wanted:
            break
        if outcome.key in wanted:
            wanted.discard(outcome.key)
            set_here = _set_by(before, outcome)
            if set_here:
                found[outcome.key] = set_here
        before.read_outcome(outcome)
    return found


def _set_by(before: _Standing, outcome: Outcome) -> tuple[ClubRecord, ...]:
    """The records ``outcome`` beat, as they stood ``before`` it."""
    set_here: list[ClubRecord] = []
    for kind, variant, value, members in outcome_bests(outcome, before.leave_out):
        held = before.best.get((kind, variant))
        if held is not None and value > held.value:
            set_here.append(
                ClubRecord(
                    kind=kind,
                    variant=variant,
                    value=value,
                    members=members,
                    key=outcome.key,
                    played_at=outcome.played_at,
                )
            )
    most_before = before.drives_won.most()
    if outcome.kind == "drive" and most_before > 0:
        counts = before.drives_won.counts
        beyond = [
            placing.member
            for placing in unique_placings(outcome)
            if placing.won
            and placing.member not in before.leave_out
            and counts.get(placing.member, 0) >= most_before
        ]
        if beyond:
            set_here.append(_count_record(MOST_DRIVES_WON, most_before + 1, tuple(beyond)))
    return tuple(set_here)


def outcome_bests(
    outcome: Outcome, leave_out: frozenset[int] = frozenset()
) -> Iterator[tuple[str, str | None, int, tuple[int, ...]]]:
    """The best-of-one-outcome values this outcome reached: (kind, variant, value, holders), among
    its members but ``leave_out``."""
    placings = [placing for placing in unique_placings(outcome) if placing.member not in leave_out]
    if outcome.kind == "drive":
        yield from _best_of(BEST_DRIVE_SCORE, None, placings, lambda placing: placing.score)
        return
    yield from _best_of(HIGHEST_SCORE, outcome.variant, placings, lambda placing: placing.score)
    yield from _best_of(MOST_EXACT_BIDS, None, placings, lambda placing: placing.exact_bids or None)
    yield from _best_of(LONGEST_EXACT_RUN, None, placings, lambda placing: placing.longest_run or None)


def _best_of(
    kind: str, variant: str | None, placings: Sequence[Placing], value_of: _ValueOf
) -> Iterator[tuple[str, str | None, int, tuple[int, ...]]]:
    values = [(placing.member, value) for placing in placings if (value := value_of(placing)) is not None]
    if values:
        best = max(value for _, value in values)
        yield kind, variant, best, tuple(member for member, value in values if value == best)


def _count_record(kind: str, value: int, members: tuple[int, ...]) -> ClubRecord:
    return ClubRecord(kind=kind, variant=None, value=value, members=members, key=None, played_at=None)
