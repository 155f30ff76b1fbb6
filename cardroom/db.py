"""Database helpers shared by the services."""
from __future__ import annotations

import functools
import time

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, OperationalError, connection, connections
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init

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


def planned_once():
    """A cursor for the hand-written statements every table phone's request runs (issue 18):
    on PostgreSQL each is parsed and planned once per connection, a prepared statement
    (psycopg's server-side binding, ``prepare=True``), not again on every request, which is
    most of the database's work for them. Everywhere else Django's cursors bind parameters in
    the client and prepare nothing, as before. SQLite, or with CARDROOM_PREPARED_STATEMENTS
    off (for PgBouncer in transaction mode before 1.21): the usual cursor."""
    cursor = connection.cursor()
    if connection.vendor == "postgresql" and settings.CARDROOM_PREPARED_STATEMENTS:
        cursor.cursor.close()
        cursor.cursor = _planned_cursor()(connection.connection)
    return cursor


@functools.cache  # the class is made once, on PostgreSQL's first table request
def _planned_cursor():
    from django.db.backends.postgresql.base import ServerBindingCursor  # psycopg 3 only
    from django.db.backends.postgresql.psycopg_any import mogrify

    class Shown:
        """The statement with its parameters, as Django's query log reads it from a cursor
        (``last_executed_query``: ``cursor._query.query``), written out only when read."""

        def __init__(self, cursor, query, params):
            self.cursor, self.sql, self.params = cursor, query, params

        @property
        def query(self) -> bytes:
            return mogrify(self.sql, self.params, self.cursor.connection).encode()

    class PlannedOnce(ServerBindingCursor):
        def execute(self, query, params=None, *, prepare=None, binary=None):
            try:
                return super().execute(query, params, prepare=True if prepare is None else prepare, binary=binary)
            finally:  # a refused statement is logged too
                self._query = Shown(self, query, params)

    return PlannedOnce


def made_once(build):
    """A hand-written statement's SQL, built once per process for each database vendor and
    arguments (hashable) instead of on every request: a table phone's request wrote its
    statements' text anew each time, about a hundred ``quote_name`` calls through the
    connection proxy (issue 18). ``build`` may depend on nothing else: a setting it reads is
    one of its arguments."""
    made = {}

    @functools.wraps(build)
    def sql(*args, **kwargs):
        key = (connection.vendor, args, tuple(sorted(kwargs.items())))
        text = made.get(key)
        if text is None:
            text = made[key] = build(*args, **kwargs)
        return text

    return sql


def null_safe_equal() -> str:
    """The comparison for which NULL equals NULL (SQLite's ``IS``; the standard's ``IS NOT
    DISTINCT FROM``, which SQLite has only from 3.39)."""
    return "IS" if connection.vendor == "sqlite" else "IS NOT DISTINCT FROM"


class Columns:
    """One model's columns in a hand-written SELECT (``sql(alias)``) and its rows back as
    instances (``build``), through the ORM's own converters: for a read on every table phone's
    request whose queryset Django would otherwise build and compile each time (issue 18). The
    statements' text is made once per database vendor (``made_once``)."""

    def __init__(self, model, *, defer: tuple[str, ...] = ()):
        self.model = model
        self.fields = [f for f in model._meta.concrete_fields if f.attname not in defer]
        self.names = frozenset(f.attname for f in self.fields)
        self.attnames = tuple(f.attname for f in self.fields)
        self._converters: dict[str, list] = {}
        self.sql = made_once(self._sql)
        self.nulls = made_once(self._nulls)  # a NULL of each column's type: this model's columns in another's row
        self._insert_sql = made_once(self._make_insert_sql)
        self._unchanged_sql = made_once(self._make_unchanged_sql)

    def __len__(self) -> int:
        return len(self.fields)

    def _sql(self, alias: str | None = None) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{alias}.{quote(f.column)}" if alias else quote(f.column) for f in self.fields)

    def _nulls(self) -> str:
        return ", ".join(f"CAST(NULL AS {f.cast_db_type(connection)})" for f in self.fields)

    def build(self, values):
        """An instance from this model's values in a row (in ``fields`` order), as
        ``Model.from_db`` makes it (a deferred column is loaded when read) but without
        ``Model.__init__``'s per-field descriptor calls: its values go straight into the
        instance's dict, which is what ``__init__`` leaves there (issue 18: a table's request
        builds every pair of its section). A model with ``pre_init``/``post_init`` receivers
        takes the ORM's way."""
        return self.build_all((values,))[0]

    def build_all(self, rows) -> list:
        """``build`` for each row, with what they share looked up once."""
        db = connections[DEFAULT_DB_ALIAS]
        converters = self._converters.get(db.vendor)
        if converters is None:  # (position, its converters) of the columns that have any
            converters = self._converters[db.vendor] = [
                (i, convs) for i, convs in enumerate(
                    tuple((conv, col) for conv in (*db.ops.get_db_converters(col), *col.get_db_converters(db)))
                    for col in (f.get_col(self.model._meta.db_table) for f in self.fields)) if convs]
        orm = pre_init.has_listeners(self.model) or post_init.has_listeners(self.model)
        model, attnames, alias, built = self.model, self.attnames, db.alias, []
        for values in rows:
            if converters:  # most columns have none (a table's section: none of its entries' columns)
                values = list(values)
                for i, convs in converters:
                    for conv, col in convs:
                        values[i] = conv(values[i], col, db)
            if orm:
                built.append(model.from_db(alias, self.names, list(values)))
                continue
            instance = model.__new__(model)
            state = ModelState()
            state.adding, state.db = False, alias
            instance.__dict__.update(zip(attnames, values), _state=state)
            built.append(instance)
        return built

    def insert_statement(self, instance, *, given: dict[str, str] | None = None,
                         where: str = "") -> tuple[str, list]:
        """The INSERT of ``instance`` (a new row of this model; fields' ``pre_save`` as
        ``Model.save`` runs it, e.g. ``auto_now_add``) as SQL and parameters, returning its id.
        ``given``: columns (by attname) whose values are SQL instead, e.g. a row's id written
        earlier in the same statement: ``{"result_id": "(SELECT id FROM inserted)"}``.
        ``where``: a condition the row is inserted only under, e.g. ``"EXISTS (SELECT 1 FROM
        inserted)"`` (its own parameters follow the values); otherwise it inserts nothing and
        returns no id."""
        given = given or {}
        pk = self.model._meta.pk
        with_pk = getattr(instance, pk.attname) is not None
        db = connections[DEFAULT_DB_ALIAS]
        values = [f.get_db_prep_save(f.pre_save(instance, True), db)
                  for f in self.fields if (with_pk or f is not pk) and f.attname not in given]
        return self._insert_sql(with_pk, tuple(given.items()), where), values

    def _make_insert_sql(self, with_pk: bool, given: tuple[tuple[str, str], ...], where: str) -> str:
        quote, given, pk = connection.ops.quote_name, dict(given), self.model._meta.pk
        fields = [f for f in self.fields if with_pk or f is not pk]
        row = ", ".join(given.get(f.attname, "%s") for f in fields)
        return (f"INSERT INTO {quote(self.model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
                + (f"SELECT {row} WHERE {where}" if where else f"VALUES ({row})")
                + f" RETURNING {quote(pk.column)}")

    def unchanged(self, instance, *, table: str, skip: tuple[str, ...] = ()) -> tuple[str, list]:
        """A condition that ``table``'s row (its name or alias in the statement) still holds
        every value ``instance`` was read with, in this model's columns but ``skip``, and its
        parameters: the WHERE of a compare-and-set on the row as read, so what was read from it
        (an audit row's "after") is what it is when the write commits."""
        db = connections[DEFAULT_DB_ALIAS]
        return (self._unchanged_sql(table, skip),
                [f.get_db_prep_value(getattr(instance, f.attname), db) for f in self.fields if f.attname not in skip])

    def _make_unchanged_sql(self, table: str, skip: tuple[str, ...]) -> str:
        quote, same = connection.ops.quote_name, null_safe_equal()
        return " AND ".join(f"{table}.{quote(f.column)} {same} %s" for f in self.fields if f.attname not in skip)

    def insert(self, instance, *, before: str = "", params: list | tuple = ()) -> None:
        """INSERT ``instance`` in one hand-written statement, its id back from RETURNING:
        ``Model.save``'s compiler costs more than the database's work on a table phone's request
        (issue 18). For models without save signals or a custom ``save``. ``before``: another
        write made by the same statement, a data-modifying ``WITH`` part (PostgreSQL's) with its
        ``params``: one round trip for both."""
        sql, values = self.insert_statement(instance)
        with planned_once() as cursor:
            cursor.execute(f"WITH {before} {sql}" if before else sql, [*params, *values])
            self.inserted(instance, cursor.fetchone()[0])

    def inserted(self, instance, pk) -> None:
        """``instance`` is stored now, with this id."""
        setattr(instance, self.model._meta.pk.attname, pk)
        instance._state.adding, instance._state.db = False, connection.alias
