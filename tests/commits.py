"""Commits inside a test's transaction.

A test marked ``django_db`` runs in a transaction rolled back at its end, so nothing commits
and ``transaction.on_commit`` callbacks (the scoring and analysis tasks) never fire;
``django_db(transaction=True)`` commits for real but empties every table after each test, which
costs far more than the test on PostgreSQL. With the ``commits`` fixture the test keeps its
rolled-back transaction, and code inside it commits as in production: when an atomic block of
the code under test ends with only the test's own blocks around it, or ``on_commit`` is called
outside any block of the code's own, the pending callbacks run then (and are dropped, as a
commit drops them: ``enqueue_once_on_commit`` reads that list).

Tests of concurrency, threads or other processes still need real commits (``transaction=True``).
"""
from __future__ import annotations

import logging
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

log = logging.getLogger(__name__)
_held = 0  # > 0 inside one_commit(): callbacks wait for its end


def _outside_the_code(connection) -> bool:
    """Only the test case's own atomic blocks are open: the code's transaction has ended."""
    return connection.in_atomic_block and all(block._from_testcase for block in connection.atomic_blocks)


def _run_pending(connection, start: int = 0) -> None:
    while len(connection.run_on_commit) > start:
        pending = connection.run_on_commit[start:]
        del connection.run_on_commit[start:]
        for _sids, func, robust in pending:
            if not robust:
                func()
                continue
            try:
                func()
            except Exception as exc:
                log.error("Error calling %s in on_commit() (%s).", func.__qualname__, exc, exc_info=True)


def emulate_commits(monkeypatch) -> None:
    """Code under test commits inside the test's transaction (the ``commits`` fixture)."""
    original_exit = transaction.Atomic.__exit__
    original_on_commit = BaseDatabaseWrapper.on_commit

    def __exit__(self, exc_type, exc_value, traceback):
        outcome = original_exit(self, exc_type, exc_value, traceback)
        connection = transaction.get_connection(self.using)
        if not _held and not self._from_testcase and _outside_the_code(connection):
            _run_pending(connection)
        return outcome

    def on_commit(self, func, robust=False):
        original_on_commit(self, func, robust)
        if not _held and _outside_the_code(self):
            _run_pending(self)

    monkeypatch.setattr(transaction.Atomic, "__exit__", __exit__)
    monkeypatch.setattr(BaseDatabaseWrapper, "on_commit", on_commit)


@contextmanager
def one_commit(using: str = DEFAULT_DB_ALIAS):
    """What the block does commits once, at its end, as if it were one transaction: the
    rescoring each result would queue is queued once (for a test that reads the standings only
    after the last result). Needs the ``commits`` fixture."""
    global _held
    connection = connections[using]
    start = len(connection.run_on_commit)
    _held += 1
    try:
        yield
    except BaseException:
        del connection.run_on_commit[start:]
        raise
    finally:
        _held -= 1
    _run_pending(connection, start)
