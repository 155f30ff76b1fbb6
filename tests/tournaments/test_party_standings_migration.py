"""Migration 0021 fills the stored standings of parties played before they were stored. A
database with parties at 0012 (a club that ran ``make run`` before this release) migrates to the
end; the fill runs the present service after every rename of the party models."""
import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.tournaments.factories_party import close, create_party, register, report
from tournaments.models.party import PartyStanding

PLAYERS = [(f"P{i}", "open") for i in range(1, 9)]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor


def others(executor):
    return [node for node in executor.loader.graph.leaf_nodes() if node[0] != "tournaments"]


@pytest.mark.django_db(transaction=True)
def test_a_database_with_parties_migrates_from_before_stored_standings():
    executor = MigrationExecutor(connection)
    before = [("tournaments", "0012_trash")] + others(executor)
    migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("clubs", "Club").objects.create(name="Old", slug="old-parties")
    event = old.get_model("tournaments", "Event").objects.create(
        club=club, name="Euchre", date=datetime.date(2026, 11, 2), game="progressive_euchre", scoring="tally")
    party = old.get_model("tournaments", "Party").objects.create(event=event)
    for label in ("P1", "P2"):
        old.get_model("tournaments", "PartyPlayer").objects.create(party=party, label=label, name=label)

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
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

    migrate([("tournaments", "0020_party_options")] + others(MigrationExecutor(connection)))
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert sorted(PartyStanding.objects.filter(party__event_id=event["id"]).values_list("points", "gold")) == written
