"""Parties played before standings were stored (0013) get them once. The fill runs the standings
service of this release, so it sits after every rename of the party models (0019, 0020); a later
migration that renames what the service reads must come after it, or move this fill past it
(tests/tournaments/test_party_standings_migration.py migrates a party from 0012 to the end)."""
from django.db import migrations


def fill_standings(apps, schema_editor):
    if not apps.get_model("tournaments", "Party").objects.filter(standings__isnull=True).exists():
        return  # a new database, or every party already stored
    from tournaments.models.party import Party
    from tournaments.services.party.standings import party_standings_write

    for party in Party.objects.select_related("event").filter(standings__isnull=True).distinct():
        party_standings_write(party=party)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0020_party_options"),
    ]

    operations = [
        migrations.RunPython(fill_standings, migrations.RunPython.noop),
    ]
