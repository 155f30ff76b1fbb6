"""The club rating's writers: published pair standings in, ``Rating`` and ``RatingChange`` rows
out (the rule: ``scoring.engine.rating``).

After an event is published (or corrected), ``event_rate`` adds it incrementally when it is
the club's latest rated event; otherwise (a correction, an unpublish, an older event published
late) it rebuilds the club's rating from scratch with ``club_rating_rebuild``: both give the
same figures, since the rule is a fold over the events in date order.

Only matchpointed pair standings feed it (a percentage per pair). IMP, teams and individual
standings do not: the NGS converts them by rules of their own (not done here). Guests are not
rated; they count at the starting rating in their opponents' par.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q

from clubs.models import Club
from tournaments.models import Event, EventStatus

from .engine.rating import Grade, PairScore, RatedSession, RatingRules, session_changes
from .models import RatedEvent, Rating, RatingChange, Standing

RATING_RULES = RatingRules()


def rated_sessions(event_ids: Iterable[int]) -> dict[int, list[RatedSession]]:
    """Each event's fields (section, or direction of a two-winner section) as the engine's
    sessions: pairs with a percentage, their members (a guest is None)."""
    fields: dict[tuple, list[PairScore]] = defaultdict(list)
    dates = {}
    rows = (Standing.objects.filter(event_id__in=list(event_ids), percentage__isnull=False, boards__gt=0)
            .order_by("event_id", "section_id", "field", "position")
            .values_list("event_id", "event__date", "section_id", "field", "percentage", "boards",
                         "entry__member_a_id", "entry__member_b_id"))
    for event_id, date, section_id, field, percentage, boards, a, b in rows:
        fields[(event_id, section_id, field)].append(PairScore((a, b), percentage, boards))
        dates[event_id] = date
    out: dict[int, list[RatedSession]] = defaultdict(list)
    for key, pairs in fields.items():
        out[key[0]].append(RatedSession(key, dates[key[0]], tuple(pairs)))
    return out


def _apply(grades: dict[int, Grade], event_id: int, sessions: list[RatedSession]) -> list[RatingChange]:
    changes = []
    for session in sessions:
        for c in session_changes(grades, session, RATING_RULES):
            changes.append(RatingChange(member_id=c.player, event_id=event_id, date=session.date,
                                        before=round(c.before, 4), after=round(c.after.value, 4), par=c.par,
                                        percentage=c.percentage, boards=c.boards))
            grades[c.player] = c.after
    return changes


def _rating_row(club: Club, member_id: int, g: Grade) -> Rating:
    return Rating(club=club, member_id=member_id, value=round(g.value, 4), weight=round(g.weight, 4),
                  boards=g.boards, sessions=g.sessions, date=g.date)


def _lock(club: Club) -> None:
    """Rating writers of one club queue on its row."""
    Club.objects.select_for_update().filter(pk=club.pk).values_list("pk").first()


@transaction.atomic
def club_rating_rebuild(*, club: Club) -> int:
    """Rate every published event of the club from scratch, in date order; returns the events rated."""
    _lock(club)
    events = list(Event.objects.filter(club=club, status=EventStatus.PUBLISHED).order_by("date", "pk")
                  .values_list("pk", "date", "results_version"))
    sessions = rated_sessions(pk for pk, _, _ in events)
    grades: dict[int, Grade] = {}
    changes: list[RatingChange] = []
    for pk, _date, _version in events:
        changes += _apply(grades, pk, sessions.get(pk, []))
    RatingChange.objects.filter(member__club=club).delete()
    Rating.objects.filter(club=club).delete()
    RatedEvent.objects.filter(club=club).delete()
    RatingChange.objects.bulk_create(changes, batch_size=5000)
    Rating.objects.bulk_create([_rating_row(club, m, g) for m, g in grades.items()], batch_size=5000)
    RatedEvent.objects.bulk_create([RatedEvent(club=club, event_id=pk, date=date, version=version)
                                    for pk, date, version in events], batch_size=5000)
    return len(events)


def event_rate(*, event_id: int) -> str:
    """Bring the club rating up to date with one event: ``"added"`` (the latest event, rated
    incrementally), ``"rebuilt"`` (a correction, an unpublish, an older event), ``"unchanged"``."""
    event = Event.all_objects.filter(pk=event_id).select_related("club").first()
    if event is None:
        return "unchanged"
    with transaction.atomic():
        _lock(event.club)
        rated = RatedEvent.objects.filter(event_id=event_id).first()
        live = event.deleted_at is None and event.status == EventStatus.PUBLISHED
        if not live:
            if rated is None:
                return "unchanged"
            club_rating_rebuild(club=event.club)
            return "rebuilt"
        if rated is not None and rated.version == event.results_version:
            return "unchanged"
        later = RatedEvent.objects.filter(club=event.club).filter(
            Q(date__gt=event.date) | Q(date=event.date, event_id__gt=event.pk)).exists()
        if rated is not None or later:
            club_rating_rebuild(club=event.club)
            return "rebuilt"
        _add(event)
        return "added"


def _add(event: Event) -> None:
    sessions = rated_sessions([event.pk]).get(event.pk, [])
    members = {p for s in sessions for pair in s.pairs for p in pair.players if p is not None}
    grades = {r.member_id: Grade(r.value, r.weight, r.boards, r.sessions, r.date)
              for r in Rating.objects.filter(member_id__in=members)}
    changes = _apply(grades, event.pk, sessions)
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_create([_rating_row(event.club, m, grades[m]) for m in members], update_conflicts=True,
                               unique_fields=["member"],
                               update_fields=["value", "weight", "boards", "sessions", "date"])
    RatedEvent.objects.create(club=event.club, event=event, date=event.date, version=event.results_version)
