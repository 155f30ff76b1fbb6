from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _fill_after_migrate(sender, using="default", **kwargs):
    from tournaments.services.party.standings import party_standings_fill

    party_standings_fill(using=using)


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Events, boards and results"

    def ready(self):
        post_migrate.connect(_fill_after_migrate, sender=self, dispatch_uid="tournaments-party-standings-fill")
