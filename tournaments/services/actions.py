"""The director's actions on an event, for every game: start, set the round, finish, publish,
reopen, unpublish. Each dispatches by game here, once: a party starts and finishes by its own
rules (``party``), and an action a party does another way is refused with ``OtherAction`` (409)
naming the party's. Every status change goes through ``lifecycle.event_transition``."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from cardroom.tasks import enqueue_once_on_commit
from scoring.services import event_rescore_later, standings_require_current
from tournaments.models import Entry, EntryStatus, Event, EventStatus
from tournaments.services.party import party_finish, party_start
from tournaments.services.patience import patience_finish, patience_start

from .lifecycle import OtherAction, event_transition, finish_check, refuse_imported, refuse_party, transition_hint
from .results import event_attach_boards

S = EventStatus


@transaction.atomic
def event_start(*, event: Event, user=None) -> Event:
    """Seat the pairs by the movement, attach the boards dealt from the seed, open round 1 (a
    party: its first round's draw from the seed; a teams event: its round 1 drawn)."""
    if event.is_progressive:
        party_start(party=event.party, user=user)
        event.refresh_from_db()
        return event
    if event.is_patience:
        patience_start(patience=event.patience, user=user)
        event.refresh_from_db()
        return event
    if event.is_teams:
        from .teams import teams_start

        return teams_start(event=event, user=user)
    if not event.sections.exists():
        raise ValidationError({"movement": ["Choose a movement before starting."]})
    refuse_imported(event, "start")
    from .simultaneous import heat_start_check

    heat_start_check(event=event)
    if not Entry.objects.filter(event=event, status=EntryStatus.ACTIVE).exists():
        raise ValidationError({"entries": ["Enter the pairs before starting."]})
    if event.status == S.DRAFT:
        event_attach_boards(event=event)
        event = event_transition(event=event, to=S.PLAYING, user=user)
        Event.objects.filter(pk=event.pk, current_round=0).update(current_round=1)
        event.refresh_from_db()
    elif event.status != S.PLAYING:
        raise ValidationError({"status": [f"The event is {event.get_status_display().lower()}: it has been "
                                          "played (a director may reopen a finished event)."]})
    return event


@transaction.atomic
def event_set_round(*, event: Event, round_number: int) -> Event:
    """The director's current round (the tables' phones follow it)."""
    if event.is_progressive:
        refuse_party(event, "set its round", use=_close_round(event))
    if event.is_patience:
        raise OtherAction(event, "set its round", "its deals follow one another: close the deal in play "
                                                  f"(POST …/events/{event.pk}/patience/close/)")
    refuse_imported(event, "set its round")
    rounds = max((s.schedule.rounds for s in event.sections.all()), default=0)
    if not 1 <= round_number <= rounds:
        raise ValidationError({"round": [f"Rounds run from 1 to {rounds}."]})
    Event.objects.filter(pk=event.pk).update(current_round=round_number)
    event.refresh_from_db()
    return event


@transaction.atomic
def event_finish(*, event: Event, user=None, confirm: bool = False, reason: str = "") -> Event:
    """Lock the event: no more results from tables; a last full rescore fixes the standings.
    With results missing or unconfirmed, the director must confirm (``FinishUnconfirmed``).
    A party finishes by its own rule (after its current round's close, not with results in)."""
    if event.is_progressive:
        party_finish(party=event.party, user=user)
        event.refresh_from_db()
        return event
    if event.is_patience:
        patience_finish(patience=event.patience, user=user, reason=reason)
        event.refresh_from_db()
        return event
    standings_require_current(event=event)
    finish_check(event=event, confirm=confirm)
    event = event_transition(event=event, to=S.FINISHED, user=user, reason=reason)
    event_rescore_later(event=event, force=True)
    return event


@transaction.atomic
def event_publish(*, event: Event, user=None, reason: str = "") -> Event:
    """Make the results public; the club's correction period starts now."""
    standings_require_current(event=event)
    event = event_transition(event=event, to=S.PUBLISHED, user=user, reason=reason)
    competitions_follow(event)
    results_mail_follow(event)
    return event


def results_mail_follow(event: Event) -> None:
    """The players who asked for their results by email get them, by a task after commit
    (``accounts.tasks.queue_results_mail``): a mail server that is down delays the emails, never
    the publishing."""
    from accounts.tasks import queue_results_mail

    enqueue_once_on_commit(queue_results_mail, event.pk, background=True)


def competitions_follow(event: Event) -> None:
    """The club rating and the season competitions follow a publish or an unpublish (a task
    after commit: ``scoring.tasks.update_competitions``)."""
    from scoring.tasks import update_competitions

    enqueue_once_on_commit(update_competitions, event.pk)


def event_reopen(*, event: Event, user, reason: str = "") -> Event:
    """A finished event back in play, e.g. a forgotten board; a no-op if it is in play. A party
    is reopened by reopening its last round (the round's close decides its next seating)."""
    if event.is_progressive:
        last = event.party.rounds.filter(closed=True).order_by("-number").values_list("number", flat=True).first()
        refuse_party(event, "reopen", use="reopen its last closed round (none is closed yet)" if last is None else
                     f"reopen its last closed round, round {last}: the party page's Reopen, "
                     f"or DELETE …/events/{event.pk}/rounds/{last}/close/ in the API")
    refuse_imported(event, "reopen")
    if event.status not in (S.FINISHED, S.PLAYING):
        raise ValidationError({"status": [f"Only a finished event can be reopened; this one is "
                                          f"{event.get_status_display().lower()}"
                                          f"{transition_hint(event.status, S.PLAYING)}."]})
    return event_transition(event=event, to=S.PLAYING, user=user, reason=reason)


def event_unpublish(*, event: Event, user, reason: str = "") -> Event:
    """A published event back to finished: private again, and results correctable."""
    if event.status not in (S.PUBLISHED, S.FINISHED):
        raise ValidationError({"status": [f"Only a published event can be unpublished; this one is "
                                          f"{event.get_status_display().lower()}."]})
    was = event.status
    event = event_transition(event=event, to=S.FINISHED, user=user, reason=reason)
    if was == S.PUBLISHED:
        competitions_follow(event)
    return event


def _close_round(event: Event) -> str:
    number = max(1, event.party.current_round)
    return (f"its next round is seated when round {number} is closed: the party page's Close, or "
            f"POST …/events/{event.pk}/rounds/{number}/close/ in the API")
