"""python manage.py backup FILE: the database to FILE with its own dump tool (cardroom.backup)."""
from pathlib import Path

from django.core.management.base import BaseCommand

from cardroom.backup import BackupError, backup, media_note


class Command(BaseCommand):
    help = "Back up the database to FILE (SQLite backup API or pg_dump); says what to copy of MEDIA_ROOT."

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write the backup (refused if it exists, unless --force)")
        parser.add_argument("--force", action="store_true", help="overwrite FILE")

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            if not path.parent.is_dir():  # SQLite's backup API would end in a traceback
                raise BackupError(f"{path.parent} is not a directory: create it first.")
            if path.exists() and not options["force"]:
                raise BackupError(f"{path} exists; give another name or --force.")
            if path.exists():
                path.unlink()
            self.stdout.write(backup(path))
        except (BackupError, OSError) as exc:
            self.stderr.write(str(exc))
            raise SystemExit(2) from None
        self.stdout.write(media_note())
