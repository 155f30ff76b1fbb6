"""Celery tasks of scoring: idempotent, keyed by ids, fired on commit."""
from celery import shared_task


@shared_task(name="scoring.rescore_event", acks_late=True)
def rescore_event(event_id: int, force: bool = False) -> bool:
    """Rescore an event's boards and standings (replaces derived rows; safe to run twice)."""
    from .services import event_rescore

    return event_rescore(event_id=event_id, force=force)
