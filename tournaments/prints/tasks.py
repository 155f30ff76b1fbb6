"""Celery tasks: render an event's print pack into storage (idempotent: a stored, up-to-date pack
is not rendered again). The pack is a chord: one task per (section, kind) lays out that part
unless what it prints is stored already, in parallel on as many worker processes as there are;
then one task joins the stored parts (pypdf) and stores the pack under its name. With tasks
inline (``CELERY_TASK_ALWAYS_EAGER``) the same chord runs in the calling process, part after part."""
import logging

from celery import chord, group, shared_task

logger = logging.getLogger(__name__)


def _event(event_id: int):
    from tournaments.models import Event

    return Event.objects.filter(pk=event_id).select_related("club").first()


def _queue(task) -> dict:
    """The queue this task came from, for the tasks it starts (a worker serving its own queue)."""
    info = getattr(task.request, "delivery_info", None) or {}
    queue = info.get("routing_key")
    return {"queue": queue} if queue and not task.request.is_eager else {}


@shared_task(name="tournaments.prints.render_pack", acks_late=True, bind=True)
def render_event_pack(self, event_id: int, paper: str, merge: bool = False) -> dict:
    """Plan the pack and start the chord of its parts; with ``merge`` (the chord's last step),
    join the stored parts into the pack (any part missing is rendered here)."""
    from .pack import pack_ensure, pack_name, pack_plan, pack_progress_clear, pack_progress_start, pack_ready

    event = _event(event_id)
    if event is None:
        return {"event": event_id, "found": False}
    if merge or pack_ready(event, paper) is not None:
        name, rendered = pack_ensure(event=event, paper=paper)
        return {"event": event_id, "found": True, "name": name, "rendered": rendered}
    name = pack_name(event, paper)
    try:
        work = [(section, kind) for section, _sheet, kind in pack_plan(event)]
        pack_progress_start(name, len(work))
        where = _queue(self)
        parts = group(render_pack_part.si(event_id, paper, section, kind, name).set(**where)
                      for section, kind in work)
        chord(parts)(render_event_pack.si(event_id, paper, True).set(**where))
    except Exception:
        pack_progress_clear(name)  # nothing is rendering: the next request may try again
        raise
    return {"event": event_id, "found": True, "name": name, "parts": len(work)}


@shared_task(name="tournaments.prints.render_pack_part", acks_late=True)
def render_pack_part(event_id: int, paper: str, section: str | None, kind: str, pack: str = "") -> dict:
    """Lay out one part of the pack unless it is stored. A part that fails is left to the merge,
    which renders it again and reports the error: the chord always reaches its last step."""
    from .pack import pack_progress_step, render_part

    event = _event(event_id)
    if event is None:
        return {"event": event_id, "found": False}
    try:
        part = render_part(event, paper, section, kind)
    except Exception:  # noqa: BLE001 - the merge renders it again and raises there
        logger.exception("print part %s of event %s (section %s) failed", kind, event_id, section)
        return {"event": event_id, "found": True, "kind": kind, "failed": True}
    finally:
        if pack:
            pack_progress_step(pack)
    return {"event": event_id, "found": True, "kind": kind, "name": part.name, "rendered": part.rendered}
