"""One lifecycle for every game: the event's generic actions on a party dispatch to the party's
own (finish, start) or refuse with a 409 naming the party's action (reopen, round, pairs), on
pages and in the API alike."""
import pytest

from tests.tournaments.factories_party import close, create_party, register, report, url
from tournaments.models import Event, EventChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def party(api_as, director, club):
    """A one-table euchre party in round 1."""
    client = api_as(director)
    event = create_party(client, club, tables=1)
    register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 5)])
    assert client.post(url(club, event["id"], "start"), {}, format="json").status_code == 200
    return client, event["id"]


def _status(event_id) -> str:
    return Event.objects.get(pk=event_id).status


def test_generic_finish_of_a_party_with_a_reported_round_is_the_partys_409(party, club):
    client, event_id = party
    assert report(client, club, event_id, 1, 1, [5, 3]).status_code == 201
    generic = client.post(url(club, event_id, "finish"), {}, format="json")
    own = client.post(url(club, event_id, "party", "finish"), {}, format="json")
    assert generic.status_code == own.status_code == 409, (generic.content, own.content)
    assert generic.json()["detail"] == own.json()["detail"] == "round 1 has results: close it first"
    assert _status(event_id) == "playing"


def test_generic_finish_of_a_party_between_rounds_finishes_it_as_the_partys_own(party, club):
    client, event_id = party
    done = client.post(url(club, event_id, "finish"), {}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "finished"
    # the party's own finish drops the unplayed open round: the generic one took the same path
    assert Event.objects.get(pk=event_id).party.current_round == 0
    assert EventChange.objects.filter(event_id=event_id, from_status="playing", to_status="finished").count() == 1


def test_finish_page_of_a_party_with_a_reported_round_answers_409(party, club, director, client):
    api, event_id = party
    assert report(api, club, event_id, 1, 1, [5, 3]).status_code == 201
    client.force_login(director)
    page = client.post(f"/clubs/{club.slug}/events/{event_id}/do/finish/", {"confirm": "1"})
    assert page.status_code == 409
    assert "round 1 has results: close it first" in page.content.decode()
    assert _status(event_id) == "playing"


@pytest.mark.parametrize("action, names", [
    ("reopen", "reopen its last closed round, round 1"),
    ("round", "when round 2 is closed"),
])
def test_generic_actions_a_party_does_otherwise_are_refused_naming_its_own(party, club, action, names):
    client, event_id = party
    assert report(client, club, event_id, 1, 1, [5, 3]).status_code == 201
    assert close(client, club, event_id, 1).status_code == 200
    if action == "reopen":
        assert client.post(url(club, event_id, "finish"), {}, format="json").status_code == 200
    before = _status(event_id)
    body = {"round": 2} if action == "round" else {}
    refused = client.post(url(club, event_id, action), body, format="json")
    assert refused.status_code == 409, refused.content
    assert names in refused.json()["detail"] and refused.json()["use"] in refused.json()["detail"]
    assert _status(event_id) == before


def test_entering_a_pair_in_a_party_is_refused_naming_registration(party, club, director):
    client, event_id = party
    refused = client.post(url(club, event_id, "entries"), {"guests": ["Ann", "Bob"]}, format="json")
    assert refused.status_code == 409 and "register its players" in refused.json()["detail"]


def test_reopen_page_of_a_party_answers_409_naming_the_round(party, club, director, client):
    api, event_id = party
    assert api.post(url(club, event_id, "finish"), {}, format="json").status_code == 200
    client.force_login(director)
    page = client.post(f"/clubs/{club.slug}/events/{event_id}/do/reopen/")
    assert page.status_code == 409 and "reopen its last closed round" in page.content.decode()
    assert _status(event_id) == "finished"


def test_start_page_of_a_party_draws_its_first_round(api_as, director, club, client):
    api = api_as(director)
    event = create_party(api, club, tables=1)
    register(api, club, event["id"], [(f"P{i}", "open") for i in range(1, 5)])
    client.force_login(director)
    assert client.post(f"/clubs/{club.slug}/events/{event['id']}/do/start/").status_code == 302
    party = Event.objects.get(pk=event["id"]).party
    assert _status(event["id"]) == "playing" and party.current_round == 1 and party.rounds.count() == 1
