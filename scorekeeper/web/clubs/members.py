"""A club's members: the list, a member's page (history across tables and drives, their rating over
the season as a chart), renaming a member, and merging two members who are one person.

A member is one person in every table and drive of the club, however their name was typed there:
merging keeps every game of both under the member kept.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...clubs import members
from ...clubs.access import Club
from ...clubs.members import ClubMember
from ...rules import RuleViolation
from ...words import gettext
from .access import keeps, load_club, require_keeper
from .chart import rating_chart
from .view import chosen, history_points, ladder_links, member_or_404, member_rating

bp = Blueprint("club_members", __name__, url_prefix="/clubs")

Page = str | tuple[str, int] | Response
LONGEST_NUMBER = 12


@bp.get("/<club_id>/members")
def members_list(club_id: str) -> str:
    """Every member, by name, each a link to their page."""
    found = load_club(club_id)
    return render_template(
        "clubs/members.html", club=found, members=members.members(found.id), keeps=keeps(found)
    )


@bp.get("/<club_id>/members/<int:member_id>")
def member(club_id: str, member_id: int) -> str:
    """A member: their rating over the season (chart), and their history, newest first."""
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
) -> str:
    """The member's page, with a form's refusal and what was typed in it."""
    choice = chosen(found.id)
    history = sorted(
        members.member_history(found.id, person.id), key=lambda line: line.played_at, reverse=True
    )
    return render_template(
        "clubs/member.html",
        club=found,
        member=person,
        keeps=keeps(found),
        choice=choice,
        ladders=ladder_links(),
        rating=member_rating(found.id, choice, person.id),
        chart=rating_chart(person.name, history_points(found.id, choice, person.id)),
        history=history,
        others=[other for other in members.members(found.id) if other.id != person.id],
        name_error=name_error,
        typed=person.name if typed is None else typed,
        merge_error=merge_error,
    )
