"""The demo (``clubs.demo.load_demo``) loaded once per test process and put back cheaply.

Loading the demo plays some 400 results through the services, scores a championship, a
simultaneous nationally, teams events and party games: 10-20 s. A test that reads the demo
(its pages, its idempotence, what it holds) gets it from a snapshot instead: the rows a real
``load_demo()`` wrote, committed as ``make run`` commits them (the scoring and analysis tasks
run), copied out of every table it filled, then deleted again. Restoring is one ``COPY ... FROM
STDIN`` a table on PostgreSQL (``executemany`` on SQLite) inside the test's transaction, or
committed for a live-server test (whose flush empties the tables afterwards): about 0.1 s.

The snapshot holds what load_demo wrote, no more: it assumes the demo only adds rows to tables
that held none before (only migrations' rows, content types and permissions, are there then) and
says so if that ever stops being true.
"""
from __future__ import annotations

from dataclasses import dataclass, field


def _models():
    from django.apps import apps

    return [m for m in apps.get_models(include_auto_created=True)
            if m._meta.managed and not m._meta.proxy and not m._meta.swapped]


def _counts(cursor, models) -> dict[str, int]:
    counts = {}
    for model in models:
        table = model._meta.db_table
        cursor.execute(f'SELECT count(*) FROM "{table}"')
        counts[table] = cursor.fetchone()[0]
    return counts


@dataclass
class DemoSnapshot:
    vendor: str
    club_slug: str
    tables: list[tuple[object, list[str], object]] = field(default_factory=list)  # (model, columns, rows)

    @classmethod
    def take(cls) -> "DemoSnapshot":
        """Load the demo for real (autocommit: each of its transactions commits and its tasks
        run, as under ``manage.py load_demo``), copy out what it wrote, delete it again."""
        from django.db import connection, transaction

        from clubs.demo import load_demo

        models = _models()
        with connection.cursor() as cursor:
            before = _counts(cursor, models)
        summary = load_demo()
        snapshot = cls(vendor=connection.vendor, club_slug=summary.club.slug)
        with connection.cursor() as cursor:
            after = _counts(cursor, models)
            grown = [m for m in models if after[m._meta.db_table] != before[m._meta.db_table]]
            changed = [m._meta.db_table for m in grown if before[m._meta.db_table]]
            if changed:
                raise RuntimeError(f"load_demo added rows to tables that were not empty: {changed}; "
                                   "tests/demo_snapshot.py copies whole tables")
            for model in grown:
                table = model._meta.db_table
                # a generated column (Section.movement_hash) is the database's to compute, never copied
                columns = [f.column for f in model._meta.local_concrete_fields if not f.generated]
                names = ", ".join(f'"{c}"' for c in columns)
                if snapshot.vendor == "postgresql":
                    rows = bytearray()
                    with cursor.cursor.copy(f'COPY "{table}" ({names}) TO STDOUT') as copy:
                        for block in copy:
                            rows += block
                    rows = bytes(rows)
                else:
                    cursor.execute(f'SELECT {names} FROM "{table}"')
                    rows = cursor.fetchall()
                snapshot.tables.append((model, columns, rows))
        with transaction.atomic(), connection.cursor() as cursor:
            for model, _columns, _rows in snapshot.tables:
                cursor.execute(f'DELETE FROM "{model._meta.db_table}"')
        return snapshot

    def restore(self):
        """Write the demo's rows back (in the caller's transaction, or committed as one) and
        move the tables' id sequences past them. Returns the demo club."""
        from django.core.management.color import no_style
        from django.db import connection, transaction

        from clubs.models import Club

        with transaction.atomic(), connection.cursor() as cursor:
            for model, columns, rows in self.tables:
                names = ", ".join(f'"{c}"' for c in columns)
                table = model._meta.db_table
                if self.vendor == "postgresql":
                    with cursor.cursor.copy(f'COPY "{table}" ({names}) FROM STDIN') as copy:
                        copy.write(rows)
                else:
                    marks = ", ".join(["%s"] * len(columns))
                    cursor.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', rows)
            for sql in connection.ops.sequence_reset_sql(no_style(), [m for m, _c, _r in self.tables]):
                cursor.execute(sql)
        return Club.objects.get(slug=self.club_slug)
