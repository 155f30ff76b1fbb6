"""Board sets from the command line.

    manage.py boards import EVENT FILE.pbn      replace the event's boards with the file's (.dup, .dlm: Duplimate)
    manage.py boards export EVENT -o FILE.pbn   write the event's boards (PBN export format;
                                                FILE.dup or FILE.dlm: Duplimate)
    manage.py boards deal EVENT --count 24 [--seed S]
    manage.py boards analyse EVENT [--force]    double dummy and par now (no worker needed)

The club's reusable sets (no event):

    manage.py boards list --club SLUG
    manage.py boards import --club SLUG FILE.pbn --name NAME [--game G]
    manage.py boards deal --club SLUG --name NAME --count 36 [--seed S] [--game G]
    manage.py boards export --set ID -o FILE.pbn
    manage.py boards analyse --set ID [--force]
    manage.py boards use EVENT --set ID         copy the boards the event's movement needs
    manage.py boards delete --set ID            refused while an event uses the set

EVENT is the event id, ID a club set's id.  Bad input: a message on stderr and exit status 2.
"""
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand

from cardroom.inputs import is_whole
from clubs.models import Club
from tournaments import selectors_boards
from tournaments.deals.dlm import DlmError, dlm_to_pbn, pbn_to_dlm
from tournaments.deals.dup import DupError, dup_to_pbn, pbn_to_dup
from tournaments.models import BoardSet, Event, Game
from tournaments.models.events import DUPLICATE_GAMES

GAMES = sorted(str(g) for g in DUPLICATE_GAMES)


class Command(BaseCommand):
    help = "Import, export, deal and analyse an event's boards (PBN), and the club's reusable sets."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        imp = sub.add_parser("import", help="Import a PBN file into the event's board set, or as a club set.")
        imp.add_argument("targets", nargs="+", metavar="[EVENT] FILE", help="EVENT FILE, or FILE with --club")
        self._club_options(imp)
        exp = sub.add_parser("export", help="Export the event's boards, or a club set (--set), as PBN.")
        exp.add_argument("event", type=int, nargs="?")
        exp.add_argument("--set", type=int, dest="set_id", help="A club set's id instead of an event.")
        exp.add_argument("-o", "--output", required=True, help="File to write ('-' for standard output).")
        deal = sub.add_parser("deal", help="Deal the event's boards from its seed, or a new club set (--club).")
        deal.add_argument("event", type=int, nargs="?")
        deal.add_argument("--count", type=int, required=True)
        deal.add_argument("--seed", default=None)
        self._club_options(deal)
        ana = sub.add_parser("analyse", help="Compute double dummy and par now.")
        ana.add_argument("event", type=int, nargs="?")
        ana.add_argument("--set", type=int, dest="set_id", help="A club set's id instead of an event.")
        ana.add_argument("--force", action="store_true")
        lst = sub.add_parser("list", help="List the club's board sets.")
        lst.add_argument("--club", required=True, help="The club's slug.")
        use = sub.add_parser("use", help="Copy a club set into the event's boards.")
        use.add_argument("event", type=int)
        use.add_argument("--set", type=int, dest="set_id", required=True)
        delete = sub.add_parser("delete", help="Delete a club set (refused while an event uses it).")
        delete.add_argument("--set", type=int, dest="set_id", required=True)

    @staticmethod
    def _club_options(parser):
        parser.add_argument("--club", help="Make a reusable set of this club (its slug) instead.")
        parser.add_argument("--name", default="", help="The club set's name.")
        parser.add_argument("--game", default=Game.DUPLICATE_BRIDGE, choices=GAMES, help="The club set's game.")

    def fail(self, message: str):
        self.stderr.write(f"boards: {message}")
        raise SystemExit(2)

    def handle(self, *args, action, **options):
        try:
            if options.get("club") or action == "list":
                self.handle_club(action, options)
            elif options.get("set_id"):
                self.handle_set(action, options)
            else:
                self.handle_event(action, options)
        except ValidationError as err:
            self.fail("; ".join(err.messages))
        except OSError as err:
            self.fail(str(err))

    def _event(self, event_id) -> Event:
        if event_id is None:
            self.fail("give the event id (or --club / --set for a club set)")
        found = Event.objects.select_related("club").filter(pk=event_id).first()
        if found is None:
            self.fail(f"no event with id {event_id}")
        return found

    def _file(self, name) -> bytes:
        """The file's bytes; a Duplimate .DUP file is read as the PBN hand records it holds."""
        path = Path(name)
        if not path.is_file():
            self.fail(f"{path}: no such file")
        if path.suffix.lower() in (".dup", ".dlm"):
            try:
                convert = dup_to_pbn if path.suffix.lower() == ".dup" else dlm_to_pbn
                return convert(path.read_bytes()).encode("latin-1")
            except (DupError, DlmError) as exc:
                self.fail(f"{path}: {exc}")
        return path.read_bytes()

    def _export(self, board_set: BoardSet, output: str) -> None:
        from tournaments.services import boards as services

        text = services.boardset_export_pbn(board_set=board_set)
        if output.lower().endswith((".dup", ".dlm")):  # the dealing machines' own formats
            try:
                data = pbn_to_dup(text) if output.lower().endswith(".dup") else pbn_to_dlm(text).encode("ascii")
                Path(output).write_bytes(data)
            except (DupError, DlmError) as exc:
                self.fail(f"{output}: {exc}")
            self.stdout.write(f"wrote {board_set.boards.count()} boards to {output} (Duplimate)")
            return
        if output == "-":
            self.stdout.write(text, ending="")
        else:
            Path(output).write_bytes(text.encode("latin-1", "replace"))
            self.stdout.write(f"wrote {board_set.boards.count()} boards to {output}")

    def _analyse(self, board_set: BoardSet, force: bool) -> None:
        from tournaments.services import boards as services

        def progress(done: int, total: int) -> None:  # a counter on stderr: stdout stays the result
            self.stderr.write(f"analysed {done} of {total} boards")

        summary = services.boardset_analyse_now(board_set_id=board_set.pk, force=force, progress=progress)
        if not summary.get("available", True):
            self.fail("double-dummy analysis unavailable (endplay is not installed)")
        self.stdout.write(f"analysed {summary['analysed']} boards")

    def handle_event(self, action, options):
        from tournaments.services import boards as services

        if action == "import":
            if len(options["targets"]) != 2:
                self.fail("import takes EVENT FILE (or --club SLUG FILE)")
            event_id, name = options["targets"]
            found = self._event(int(event_id) if is_whole(event_id) else self.fail(f"{event_id!r} is not an event id"))
            board_set = services.boardset_import_pbn(event=found, data=self._file(name))
            self.stdout.write(f"imported {board_set.boards.count()} boards into {found}")
            return
        found = self._event(options.get("event"))
        if action == "deal":
            board_set = services.boardset_deal(event=found, seed=options["seed"], count=options["count"])
            self.stdout.write(f"dealt {board_set.boards.count()} boards for {found} (seed {board_set.seed})")
            return
        board_set = BoardSet.objects.filter(event=found).first()
        if board_set is None or (action == "export" and not board_set.boards.exists()):
            self.fail(f"event {found.pk} has no boards")
        if action == "export":
            self._export(board_set, options["output"])
        else:
            self._analyse(board_set, options["force"])

    def handle_club(self, action, options):
        from tournaments.services import boards as services

        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            self.fail(f"no club {options['club']!r}")
        if action == "list":
            for s in selectors_boards.club_board_sets(club=club):
                used = ", ".join(str(e.pk) for e in selectors_boards.board_set_events(s))
                self.stdout.write(f"{s.pk}\t{s.name}\t{s.game}\t{s.board_count} boards"
                                  + (f"\tused by event {used}" if used else ""))
            return
        if action == "import":
            if len(options["targets"]) != 1:
                self.fail("with --club, import takes just FILE")
            data = self._file(options["targets"][0])
            board_set = services.club_boardset_import_pbn(club=club, name=options["name"], game=options["game"],
                                                          data=data)
            self.stdout.write(f"imported {board_set.boards.count()} boards as club set {board_set.pk} ({board_set})")
        elif action == "deal":
            board_set = services.club_boardset_deal(club=club, name=options["name"], game=options["game"],
                                                    count=options["count"], seed=options["seed"])
            self.stdout.write(f"dealt {board_set.boards.count()} boards as club set {board_set.pk} ({board_set}, "
                              f"seed {board_set.seed})")

    def handle_set(self, action, options):
        from tournaments.services import boards as services

        board_set = BoardSet.objects.select_related("club").filter(pk=options["set_id"], event__isnull=True).first()
        if board_set is None:
            self.fail(f"no club board set with id {options['set_id']}")
        if action == "export":
            self._export(board_set, options["output"])
        elif action == "analyse":
            self._analyse(board_set, options["force"])
        elif action == "use":
            found = self._event(options["event"])
            copied = services.boardset_copy_to_event(event=found, club_set=board_set)
            self.stdout.write(f"copied {copied.boards.count()} boards of {board_set} into {found}")
        elif action == "delete":
            services.club_boardset_delete(board_set=board_set)
            self.stdout.write(f"deleted club set {options['set_id']} ({board_set})")
        else:
            self.fail(f"{action} does not take --set")
