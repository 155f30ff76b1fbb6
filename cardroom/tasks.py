"""Helpers for firing Celery tasks from services."""
import logging

from django.db import transaction

log = logging.getLogger(__name__)


def enqueue_once_on_commit(task, *args) -> None:
    """Fire `task.delay(*args)` after the current transaction commits, once per transaction.

    Several writes in one transaction (a CSV import, a round of results) then cost one task.
    The check reads Django's own pending on-commit list, so a rolled-back savepoint that
    dropped the callback does not block a later enqueue. The work is committed before this
    fires, so a broker that is down must not turn it into an error: the enqueue fails fast
    (settings: ``CELERY_BROKER_*``), is logged, and the beat sweep catches up later.
    """
    key = (task.name, args)
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        for _sids, func, _robust in connection.run_on_commit:
            if getattr(func, "cardroom_task_key", None) == key:
                return

    def fire():
        if task.app.conf.task_always_eager:
            task.delay(*args)
            return
        try:
            task.delay(*args)
        except Exception as exc:  # the broker is unreachable; the data is committed regardless
            log.warning("could not queue %s%r (%s: %s); the work is committed and a later run or the "
                        "periodic sweep catches up", task.name, args, type(exc).__name__, exc)

    fire.cardroom_task_key = key
    transaction.on_commit(fire)
