"""Reads for events."""
from __future__ import annotations

import datetime

from django.db.models import QuerySet

from clubs.permissions import is_player, is_scorer

from .models import Event, EventStatus


def club_events_visible(*, club, user) -> QuerySet[Event]:
    """Events of the club the user may see: all for scorers and directors, else published ones
    (and, for the club's players, events under way)."""
    qs = Event.objects.filter(club=club)
    if is_scorer(user, club):
        return qs
    if is_player(user, club):
        return qs.exclude(status=EventStatus.DRAFT)
    return qs.filter(status=EventStatus.PUBLISHED)


def club_next_events(*, club, today: datetime.date | None = None, limit: int = 5) -> QuerySet[Event]:
    today = today or datetime.date.today()
    return (Event.objects.filter(club=club, date__gte=today)
            .exclude(status__in=[EventStatus.FINISHED, EventStatus.PUBLISHED]).order_by("date", "id")[:limit])


def club_latest_results(*, club, limit: int = 5) -> QuerySet[Event]:
    return Event.objects.filter(club=club, status=EventStatus.PUBLISHED).order_by("-date", "-id")[:limit]
