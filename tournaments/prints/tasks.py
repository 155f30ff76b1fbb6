"""Celery tasks: render an event's print pack into storage (idempotent: a stored, up-to-date pack
is not rendered again). The pack is a chord: one task per part (a few pages of a kind) lays out that part
unless what it prints is stored already, in parallel on as many worker processes as there are;
then one task joins the stored parts (pypdf) and stores the pack under its name. With tasks
inline (``CELERY_TASK_ALWAYS_EAGER``) the same chord runs in the calling process, part after part."""
import logging

from celery import chord, group, shared_task

logger = logging.getLogger(__name__)
# The parts queued first: the kinds that cost most a page, so the last parts to finish are short.
HEAVY_FIRST = ("score-cards", "team-score-cards", "score-slips", "travellers", "guide-cards", "hand-records",
               "hand-cards", "match-slips", "draw", "results", "team-results")


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
        work = sorted(((section, kind, chunk) for section, _sheet, kind, chunk in pack_plan(event)),
                      key=lambda part: HEAVY_FIRST.index(part[1]) if part[1] in HEAVY_FIRST else len(HEAVY_FIRST))
        pack_progress_start(name, len(work))
        where = _queue(self)
        parts = group(render_pack_part.si(event_id, paper, section, kind, name, chunk).set(**where)
                      for section, kind, chunk in work)
        chord(parts)(render_event_pack.si(event_id, paper, True).set(**where))
    except Exception:
        pack_progress_clear(name)  # nothing is rendering: the next request may try again
        raise
    return {"event": event_id, "found": True, "name": name, "parts": len(work)}


@shared_task(name="tournaments.prints.render_pack_part", acks_late=True)
def render_pack_part(event_id: int, paper: str, section: str | None, kind: str, pack: str = "", chunk: int = 0) -> dict:
    """Lay out one part of the pack unless it is stored. A part that fails is left to the merge,
    which renders it again and reports the error: the chord always reaches its last step."""
    from .pack import pack_progress_step, render_part

    event = _event(event_id)
    if event is None:
        return {"event": event_id, "found": False}
    try:
        part = render_part(event, paper, section, kind, chunk)
    except Exception:  # noqa: BLE001 - the merge renders it again and raises there
        logger.exception("print part %s of event %s (section %s) failed", kind, event_id, section)
        return {"event": event_id, "found": True, "kind": kind, "failed": True}
    finally:
        if pack:
            pack_progress_step(pack)
    return {"event": event_id, "found": True, "kind": kind, "chunk": chunk, "name": part.name,
            "rendered": part.rendered}
