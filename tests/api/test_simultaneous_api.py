"""The simultaneous pairs API, every URL and role: the organizer's director, a heat's (another
club's) director, a player, a visitor; bad input is a 400 naming the field."""
from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from clubs import services as club_services
from scoring.models import NationalStanding
from tests.tournaments.factories_simultaneous import MOVEMENT, make_sim, played_heat, release
from tournaments.models import Heat, Simultaneous

pytestmark = pytest.mark.django_db


@pytest.fixture
def heat_director(other_club, make_user):
    user = make_user("otto")
    club_services.role_grant(club=other_club, user=user, role="director")
    return user


@pytest.fixture
def sim(club):
    return make_sim(club)


@pytest.fixture
def clients(api, api_as, director, heat_director, player):
    return {"organizer": api_as(director), "heat": api_as(heat_director), "player": api_as(player), "visitor": api}


def _window(hours_from_now: float) -> str:
    return (timezone.now() + datetime.timedelta(hours=hours_from_now)).isoformat()


def test_list_and_create(club, clients):
    url = f"/api/clubs/{club.slug}/simultaneous/"
    body = {"name": "Autumn Sim", "date": timezone.localdate().isoformat(), "boards": 24,
            "starts_at": _window(1), "ends_at": _window(2), "release_at": _window(5)}
    created = clients["organizer"].post(url, body, format="json")
    assert created.status_code == 201, created.content
    data = created.json()
    assert data["organizer"] == club.slug and data["status"] == "open" and "deal_seed" not in data
    for who in ("heat", "player", "visitor"):
        assert clients[who].post(url, body, format="json").status_code in (401, 403), who
        assert clients[who].get(url).status_code == 200, who
    assert [s["name"] for s in clients["visitor"].get(url).json()] == ["Autumn Sim"]


@pytest.mark.parametrize("field,value", [("boards", 0), ("boards", "many"), ("scoring", "tally"), ("date", "soon"),
                                         ("starts_at", "noon"), ("name", "")])
def test_create_bad_input_names_the_field(club, clients, field, value):
    body = {"name": "Sim", "date": timezone.localdate().isoformat(), "starts_at": _window(1), "ends_at": _window(2),
            "release_at": _window(5), field: value}
    response = clients["organizer"].post(f"/api/clubs/{club.slug}/simultaneous/", body, format="json")
    assert response.status_code == 400 and field in response.json(), response.content


def test_create_window_refusal_names_the_field(club, clients):
    body = {"name": "Sim", "date": timezone.localdate().isoformat(), "starts_at": _window(1), "ends_at": _window(0.5),
            "release_at": _window(5)}
    response = clients["organizer"].post(f"/api/clubs/{club.slug}/simultaneous/", body, format="json")
    assert response.status_code == 400 and "ends_at" in response.json()


@pytest.mark.parametrize("year", [1, 999, 1999, 2101, 9999])
def test_a_date_outside_the_years_cardroom_takes_is_a_400_naming_it(club, clients, sim, year):
    """A simultaneous dated year 1 or 9999 is a typing slip: the date (and each time of its
    window) is refused naming the field and the limit, on create and on a change."""
    day = datetime.date(year, 6, 1)
    body = {"name": "Sim", "date": day.isoformat(), "starts_at": f"{day}T19:00:00Z", "ends_at": f"{day}T20:00:00Z",
            "release_at": f"{day}T23:00:00Z"}
    response = clients["organizer"].post(f"/api/clubs/{club.slug}/simultaneous/", body, format="json")
    assert response.status_code == 400, response.content
    assert "2000-01-01 to 2100-12-31" in response.json()["date"][0]
    changed = clients["organizer"].patch(f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/",
                                         {"release_at": f"{day}T23:00:00Z"}, format="json")
    assert changed.status_code == 400 and "2000-01-01 to 2100-12-31" in changed.json()["release_at"][0]
    assert [s.name for s in Simultaneous.objects.all()] == [sim.name]


def test_detail_and_joinable(club, other_club, sim, clients):
    for who in clients:
        assert clients[who].get(f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/").status_code == 200, who
    joinable = clients["heat"].get(f"/api/clubs/{other_club.slug}/simultaneous/joinable/")
    assert joinable.status_code == 200 and [s["id"] for s in joinable.json()] == [sim.pk]
    assert clients["player"].get(f"/api/clubs/{club.slug}/simultaneous/joinable/").status_code == 403
    assert clients["visitor"].get(f"/api/clubs/{club.slug}/simultaneous/joinable/").status_code in (401, 403)
    assert clients["visitor"].get(f"/api/clubs/{club.slug}/simultaneous/999999/").status_code == 404


def test_actions_are_the_organizers(club, other_club, sim, clients):
    clients["heat"].post(f"/api/clubs/{other_club.slug}/simultaneous/{sim.pk}/join/", {}, format="json")
    assert clients["heat"].post(f"/api/clubs/{other_club.slug}/simultaneous/{sim.pk}/close/").status_code == 403
    for who in ("player", "visitor"):
        assert clients[who].post(f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/close/").status_code in (401, 403)
    url = f"/api/clubs/{club.slug}/simultaneous/{sim.pk}"
    assert clients["organizer"].post(f"{url}/close/").json()["status"] == "closed"
    assert clients["organizer"].post(f"{url}/publish/").json()["status"] == "published"
    assert clients["organizer"].post(f"{url}/open/").status_code == 409
    bad = clients["organizer"].post(f"{url}/explode/")
    assert bad.status_code == 400 and "action" in bad.json()


def test_join_heats_and_withdraw(club, other_club, sim, clients):
    url = f"/api/clubs/{other_club.slug}/simultaneous/{sim.pk}/join/"
    assert clients["organizer"].post(url, {}, format="json").status_code == 403  # not other club's director
    assert clients["player"].post(url, {}, format="json").status_code == 403
    bad = clients["heat"].post(url, {"movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 5}},
                               format="json")
    assert bad.status_code == 400 and "movement" in bad.json()  # 15 boards, the set has 9
    bad = clients["heat"].post(url, {"movement": "mitchell"}, format="json")
    assert bad.status_code == 400 and "movement" in bad.json()
    joined = clients["heat"].post(url, {"name": "Other Club heat", "movement": MOVEMENT}, format="json")
    assert joined.status_code == 201, joined.content
    assert joined.json()["club"] == other_club.slug and joined.json()["event_name"] == "Other Club heat"
    assert clients["heat"].post(url, {}, format="json").status_code == 409
    heats = clients["visitor"].get(f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/heats/")
    assert heats.status_code == 200 and [h["club"] for h in heats.json()] == [other_club.slug]
    assert clients["organizer"].delete(url).status_code == 403
    assert clients["heat"].delete(url).status_code == 204
    assert not Heat.objects.exists()
    assert clients["heat"].delete(url).status_code == 404


@pytest.fixture
def played(commits, club, other_club, sim):
    heat = played_heat(sim, other_club, seed=9)
    # the heat's rescore queued the national run (scoring.services_national), which ran on commit
    assert NationalStanding.objects.filter(simultaneous=sim, heat=heat).count() == 6
    return heat


def test_national_standings_organizer_then_everyone(club, sim, played, clients):
    url = f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/standings/"
    answer = clients["organizer"].get(url)
    assert answer.status_code == 200 and len(answer.json()["standings"]) == 6
    assert answer.json()["standings"][0]["club"] == "Other Club"
    for who in ("heat", "player", "visitor"):
        assert clients[who].get(url).status_code in (401, 403), who
    clients["organizer"].post(f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/publish/")
    for who in ("heat", "player", "visitor"):
        assert clients[who].get(url).status_code == 200, who


def test_heat_ranking(club, sim, played, clients):
    url = f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/heats/{played.pk}/"
    answer = clients["organizer"].get(url)
    assert answer.status_code == 200
    rows = answer.json()["standings"]
    assert len(rows) == 6 and all(r["national_rank"] for r in rows)
    assert clients["visitor"].get(url).status_code == 404  # the heat is in play: its standings are its club's
    assert clients["heat"].get(url).status_code == 200
    assert clients["organizer"].get(f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/heats/999999/").status_code == 404


def test_booklet_waits_for_release(club, sim, played, clients):
    url = f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/booklet/"
    answer = clients["organizer"].get(url)
    assert answer.status_code == 200
    boards = answer.json()["boards"]
    assert [b["number"] for b in boards] == list(range(1, 10))
    assert all(b["deal"] and b["results"] == 3 for b in boards)
    assert all(sum(f["count"] for f in b["frequencies"]) == 3 for b in boards)
    for who in ("heat", "player", "visitor"):
        assert clients[who].get(url).status_code in (401, 403), who
    release(sim)
    assert clients["visitor"].get(url).status_code == 200


def test_schema_names_every_route(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/simultaneous/", "/simultaneous/joinable/", "/simultaneous/{id}/", "/simultaneous/{id}/heats/",
                 "/simultaneous/{id}/heats/{heat}/", "/simultaneous/{id}/join/", "/simultaneous/{id}/standings/",
                 "/simultaneous/{id}/booklet/", "/simultaneous/{id}/{action}/"):
        assert f"/api/clubs/{{club_slug}}{path}" in schema, path


def test_organizer_changes_the_times(club, other_club, sim, clients):
    url = f"/api/clubs/{club.slug}/simultaneous/{sim.pk}/"
    later = _window(6)
    changed = clients["organizer"].patch(url, {"release_at": later, "name": "Renamed"}, format="json")
    assert changed.status_code == 200 and changed.json()["name"] == "Renamed"
    for who in ("heat", "player", "visitor"):
        assert clients[who].patch(url, {"name": "Mine"}, format="json").status_code in (401, 403), who
    assert clients["heat"].patch(f"/api/clubs/{other_club.slug}/simultaneous/{sim.pk}/", {"name": "Mine"},
                                 format="json").status_code == 403
    bad = clients["organizer"].patch(url, {"release_at": _window(-5)}, format="json")
    assert bad.status_code == 400 and "release_at" in bad.json()
    clients["heat"].post(f"/api/clubs/{other_club.slug}/simultaneous/{sim.pk}/join/", {}, format="json")
    assert clients["organizer"].patch(url, {"boards": 12}, format="json").status_code == 409
