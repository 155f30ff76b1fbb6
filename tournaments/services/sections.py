"""Writes for an event's sections: a section with its movement (generated from a request or
imported as movement JSON, validated by ``tournaments.movements``); a change of movement during
the evening, results keeping their place, is ``seating.section_change_movement``."""
from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import transaction

from cardroom.inputs import is_whole
from tournaments.models import Event, Section
from tournaments.movements.model import Movement, MovementFormatError, is_movement_data
from tournaments.movements.registry import MovementRequestError, bounded, generate
from tournaments.movements.validate import MovementError, check


def movement_build(spec: dict) -> Movement:
    """A validated movement from ``{"kind", "tables"|"pairs"|"players", "boards_per_round"?,
    "rounds"?}`` (players: the individual kinds) or an imported movement JSON (rounds and tables
    listed); errors name the field."""
    if not isinstance(spec, dict):
        raise ValidationError({"movement": ["Give an object with kind and tables or pairs."]})
    try:
        if is_movement_data(spec):
            return check(bounded(Movement.from_dict(spec)))
        options = {}
        for key in ("tables", "pairs", "players", "boards_per_round", "rounds"):
            if spec.get(key) not in (None, ""):
                options[key] = whole_number(spec[key], key)
        return generate(str(spec.get("kind", "")), **options)
    except (MovementRequestError, MovementFormatError, MovementError, ValueError) as exc:
        if isinstance(exc, ValidationError):
            raise
        raise ValidationError({"movement": [str(exc)]}) from None


def whole_number(value, field: str) -> int:
    """``3`` or ``"3"``, not ``3.5``, ``True`` or ``"abc"``: a ValidationError names the field."""
    text = str(value).strip()
    if isinstance(value, bool) or not is_whole(text, signed=True):
        raise ValidationError({"movement": [f"{field} must be a whole number, not {value!r}."]})
    return int(text)


SECTION_NAME = re.compile(r"^[A-Za-z0-9]{1,8}$")


@transaction.atomic
def section_add(*, event: Event, name: str, movement: Movement, position: int = 1) -> Section:
    """A section named by letters and digits (it appears in URLs: ``table/A/3/``)."""
    if not SECTION_NAME.match(name):
        raise ValidationError({"name": [f"A section name is 1 to 8 letters or digits, not {name!r}."]})
    from .simultaneous import heat_boards_check

    heat_boards_check(event=event, numbers=movement.board_numbers())
    section = Section(event=event, name=name, movement=movement.stored(), position=position)
    section.full_clean()
    section.save()
    return section
