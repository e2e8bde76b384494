"""House rules as stored: a variant's options under a name, shared by a link (their id), held by a club
or by no one (anyone may save them, from a game's rules page).

A club's house rules are offered first when a game starts at one of its tables, and a game's rules
page says which house rules it used (rules/club/house.py decides). Anyone with the link reads them
and starts a game with them; a phone that keeps the club takes them into it or out of it.

Refusals (RuleViolation codes): house_rules_name_missing, house_rules_name_unseen(character),
house_rules_name_too_long(start, most), the variant's and its options' own refusals
(UnknownVariant, InvalidOption), house_rules_not_found, club_too_many_house_rules(most).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update

from .. import database
from ..database import new_game_id, utcnow
from ..groups.access import clean_table_name
from ..rules import RuleViolation, Table, Text, get_variant
from ..rules.club.house import house_options, uses_house_rules, verify_house_options
from ..rules.options import OptionValue
from .access import changed
from .models import HouseRulesRecord

_RULES = HouseRulesRecord.__table__
# A club's house rules are a short list to choose a game from.
MOST_PER_CLUB = 30
_COLUMNS = (
    _RULES.c.id,
    _RULES.c.name,
    _RULES.c.variant,
    _RULES.c.options,
    _RULES.c.club_id,
    _RULES.c.created_at,
)


@dataclass(frozen=True, kw_only=True)
class HouseRules:
    """House rules: their id (the link), name, variant code, the options they set (away from the
    defaults), the club that holds them (None: by link alone) and when they were saved."""

    id: str
    name: str
    variant: str
    options: Mapping[str, OptionValue]
    club_id: str | None
    created_at: datetime

    def used_by(self, table: Table) -> bool:
        """Whether a game's table plays exactly these house rules."""
        return uses_house_rules(table, self.variant, self.options)


def house_rules_name(name: object) -> str:
    """The name as stored, checked as a table's name is; refused with the house rules' codes."""
    try:
        return clean_table_name(name)
    except RuleViolation as refused:
        code = refused.code.replace("table_name", "house_rules_name")
        raise RuleViolation.from_text(Text(code, **refused.params), field="name") from None


def save_from_game(name: object, table: Table, *, club_id: str | None = None) -> HouseRules:
    """Save a game's options (those away from the defaults) as house rules called ``name``, held by
    the club ``club_id`` if given (the caller checks the phone keeps it)."""
    return save(name, table.variant.code, house_options(table), club_id=club_id)


def save(
    name: object, variant: str, options: Mapping[str, object], *, club_id: str | None = None
) -> HouseRules:
    """Save house rules, checked by the engine (a variant it knows, options it takes at some table
    size); refused, nothing is stored."""
    cleaned = house_rules_name(name)
    declared = get_variant(variant)
    checked = verify_house_options(declared, options)
    rules = HouseRules(
        id=new_game_id(),
        name=cleaned,
        variant=declared.code,
        options=checked,
        club_id=club_id,
        created_at=utcnow(),
    )
    with database.transaction() as connection:
        if club_id is not None:
            _refuse_full(connection, club_id)
            changed(connection, club_id)
        connection.execute(insert(_RULES), {**vars(rules), "options": dict(checked)})
    return rules


def find(rules_id: str) -> HouseRules | None:
    """The house rules of this link, if any."""
    if len(rules_id) > 32 or not rules_id.isascii() or not rules_id.isalnum():
        return None
    row = database.connection().execute(select(*_COLUMNS).where(_RULES.c.id == rules_id)).first()
    return None if row is None else _rules(row)


def of_club(club_id: str) -> list[HouseRules]:
    """The club's house rules, by name."""
    rows = database.connection().execute(
        select(*_COLUMNS).where(_RULES.c.club_id == club_id).order_by(_RULES.c.name, _RULES.c.id)
    )
    return [_rules(row) for row in rows]


def hold(rules_id: str, club_id: str | None) -> None:
    """The club ``club_id`` holds the house rules from now on (None: no club; they stay by link)."""
    with database.transaction() as connection:
        before = connection.execute(select(_RULES.c.club_id).where(_RULES.c.id == rules_id)).first()
        if before is None:
            raise RuleViolation("house_rules_not_found", field="house_rules")
        if before.club_id == club_id:
            return
        if club_id is not None:
            _refuse_full(connection, club_id)
            changed(connection, club_id)
        if before.club_id is not None:
            changed(connection, before.club_id)
        connection.execute(update(_RULES).where(_RULES.c.id == rules_id).values(club_id=club_id))


def used_by(table: Table, club_id: str | None, also: list[str]) -> list[HouseRules]:
    """The house rules a game's table played: of the game's club (``club_id``), and the house rules
    of ``also`` (ids this phone saved or opened)."""
    candidates = of_club(club_id) if club_id else []
    seen = {rules.id for rules in candidates}
    candidates += [found for rules_id in also if rules_id not in seen and (found := find(rules_id))]
    return [rules for rules in candidates if rules.used_by(table)]


def export_part(club_id: str) -> dict[str, Any]:
    """The club file's ``house_rules`` part (none when the club has none): each one's name, variant
    and options."""
    found = [
        {"name": rules.name, "variant": rules.variant, "options": dict(rules.options)}
        for rules in of_club(club_id)
    ]
    return {"house_rules": found} if found else {}


def read_part(data: object) -> list[tuple[str, str, dict[str, OptionValue]]]:
    """A club file's house rules, each checked as saved ones are: (name, variant, options)."""
    if data is None:
        return []
    if (
        not isinstance(data, list)
        or len(data) > MOST_PER_CLUB
        or not all(isinstance(item, dict) for item in data)
    ):
        raise RuleViolation("club_file_shape", field="file", part="house_rules")
    found = []
    for item in data:
        options = item.get("options", {})
        if not isinstance(options, dict) or not isinstance(item.get("variant"), str):
            raise RuleViolation("club_file_shape", field="file", part="house_rules")
        variant = get_variant(item["variant"])
        found.append(
            (house_rules_name(item.get("name")), variant.code, verify_house_options(variant, options))
        )
    return found


def store_part(connection: Any, club_id: str, items: list[tuple[str, str, dict[str, OptionValue]]]) -> None:
    """In the import's transaction: the file's house rules, held by the new club."""
    now = utcnow()
    rows = [
        {
            "id": new_game_id(),
            "name": name,
            "variant": variant,
            "options": options,
            "club_id": club_id,
            "created_at": now,
        }
        for name, variant, options in items
    ]
    if rows:
        connection.execute(insert(_RULES), rows)


def _refuse_full(connection: Any, club_id: str) -> None:
    count = connection.execute(select(func.count()).where(_RULES.c.club_id == club_id)).scalar_one()
    if count >= MOST_PER_CLUB:
        raise RuleViolation("club_too_many_house_rules", field="club", most=MOST_PER_CLUB)


def _rules(row: Any) -> HouseRules:
    created = row.created_at
    return HouseRules(
        id=row.id,
        name=row.name,
        variant=row.variant,
        options=dict(row.options),
        club_id=row.club_id,
        created_at=created,
    )
