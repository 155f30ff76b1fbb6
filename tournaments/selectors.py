"""Reads for events."""
from __future__ import annotations

import datetime

from django.db.models import Q, QuerySet
from django.urls import reverse

from .models import PARTY_GAMES, PATIENCE_GAMES, Event, EventStatus
from .visibility import events_visible


def club_events_visible(*, club, user) -> QuerySet[Event]:
    """Events of the club the user may open (the rule lives in ``tournaments.visibility``):
    all for scorers and directors, published ones for everyone, the rest once under way for
    the club's members and the event's players."""
    return events_visible(club=club, user=user)


def club_next_events(*, club, today: datetime.date | None = None, limit: int = 10) -> QuerySet[Event]:
    today = today or datetime.date.today()
    return (Event.objects.filter(club=club, date__gte=today)
            .exclude(status__in=[EventStatus.FINISHED, EventStatus.PUBLISHED]).order_by("date", "id")[:limit])


def _results_out() -> Q:
    """Published events, and finished parties (a party's standings are public once it starts)."""
    return Q(status=EventStatus.PUBLISHED) | Q(status=EventStatus.FINISHED, game__in=PARTY_GAMES + PATIENCE_GAMES)


def club_latest_results(*, club, limit: int = 5) -> QuerySet[Event]:
    return Event.objects.filter(_results_out(), club=club).order_by("-date", "-id")[:limit]


# The club's events page groups every event and party by its state, in this order.
EVENT_STATES = {
    "playing": ("In play", (EventStatus.PLAYING,)),
    "upcoming": ("Upcoming", (EventStatus.DRAFT,)),
    "finished": ("Finished", (EventStatus.FINISHED,)),
    "published": ("Published", (EventStatus.PUBLISHED,)),
}


def club_events_in_state(*, club, state: str) -> QuerySet[Event]:
    """One group of the club's events page: upcoming ones soonest first, the rest newest first."""
    qs = Event.objects.filter(club=club, status__in=EVENT_STATES[state][1])
    return qs.order_by("date", "id") if state == "upcoming" else qs.order_by("-date", "-id")


def event_link(event: Event, *, visible_ids: set[int], director: bool) -> str | None:
    """Where a listed event leads this viewer, or None when it is only listed: a party's
    standings once it has started (public, as on the tables' phones), else the event page
    when the viewer may open it."""
    if event.is_patience:
        if director:
            return reverse("patience-home", kwargs={"slug": event.club.slug, "pk": event.pk})
        if event.status != EventStatus.DRAFT:
            return reverse("patience-standings", kwargs={"slug": event.club.slug, "pk": event.pk})
        return None
    if event.is_progressive:
        if director:
            return reverse("party-home", kwargs={"slug": event.club.slug, "pk": event.pk})
        if event.status != EventStatus.DRAFT:
            return reverse("party-standings", kwargs={"slug": event.club.slug, "pk": event.pk})
        return None
    return event.get_absolute_url() if event.pk in visible_ids else None
