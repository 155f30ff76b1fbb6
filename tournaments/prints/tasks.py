"""Celery task: render an event's print pack into storage (idempotent: a stored, up-to-date
pack is not rendered again)."""
from celery import shared_task


@shared_task(name="tournaments.prints.render_pack", acks_late=True)
def render_event_pack(event_id: int, paper: str) -> dict:
    from tournaments.models import Event

    from .pack import pack_ensure

    event = Event.objects.filter(pk=event_id).select_related("club").first()
    if event is None:
        return {"event": event_id, "found": False}
    name, rendered = pack_ensure(event=event, paper=paper)
    return {"event": event_id, "found": True, "name": name, "rendered": rendered}
