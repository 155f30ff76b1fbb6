"""Celery tasks of scoring: idempotent, keyed by ids, fired on commit (and the beat sweep)."""
from celery import shared_task


@shared_task(name="scoring.rescore_event", acks_late=True, ignore_result=True)
def rescore_event(event_id: int, force: bool = False) -> bool:
    """Rescore an event's boards and standings (replaces derived rows; safe to run twice). A
    failure is recorded on the event, not raised into the worker log only. Queued coalesced
    (``enqueue_once_on_commit(..., coalesce=True)``): the marker is cleared first, so a result
    committed from now on queues the next run."""
    from cardroom.tasks import pending_clear

    from .services import event_rescore_recorded

    pending_clear(rescore_event, event_id, *((True,) if force else ()))

    return event_rescore_recorded(event_id=event_id, force=force)


@shared_task(name="scoring.sweep_standings", ignore_result=True)
def sweep_standings() -> dict:
    """Beat: rescore events whose standings are behind their results (lost task, broker outage)."""
    from .services import standings_sweep

    return standings_sweep()


@shared_task(name="scoring.update_competitions", acks_late=True, ignore_result=True)
def update_competitions(event_id: int) -> dict:
    """After an event is published, corrected or unpublished: the club rating and the season
    competitions it falls in (rebuilds stored rows; safe to run twice)."""
    from .services_competitions import event_feeds_update

    return event_feeds_update(event_id=event_id)


@shared_task(name="scoring.championship_standings", acks_late=True, ignore_result=True)
def championship_standings(championship_id: int) -> int:
    """Rebuild a multi-session championship's cumulative tables after a session was rescored
    or a session added (replaces the stored rows; safe to run twice)."""
    from .services_championships import championship_standings_write

    return championship_standings_write(championship_id=championship_id)
