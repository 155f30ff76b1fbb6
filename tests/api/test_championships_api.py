"""Championships through the API: directors write, everyone reads what the sessions let them
see (visitors: published sessions), bad bodies are 400s naming the field."""
import pytest

from scoring.models import CumulativeStanding
from tests.tournaments.factories_championship import play_all
from tests.tournaments.factories_event import event_in_status, started_event
from tournaments.models import Championship, Entry, Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def first(api_as, club, director):
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="howell", tables=2)
    play_all(client, base, movement, seed=3)
    assert client.post(f"{base}/finish/").status_code == 200
    return Event.objects.get(pk=event["id"])


def url(club, rest=""):
    return f"/api/clubs/{club.slug}/championships/{rest}"


def test_a_director_runs_a_championship_through_the_api(api_as, club, director, first):
    client = api_as(director)
    made = client.post(url(club), {"name": "Winter pairs", "carry_over": "factored", "carry_factor": 0.5,
                                   "qualify_top": 3, "event": first.pk}, format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["sessions"][0]["event"] == first.pk and body["carry_factor"] == 0.5
    table = client.get(url(club, f"{body['id']}/standings/")).json()
    assert table["session"] == 1 and len(table["rows"]) == 4
    assert {"session", "cumulative", "carried", "session_rank", "qualified"} <= set(table["rows"][0])
    assert sum(r["qualified"] for r in table["rows"]) >= 3
    nxt = client.post(url(club, f"{body['id']}/next/"), {"date": "2026-12-01", "movement": None}, format="json")
    assert nxt.status_code == 201, nxt.content
    assert nxt.json()["session"] == 2
    carried = Entry.objects.filter(event_id=nxt.json()["event"])
    qualified = set(CumulativeStanding.objects.filter(event=first, qualified=True).values_list("entry_id", flat=True))
    assert {e.carried_from_id for e in carried} == qualified
    event_url = f"/api/clubs/{club.slug}/events/{nxt.json()['event']}/"
    assert {k: client.get(event_url).json()[k] for k in ("championship", "session")} == {
        "championship": body["id"], "session": 2}
    assert {e["carried_from"] for e in client.get(f"{event_url}entries/").json()} == qualified
    entry = carried.first()
    sub = client.post(url(club, f"{body['id']}/substitutions/"), {"entry": entry.pk, "player": "b", "guest": "Ann Other"},
                      format="json")
    assert sub.status_code == 201, sub.content
    assert "Ann Other" in sub.json()["names"]


@pytest.mark.parametrize("body, field", [
    ({"name": "X", "carry_over": "median"}, "carry_over"),
    ({"name": "X", "carry_over": "factored", "carry_factor": 2}, "carry_factor"),
    ({"name": "X", "carry_over": "sum", "carry_factor": 0.5}, "carry_factor"),
    ({"name": "X", "qualify_top": 0}, "qualify_top"),
    ({"name": "X", "qualify_per_section": True}, "qualify_per_section"),
    ({"name": "X", "event": 999999}, "event"),
    ({"carry_over": "sum"}, "name"),
])
def test_bad_bodies_are_400s_naming_the_field(api_as, club, director, body, field):
    response = api_as(director).post(url(club), body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert not Championship.objects.exists()


def test_bad_session_bodies_are_400s_naming_the_field(api_as, club, director, first, other_club):
    client = api_as(director)
    pk = client.post(url(club), {"name": "W", "event": first.pk}, format="json").json()["id"]
    for path, body, field in [
        ("next/", {"date": "yesterday"}, "date"),
        ("next/", {"date": "2026-12-01", "movement": [1, 2]}, "movement"),
        ("next/", {"date": "2026-12-01", "movement": {"kind": "howell", "tables": 1}}, "movement"),
        ("next/", {"date": "2020-01-01"}, "date"),
        ("sessions/", {"event": "x"}, "event"),
        ("sessions/", {"event": first.pk + 1000}, "event"),
        ("substitutions/", {"entry": 999999, "player": "a", "guest": "Ann"}, "entry"),
        ("substitutions/", {"entry": first.entries.first().pk, "player": "c", "guest": "Ann"}, "player"),
    ]:
        response = client.post(url(club, f"{pk}/{path}"), body, format="json")
        assert response.status_code == 400, (path, body, response.content)
        assert field in response.json(), (path, body, response.json())
    assert client.get(url(club, f"{pk}/standings/"), {"session": "abc"}).status_code == 400
    assert "session" in client.get(url(club, f"{pk}/standings/"), {"session": "abc"}).json()


def test_only_directors_write_and_visitors_read_published_sessions(api_as, api, club, director, player, scorer,
                                                                    first):
    body = {"name": "W", "event": first.pk}
    assert api.post(url(club), body, format="json").status_code in (401, 403)
    assert api_as(player).post(url(club), body, format="json").status_code == 403
    assert api_as(scorer).post(url(club), body, format="json").status_code == 403
    pk = api_as(director).post(url(club), body, format="json").json()["id"]
    for who in (api_as(player), api_as(scorer)):
        assert who.post(url(club, f"{pk}/next/"), {"date": "2026-12-01"}, format="json").status_code == 403
        assert who.delete(url(club, f"{pk}/")).status_code == 403
    # a finished session: the club's players read it, visitors do not
    assert api_as(player).get(url(club, f"{pk}/standings/")).status_code == 200
    assert api.get(url(club, f"{pk}/standings/")).status_code == 404
    assert api.get(url(club, f"{pk}/")).json()["sessions"] == []
    event_in_status(first, "published")
    assert api.get(url(club, f"{pk}/standings/")).status_code == 200
    assert api.get(url(club, f"{pk}/")).json()["sessions"][0]["event"] == first.pk


def test_adding_a_session_already_there_is_a_200_that_changes_nothing(api_as, club, director, first):
    """As a result entered twice: the first add is a 201, the same event again a 200 with the
    championship as it stands (no new session, the session number kept)."""
    client = api_as(director)
    pk = client.post(url(club), {"name": "W"}, format="json").json()["id"]
    added = client.post(url(club, f"{pk}/sessions/"), {"event": first.pk}, format="json")
    assert added.status_code == 201, added.content
    again = client.post(url(club, f"{pk}/sessions/"), {"event": first.pk}, format="json")
    assert again.status_code == 200, again.content
    assert [s["session"] for s in again.json()["sessions"]] == [1]
    assert list(Event.objects.filter(championship_id=pk).values_list("pk", "session")) == [(first.pk, 1)]
