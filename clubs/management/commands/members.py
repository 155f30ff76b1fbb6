"""python manage.py members import CLUB FILE.csv | members export CLUB [-o FILE.csv]"""
import sys

from django.core.management.base import BaseCommand

from clubs import services
from clubs.models import Club


class Command(BaseCommand):
    help = "Import or export a club's members as CSV (import is all-or-nothing)."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        imp = sub.add_parser("import", help="import members from a CSV file")
        imp.add_argument("club", help="club slug")
        imp.add_argument("file")
        exp = sub.add_parser("export", help="export members as CSV")
        exp.add_argument("club", help="club slug")
        exp.add_argument("-o", "--output", default="-")

    def fail(self, message: str):
        self.stderr.write(message)
        raise SystemExit(2)

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            self.fail(f"No club with slug {options['club']!r}.")
        if options["action"] == "export":
            text = services.members_export_csv(club=club)
            if options["output"] == "-":
                self.stdout.write(text, ending="")
                return
            try:
                with open(options["output"], "w", encoding="utf-8", newline="") as fh:
                    fh.write(text)
            except OSError as exc:
                self.fail(f"Cannot write {options['output']}: {exc.strerror}")
            return
        try:
            with open(options["file"], "rb") as fh:
                data = fh.read()
        except OSError as exc:
            self.fail(f"Cannot read {options['file']}: {exc.strerror}")
        try:
            summary = services.members_import_csv(club=club, data=data, max_rows=None, max_bytes=None)
        except services.MemberImportError as exc:
            for line, message in exc.errors:
                self.stderr.write(f"{options['file']}:{line}: {message}")
            self.fail("Nothing was imported.")
        self.stdout.write(f"Imported: {summary.created} new, {summary.updated} updated, "
                          f"{summary.unchanged} unchanged.")
