"""/api/clubs/{slug}/board-sets/ and POST .../events/{id}/boards/ {"club_set": id}: directors only."""
import datetime

import pytest

from clubs.services import role_grant
from tournaments.deals.pbn import read_pbn
from tournaments.models import BoardSet
from tournaments.services import boards as services
from tournaments.services.events import event_setup

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"


@pytest.fixture
def club_set(club):
    return services.club_boardset_deal(club=club, name="Winter", count=8, seed="winter")


@pytest.fixture
def event(club):
    return event_setup(club=club, name="Monday pairs", date=datetime.date(2026, 1, 5), game="duplicate_bridge",
                       scoring="matchpoints", movement={"kind": "howell", "tables": 2, "boards_per_round": 2})


def sets_url(club, pk=None, tail=""):
    base = f"/api/clubs/{club.slug}/board-sets/"
    return base if pk is None else f"{base}{pk}/{tail}"


def test_director_deals_a_set_and_sees_its_hands(club, director, api_as):
    response = api_as(director).post(sets_url(club), {"name": "Congress", "count": 4, "seed": "c"}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Congress" and body["board_count"] == 4 and body["seed"] == "c"
    assert body["game"] == "duplicate_bridge" and body["used_by"] == []
    assert [b["number"] for b in body["boards"]] == [1, 2, 3, 4] and body["boards"][0]["deal"]
    detail = api_as(director).get(sets_url(club, body["id"])).json()
    assert detail["boards"][0]["deal"] == body["boards"][0]["deal"]


def test_director_imports_pbn_text_or_a_file(club, director, api_as):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = f'[Board "1"]\n[Deal "{KNOWN}"]\n'
    response = api_as(director).post(sets_url(club), {"name": "Text", "pbn": text}, format="json")
    assert response.status_code == 201 and response.json()["boards"][0]["deal"] == KNOWN
    upload = SimpleUploadedFile("set.pbn", text.encode("latin-1"), content_type="text/plain")
    response = api_as(director).post(sets_url(club), {"name": "File", "file": upload}, format="multipart")
    assert response.status_code == 201 and response.json()["source"] == "imported"


def test_list_shows_the_clubs_sets_only(club, other_club, director, api_as, club_set):
    services.club_boardset_deal(club=other_club, name="Theirs", count=1)
    results = api_as(director).get(sets_url(club)).json()["results"]
    assert [(s["name"], s["board_count"]) for s in results] == [("Winter", 8)]
    assert "boards" not in results[0]


@pytest.mark.parametrize("payload, field", [
    ({"count": 4}, "name"),
    ({"name": "X"}, "count"),
    ({"name": "X", "count": 0}, "count"),
    ({"name": "X", "count": 4, "pbn": "[Board \"1\"]"}, "count"),
    ({"name": "X", "pbn": "[Board \"1\"]", "seed": "s"}, "seed"),
    ({"name": "X", "count": 4, "game": "progressive_euchre"}, "game"),
    ({"name": "X", "pbn": '[Board "1"]\n[Deal "N:AKQ... ... ... ..."]\n'}, "pbn"),
    ({"name": "Winter", "count": 4}, "name"),
])
def test_bad_input_is_400_naming_the_field(club, director, api_as, club_set, payload, field):
    response = api_as(director).post(sets_url(club), payload, format="json")
    assert response.status_code == 400
    assert field in response.json()
    assert BoardSet.objects.filter(club=club).count() == 1


def test_players_and_scorers_never_see_a_club_set(club, player, scorer, api_as, club_set):
    for user in (player, scorer):
        client = api_as(user)
        assert client.get(sets_url(club)).status_code == 403
        assert client.get(sets_url(club, club_set.pk)).status_code == 403
        assert client.get(sets_url(club, club_set.pk, "pbn/")).status_code == 403
        assert client.post(sets_url(club), {"name": "P", "count": 1}, format="json").status_code == 403
        assert client.delete(sets_url(club, club_set.pk)).status_code == 403


def test_anonymous_is_refused(club, api, club_set):
    assert api.get(sets_url(club)).status_code in (401, 403)


def test_another_clubs_director_is_refused(club, other_club, make_user, api_as, club_set):
    olga = make_user("olga")
    role_grant(club=other_club, user=olga, role="director")
    client = api_as(olga)
    assert client.get(sets_url(club)).status_code == 403
    assert client.get(sets_url(club, club_set.pk)).status_code == 403
    assert client.delete(sets_url(club, club_set.pk)).status_code == 403
    # and under her own club, this club's set does not exist
    assert client.get(sets_url(other_club, club_set.pk)).status_code == 404
    assert client.delete(sets_url(other_club, club_set.pk)).status_code == 404
    assert BoardSet.objects.filter(pk=club_set.pk).exists()


def test_pbn_export(club, director, api_as, club_set):
    response = api_as(director).get(sets_url(club, club_set.pk, "pbn/"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/x-pbn")
    games = read_pbn(response.content)
    assert len(games) == 8 and games[0].value("Event") == "Winter"
    assert games[0].value("DealSeed") == "cardroom-hmac-sha256-v1:winter"


def test_attach_a_club_set_to_an_event(club, director, api_as, club_set, event):
    url = f"/api/clubs/{club.slug}/events/{event.pk}/boards/"
    response = api_as(director).post(url, {"club_set": club_set.pk}, format="json")
    assert response.status_code == 201
    assert [b["number"] for b in response.json()] == [1, 2, 3, 4, 5, 6]
    assert response.json()[0]["deal"] == club_set.boards.get(number=1).deal
    assert api_as(director).get(url).json()["count"] == 6
    used = api_as(director).get(sets_url(club, club_set.pk)).json()["used_by"]
    assert used == [{"id": event.pk, "name": "Monday pairs", "date": "2026-01-05", "status": "draft"}]


def test_attach_refuses_a_set_too_small_naming_the_boards(club, director, api_as, event):
    small = services.club_boardset_deal(club=club, name="Small", count=4, seed="s")
    url = f"/api/clubs/{club.slug}/events/{event.pk}/boards/"
    response = api_as(director).post(url, {"club_set": small.pk}, format="json")
    assert response.status_code == 400
    assert "no board 5, 6" in response.json()["club_set"][0]


def test_attach_refuses_another_game(club, director, api_as, event):
    whist = services.club_boardset_deal(club=club, name="Whist", game="duplicate_whist", count=8, seed="w")
    url = f"/api/clubs/{club.slug}/events/{event.pk}/boards/"
    response = api_as(director).post(url, {"club_set": whist.pk}, format="json")
    assert response.status_code == 400 and "turn-up" in response.json()["club_set"][0]


@pytest.mark.parametrize("payload", [{}, {"club_set": "x"}, {"club_set": 999999}])
def test_attach_bad_input_is_400(club, director, api_as, event, payload):
    url = f"/api/clubs/{club.slug}/events/{event.pk}/boards/"
    response = api_as(director).post(url, payload, format="json")
    assert response.status_code == 400 and "club_set" in response.json()


def test_attach_needs_a_director_of_this_club(club, other_club, player, make_user, api_as, event, club_set):
    url = f"/api/clubs/{club.slug}/events/{event.pk}/boards/"
    assert api_as(player).post(url, {"club_set": club_set.pk}, format="json").status_code in (403, 404)
    olga = make_user("olga")
    role_grant(club=other_club, user=olga, role="director")
    assert api_as(olga).post(url, {"club_set": club_set.pk}, format="json").status_code in (403, 404)
    theirs = services.club_boardset_deal(club=other_club, name="Theirs", count=8, seed="t")
    mine = make_user("dan")
    role_grant(club=club, user=mine, role="director")
    response = api_as(mine).post(url, {"club_set": theirs.pk}, format="json")
    assert response.status_code == 400  # another club's set is not one of ours
    assert not BoardSet.objects.filter(event=event).exists()


def test_delete_is_refused_while_an_event_uses_the_set(club, director, api_as, club_set, event):
    services.boardset_copy_to_event(event=event, club_set=club_set)
    response = api_as(director).delete(sets_url(club, club_set.pk))
    assert response.status_code == 400 and "Monday pairs" in response.json()["board_set"][0]
    event.delete()
    assert api_as(director).delete(sets_url(club, club_set.pk)).status_code == 204
    assert api_as(director).get(sets_url(club, club_set.pk)).status_code == 404


def test_an_events_set_is_not_a_club_set(club, director, api_as, club_set, event):
    copied = services.boardset_copy_to_event(event=event, club_set=club_set)
    assert api_as(director).get(sets_url(club, copied.pk)).status_code == 404
    assert api_as(director).delete(sets_url(club, copied.pk)).status_code == 404


def test_schema_lists_the_club_board_set_routes(api):
    paths = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["paths"]
    assert "/api/clubs/{club_slug}/board-sets/" in paths
    assert "/api/clubs/{club_slug}/board-sets/{id}/pbn/" in paths
    assert "post" in paths["/api/clubs/{club_slug}/events/{id}/boards/"]
