"""python manage.py load_demo — the demo club for `make run` (safe to run again)."""
from django.core.management.base import BaseCommand

from clubs.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo club, its logins and members (idempotent)."

    def handle(self, *args, **options):
        summary = load_demo()
        verb = "Created" if summary.created else "Kept"
        self.stdout.write(f"{verb} demo club {summary.club.name!r} at /clubs/{summary.club.slug}/")
        self.stdout.write(f"Demo director login: {summary.director_username} / {summary.password}")
