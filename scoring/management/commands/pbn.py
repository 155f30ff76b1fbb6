"""``manage.py pbn score FILE.pbn [--method ...] [--format json|pbn] [-o OUT]``.

A thin wrapper: the whole tool is ``scoring.engine.pbntool.run`` (pure Python).
"""
import argparse

from django.core.management.base import BaseCommand, CommandError

from scoring.engine.pbntool import build_parser, run


class Command(BaseCommand):
    help = build_parser().format_help()

    def add_arguments(self, parser):
        parser.add_argument("argv", nargs=argparse.REMAINDER, help="score FILE.pbn [options]")

    def handle(self, *args, **options):
        code, text = run(options["argv"], progress=lambda text: self.stderr.write(f"pbn: {text}"))
        if code:
            raise CommandError(text.strip(), returncode=code)
        if text:
            self.stdout.write(text, ending="")
