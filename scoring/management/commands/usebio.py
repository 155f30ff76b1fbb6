"""``manage.py usebio score FILE.xml | import CLUB FILE.xml | export EVENT [--format pbn]``.

``score`` is pure (``scoring.engine.usebiotool``); ``import`` and ``export`` call the services
in ``tournaments.services.usebio`` and ``tournaments.services.results_export``.
"""
import argparse
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.engine.usebiotool import build_parser, parse_args, run


class Command(BaseCommand):
    help = build_parser().format_help()

    def add_arguments(self, parser):
        parser.add_argument("argv", nargs=argparse.REMAINDER, help="score|import|export ...")

    def handle(self, *args, **options):
        parsed, early = parse_args(options["argv"])
        if early:
            code, text = early
        elif parsed.action == "score":
            code, text = run(options["argv"])
        elif parsed.action == "import":
            code, text = self._import(parsed)
        else:
            code, text = self._export(parsed)
        if code:
            raise CommandError(text.strip(), returncode=code)
        if text:
            self.stdout.write(text, ending="")

    def _import(self, args):
        from clubs.models import Club
        from tournaments.services.usebio import UsebioImportError, event_import_usebio

        club = Club.objects.filter(slug=args.club).first()
        if club is None:
            return 2, f"no club {args.club!r}"
        try:
            data = Path(args.file).read_bytes()
        except OSError as exc:
            return 2, f"{args.file}: cannot read: {exc.strerror or exc}"
        try:
            event = event_import_usebio(club=club, data=data, user=None, vp_scale=args.vp_scale)
        except UsebioImportError as exc:
            return 2, f"{args.file}: {exc}"
        report = event.usebio_report
        if "teams" in report:
            return 0, (f"imported event {event.pk}: {event.name} ({event.date}), {report['teams']} teams; "
                       f"{report['matches_matching']} of {report['matches']} matches' and {report['matching']} of "
                       f"{report['places']} teams' figures equal the file's\n")
        return 0, f"imported event {event.pk}: {event.name} ({event.date}), {event.entries.count()} pairs\n"

    def _export(self, args):
        from tournaments.models import Event
        from tournaments.services.results_export import ExportRefused, event_export_results_pbn, event_export_usebio

        event = Event.objects.filter(pk=args.event).first()
        if event is None:
            return 2, f"no event {args.event}"
        try:
            data = event_export_usebio(event) if args.format == "usebio" else event_export_results_pbn(event)
        except ExportRefused as exc:
            return 2, f"event {event.pk}: {exc}"
        if args.output:
            Path(args.output).write_bytes(data)
            return 0, ""
        return 0, data.decode("utf-8" if args.format == "usebio" else "latin-1")
