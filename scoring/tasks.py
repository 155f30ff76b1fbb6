"""Celery tasks of scoring: idempotent, keyed by ids, fired on commit (and the beat sweep)."""
from celery import shared_task


@shared_task(name="scoring.rescore_event", acks_late=True, ignore_result=True)
def rescore_event(event_id: int, force: bool = False) -> bool:
    """Rescore an event's boards and standings (replaces derived rows; safe to run twice). A
    failure is recorded on the event, not raised into the worker log only. Queued coalesced
    (``services.event_rescore_later``): the marker that a run is queued is cleared first, so a
    result committed from now on queues the next run."""
    from cardroom.tasks import pending_clear

    from .services import event_rescore_recorded, rescore_started

    if force:
        pending_clear(rescore_event, event_id, True)
    else:
        rescore_started(event_id)

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


@shared_task(name="scoring.rescore_national", acks_late=True, ignore_result=True)
def rescore_national(simultaneous_id: int, force: bool = False) -> int:
    """A simultaneous' national run: plan which boards changed, score them as a group of chunk
    tasks (``national_chunk``) that any worker on any host may take, then merge the parts
    (``national_merge``, the chord's callback). Coalesced like ``rescore_event``; returns how
    many chunks it queued."""
    from celery import chord

    from cardroom.tasks import pending_clear

    from .services_national import national_failed, national_plan

    pending_clear(rescore_national, simultaneous_id, *((True,) if force else ()))
    try:
        plan = national_plan(simultaneous_id=simultaneous_id, force=force)
    except Exception as exc:
        national_failed(simultaneous_id=simultaneous_id, exc=exc)
        return 0
    if plan is None:
        return 0
    merge = merge_national.si(simultaneous_id, plan.version, force)
    if not plan.chunks:  # nothing changed since the parts were stored: the merge alone
        merge.delay()
        return 0
    chord([score_national_chunk.si(simultaneous_id, list(boards)) for boards in plan.chunks], merge).delay()
    return len(plan.chunks)


@shared_task(name="scoring.national_chunk", acks_late=True)
def score_national_chunk(simultaneous_id: int, boards: list[int]) -> list[int]:
    """One chunk of a national run: its boards across the whole field (idempotent: replaces
    their national scores and stored parts). Returns the boards, for the chord."""
    from .services_national import national_chunk, national_failed

    try:
        national_chunk(simultaneous_id=simultaneous_id, boards=boards)
    except Exception as exc:
        national_failed(simultaneous_id=simultaneous_id, exc=exc)
        raise
    return boards


@shared_task(name="scoring.national_merge", acks_late=True, ignore_result=True)
def merge_national(simultaneous_id: int, version: int, force: bool = False) -> bool:
    """The chord's callback: every board's part added into the national standings."""
    from .services_national import national_failed, national_merge

    try:
        return national_merge(simultaneous_id=simultaneous_id, version=version, force=force)
    except Exception as exc:
        national_failed(simultaneous_id=simultaneous_id, exc=exc)
        return False


@shared_task(name="scoring.sweep_national", ignore_result=True)
def sweep_national() -> list[int]:
    """Beat: queue the national run of simultaneous events left behind (a lost chunk, an outage)."""
    from .services_national import nationals_behind

    behind = nationals_behind()
    for simultaneous_id in behind:
        rescore_national.delay(simultaneous_id)
    return behind
