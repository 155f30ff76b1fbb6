"""One lifecycle for every kind of event: a table of allowed status changes, each a
compare-and-set update (a no-op when the event is already there) kept in an audit trail
(``EventChange``: who, when, from, to, why). Finishing with results missing needs a
confirmation; after publishing, the club's correction period keeps results provisional.

The director's actions that call it, for every game, are in ``events`` (start, round, finish,
publish, reopen, unpublish); a party's own rules (its rounds) call it from ``party.rounds``."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cardroom.errors import Conflict
from tournaments.models import Event, EventChange, EventStatus

S = EventStatus
# (from, to) -> what the change is called; anything else is refused.
TRANSITIONS = {
    (S.DRAFT, S.PLAYING): "start",
    (S.PLAYING, S.FINISHED): "finish",
    (S.FINISHED, S.PUBLISHED): "publish",
    (S.FINISHED, S.PLAYING): "reopen",
    (S.PUBLISHED, S.FINISHED): "unpublish",
}


@transaction.atomic
def event_transition(*, event: Event, to: str, user, reason: str = "") -> Event:
    """Move the event to ``to`` if the table allows it from its stored status; a no-op (no audit
    entry) when it is already there, so a double click or a second director changes nothing.
    Publishing stamps ``published_at`` (the correction period starts); unpublishing clears it."""
    to = S(to)
    source = Event.objects.filter(pk=event.pk).values_list("status", flat=True).first()
    if source == to:
        event.refresh_from_db()
        return event
    if (source, to) not in TRANSITIONS:
        raise ValidationError({"status": [f"A {S(source).label.lower()} event cannot become "
                                          f"{to.label.lower()}{transition_hint(source, to)}."]})
    extra = {}
    if to == S.PUBLISHED:
        extra["published_at"] = timezone.now()
    elif source == S.PUBLISHED:
        extra["published_at"] = None
    if not Event.objects.filter(pk=event.pk, status=source).update(status=to, updated_at=timezone.now(), **extra):
        event.refresh_from_db()  # another request moved it meanwhile
        if event.status == to:
            return event
        raise ValidationError({"status": [f"The event changed meanwhile: it is now {event.get_status_display()}."]})
    EventChange.objects.create(event=event, from_status=source, to_status=to, reason=str(reason or "")[:400],
                               by=user if getattr(user, "is_authenticated", False) else None)
    event.refresh_from_db()
    return event


def event_note(*, event: Event, user, what: str) -> EventChange:
    """Something done to the event that leaves its status as it is (new table PINs, say), kept
    in the same history as the status changes: the status twice, ``what`` as the reason."""
    status = Event.objects.filter(pk=event.pk).values_list("status", flat=True).first()
    return EventChange.objects.create(event=event, from_status=status, to_status=status, reason=what[:400],
                                      by=user if getattr(user, "is_authenticated", False) else None)


class OtherAction(Conflict):
    """A generic action asked of an event whose game does it another way (a party's rounds, its
    players): a 409 whose detail names the action to use (``use`` in the body too)."""

    def __init__(self, event: Event, action: str, use: str):
        super().__init__(f"A {event.get_game_display().lower()} party does not {action} as a duplicate event "
                         f"does: {use}.", use=use)


def refuse_imported(event: Event, action: str) -> None:
    """Refuse what only a game played here has (start, rounds, reopen, pairs) on an event imported
    from a results file: a 409 naming why."""
    from tournaments.selectors_event import is_imported

    if is_imported(event):
        raise Conflict(f"{event.name} was imported from a USEBIO file, finished: it was played elsewhere, so "
                       f"it does not {action} here (publish, unpublish, export or delete it).")


def refuse_party(event: Event, action: str, *, use: str) -> None:
    """Refuse a duplicate event's action on a party, naming the party's own (``OtherAction``)."""
    if event.is_progressive:
        raise OtherAction(event, action, use)


def transition_hint(source: str, to: str) -> str:
    if source == S.PUBLISHED and to == S.PLAYING:
        return " (unpublish it, then reopen it)"
    if source == S.DRAFT and to in (S.FINISHED, S.PUBLISHED):
        return " (start it first)"
    return ""


class FinishUnconfirmed(ValidationError):
    """Finish was asked while results are missing or unconfirmed and without ``confirm``: a 400
    listing them, table by table."""

    def __init__(self, missing: list[dict], lines: list[str]):
        boards = sum(len(m["missing"]) + len(m["unconfirmed"]) + len(m["not_played"]) for m in missing)
        super().__init__({
            "confirm": [f"{boards} result{'s are' if boards != 1 else ' is'} missing, not confirmed or awaiting a decision at "
                        f"{len(missing)} table{'s' if len(missing) != 1 else ''}: finish with confirm to "
                        "finish anyway."],
            "missing": lines})
        self.missing = missing


def finish_check(*, event: Event, confirm: bool) -> None:
    """Refuse to finish an event in play with results missing unless the director confirms."""
    from tournaments.selectors_lifecycle import missing_lines, results_missing

    if confirm or event.status != S.PLAYING or event.is_progressive:
        return
    missing = results_missing(event)
    if missing:
        raise FinishUnconfirmed(missing, missing_lines(missing, sections=event.sections.count()))


def correction_check(*, event: Event) -> None:
    """The one rule for a director's correction (pages and API alike): allowed until the event
    is published, and after that only during the club's correction period; later the event
    must be unpublished first."""
    from tournaments.selectors_lifecycle import club_zone, correction_until

    if event.status != S.PUBLISHED:
        return
    until = correction_until(event)
    if until is not None and timezone.now() < until:
        return
    hours = event.club.correction_hours
    if not hours:
        detail = "this club has no correction period"
    elif until is None:
        detail = "its correction period is over"
    else:
        detail = (f"its correction period ended at {timezone.localtime(until, club_zone(event.club)):%Y-%m-%d %H:%M} "
                  f"({hours} hours after publishing)")
    raise ValidationError({"event": [f"The event is published and {detail}: unpublish it to correct results."]})

