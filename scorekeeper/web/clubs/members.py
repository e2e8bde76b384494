"""A club's members: the list, a member's page (history across tables and drives, their rating over
the season as a chart, the names they played under and where), renaming a member, merging two
members who are one person, and moving one name played somewhere to another member.

A member is one person in every table and drive of the club, however their name was typed there:
merging keeps every game of both under the member kept. Moving one name ("Ann" of the Friday drive
is not Ann of Thursday's table, but Ann Lee) links that one player to another member, or to a new
member; a member left with no name played anywhere is merged into the one it went to.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from itertools import chain
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...clubs import guests, members, standings, suggestions
from ...clubs.access import Club
from ...clubs.members import ClubMember, PlayedAs
from ...rules import RuleViolation
from ...words import gettext
from ..wording import day, variant_name
from .access import keeps, load_club, require_keeper
from .chart import rating_chart
from .league import member_league
from .view import (
    chosen,
    hidden,
    history_points,
    in_choice,
    ladder_links,
    member_or_404,
    member_rating,
    members_figures,
    names,
)

bp = Blueprint("club_members", __name__, url_prefix="/clubs")

Page = str | tuple[str, int] | Response
LONGEST_NUMBER = 12
NEW_MEMBER = "new"
"""The move form's choice of a new member (named in its ``name`` field) rather than another one."""


@bp.get("/<club_id>/members")
def members_list(club_id: str) -> str:
    """Every member, by name, each a link to their page, with their rating, games and drives over
    the season chosen (all time by default) and the day they last played."""
    found = load_club(club_id)
    choice = chosen(found, current_first=False)
    return render_template(
        "clubs/members.html",
        club=found,
        members=members.members(found.id),
        figures=_with_days(members_figures(found, choice)),
        choice=choice,
        keeps=keeps(found),
        shown=names(found),
        hidden=hidden(found),
        suggestions=suggestions.maybe_one_person(found.id) if keeps(found) else [],
    )


def _days(moments: Iterable[datetime]) -> dict[date, str]:
    """Each day of these moments (on the club's calendar: they carry its zone) worded once: a
    member's history of hundreds of games spans a few dozen evenings."""
    worded: dict[date, str] = {}
    for moment in moments:
        evening = moment.date()
        if evening not in worded:
            worded[evening] = day(evening)
    return worded


def _with_days(figures: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each member's figures with the day they last played written out, each day worded once (a
    date worded by Babel costs a third of a millisecond, and a club's members share their evenings)."""
    worded: dict[date, str] = {}
    for line in figures.values():
        last = line["last"]
        if last is not None:
            evening = last.date()
            if evening not in worded:
                worded[evening] = day(evening)
            line["last_day"] = worded[evening]
    return figures


@bp.get("/<club_id>/members/<int:member_id>")
def member(club_id: str, member_id: int) -> str:
    """A member: their rating over the season and ladder chosen (chart), and their games and drives
    there, newest first."""
    found = load_club(club_id)
    return _member_page(found, member_or_404(found.id, member_id))


@bp.post("/<club_id>/members/<int:member_id>/name")
def rename(club_id: str, member_id: int) -> Page:
    """Give the member another name: every page of the club shows it."""
    found = load_club(club_id)
    require_keeper(found)
    person = member_or_404(found.id, member_id)
    typed = request.form.get("name", "")
    try:
        members.rename_member(found.id, person.id, typed)
    except RuleViolation as refused:
        return _member_page(found, person, name_error=refused, typed=typed[:100]), 422
    renamed = member_or_404(found.id, person.id)
    flash(gettext("%(name)s is now %(new)s.") % {"name": person.name, "new": renamed.name})
    return redirect(url_for("club_members.member", club_id=found.id, member_id=person.id))


@bp.post("/<club_id>/members/<int:member_id>/guest")
def guest(club_id: str, member_id: int) -> Response:
    """Mark the member a guest (``guest`` "1": rated with the members, on no ladder, league or record)
    or a member again (anything else)."""
    found = load_club(club_id)
    require_keeper(found)
    person = member_or_404(found.id, member_id)
    becomes_guest = request.form.get("guest") == "1"
    guests.set_guest(found.id, person.id, becomes_guest)
    if becomes_guest:
        flash(gettext("%(name)s is a guest: on no ladder, league or record.") % {"name": person.name})
    else:
        flash(gettext("%(name)s is a member again, on the ladders.") % {"name": person.name})
    return redirect(url_for("club_members.member", club_id=found.id, member_id=person.id))


@bp.post("/<club_id>/members/<int:member_id>/initials")
def by_initials(club_id: str, member_id: int) -> Response:
    """Show the member by initials on the club's public pages (``initials`` "1"), or by name."""
    found = load_club(club_id)
    require_keeper(found)
    person = member_or_404(found.id, member_id)
    shown_so = request.form.get("initials") == "1"
    standings.set_initials(found.id, person.id, shown_so)
    if shown_so:
        flash(
            gettext("%(name)s is shown as %(initials)s to everyone who does not keep the club.")
            % {"name": person.name, "initials": standings.initials(person.name)}
        )
    else:
        flash(gettext("%(name)s is shown by name again.") % {"name": person.name})
    return redirect(url_for("club_members.member", club_id=found.id, member_id=person.id))


@bp.post("/<club_id>/members/<int:member_id>/merge")
def merge(club_id: str, member_id: int) -> Page:
    """Another member is the same person as this one: their games and drives become this member's."""
    found = load_club(club_id)
    require_keeper(found)
    person = member_or_404(found.id, member_id)
    other = _other_member(found.id, person, request.form.get("other", ""))
    try:
        if other is None:
            raise RuleViolation("club_member_missing", field="other")
        members.merge_members(found.id, person.id, other.id)
    except RuleViolation as refused:
        return _member_page(found, person, merge_error=refused), 422
    flash(
        gettext("%(other)s and %(name)s are one member now: %(name)s.")
        % {"other": other.name, "name": person.name}
    )
    return redirect(url_for("club_members.member", club_id=found.id, member_id=person.id))


@bp.post("/<club_id>/members/<int:member_id>/names")
def move_name(club_id: str, member_id: int) -> Page:
    """One name the member played under somewhere (``played``) is another member (``other``), or a
    new member called ``name`` (``other`` is "new"): that one player's games and drives go with it."""
    found = load_club(club_id)
    require_keeper(found)
    person = member_or_404(found.id, member_id)
    played = _played(found.id, person, request.form.get("played", ""))
    wanted = request.form.get("other", "")
    typed = request.form.get("name", "")
    try:
        if played is None:
            raise RuleViolation("club_name_played_missing", field="played")
        target = _link(found.id, person, played, wanted, typed)
    except RuleViolation as refused:
        kept = {"played": request.form.get("played", "")[:100], "other": wanted[:20], "name": typed[:100]}
        return _member_page(found, person, move_error=refused, move_typed=kept), 422
    flash(
        gettext("%(name)s of %(where)s is %(member)s now.")
        % {"name": played.name, "where": played.where, "member": target.name}
    )
    stays = members.member(found.id, person.id) is not None
    shown = person.id if stays else target.id
    return redirect(url_for("club_members.member", club_id=found.id, member_id=shown))


def _played(club_id: str, person: ClubMember, typed: str) -> PlayedAs | None:
    """The name the move form chose among those the member played under (``played_key``)."""
    found = members.names_played(club_id, person.id)
    return next((item for item in found if played_key(item) == typed), None)


def _names_played(found: Club, person: ClubMember, *, private: bool) -> list[tuple[str, PlayedAs]]:
    """The names the member played under, each with the move form's key (none for a member shown
    by initials to this reader: the names would tell who they are)."""
    if private:
        return []
    return [(played_key(item), item) for item in members.names_played(found.id, person.id)]


def played_key(item: PlayedAs) -> str:
    """How the move form names a name played: "table:<player id>" or "drive:<drive id>:<place>"."""
    return f"table:{item.player}" if item.kind == "table" else f"drive:{item.ref}:{item.player}"


def _link(club_id: str, person: ClubMember, played: PlayedAs, wanted: str, typed: str) -> ClubMember:
    """The player behind ``played`` is from now on another member chosen (``wanted``), or a new one
    of the name typed (``wanted`` is "new"); refused when neither."""
    by_table = played.kind == "table"
    table_player = played.player if by_table else None
    drive_id, drive_name = (None, None) if by_table else (played.ref, played.name)
    if wanted == NEW_MEMBER:
        return members.link_to_new_member(
            club_id, typed, group_player_id=table_player, drive_id=drive_id, drive_name=drive_name
        )
    other = _other_member(club_id, person, wanted)
    if other is None:
        raise RuleViolation("club_member_missing", field="other")
    members.link_name(
        club_id, other.id, group_player_id=table_player, drive_id=drive_id, drive_name=drive_name
    )
    return other


def _other_member(club_id: str, person: ClubMember, typed: str) -> ClubMember | None:
    """The member chosen in the merge form, if it is another member of the club."""
    if not typed.isascii() or not typed.isdecimal() or len(typed) > LONGEST_NUMBER:
        return None
    other = members.member(club_id, int(typed))
    return other if other is not None and other.id != person.id else None


def _member_page(
    found: Club,
    person: ClubMember,
    *,
    name_error: RuleViolation | None = None,
    typed: str | None = None,
    merge_error: RuleViolation | None = None,
    move_error: RuleViolation | None = None,
    move_typed: dict[str, str] | None = None,
) -> str:
    """The member's page, with a form's refusal and what was typed in it. A member shown by initials
    is so to a reader who does not keep the club, and the names they played under are not shown."""
    choice = chosen(found)
    private = person.id in hidden(found)
    shown = standings.initials(person.name) if private else person.name
    history = sorted(
        (line for line in members.member_history(found.id, person.id) if in_choice(line, choice)),
        key=lambda line: line.played_at,
        reverse=True,
    )
    league = member_league(found, choice.season, person.id)
    league_days = (score["played_at"] for score in league["scores"]) if league else ()
    variants = {line.variant for line in history if line.kind != "drive"}  # each named once
    return render_template(
        "clubs/member.html",
        club=found,
        member=person,
        shown_name=shown,
        private=private,
        keeps=keeps(found),
        choice=choice,
        ladders=ladder_links(),
        rating=member_rating(found, choice, person.id),
        league=league,
        minimum=found.minimum_games,
        chart=rating_chart(shown, history_points(found.id, choice, person.id)),
        history=history,
        days=_days(chain((line.played_at for line in history), league_days)),
        variant_names={name: variant_name(name) for name in variants},
        others=[other for other in members.members(found.id) if other.id != person.id],
        name_error=name_error,
        typed=person.name if typed is None else typed,
        merge_error=merge_error,
        played=_names_played(found, person, private=private),
        move_error=move_error,
        move_typed=move_typed or {"played": "", "other": NEW_MEMBER, "name": ""},
        new_member=NEW_MEMBER,
    )
