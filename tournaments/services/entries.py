"""Writes for the entries of a duplicate event: pairs entered (members or guests) with their
pair numbers, late pairs placed from the current round, withdrawals. The event's own writes
(setup, start, finish...) are in ``events``; its status changes in ``lifecycle``."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from clubs.models import Guest, Member
from clubs.services import guest_record
from tournaments.models import Entry, EntryStatus, Event, EventStatus, Result, Section
from tournaments.movements import change
from tournaments.movements.suggest import suggest

from . import seating
from .lifecycle import refuse_party
from .sections import movement_build


def _names(people) -> str:
    return " & ".join(p.full_name if isinstance(p, Member) else p.name for p in people)


@transaction.atomic
def entry_add(*, event: Event, members=(), guests=(), section: Section | None = None,
              label: str | None = None, movement: dict | None = None) -> Entry:
    """Enter a pair (members by id or instance, guests by name) and give it the first free
    pair number of the movement; an individual's entry is one player, its label the movement's
    player number. A late pair joins from the current round: in an empty or
    withdrawn place, or the phantom's place of a half-table movement (its opponents' earlier
    rounds stay sit-outs); ``movement`` switches the section to a larger movement first."""
    refuse_party(event, "enter pairs", use=f"register its players: the party page's Register, or "
                                            f"POST …/events/{event.pk}/players/ in the API")
    if event.is_teams:
        from cardroom.errors import Conflict

        raise Conflict(f"{event.name} is a teams event: enter teams (the event page's Teams, or "
                       f"POST …/events/{event.pk}/teams/ in the API), each with its players.")
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
    wanted = 1 if event.is_individual else 2
    if len(people) != wanted:
        raise ValidationError({"members": [
            "An individual's entry is one player: give one member or one guest." if event.is_individual
            else "A pair is two players: give two members, two guests or one of each."]})
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
            raise ValidationError({"label": [f"{'Player' if event.is_individual else 'Pair'} number {label} is "
                                             "not free in this movement."]})
        return label
    place = seating.late_place(section, arrives)
    if place is None:
        pairs = section.entries.filter(status=EntryStatus.ACTIVE).count() + 1
        if event.is_individual:
            raise ValidationError({"movement": [
                f"The movement is full: every player number is taken. Choose an individual movement for {pairs} "
                "players (individual by players, or a rainbow by tables)."]})
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
    current one unless a result of it is in) its opponents (an individual: the other three at
    its table) sit out."""
    if entry.team_id is not None:
        from cardroom.errors import Conflict

        raise Conflict(f"Pair {entry.label} is a team's pair: withdraw the team (DELETE …/events/{entry.event_id}/"
                       f"teams/{entry.team_id}/ in the API), not one of its pairs.")
    if entry.status != EntryStatus.WITHDRAWN:
        current = entry.event.current_round
        played = Result.objects.filter(Q(ns=entry) | Q(ew=entry) | Q(south=entry) | Q(west=entry))
        started = played.filter(round__gte=max(1, current)).exists()
        last = max(current, *played.values_list("round", flat=True)) if started else max(0, current - 1)
        Entry.objects.filter(pk=entry.pk, status=EntryStatus.ACTIVE).update(
            status=EntryStatus.WITHDRAWN, withdrawn_after_round=last)
        entry.refresh_from_db()
        seating.section_reseat(section=entry.section)
    return entry

