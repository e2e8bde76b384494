"""The new-game form, built from a variant's declaration: no option is restated here."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional

from ... import words
from ...rules import OptionSpec, Variant
from ...rules.table import NAME_MAX_LENGTH
from ...words._core import N_

DRAW = "draw"
AUTO = ""


class NewGameForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """Players in seat order, the first dealer (or a draw), and the variant's options."""

    players = FieldList(
        StringField("Name", validators=[Optional(), Length(max=NAME_MAX_LENGTH)]),
        # The list's label names it in a refusal (web/games/pages.py): marked here, worded there.
        label=N_("Players"),
        min_entries=1,
    )
    first_dealer = RadioField("First dealer", default=DRAW, validate_choice=False)

    def filled_players(self) -> list[tuple[int, str]]:
        """(input slot, name) of every non-blank name, in seat order."""
        return [
            (slot, entry.data.strip())
            for slot, entry in enumerate(self.players)
            if (entry.data or "").strip()
        ]

    def option_fields(self) -> list[Field]:
        """The option fields, in declaration order."""
        return [field for field in self if field.name.startswith("option_")]

    def options_summary(self) -> list[str]:
        """The options as they stand, in words, for the folded options' summary: each option's label
        and its choice ("Scoring: Common (1 a trick, +10 if exact)", "Hook: on"), in declaration order.
        Labels and choices are the declaration's, as the fields show them."""
        return [words.labelled(field.label.text, _shown_value(field)) for field in self.option_fields()]

    def option_values(self) -> dict[str, Any]:
        """The options as the engine takes them (it checks them)."""
        return {
            field.name.removeprefix("option_"): None if field.data == AUTO else field.data
            for field in self.option_fields()
        }


def _shown_value(field: Field) -> str:
    """An option field's value as the form shows it: "on" or "off", or its choice's label."""
    if field.type == "BooleanField":
        return words.gettext("on") if field.data else words.gettext("off")
    current = "" if field.data is None else str(field.data)
    for value, label, *_ in field.iter_choices():
        if str(value) == current:
            return str(label)
    return current


def option_field(spec: OptionSpec, variant: Variant) -> Field:
    """A field for one option: a choice list, a switch, or a list of whole numbers."""
    default = spec.default_for(variant.min_players)
    label, help_text = words.declared(spec.label), words.declared(spec.help)
    if spec.kind == "bool":
        return BooleanField(label, default=bool(default), description=help_text)
    if spec.kind == "choice":
        choices = [SelectChoice(value, words.option_value(spec, value)) for value in spec.choices]
        return SelectField(label, choices=choices, default=default, description=help_text)
    low, high = _widest_bounds(spec, variant)
    choices = [SelectChoice(str(value)) for value in range(low, high + 1)]
    if _default_varies(spec, variant):
        # The right default depends on how many play: leave it to the engine.
        choices.insert(0, SelectChoice(AUTO, words.gettext("As the rules give for the table")))
        default = AUTO
    return SelectField(
        label,
        choices=choices,
        default=str(default),
        description=_int_help(spec, variant),
        validate_choice=False,
    )


def _widest_bounds(spec: OptionSpec, variant: Variant) -> tuple[int, int]:
    """The widest range any allowed table accepts; the engine narrows it to the real table."""
    lows, highs = [], []
    for players in range(variant.min_players, variant.max_players + 1):
        low, high = spec.bounds_for(players)
        lows.append(0 if low is None else low)
        highs.append(99 if high is None else high)
    return min(lows), max(highs)


def _default_varies(spec: OptionSpec, variant: Variant) -> bool:
    return len({spec.default_for(n) for n in range(variant.min_players, variant.max_players + 1)}) > 1


def _int_help(spec: OptionSpec, variant: Variant) -> str:
    """The option's help in the reader's language, with its default at each size of table where that
    default depends on how many play."""
    help_text = words.declared(spec.help)
    if not _default_varies(spec, variant):
        return help_text
    by_table = ", ".join(
        words.gettext("%(value)s for %(players)s") % {"value": spec.default_for(n), "players": n}
        for n in range(variant.min_players, variant.max_players + 1)
    )
    return words.gettext("%(help)s Default, by the number of players: %(defaults)s.") % {
        "help": help_text,
        "defaults": by_table,
    }


def new_game_form(variant: Variant, **kwargs: Any) -> NewGameForm:
    """A NewGameForm with one field per declared option and a slot per possible player."""

    class VariantGameForm(NewGameForm):
        pass

    for spec in variant.options:
        setattr(VariantGameForm, f"option_{spec.name}", option_field(spec, variant))
    form = VariantGameForm(**kwargs)
    while len(form.players) < variant.max_players:
        form.players.append_entry()
    return form
