"""``manage.py national rescore ID [--inline]`` and ``manage.py national status ID``: a
simultaneous' national run queued for the workers (every host sharing the Redis takes chunks),
or run in this process; and where its national standings stand."""
from django.core.management.base import BaseCommand, CommandError

from scoring.models import NationalScoring
from tournaments.models import Simultaneous


class Command(BaseCommand):
    help = "Rescore a simultaneous' national ranking (queued, or --inline here), or show its status."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=("rescore", "status"))
        parser.add_argument("simultaneous", type=int, help="the simultaneous' id")
        parser.add_argument("--inline", action="store_true", help="run here, without the workers")

    def handle(self, *args, action, simultaneous, inline, **options):
        sim = Simultaneous.objects.filter(pk=simultaneous).first()
        if sim is None:
            raise CommandError(f"no simultaneous {simultaneous}")
        if action == "rescore":
            if inline:
                from scoring.services_national import national_rescore

                national_rescore(simultaneous_id=sim.pk, force=True)
            else:
                from scoring.tasks import rescore_national

                rescore_national.delay(sim.pk, True)
                self.stdout.write(f"queued the national run of {sim}")
        state = NationalScoring.objects.filter(simultaneous=sim).first()
        if state is None:
            self.stdout.write(f"{sim}: never scored (results version {sim.results_version})")
            return
        behind = "current" if state.version >= sim.results_version else f"behind (version {state.version} of {sim.results_version})"
        self.stdout.write(f"{sim}: {behind}; {state.results_scored} results, {state.chunks} chunks, "
                          f"last run {state.duration_ms:.0f} ms merge at {state.computed_at}"
                          + (f"; error: {state.error}" if state.error else ""))
