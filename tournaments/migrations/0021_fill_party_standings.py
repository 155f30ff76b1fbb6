"""Parties played before standings were stored (0013) get them once. The fill runs the standings
service of the present release, which reads the present models, so it cannot run here in the
middle of the migrations (a later field, such as Event.format in 0023, is not there yet): it runs
after ``migrate`` instead (``tournaments.apps`` connects ``post_migrate`` to
``tournaments.services.party.standings.party_standings_fill``). This migration is kept, empty, so
databases that applied it and those that did not share one history."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0020_party_options"),
    ]

    operations = []
