"""Parties played before standings were stored get them after ``migrate``: a database with parties
at 0012 (a club that ran ``make run`` before this release) migrates to the end, and the fill
(``party_standings_fill``, on ``post_migrate``) runs the present service on the present schema.
It once ran inside migration 0021 and broke as soon as a later migration added a field it reads."""
import datetime

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_states import state_at
from tests.tournaments.factories_party import close, create_party, register, report
from tournaments.models.party import PartyStanding

PLAYERS = [(f"P{i}", "open") for i in range(1, 9)]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor




@pytest.mark.django_db(transaction=True)
def test_a_database_with_parties_migrates_from_before_stored_standings():
    executor = MigrationExecutor(connection)
    before = state_at(executor, ("tournaments", "0012_trash"))
    migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("clubs", "Club").objects.create(name="Old", slug="old-parties")
    event = old.get_model("tournaments", "Event").objects.create(
        club=club, name="Euchre", date=datetime.date(2026, 11, 2), game="progressive_euchre", scoring="tally")
    party = old.get_model("tournaments", "Party").objects.create(event=event)
    for label in ("P1", "P2"):
        old.get_model("tournaments", "PartyPlayer").objects.create(party=party, label=label, name=label)

    call_command("migrate", verbosity=0)  # to the end, then post_migrate's fill
    assert sorted(PartyStanding.objects.filter(party_id=party.pk).values_list("player__label", flat=True)) \
        == ["P1", "P2"]


@pytest.mark.django_db(transaction=True)
def test_the_fill_restores_a_played_partys_standings(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], PLAYERS)
    client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/", {}, format="json")
    report(client, club, event["id"], 1, 1, [5, 3])
    report(client, club, event["id"], 1, 2, [2, 5])
    close(client, club, event["id"], 1)
    written = sorted(PartyStanding.objects.filter(party__event_id=event["id"]).values_list("points", "gold"))
    PartyStanding.objects.filter(party__event_id=event["id"]).delete()

    migrate(state_at(MigrationExecutor(connection), ("tournaments", "0020_party_options")))
    call_command("migrate", verbosity=0)
    assert sorted(PartyStanding.objects.filter(party__event_id=event["id"]).values_list("points", "gold")) == written
