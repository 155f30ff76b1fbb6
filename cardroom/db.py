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


class Columns:
    """One model's columns in a hand-written SELECT (``sql(alias)``) and its rows back as
    instances (``build``), through the ORM's own converters: for a read on every table phone's
    request whose queryset Django would otherwise build and compile each time (issue 18)."""

    def __init__(self, model, *, defer: tuple[str, ...] = ()):
        self.model = model
        self.fields = [f for f in model._meta.concrete_fields if f.attname not in defer]
        self.names = frozenset(f.attname for f in self.fields)
        self._converters: dict[str, list] = {}

    def __len__(self) -> int:
        return len(self.fields)

    def sql(self, alias: str | None = None) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{alias}.{quote(f.column)}" if alias else quote(f.column) for f in self.fields)

    def build(self, values):
        """An instance from this model's values in a row (in ``fields`` order)."""
        converters = self._converters.get(connection.vendor)
        if converters is None:
            converters = self._converters[connection.vendor] = [
                [(conv, col) for conv in (*connection.ops.get_db_converters(col), *col.get_db_converters(connection))]
                for col in (f.get_col(self.model._meta.db_table) for f in self.fields)]
        out = []
        for value, convs in zip(values, converters):
            for conv, col in convs:
                value = conv(value, col, connection)
            out.append(value)
        return self.model.from_db(connection.alias, self.names, out)
