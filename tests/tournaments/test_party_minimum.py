"""A party is not drawn below one table of four real players (no table of ghost hands)."""
import pytest

from tests.tournaments.factories_party import create_party, register, url
from tournaments.models.party import PartyPlayer

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", [
    [("L1", "lady")],
    [("P1", "open")],
    [("P1", "open"), ("P2", "open"), ("P3", "open")],
])
def test_a_party_below_one_table_of_four_is_refused_naming_the_minimum(api_as, director, club, players):
    client = api_as(director)
    event = create_party(client, club, progression="hoyle", tables=1)
    register(client, club, event["id"], players)
    response = client.post(url(club, event["id"], "start"), {}, format="json")
    assert response.status_code == 400, response.json()
    message = response.json()["players"][0]
    assert "at least 4 players" in message and f"{len(players)} registered" in message
    assert not PartyPlayer.objects.filter(ghost=True).exists()


def test_four_players_are_drawn_at_one_table(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, progression="hoyle", tables=1)
    register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 5)])
    response = client.post(url(club, event["id"], "start"), {}, format="json")
    assert response.status_code == 200 and len(response.json()["tables"]) == 1
