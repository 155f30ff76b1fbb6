"""The competitions API: anyone lists a club's competitions and reads their tables; directors
set them up (400 naming the field for bad input, never a 500) and delete them."""
import datetime

import pytest

from scoring.models import Competition
from tests.scoring.competition_factories import scored_event
from tests.tournaments.factories_event import make_members

pytestmark = pytest.mark.django_db

MON = datetime.date(2026, 9, 7)


@pytest.fixture
def season(club):
    m = make_members(club, 4)
    scored_event(club, MON, [(m[0], m[1], 60), (m[2], m[3], 40)])
    scored_event(club, MON + datetime.timedelta(days=7), [(m[0], m[1], 52), (m[2], m[3], 48)])
    return m


def url(club, rest=""):
    return f"/api/clubs/{club.slug}/competitions/{rest}"


def test_a_director_sets_up_a_ladder_and_anyone_reads_its_standings(api, api_as, club, director, season):
    response = api_as(director).post(url(club), {"name": "Ladder", "kind": "ladder", "date_from": "2026-09-01",
                                                 "best": 1}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["kind"] == "ladder" and body["best"] == 1 and body["sessions"] == 2 and body["scale"] is None
    listed = api.get(url(club))
    assert listed.status_code == 200 and [c["name"] for c in listed.json()] == ["Ladder"]
    rows = api.get(url(club, f"{body['id']}/standings/")).json()
    assert [(r["rank"], r["score"], r["played"]) for r in rows][:2] == [("1=", 60.0, 2), ("1=", 60.0, 2)]
    assert rows[0]["name"].startswith("First") and rows[0]["counted"] and rows[0]["detail"] == [60.0]


def test_a_masterpoint_scale_goes_through_the_api(api_as, club, director, season):
    scale = {"bands": [{"min_size": 2, "awards": [7, 3]}]}
    response = api_as(director).post(url(club), {"name": "MP", "kind": "masterpoints", "date_from": "2026-09-01",
                                                 "scale": scale}, format="json")
    assert response.status_code == 201 and response.json()["scale"] == scale
    rows = api_as(director).get(url(club, f"{response.json()['id']}/standings/")).json()
    assert rows[0]["score"] == 14 and rows[-1]["score"] == 6


@pytest.mark.parametrize("body, field", [
    ({"kind": "ladder", "date_from": "2026-09-01"}, "name"),
    ({"name": "x", "kind": "tricks", "date_from": "2026-09-01"}, "kind"),
    ({"name": "x", "kind": "ladder"}, "date_from"),
    ({"name": "x", "kind": "ladder", "date_from": "2026-09-01", "date_to": "2026-01-01"}, "date_to"),
    ({"name": "x", "kind": "ladder", "date_from": "not a date"}, "date_from"),
    ({"name": "x", "kind": "ladder", "date_from": "2026-09-01", "best": 0}, "best"),
    ({"name": "x", "kind": "ladder", "date_from": "2026-09-01", "best": 10**30}, "best"),
    ({"name": "x", "kind": "ladder", "date_from": "2026-09-01", "placing_points": [1, -1]}, "placing_points"),
    ({"name": "x", "kind": "ladder", "date_from": "2026-09-01", "placing_points": "10,8"}, "placing_points"),
    ({"name": "x", "kind": "championship"}, "events"),
    ({"name": "x", "kind": "championship", "events": [999999]}, "events"),
    ({"name": "x", "kind": "championship", "events": [2**70]}, "events"),
    ({"name": "x", "kind": "masterpoints", "date_from": "2026-09-01", "scale": {"bands": []}}, "scale"),
    ({"name": "x", "kind": "masterpoints", "date_from": "2026-09-01",
      "scale": {"bands": [{"min_size": 3, "awards": [1]}, {"min_size": 3, "awards": [2]}]}}, "scale"),
    ({"name": "x", "kind": "masterpoints", "date_from": "2026-09-01", "scale": "big"}, "scale"),
    ({"name": "x", "kind": "handicap", "date_from": "2026-09-01", "handicap_source": "luck"}, "handicap_source"),
    ({"name": "x" * 500, "kind": "ladder", "date_from": "2026-09-01"}, "name"),
])
def test_bad_input_is_a_400_naming_the_field(api_as, club, director, body, field):
    response = api_as(director).post(url(club), body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json(), response.json()
    assert not Competition.objects.exists()


def test_only_directors_write(api, api_as, club, director, player, season):
    body = {"name": "Ladder", "kind": "ladder", "date_from": "2026-09-01"}
    assert api.post(url(club), body, format="json").status_code in (401, 403)
    assert api_as(player).post(url(club), body, format="json").status_code == 403
    created = api_as(director).post(url(club), body, format="json").json()
    assert api_as(player).delete(url(club, f"{created['id']}/")).status_code == 403
    assert api_as(director).delete(url(club, f"{created['id']}/")).status_code == 204
    assert not Competition.objects.exists()


def test_another_clubs_competition_is_not_found(api_as, club, other_club, director, season):
    created = api_as(director).post(url(club), {"name": "L", "kind": "ladder", "date_from": "2026-09-01"},
                                    format="json").json()
    assert api_as(director).get(f"/api/clubs/{other_club.slug}/competitions/{created['id']}/").status_code == 404
    assert api_as(director).get(url(club, "99999999999999999/standings/")).status_code == 404
    assert api_as(director).get("/api/clubs/no-such-club/competitions/").status_code == 404


def test_a_director_sets_handicaps_in_a_cup(api_as, club, director, player, other_club, season):
    client = api_as(director)
    cup = client.post(url(club), {"name": "Cup", "kind": "handicap", "date_from": "2026-09-01",
                                  "handicap_source": "director"}, format="json").json()
    path = url(club, f"{cup['id']}/handicaps/")
    rows = client.post(path, {"member": season[2].pk, "value": 6}, format="json")
    assert rows.status_code == 200
    assert {r["member"]: r["score"] for r in rows.json()}[season[2].pk] == pytest.approx(44 + 3)
    assert client.post(path, {"member": season[2].pk, "value": 31}, format="json").json().keys() == {"value"}
    assert client.post(path, {"member": 10**6}, format="json").status_code == 400
    from clubs import services
    stranger = services.member_create(club=other_club, membership_number="9", first_name="X", last_name="Y")
    assert "member" in client.post(path, {"member": stranger.pk, "value": 1}, format="json").json()
    assert api_as(player).post(path, {"member": season[2].pk, "value": 1}, format="json").status_code == 403
    ladder = client.post(url(club), {"name": "L", "kind": "ladder", "date_from": "2026-09-01"}, format="json").json()
    refused = client.post(url(club, f"{ladder['id']}/handicaps/"), {"member": season[2].pk, "value": 1}, format="json")
    assert refused.status_code == 400 and "competition" in refused.json()
