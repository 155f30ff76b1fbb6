"""``manage.py movement KIND ...``: print a validated movement as a wall guide, JSON or CSV.

A thin wrapper: the work is done by the pure ``tournaments.movements.cli``. An impossible
request is reported on stderr with exit code 2.
"""

from django.core.management.base import BaseCommand

from tournaments.movements.cli import add_arguments, movement_command


class Command(BaseCommand):
    help = "Print a movement (Mitchell, Howell, individual, Rainbow, teams) for a field size."

    def add_arguments(self, parser):
        add_arguments(parser)

    def handle(self, *args, **options):
        code, text = movement_command(
            options["kind"], tables=options["tables"], pairs=options["pairs"],
            players=options["players"], boards_per_round=options["boards_per_round"],
            rounds=options["rounds"], fmt=options["fmt"])
        if code:
            self.stderr.write(text)
            raise SystemExit(code)
        self.stdout.write(text, ending="")
