"""Party standings are stored like pair standings: every write (a report, a close, a reopen)
replaces the ``PartyStanding`` rows, and the pages and the API read them without touching the
results or the stars."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.factories_party import close, create_party, register, report, url
from tournaments.models.party import PartyStanding

pytestmark = pytest.mark.django_db

PLAYERS = [(f"P{i}", "open") for i in range(1, 9)]


def stored(event_id):
    return {s.player.name: (s.rank, s.points, s.gold, s.green) for s in
            PartyStanding.objects.filter(party__event_id=event_id).select_related("player")}


def test_a_report_a_close_and_a_reopen_rewrite_the_stored_standings(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], PLAYERS)
    assert set(stored(event["id"])) == {name for name, _ in PLAYERS}
    client.post(url(club, event["id"], "start"), {}, format="json")
    assert report(client, club, event["id"], 1, 1, [5, 3]).status_code == 201
    assert sorted(points for _, points, _, _ in stored(event["id"]).values()) == [0, 0, 0, 0, 3, 3, 5, 5]
    assert report(client, club, event["id"], 1, 2, [2, 5]).status_code == 201
    assert sum(gold for _, _, gold, _ in stored(event["id"]).values()) == 0
    assert close(client, club, event["id"], 1).status_code == 200
    after_close = stored(event["id"])
    assert sum(gold for _, _, gold, _ in after_close.values()) == 2
    assert sum(green for _, _, _, green in after_close.values()) == 2
    assert client.delete(url(club, event["id"], "rounds", 1, "close")).status_code == 200
    assert sum(gold for _, _, gold, _ in stored(event["id"]).values()) == 0


def test_reading_the_standings_reads_the_stored_rows_only(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], PLAYERS)
    client.post(url(club, event["id"], "start"), {}, format="json")
    report(client, club, event["id"], 1, 1, [5, 3])
    report(client, club, event["id"], 1, 2, [2, 5])
    close(client, club, event["id"], 1)
    with CaptureQueriesContext(connection) as queries:
        rows = client.get(url(club, event["id"], "standings")).json()
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    assert "partystanding" in sql
    assert "partytablereport" not in sql and "partystar" not in sql
    assert [row["rank"] for row in rows][:2] == [1, 1] and rows[0]["gold"] == 1
