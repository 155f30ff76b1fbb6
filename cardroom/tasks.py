"""Helpers for firing Celery tasks from services."""
import logging
import threading

from django.conf import settings
from django.core.cache import cache
from django.db import connections, transaction

log = logging.getLogger(__name__)


#: How long a queued run's marker holds back more of the same (a lost task frees it then; the
#: beat sweep also catches up).
PENDING_SECONDS = 120


def pending_key(task, *args) -> str:
    """The cache key that says a run of ``task(*args)`` is queued and has not started yet
    (per database, so sites or test databases sharing one Redis do not meet)."""
    return ":".join(["cardroom:pending", str(connections["default"].settings_dict["NAME"]), task.name, *map(str, args)])


def pending_clear(task, *args) -> None:
    """Called by a coalesced task as it starts: what commits from now on needs another run."""
    cache.delete(pending_key(task, *args))


def enqueue_once_on_commit(task, *args, background: bool = False, coalesce: bool = False,
                           released=None) -> None:
    """Fire `task.delay(*args)` after the current transaction commits, once per transaction.

    Several writes in one transaction (a CSV import, a round of results) then cost one task.
    The check reads Django's own pending on-commit list, so a rolled-back savepoint that
    dropped the callback does not block a later enqueue. The work is committed before this
    fires, so a broker that is down must not turn it into an error: the enqueue fails fast
    (settings: ``CELERY_BROKER_*``), is logged, and the beat sweep catches up later.

    ``coalesce``: a task that reads the latest state when it starts (a rescore) is queued only
    when no run of it is already queued and not yet started (a marker in the cache, cleared
    by the task as it starts with ``pending_clear``): a burst of writes costs one run, plus
    one for the writes that commit while it runs. Only with ``CARDROOM_COALESCE`` (a cache the
    web processes and the workers share: Redis); without it every commit queues its run.

    ``released``: called when the broker refused the task: the caller's own marker that a run
    is queued (``scoring.services.rescore_claim``) is freed with it.

    ``background``: a slow task (double dummy, a print pack) that must not hold up the request
    even when there is no broker and tasks run inline (``make run``): it then runs in a thread
    of its own (see ``run_in_background``).
    """
    key = (task.name, args)
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        for _sids, func, _robust in connection.run_on_commit:
            if getattr(func, "cardroom_task_key", None) == key:
                return

    def fire():
        if coalesce and settings.CARDROOM_COALESCE and not cache.add(pending_key(task, *args), 1, PENDING_SECONDS):
            return  # a run is queued and has not started: it will see this commit
        if task.app.conf.task_always_eager:
            if background:
                run_in_background(task, *args)
            else:
                task.delay(*args)
            return
        try:
            task.delay(*args)
        except Exception as exc:  # the broker is unreachable; the data is committed regardless
            if coalesce and settings.CARDROOM_COALESCE:
                pending_clear(task, *args)
            if released is not None:
                try:
                    released()
                except Exception:  # it expires anyway (PENDING_SECONDS)
                    log.exception("could not free the marker of %s%r", task.name, args)
            log.warning("could not queue %s%r (%s: %s); the work is committed and a later run or the "
                        "periodic sweep catches up", task.name, args, type(exc).__name__, exc)

    fire.cardroom_task_key = key
    transaction.on_commit(fire)


def inline_in_thread() -> bool:
    """True when tasks run inline (no broker) and slow ones should go to a thread
    (CARDROOM_INLINE_THREADS; off in tests, which want the work done when the call returns)."""
    return bool(getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False)
                and getattr(settings, "CARDROOM_INLINE_THREADS", False))


def run_in_background(task, *args) -> None:
    """``task.delay(*args)`` with a broker; without one, the task in a thread of this
    process, so the request that asked for it returns at once. The thread closes its own
    database connections when done."""
    if not inline_in_thread():
        task.delay(*args)
        return

    def work():
        try:
            task.apply(args=args, throw=True)
        except Exception:  # a thread has nobody to raise to: log it
            log.exception("background task %s%r failed", task.name, args)
        finally:
            connections.close_all()

    # not a daemon: a command (boards import) or a reloading server waits for the work to finish
    threading.Thread(target=work, name=f"cardroom-{task.name}", daemon=False).start()
