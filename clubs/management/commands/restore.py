"""python manage.py restore FILE --yes: replace the database with a backup made by ``backup``."""
from pathlib import Path

from django.core.management.base import BaseCommand

from cardroom.backup import BackupError, media_note, restore


class Command(BaseCommand):
    help = "Replace the whole database with the backup in FILE (stop the web and worker processes first)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--yes", action="store_true", help="yes, replace everything in the database")

    def handle(self, *args, **options):
        try:
            if not options["yes"]:
                raise BackupError("This replaces everything in the database with the backup: add --yes.")
            self.stdout.write(restore(Path(options["file"])))
        except (BackupError, OSError) as exc:
            self.stderr.write(str(exc))
            raise SystemExit(2) from None
        self.stdout.write(media_note())
