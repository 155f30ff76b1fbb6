"""Database helpers shared by the services."""
from __future__ import annotations

import functools
import time

from django.db import OperationalError, connection

# PostgreSQL's deadlock_detected and serialization_failure; SQLite's busy lock.
TRANSIENT_PGCODES = {"40P01", "40001"}


def is_transient(exc: BaseException) -> bool:
    """True for an error that a fresh attempt of the same transaction can cure."""
    if not isinstance(exc, OperationalError):
        return False
    cause = exc.__cause__
    if getattr(cause, "sqlstate", None) in TRANSIENT_PGCODES or getattr(cause, "pgcode", None) in TRANSIENT_PGCODES:
        return True
    return "database is locked" in str(exc)


def retry_transient(fn=None, *, attempts: int = 4, pause: float = 0.05):
    """Run a service again when the database aborted it for a deadlock or a serialization
    failure. Only the outermost call retries: inside a caller's transaction the error is the
    caller's to handle, because that whole transaction is already rolled back."""
    def wrap(func):
        @functools.wraps(func)
        def inner(*args, **kwargs):
            for attempt in range(1, attempts + 1):
                try:
                    return func(*args, **kwargs)
                except OperationalError as exc:
                    if attempt == attempts or connection.in_atomic_block or not is_transient(exc):
                        raise
                    time.sleep(pause * attempt)
        return inner
    return wrap(fn) if fn is not None else wrap
