"""Writes for movement changes during the evening: a late pair seated in a phantom's or a
withdrawn pair's place, a withdrawal, a table added or another movement chosen.

A section stores the movement as played (``section.schedule``: tables whose pair number nobody
holds that round are sit-outs) and, once that differs, the movement as planned
(``section.planned_schedule()``).
The pure rules are in ``tournaments.movements.change``; this module reads rows, calls them and
writes the movement, the entries' pair numbers and the results' rounds and tables.
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F

from tournaments.models import Entry, EntryStatus, Event, EventStatus, Result, Section
from tournaments.movements import change
from tournaments.movements.model import Movement
from tournaments.movements.registry import MovementRequestError, generate
from tournaments.movements.validate import MovementError

GENERATED = ("mitchell", "skip-mitchell", "relay-mitchell", "howell")


def planned_movement(section: Section) -> Movement:
    """The movement as chosen, before late arrivals and withdrawals turned places into sit-outs."""
    return section.planned_schedule()


def windows(section: Section) -> dict[str, list[tuple[int, int | None]]]:
    """Pair number -> (first round, last round or None) of each entry that held it."""
    out: dict[str, list[tuple[int, int | None]]] = {}
    for e in section.entries.all():
        last = e.withdrawn_after_round if e.status == EntryStatus.WITHDRAWN else None
        out.setdefault(e.label, []).append((max(1, e.joined_round), last if last is None else int(last)))
    return out


def _store(section: Section, planned: Movement) -> Section:
    """Write the planned movement and the movement as played for the entries as they are."""
    played = change.seated(planned, windows(section))
    section.movement = played.stored(planned)
    section.save(update_fields=["movement"])
    return section


def section_reseat(*, section: Section) -> Section:
    """Recompute the movement as played after an entry joined or withdrew."""
    return _store(section, planned_movement(section))


def late_place(section: Section, round_number: int) -> str | None:
    """A pair number a pair arriving in ``round_number`` can take: an empty or withdrawn place,
    else the phantom's place of a half-table movement (the movement is then the full one)."""
    planned = planned_movement(section)
    free = change.free_from(windows(section), planned.entrants, round_number)
    if free:
        return free[0]
    if planned.kind not in GENERATED or planned.is_individual:
        return None
    try:
        bigger = generate(planned.kind, pairs=len(planned.entrants) + 1,
                          boards_per_round=planned.boards_per_round, rounds=planned.rounds)
    except (MovementRequestError, MovementError, ValueError):
        return None
    label = change.phantom_place(planned, bigger)
    if label is None:
        return None
    _store(section, bigger)
    return label


def _played(section: Section) -> list[change.Played]:
    return [change.Played(id=r.pk, board=r.board, ns=r.ns.label, ew=r.ew.label, round=r.round, table=r.table)
            for r in Result.objects.filter(section=section).select_related("ns", "ew")]


def movement_preview(*, section: Section, movement: Movement) -> change.Preview:
    """What choosing ``movement`` would do to the section: pair numbers and every result's place."""
    entered = [e.label for e in section.entries.all()]
    try:
        labels = change.relabel(entered, movement)
    except change.ChangeRefused as exc:
        raise ValidationError({"movement": [str(exc)]}) from None
    return change.preview(planned_movement(section), movement, _played(section), labels,
                          current_round=max(1, section.event.current_round))


@transaction.atomic
def section_change_movement(*, section: Section, movement: Movement) -> change.Preview:
    """Switch the section to ``movement`` keeping every result (same board, same pairs, now at
    the new movement's round and table); refused, naming them, if a result does not fit."""
    event = section.event
    if event.is_teams:
        from cardroom.errors import Conflict

        raise Conflict("A teams event's movement is its rounds as drawn: draw, re-draw or swap a round "
                       f"(…/events/{event.pk}/rounds/{{n}}/draw/) instead.")
    if event.status in (EventStatus.FINISHED, EventStatus.PUBLISHED):
        raise ValidationError({"movement": ["The event is over: the movement can no longer change."]})
    if movement.is_individual != event.is_individual:
        raise ValidationError({"movement": ["An individual needs an individual movement." if event.is_individual
                                            else "A pairs event needs a pairs movement."]})
    if event.is_individual and event.results.filter(section=section).exists():
        from cardroom.errors import Conflict

        raise Conflict("An individual's movement cannot change once results are in: each result names its "
                       "four players' seats in this movement.")
    section = Section.objects.select_for_update().get(pk=section.pk)
    Event.objects.select_for_update(no_key=True).filter(pk=event.pk).values_list("pk").first()
    result = movement_preview(section=section, movement=movement)
    if not result.ok:
        raise ValidationError({"movement": [
            f"The new movement does not schedule these results: {result.conflict_text()}. "
            "Keep the movement or correct those results first."]})
    renamed = {old: new for old, new in result.labels.items() if old != new}
    if renamed:
        entries = list(section.entries.all())
        for e in entries:  # two steps: the active pair numbers stay unique at every moment
            Entry.objects.filter(pk=e.pk).update(label=f"~{e.pk}")
        for e in entries:
            Entry.objects.filter(pk=e.pk).update(label=result.labels.get(e.label, e.label))
    from tournaments.services.boards import boardset_extend

    boardset_extend(event=event, numbers=set(movement.board_numbers()))
    moved = [m for m in result.moves if m.moved]
    for m in moved:
        Result.objects.filter(pk=m.played.id).update(round=m.after[0], table=m.after[1])
    _store(section, result.new)
    if result.moves:
        Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
        from scoring.services import event_rescore_later

        event_rescore_later(event=event, force=True)
    return result
