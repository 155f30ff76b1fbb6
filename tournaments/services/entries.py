"""Writes for setting up a duplicate event: sections with their movements, entries, start,
finish and publish. Movements come from ``tournaments.movements`` (generated or imported)."""
from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from clubs.models import Guest, Member
from clubs.services import guest_record
from cardroom import limits
from cardroom.inputs import is_whole
from tournaments.models import Entry, EntryStatus, Event, EventStatus, Result, Section
from tournaments.movements import change
from tournaments.movements.model import Movement, MovementFormatError
from tournaments.movements.registry import MovementRequestError, bounded, generate
from tournaments.movements.suggest import suggest
from tournaments.movements.validate import MovementError, check

from . import seating
from .lifecycle import event_transition, finish_check


def movement_build(spec: dict) -> Movement:
    """A validated movement from ``{"kind", "tables"|"pairs", "boards_per_round"?, "rounds"?}``
    or an imported movement JSON (``{"rounds_detail": [...]}``); errors name the field."""
    if not isinstance(spec, dict):
        raise ValidationError({"movement": ["Give an object with kind and tables or pairs."]})
    try:
        if "rounds_detail" in spec:
            return check(bounded(Movement.from_dict(spec)))
        options = {}
        for key in ("tables", "pairs", "boards_per_round", "rounds"):
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
def event_setup(*, club, name, date, game, scoring, created_by=None, rules: str = "",
                movement: dict | None = None, sections: list[dict] | None = None,
                deal_seed: str | None = None) -> Event:
    """Create a duplicate event with its sections; ``movement`` is the single section A's."""
    fields = {"club": club, "name": name, "date": date, "game": game, "scoring": scoring,
              "created_by": created_by, "rules": rules or ""}
    if deal_seed:
        fields["deal_seed"] = deal_seed
    event = Event(**fields)
    event.full_clean()
    event.save()
    specs = sections if sections else ([{"name": "A", "movement": movement}] if movement else [])
    if len(specs) > limits.MAX_SECTIONS:
        raise ValidationError({"sections": [f"An event has at most {limits.MAX_SECTIONS} sections (limit), "
                                            f"not {len(specs)}."]})
    for position, spec in enumerate(specs, start=1):
        section_add(event=event, name=str(spec.get("name") or chr(64 + position)),
                    movement=movement_build(spec.get("movement") or {}), position=position)
    return event


@transaction.atomic
def section_add(*, event: Event, name: str, movement: Movement, position: int = 1) -> Section:
    """A section named by letters and digits (it appears in URLs: ``table/A/3/``)."""
    if not SECTION_NAME.match(name):
        raise ValidationError({"name": [f"A section name is 1 to 8 letters or digits, not {name!r}."]})
    section = Section(event=event, name=name, movement=movement.to_dict() | {"shared": movement.shared},
                      position=position)
    section.full_clean()
    section.save()
    return section


def section_movement(section: Section) -> Movement:
    return Movement.from_dict(section.movement)


def _names(people) -> str:
    return " & ".join(p.full_name if isinstance(p, Member) else p.name for p in people)


@transaction.atomic
def entry_add(*, event: Event, members=(), guests=(), section: Section | None = None,
              label: str | None = None, movement: dict | None = None) -> Entry:
    """Enter a pair (members by id or instance, guests by name) and give it the first free
    pair number of the movement. A late pair joins from the current round: in an empty or
    withdrawn place, or the phantom's place of a half-table movement (its opponents' earlier
    rounds stay sit-outs); ``movement`` switches the section to a larger movement first."""
    if event.status in (EventStatus.FINISHED, EventStatus.PUBLISHED):
        raise ValidationError({"event": ["The event is over."]})
    section = section or event.sections.order_by("position").first()
    if section is None:
        raise ValidationError({"movement": ["The event has no movement yet."]})
    people: list = []
    for m in members:
        member = m if isinstance(m, Member) else Member.objects.filter(club=event.club, pk=_int(m, "members")).first()
        if member is None:
            raise ValidationError({"members": [f"No member {m} in this club."]})
        people.append(member)
    for g in guests:
        if isinstance(g, Guest):
            people.append(g)
        elif not str(g).strip():
            raise ValidationError({"guests": ["A guest needs a name."]})
        else:
            people.append(guest_record(club=event.club, name=str(g).strip()))
    if len(people) != 2:
        raise ValidationError({"members": ["A pair is two players: give two members, two guests or one of each."]})
    Section.objects.select_for_update().filter(pk=section.pk).first()  # one label at a time
    active = Entry.objects.filter(section=section, status=EntryStatus.ACTIVE)
    for p in people:
        clash = active.filter(Q(member_a=p) | Q(member_b=p)) if isinstance(p, Member) else \
            active.filter(Q(guest_a=p) | Q(guest_b=p))
        if clash.exists():
            raise ValidationError({"members": [f"{_names([p])} is already entered."]})
    arrives = max(1, event.current_round)
    label = _place(event, section, arrives, label, movement)
    mem = [p for p in people if isinstance(p, Member)]
    gst = [p for p in people if isinstance(p, Guest)]
    entry = Entry(event=event, section=section, label=label, names=_names(people),
                  member_a=mem[0] if mem else None, member_b=mem[1] if len(mem) > 1 else None,
                  guest_a=gst[0] if gst else None, guest_b=gst[1] if len(gst) > 1 else None,
                  joined_round=arrives)
    entry.full_clean()
    entry.save()
    seating.section_reseat(section=section)
    return entry


def _place(event: Event, section: Section, arrives: int, label: str | None, movement: dict | None) -> str:
    """The pair number for a pair arriving in round ``arrives``: the one asked for if free, else
    the first free place or the phantom's; with ``movement`` the section first switches to it."""
    if movement:
        seating.section_change_movement(section=section, movement=movement_build(movement))
        section.refresh_from_db()
    free = change.free_from(seating.windows(section), seating.planned_movement(section).entrants, arrives)
    if label is not None:
        if label not in free:
            raise ValidationError({"label": [f"Pair number {label} is not free in this movement."]})
        return label
    place = seating.late_place(section, arrives)
    if place is None:
        pairs = section.entries.filter(status=EntryStatus.ACTIVE).count() + 1
        offers = ", ".join(f"{s.kind} ({s.tables} tables, {s.rounds} rounds of {s.boards_per_round})"
                           for s in suggest(pairs=pairs)[:4])
        raise ValidationError({"movement": [
            f"The movement is full and has no sit-out place: choose a movement for {pairs} pairs"
            + (f", e.g. {offers}." if offers else ".")]})
    section.refresh_from_db()
    return place


def _int(value, field: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValidationError({field: [f"{value!r} is not an id."]}) from None


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    """An early leaver: kept with its results; from the next round it has not started (the
    current one unless a result of it is in) its opponents sit out."""
    if entry.status != EntryStatus.WITHDRAWN:
        current = entry.event.current_round
        started = Result.objects.filter(Q(ns=entry) | Q(ew=entry), round__gte=max(1, current)).exists()
        last = max(current, *Result.objects.filter(Q(ns=entry) | Q(ew=entry)).values_list("round", flat=True)) \
            if started else max(0, current - 1)
        Entry.objects.filter(pk=entry.pk, status=EntryStatus.ACTIVE).update(
            status=EntryStatus.WITHDRAWN, withdrawn_after_round=last)
        entry.refresh_from_db()
        seating.section_reseat(section=entry.section)
    return entry


@transaction.atomic
def event_start(*, event: Event, user=None) -> Event:
    """Seat the pairs by the movement, attach the boards dealt from the seed, open round 1."""
    sections = list(event.sections.all())
    if not sections:
        raise ValidationError({"movement": ["Choose a movement before starting."]})
    if not Entry.objects.filter(event=event, status=EntryStatus.ACTIVE).exists():
        raise ValidationError({"entries": ["Enter the pairs before starting."]})
    if event.status in (EventStatus.DRAFT, EventStatus.SEATED):
        from .play import event_attach_boards

        event_attach_boards(event=event)
        event = event_transition(event=event, to=EventStatus.PLAYING, user=user)
        Event.objects.filter(pk=event.pk, current_round=0).update(current_round=1)
        event.refresh_from_db()
    elif event.status != EventStatus.PLAYING:
        raise ValidationError({"status": [f"The event is {event.get_status_display().lower()}: it has been "
                                          "played (a director may reopen a finished event)."]})
    return event


@transaction.atomic
def event_set_round(*, event: Event, round_number: int) -> Event:
    rounds = max((len(s.movement.get("rounds_detail", [])) for s in event.sections.all()), default=0)
    if not 1 <= round_number <= rounds:
        raise ValidationError({"round": [f"Rounds run from 1 to {rounds}."]})
    Event.objects.filter(pk=event.pk).update(current_round=round_number)
    event.refresh_from_db()
    return event


@transaction.atomic
def event_finish(*, event: Event, user=None, confirm: bool = False, reason: str = "") -> Event:
    """Lock the event: no more results from tables; a last full rescore fixes the standings.
    With results missing or unconfirmed, the director must confirm (``FinishUnconfirmed``)."""
    from scoring.services import standings_require_current

    standings_require_current(event=event)
    finish_check(event=event, confirm=confirm)
    event = event_transition(event=event, to=EventStatus.FINISHED, user=user, reason=reason)
    from scoring.services import event_rescore_later

    event_rescore_later(event=event, force=True)
    return event


@transaction.atomic
def event_publish(*, event: Event, user=None, reason: str = "") -> Event:
    """Make the results public; the club's correction period starts now."""
    from scoring.services import standings_require_current

    standings_require_current(event=event)
    return event_transition(event=event, to=EventStatus.PUBLISHED, user=user, reason=reason)
