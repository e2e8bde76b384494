"""The clubs' typed models: a club, the phones that keep it, what it holds, its members and seasons.

Only links and names are stored: every result is read from the tables' game summaries and the
drives' replays (clubs/outcomes.py), so a club never holds a copy of a game that could go stale.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Date, DateTime, ForeignKey, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column

from ..database import new_game_id, utcnow
from ..extensions import db


class ClubRecord(db.Model):  # type: ignore[name-defined,misc]
    """A club: its id is its read-only link (as a table's); the keeping link is an HMAC of it.

    ``version`` rises with every change the organisers make to what the club holds, its members,
    their links and its seasons: with the games' and drives' own versions it makes the club's
    fingerprint (clubs/outcomes.py), the key of everything derived from the club.
    """

    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(60))
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The IANA zone its seasons count their days in; None: UTC (migration 0012).
    time_zone: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Games and drives before a member's rating stops being provisional (migration 0013).
    minimum_games: Mapped[int] = mapped_column(Integer, default=3, server_default="3")


class DeviceClubRecord(db.Model):  # type: ignore[name-defined,misc]
    """A device's right to change a club, as DeviceGroupRecord for tables."""

    __tablename__ = "device_clubs"

    device_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    club_id: Mapped[str] = mapped_column(
        ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubTableRecord(db.Model):  # type: ignore[name-defined,misc]
    """A table the club holds. A table belongs to one club at most (its key is the table)."""

    __tablename__ = "club_tables"

    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubDriveRecord(db.Model):  # type: ignore[name-defined,misc]
    """A drive the club holds. A drive belongs to one club at most."""

    __tablename__ = "club_drives"

    drive_id: Mapped[str] = mapped_column(ForeignKey("drives.id", ondelete="CASCADE"), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubMemberRecord(db.Model):  # type: ignore[name-defined,misc]
    """A person of the club: one member across every table and drive the club holds."""

    __tablename__ = "club_members"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # A guest's games rate the members, and the guest is on no ladder, league or record (migration 0015).
    guest: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Shown by initials ("A. B.") on the club's public pages (migration 0016).
    initials: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ClubNameRecord(db.Model):  # type: ignore[name-defined,misc]
    """A name a member is found by when a table or a drive joins the club: their own name and each
    name linked or merged into them ("Ann B." for Ann Baker). ``name_key`` is the SHA-256 of the
    engine's same-name key, as a roster's; one name finds one member of a club."""

    __tablename__ = "club_names"

    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True)
    name_key: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    member_id: Mapped[int] = mapped_column(ForeignKey("club_members.id", ondelete="CASCADE"), index=True)


class ClubPlayerLinkRecord(db.Model):  # type: ignore[name-defined,misc]
    """Which member a roster player of one of the club's tables is (one link per roster player)."""

    __tablename__ = "club_player_links"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("group_players.id", ondelete="CASCADE"), primary_key=True
    )
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("club_members.id", ondelete="CASCADE"), index=True)


class ClubDriveLinkRecord(db.Model):  # type: ignore[name-defined,misc]
    """Which member a player of one of the club's drives is. ``player`` is the player's place in the
    drive's players, which renaming keeps and an arrival appends to (drives/store.py); ``name`` is
    the name the player had when linked, for the export and for reading by eye."""

    __tablename__ = "club_drive_links"

    drive_id: Mapped[str] = mapped_column(ForeignKey("drives.id", ondelete="CASCADE"), primary_key=True)
    player: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("club_members.id", ondelete="CASCADE"), index=True)


class ClubSeasonRecord(db.Model):  # type: ignore[name-defined,misc]
    """A season of the club: a named date range, both ends inclusive (seasons may overlap)."""

    __tablename__ = "club_seasons"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    # Its league beside the rating (migration 0014): None, "placings" or "drive_totals"; the points
    # per place ("3,2,1"), the best N scores counted (None: all), the evenings to qualify.
    league: Mapped[str | None] = mapped_column(String(20), nullable=True)
    league_points: Mapped[str | None] = mapped_column(String(60), nullable=True)
    league_best: Mapped[int | None] = mapped_column(Integer, nullable=True)
    league_qualify: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ClubFriendlyRecord(db.Model):  # type: ignore[name-defined,misc]
    """A game of a club's table or a drive of the club played as a friendly: off the ladder, the
    league and the records (migration 0015). ``outcome`` is "game:<id>" or "drive:<id>"."""

    __tablename__ = "club_friendlies"

    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True)
    outcome: Mapped[str] = mapped_column(String(40), primary_key=True)
    marked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HouseRulesRecord(db.Model):  # type: ignore[name-defined,misc]
    """A variant's options saved under a name ("Thursday Oh Hell"), shared by its link (its id) and
    offered first at a club's tables when a club holds them (migration 0017). ``options`` are those
    set away from the variant's defaults (rules/club/house.py)."""

    __tablename__ = "house_rules"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(60))
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    club_id: Mapped[str | None] = mapped_column(
        ForeignKey("clubs.id", ondelete="SET NULL"), nullable=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
