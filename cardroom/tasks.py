"""Helpers for firing Celery tasks from services."""
from django.db import transaction


def enqueue_once_on_commit(task, *args) -> None:
    """Fire `task.delay(*args)` after the current transaction commits, once per transaction.

    Several writes in one transaction (a CSV import, a round of results) then cost one task.
    The check reads Django's own pending on-commit list, so a rolled-back savepoint that
    dropped the callback does not block a later enqueue.
    """
    key = (task.name, args)
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        for _sids, func, _robust in connection.run_on_commit:
            if getattr(func, "cardroom_task_key", None) == key:
                return

    def fire():
        task.delay(*args)

    fire.cardroom_task_key = key
    transaction.on_commit(fire)
