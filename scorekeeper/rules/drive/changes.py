"""The hall between two hands: who sits where, who sits out, and how a hand's movement and the roster
changes recorded for it change that.

:class:`Floor` is the replay's working state. :meth:`Floor.move` is the plain movement after a hand
complete at every table (winners and losers move, sitters-out come back within their role, the next
in turn sit out). The roster changes recorded for a hand are then applied one by one, in the order
they were recorded, each as the smallest edit that makes the hall right again (RULES.md §10, "when the
roster changes"): nobody the movement has told a seat is moved, except where the change needs that
very seat.

- **An arrival** sits out (a newcomer waits first); once two ladies and two gents wait (two pairs in a
  partner drive) they make a new table, numbered with the lowest number not in use.
- **A departure** frees a seat that a sitter-out of the same role takes (in a partner drive, a sitting
  pair takes a leaving pair's places); with nobody of that role waiting, the leaver's own table stops
  and its other players sit out (a partner drive: the pair's opponents sit out).
- **A substitute** takes the leaving player's place, role and partner exactly.
- **A table that goes** sends its four players to sit out; the other tables keep their numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .errors import InvalidDriveSetup, RosterRefused
from .roster import RosterChange, RosterKind, choose_sitters, sit_out_order
from .seating import SEATS_PER_TABLE, MoveKind, first_seating, next_seating
from .setup import DriveFormat, DriveSetup, Role
from .sitouts import NO_PARTNER, change_over, partnered_again, seat_role


@dataclass(kw_only=True, slots=True)
class Floor:
    """Where everyone is for a hand, as the replay builds it.

    ``seats`` in table order (four to a table: N, E, S, W), ``numbers`` each table's number in the
    same order (ascending: the movement goes round them in that order). ``partners`` only in a
    partner drive (each player's fixed partner), ``last_partner`` only in a progressive one (who
    each played with last). ``sat_out`` counts each player's sit-outs before this hand, ``cursors``
    say where each role's sit-out turn goes on.
    """

    setup: DriveSetup
    roles: list[Role]
    seats: list[int]
    numbers: list[int]
    sitting: list[int]
    sat_out: list[int]
    cursors: dict[Role, int]
    partners: list[int] | None
    last_partner: list[int] | None
    moves: list[MoveKind] | None = None
    present: set[int] = field(default_factory=set)
    newcomers: set[int] = field(default_factory=set)
    waiting_lady: int | None = None

    @classmethod
    def first(cls, setup: DriveSetup, roles: list[Role], entered: int) -> Floor:
        """Hand 1 of the players entered at the set-up (the first ``entered`` players)."""
        seats, sitting = first_seating(entered)
        count = setup.player_count
        partner_drive = setup.format is DriveFormat.PARTNER
        floor = cls(
            setup=setup,
            roles=roles,
            seats=list(seats),
            numbers=list(range(1, len(seats) // SEATS_PER_TABLE + 1)),
            sitting=list(sitting),
            sat_out=[0] * count,
            cursors={role: 0 for role in Role},
            partners=[player ^ 1 for player in range(count)] if partner_drive else None,
            last_partner=[NO_PARTNER] * count if setup.format is DriveFormat.PROGRESSIVE else None,
            present=set(range(entered)),
        )
        for role in Role:
            out = [player for player in sitting if roles[player] is role]
            if out:
                floor.cursors[role] = (max(out) + 1) % count
        return floor

    # --- the plain movement -------------------------------------------------------------

    def move(self, staying: Sequence[int]) -> None:
        """Move everyone after a hand complete at every table: ``staying[t]`` is 0 when North–South is
        the pair that stays at the table at place ``t``, 1 for East–West."""
        setup = self.setup
        previous = list(self.seats)
        if self.last_partner is not None:
            for base in range(0, len(previous), SEATS_PER_TABLE):
                north, east, south, west = previous[base : base + SEATS_PER_TABLE]
                self.last_partner[north], self.last_partner[south] = south, north
                self.last_partner[east], self.last_partner[west] = west, east
        movement = next_seating(
            previous,
            self.sitting,
            staying,
            format=setup.format,
            up_direction=setup.up_direction,
            player_count=setup.player_count,
        )
        leaving = self._next_sitters([*previous, *self.sitting])
        out = set(leaving)
        returning = [player for player in self.sitting if player not in out]
        change_over(
            movement,
            previous,
            returning,
            leaving,
            roles=self.roles,
            partners=self.partners,
            last_partner=self.last_partner,
        )
        self.seats, self.sitting, self.moves = movement.seats, leaving, movement.moves
        self.newcomers = set()

    def _next_sitters(self, here: Sequence[int]) -> list[int]:
        """Who sits out the next hand: within each role those beyond two a table, in turn."""
        tables = len(self.numbers)
        count = self.setup.player_count
        chosen: list[int] = []
        for role in Role:
            if self.partners is not None and role is Role.GENT:
                break  # pairs sit out together, in turn by their lady
            members = [player for player in here if self.roles[player] is role]
            out, self.cursors[role] = choose_sitters(
                members, len(members) - 2 * tables, self.sat_out, self.cursors[role], count
            )
            chosen.extend(out)
            if self.partners is not None:
                chosen.extend(self.partners[player] for player in out)
        return chosen

    def count_sit_outs(self) -> None:
        """The hand's seating is settled: everyone sitting out it has sat out once more."""
        for player in self.sitting:
            self.sat_out[player] += 1

    # --- the roster's changes -----------------------------------------------------------

    def change(self, change: RosterChange, hand: int, leaves: Sequence[int | None]) -> None:
        """Apply one roster change recorded for ``hand`` (``leaves[p]``: the first hand ``p`` no longer
        plays, for a partner drive's pair leaving together)."""
        if self.moves is None:
            self.moves = [MoveKind.STAY] * self.setup.player_count
        kind = change.kind
        if kind is RosterKind.ARRIVE:
            assert change.player is not None
            self._arrive(change.player)
        elif kind is RosterKind.SUBSTITUTE:
            assert change.player is not None and change.replaces is not None
            self._substitute(change.player, change.replaces)
        elif kind is RosterKind.LEAVE:
            assert change.player is not None
            self._leave(change.player, hand, leaves)
        else:
            assert change.table is not None
            self._remove_table(change.table, hand)

    def _arrive(self, player: int) -> None:
        assert self.moves is not None
        self.present.add(player)
        self.newcomers.add(player)
        self.sitting.append(player)
        self.moves[player] = MoveKind.JOIN
        if self.partners is not None:
            # A partner drive's late pair: the lady's arrival, then her partner's.
            if self.roles[player] is Role.LADY:
                self.waiting_lady = player
                return
            lady, self.waiting_lady = self.waiting_lady, None
            if lady is None:
                raise RosterRefused("drive_roster_pair_needed")
            self.partners[lady], self.partners[player] = player, lady
        while self._new_table():
            pass

    def _claim(self, player: int) -> tuple[int, int, int]:
        """Who is seated first from among those waiting: a regular sitter-out before a newcomer, then
        whoever has sat out most, then the turn."""
        cursor = self.cursors[self.roles[player]]
        order = sit_out_order(player, self.sat_out, cursor, self.setup.player_count)
        return (0 if player in self.newcomers else 1, order[0], order[1])

    def _new_table(self) -> bool:
        """Make a new table of those waiting, if two ladies and two gents (two pairs) wait."""
        assert self.moves is not None
        ladies = sorted((p for p in self.sitting if self.roles[p] is Role.LADY), key=self._claim)
        if self.partners is not None:
            partners = self.partners
            pairs = [lady for lady in ladies if partners[lady] in self.sitting]
            if len(pairs) < 2:
                return False
            first, second = pairs[-2:]
            players = [first, second, partners[first], partners[second]]
        else:
            gents = sorted((p for p in self.sitting if self.roles[p] is Role.GENT), key=self._claim)
            if len(ladies) < 2 or len(gents) < 2:
                return False
            players = [*ladies[-2:], *gents[-2:]]
            if self.last_partner is not None and partnered_again(players, self.last_partner):
                players[2], players[3] = players[3], players[2]
        number = next(number for number in range(1, len(self.numbers) + 2) if number not in self.numbers)
        place = sum(1 for other in self.numbers if other < number)
        self.numbers.insert(place, number)
        base = place * SEATS_PER_TABLE
        self.seats[base:base] = players
        for player in players:
            self.sitting.remove(player)
            self.moves[player] = MoveKind.JOIN if player in self.newcomers else MoveKind.RETURN
        return True

    def _substitute(self, player: int, replaced: int) -> None:
        assert self.moves is not None
        self.present.discard(replaced)
        self.present.add(player)
        self.newcomers.add(player)
        if replaced in self.seats:
            self.seats[self.seats.index(replaced)] = player
        elif replaced in self.sitting:
            self.sitting[self.sitting.index(replaced)] = player
        else:
            raise RosterRefused("drive_roster_left_twice", player=replaced)
        self.sat_out[player] = self.sat_out[replaced]
        self.moves[player] = MoveKind.JOIN
        if self.partners is not None:
            partner = self.partners[replaced]
            self.partners[player], self.partners[partner] = partner, player

    def _leave(self, player: int, hand: int, leaves: Sequence[int | None]) -> None:
        assert self.moves is not None
        self.present.discard(player)
        self.newcomers.discard(player)
        if player in self.sitting:
            self.sitting.remove(player)
            return
        if player not in self.seats:  # a partner drive's pair: gone with their partner already
            return
        position = self.seats.index(player)
        if self.partners is not None:
            partner = self.partners[player]
            if leaves[partner] == hand and partner in self.seats:
                self._pair_leaves(position, self.seats.index(partner), hand)
                return
            self._stop_table(position // SEATS_PER_TABLE, hand, gone=(player,))
            return
        role = self.roles[player]
        waiting = sorted((p for p in self.sitting if self.roles[p] is role), key=self._claim)
        if not waiting:
            self._stop_table(position // SEATS_PER_TABLE, hand, gone=(player,))
            return
        partner_seat = position - position % SEATS_PER_TABLE + (position + 2) % SEATS_PER_TABLE
        partner = self.seats[partner_seat]
        last = self.last_partner
        fresh = [p for p in waiting if last is None or (last[p] != partner and last[partner] != p)]
        chosen = (fresh or waiting)[-1]
        self.sitting.remove(chosen)
        self.seats[position] = chosen
        self.moves[chosen] = MoveKind.JOIN if chosen in self.newcomers else MoveKind.RETURN

    def _pair_leaves(self, first: int, second: int, hand: int) -> None:
        """A partner drive's pair goes: a sitting pair takes their places, else their opponents sit out."""
        assert self.moves is not None and self.partners is not None
        partners = self.partners
        lady_seat = min(first, second)
        ladies = sorted(
            (p for p in self.sitting if self.roles[p] is Role.LADY and partners[p] in self.sitting),
            key=self._claim,
        )
        if not ladies:
            self._stop_table(lady_seat // SEATS_PER_TABLE, hand, gone=(self.seats[first], self.seats[second]))
            return
        lady = ladies[-1]
        gent = partners[lady]
        for player, position in ((lady, lady_seat), (gent, lady_seat + 2)):
            self.sitting.remove(player)
            self.seats[position] = player
            self.moves[player] = MoveKind.JOIN if player in self.newcomers else MoveKind.RETURN

    def _stop_table(self, place: int, hand: int, *, gone: Sequence[int]) -> None:
        """The table at ``place`` stops: its players still there sit out."""
        assert self.moves is not None
        if len(self.numbers) == 1:
            code = "drive_roster_too_few" if len(self.present) < SEATS_PER_TABLE else "drive_roster_no_table"
            raise InvalidDriveSetup(code, hand=hand, count=len(self.present))
        base = place * SEATS_PER_TABLE
        for player in self.seats[base : base + SEATS_PER_TABLE]:
            if player not in gone:
                self.sitting.append(player)
                self.moves[player] = MoveKind.SIT_OUT
        del self.seats[base : base + SEATS_PER_TABLE]
        del self.numbers[place]

    def _remove_table(self, table: int, hand: int) -> None:
        # Recorded while the hand before was still being entered, a removal can meet a table that a
        # departure stopped meanwhile, or the last table: it is then done already, or not to be done
        # (the organiser's page was checked against the tables playing when it was recorded).
        if table not in self.numbers or len(self.numbers) == 1:
            return
        self._stop_table(self.numbers.index(table), hand, gone=())

    def copy(self) -> Floor:
        """An independent copy, to go on from later (a replay resumed at this hand)."""
        return Floor(
            setup=self.setup,
            roles=list(self.roles),
            seats=list(self.seats),
            numbers=list(self.numbers),
            sitting=list(self.sitting),
            sat_out=list(self.sat_out),
            cursors=dict(self.cursors),
            partners=None if self.partners is None else list(self.partners),
            last_partner=None if self.last_partner is None else list(self.last_partner),
            moves=None if self.moves is None else list(self.moves),
            present=set(self.present),
            newcomers=set(self.newcomers),
            waiting_lady=self.waiting_lady,
        )

    def positions(self) -> list[int]:
        """Each player's place in ``seats`` (-1: not at a table)."""
        places = [-1] * self.setup.player_count
        for position, player in enumerate(self.seats):
            places[player] = position
        return places


def seat_roles_match(seats: Sequence[int], roles: Sequence[Role]) -> bool:
    """True when every player sits in a seat of their role (the replay's own check)."""
    return all(roles[player] is seat_role(position) for position, player in enumerate(seats))
