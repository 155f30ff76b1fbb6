"""Reads for events."""
from __future__ import annotations

import datetime

from django.db.models import QuerySet

from .models import Event, EventStatus
from .visibility import events_visible


def club_events_visible(*, club, user) -> QuerySet[Event]:
    """Events of the club the user may open (the rule lives in ``tournaments.visibility``):
    all for scorers and directors, published ones for everyone, the rest once under way for
    the club's members and the event's players."""
    return events_visible(club=club, user=user)


def club_next_events(*, club, today: datetime.date | None = None, limit: int = 5) -> QuerySet[Event]:
    today = today or datetime.date.today()
    return (Event.objects.filter(club=club, date__gte=today)
            .exclude(status__in=[EventStatus.FINISHED, EventStatus.PUBLISHED]).order_by("date", "id")[:limit])


def club_latest_results(*, club, limit: int = 5) -> QuerySet[Event]:
    return Event.objects.filter(club=club, status=EventStatus.PUBLISHED).order_by("-date", "-id")[:limit]
