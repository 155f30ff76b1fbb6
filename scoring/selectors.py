"""Reads about scoring: whether an event's stored standings reflect its latest results."""
from __future__ import annotations

from django.core.exceptions import ValidationError

from tournaments.models import Event

from .models import EventScoring


class StandingsBehind(ValidationError):
    """Finish or publish refused: the standings do not yet reflect every result (HTTP 400)."""

    def __init__(self, message: str):
        super().__init__({"standings": [message]})


def standings_health(event: Event) -> dict:
    """``current`` when the stored standings include every confirmed result; otherwise
    ``message`` says "standings are out of date: ..." with the recorded scoring error, if any."""
    results_version = Event.objects.filter(pk=event.pk).values_list("results_version", flat=True).first() or 0
    state = EventScoring.objects.filter(event_id=event.pk).first()
    version = state.version if state and state.runs else 0
    behind = results_version > version
    error = state.error if state else ""
    message = ""
    if behind:
        why = error or f"the latest results are still being scored (version {version} of {results_version})"
        message = f"standings are out of date: {why}"
    return {"current": not behind, "version": version, "results_version": results_version,
            "error": error if behind else "", "failed_at": state.failed_at if state and behind else None,
            "message": message}
