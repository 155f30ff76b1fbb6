"""Celery tasks of scoring: idempotent, keyed by ids, fired on commit (and the beat sweep)."""
from celery import shared_task


@shared_task(name="scoring.rescore_event", acks_late=True, ignore_result=True)
def rescore_event(event_id: int, force: bool = False) -> bool:
    """Rescore an event's boards and standings (replaces derived rows; safe to run twice). A
    failure is recorded on the event, not raised into the worker log only."""
    from .services import event_rescore_recorded

    return event_rescore_recorded(event_id=event_id, force=force)


@shared_task(name="scoring.sweep_standings", ignore_result=True)
def sweep_standings() -> dict:
    """Beat: rescore events whose standings are behind their results (lost task, broker outage)."""
    from .services import standings_sweep

    return standings_sweep()
