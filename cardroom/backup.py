"""Backup and restore with the database's own tools: SQLite's online backup API (a consistent
copy even while the site writes), PostgreSQL's pg_dump/pg_restore (custom format).

MEDIA_ROOT holds only the print packs, which are rebuilt from the database on demand, so the
database file is the whole backup; copy MEDIA_ROOT as well only to skip re-rendering."""
from __future__ import annotations

import os
from pathlib import Path
import sqlite3
import subprocess

from django.conf import settings
from django.db import connections

MEDIA_NOTE = ("MEDIA_ROOT ({media}) holds only print packs, which Cardroom rebuilds from the database when "
              "asked; copy it too (e.g. rsync -a {media}/ BACKUP/media/) only to skip re-rendering them.")


class BackupError(Exception):
    """Something the operator must fix: a message, exit status 2."""


def media_note() -> str:
    return MEDIA_NOTE.format(media=settings.MEDIA_ROOT)


def _vendor(alias: str) -> str:
    return connections[alias].vendor


def _pg_env(db: dict) -> dict:
    env = dict(os.environ)
    for key, var in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if db.get(key):
            env[var] = str(db[key])
    return env


def backup(path: Path, *, alias: str = "default") -> str:
    """Write a backup of the database to ``path``; returns what was done, for the operator."""
    connection = connections[alias]
    if _vendor(alias) == "sqlite":
        connection.ensure_connection()
        target = sqlite3.connect(path)
        try:
            connection.connection.backup(target)
        finally:
            target.close()
        return f"SQLite database copied to {path} (online backup API)."
    if _vendor(alias) == "postgresql":
        db = connection.settings_dict
        run = subprocess.run(["pg_dump", "--format=custom", "--no-owner", f"--file={path}", db["NAME"]],
                             env=_pg_env(db), capture_output=True, text=True)
        if run.returncode:
            raise BackupError(f"pg_dump failed: {run.stderr.strip()}")
        return f"PostgreSQL database {db['NAME']} dumped to {path} (pg_dump, custom format)."
    raise BackupError(f"No backup for the {_vendor(alias)} database; use its own dump tool.")


def restore(path: Path, *, alias: str = "default") -> str:
    """Replace the database's contents with the backup at ``path``."""
    if not path.is_file():
        raise BackupError(f"{path}: no such file.")
    connection = connections[alias]
    if _vendor(alias) == "sqlite":
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in source.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            source.close()
            raise BackupError(f"{path} is not an SQLite database: {exc}") from None
        if "django_migrations" not in tables:
            source.close()
            raise BackupError(f"{path} is an SQLite database but not a Cardroom backup (no django_migrations).")
        connection.ensure_connection()
        try:
            source.backup(connection.connection)
        finally:
            source.close()
        return f"SQLite database restored from {path}."
    if _vendor(alias) == "postgresql":
        db = connection.settings_dict
        connection.close()
        run = subprocess.run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
                              f"--dbname={db['NAME']}", str(path)], env=_pg_env(db), capture_output=True, text=True)
        if run.returncode:
            raise BackupError(f"pg_restore failed: {run.stderr.strip()}")
        return f"PostgreSQL database {db['NAME']} restored from {path} (pg_restore)."
    raise BackupError(f"No restore for the {_vendor(alias)} database; use its own tools.")
