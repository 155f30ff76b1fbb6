"""Board sets from the command line.

    manage.py boards import EVENT FILE.pbn      replace the event's boards with the file's
    manage.py boards export EVENT -o FILE.pbn   write the event's boards (PBN export format)
    manage.py boards deal EVENT --count 24 [--seed S]
    manage.py boards analyse EVENT [--force]    double dummy and par now (no worker needed)

EVENT is the event id.  Bad input: a message on stderr and exit status 2.
"""
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand

from tournaments.models import BoardSet, Event


class Command(BaseCommand):
    help = "Import, export, deal and analyse an event's boards (PBN)."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        imp = sub.add_parser("import", help="Import a PBN file into the event's board set.")
        imp.add_argument("event", type=int)
        imp.add_argument("file")
        exp = sub.add_parser("export", help="Export the event's boards as PBN.")
        exp.add_argument("event", type=int)
        exp.add_argument("-o", "--output", required=True, help="File to write ('-' for standard output).")
        deal = sub.add_parser("deal", help="Deal the event's boards from its seed.")
        deal.add_argument("event", type=int)
        deal.add_argument("--count", type=int, required=True)
        deal.add_argument("--seed", default=None)
        ana = sub.add_parser("analyse", help="Compute double dummy and par now.")
        ana.add_argument("event", type=int)
        ana.add_argument("--force", action="store_true")

    def fail(self, message: str):
        self.stderr.write(f"boards: {message}")
        raise SystemExit(2)

    def handle(self, *args, action, event, **options):
        from tournaments.services import boards as services

        found = Event.objects.select_related("club").filter(pk=event).first()
        if found is None:
            self.fail(f"no event with id {event}")
        try:
            if action == "import":
                path = Path(options["file"])
                if not path.is_file():
                    self.fail(f"{path}: no such file")
                board_set = services.boardset_import_pbn(event=found, data=path.read_bytes())
                self.stdout.write(f"imported {board_set.boards.count()} boards into {found}")
            elif action == "export":
                board_set = BoardSet.objects.filter(event=found).first()
                if board_set is None or not board_set.boards.exists():
                    self.fail(f"event {event} has no boards")
                text = services.boardset_export_pbn(board_set=board_set)
                if options["output"] == "-":
                    self.stdout.write(text, ending="")
                else:
                    data = text.encode("latin-1", "replace")
                    Path(options["output"]).write_bytes(data)
                    self.stdout.write(f"wrote {board_set.boards.count()} boards to {options['output']}")
            elif action == "deal":
                board_set = services.boardset_deal(event=found, seed=options["seed"], count=options["count"])
                self.stdout.write(f"dealt {board_set.boards.count()} boards for {found} (seed {board_set.seed})")
            else:
                board_set = BoardSet.objects.filter(event=found).first()
                if board_set is None:
                    self.fail(f"event {event} has no boards")
                summary = services.boardset_analyse_now(board_set_id=board_set.pk, force=options["force"])
                if not summary.get("available", True):
                    self.fail("double-dummy analysis unavailable (endplay is not installed)")
                self.stdout.write(f"analysed {summary['analysed']} boards")
        except ValidationError as err:
            self.fail("; ".join(err.messages))
        except OSError as err:
            self.fail(str(err))
