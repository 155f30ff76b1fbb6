"""Recoverable deletion: events, parties, members and clubs go to a trash a director restores
from for 30 days; deleting anything with results asks first and names what goes (409 in the
API, a confirmation page in the browser); the purge after 30 days deletes for good."""
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import Club, Member
from clubs.trash import TRASH_DAYS, trash_purge
from scoring.models import Standing
from tests.tournaments.factories_event import create_event, started_event
from tests.tournaments.factories_party import create_party, register, report
from tournaments.models import Event, Result
from tournaments.models.party import PartyTableReport

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(api_as, club, director):
    """An event with one confirmed result and standings."""
    client = api_as(director)
    event, base, _movement = started_event(client, club, kind="howell", tables=2)
    first = client.get(f"{base}/movement/").json()["sections"][0]["rounds_detail"][0]["tables"][0]
    posted = client.post(f"{base}/results/", {"board": first["boards"][0], "ns": first["ns"], "ew": first["ew"],
                                              "contract": "4H", "declarer": "S", "tricks": 10}, format="json")
    assert posted.status_code in (200, 201), posted.content
    return client, base, Event.objects.get(pk=event["id"])


def test_deleting_an_event_with_results_is_a_409_naming_what_goes_until_confirmed(played):
    client, base, event = played
    results, standings = Result.objects.filter(event=event).count(), Standing.objects.filter(event=event).count()
    refused = client.delete(f"{base}/")
    assert refused.status_code == 409
    body = refused.json()
    assert body["contents"]["results"] == results and body["contents"]["standings"] == standings
    assert f"{results} result" in body["detail"] and "confirm=1" in body["detail"]
    assert Event.objects.filter(pk=event.pk).exists()
    assert client.delete(f"{base}/?confirm=nonsense").status_code == 409
    assert client.delete(f"{base}/?confirm=1").status_code == 204
    assert client.get(f"{base}/").status_code == 404
    assert Result.objects.filter(event=event).count() == results  # kept, to come back


def test_a_director_restores_an_event_from_the_trash_as_it_was(played, club):
    client, base, event = played
    results = Result.objects.filter(event=event).count()
    client.delete(f"{base}/?confirm=1")
    trash = client.get(f"/api/clubs/{club.slug}/trash/").json()
    assert [(r["kind"], r["id"]) for r in trash["events"]] == [("event", event.pk)]
    assert trash["events"][0]["deleted_by"] == "dora" or trash["events"][0]["deleted_by"]
    restored = client.post(f"/api/clubs/{club.slug}/trash/restore/", {"kind": "event", "id": event.pk},
                           format="json")
    assert restored.status_code == 200 and restored.json()["events"] == []
    assert client.get(f"{base}/").status_code == 200
    assert Result.objects.filter(event=event).count() == results


def test_an_event_without_results_goes_to_the_trash_at_once(api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    assert client.delete(f"/api/clubs/{club.slug}/events/{event['id']}/").status_code == 204
    assert Event.all_objects.get(pk=event["id"]).deleted_at is not None


def test_a_party_with_results_asks_first(api_as, club, director):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], [(f"{s}{i}", "lady" if s == "L" else "gentleman")
                                         for i in range(1, 5) for s in "LG"])
    client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/", {}, format="json")
    assert report(client, club, event["id"], 1, 1, [5, 2]).status_code == 201
    refused = client.delete(f"/api/clubs/{club.slug}/events/{event['id']}/")
    assert refused.status_code == 409 and refused.json()["contents"]["results"] == 1
    assert client.delete(f"/api/clubs/{club.slug}/events/{event['id']}/?confirm=1").status_code == 204
    assert PartyTableReport.objects.count() == 1


def test_a_member_who_played_asks_first_and_their_number_is_kept_in_the_trash(played, club):
    client, _base, event = played
    member = event.entries.first().member_a
    url = f"/api/clubs/{club.slug}/members/{member.pk}/"
    refused = client.delete(url)
    assert refused.status_code == 409 and refused.json()["contents"]["entries"] == 1
    assert client.delete(f"{url}?confirm=1").status_code == 204
    assert not Member.objects.filter(pk=member.pk).exists()
    again = client.post(f"/api/clubs/{club.slug}/members/", {"membership_number": member.membership_number,
                                                             "first_name": "N", "last_name": "M"}, format="json")
    assert again.status_code == 400 and "trash" in str(again.json()["membership_number"])
    client.post(f"/api/clubs/{club.slug}/trash/restore/", {"kind": "member", "id": member.pk}, format="json")
    assert Member.objects.filter(pk=member.pk).exists()


def test_a_club_with_many_members_is_not_deleted_in_one_unconfirmed_call(api_as, club, director):
    Member.objects.bulk_create([Member(club=club, membership_number=str(n), first_name="F", last_name="L")
                                for n in range(2000)])
    client = api_as(director)
    refused = client.delete(f"/api/clubs/{club.slug}/")
    assert refused.status_code == 409 and refused.json()["contents"]["members"] == 2000
    assert client.delete(f"/api/clubs/{club.slug}/?confirm=1").status_code == 204
    assert client.get(f"/api/clubs/{club.slug}/").status_code == 404
    assert Member.all_objects.filter(club_id=club.pk).count() == 2000
    trash = client.get(f"/api/clubs/{club.slug}/trash/").json()
    assert trash["club"]["id"] == club.pk
    client.post(f"/api/clubs/{club.slug}/trash/restore/", {"kind": "club", "id": club.pk}, format="json")
    assert client.get(f"/api/clubs/{club.slug}/members/?page_size=1").json()["count"] == 2000


def test_only_a_director_sees_or_restores_the_trash(api_as, club, scorer, player):
    for user in (scorer, player):
        assert api_as(user).get(f"/api/clubs/{club.slug}/trash/").status_code == 403
        assert api_as(user).post(f"/api/clubs/{club.slug}/trash/restore/", {"kind": "club", "id": club.pk},
                                 format="json").status_code == 403


def test_the_purge_deletes_for_good_after_thirty_days_only(played, club):
    client, base, event = played
    client.delete(f"{base}/?confirm=1")
    assert trash_purge(now=timezone.now() + timedelta(days=TRASH_DAYS - 1))["events"] == 0
    assert trash_purge(now=timezone.now() + timedelta(days=TRASH_DAYS + 1))["events"] == 1
    assert not Event.all_objects.filter(pk=event.pk).exists() and not Result.objects.filter(event=event).exists()


def test_the_purge_deletes_a_trashed_club_with_everything(played, club, director):
    client, _base, _event = played
    client.delete(f"/api/clubs/{club.slug}/?confirm=1")
    assert trash_purge(now=timezone.now() + timedelta(days=TRASH_DAYS + 1))["clubs"] == 1
    assert not Club.all_objects.filter(pk=club.pk).exists() and not Member.all_objects.exists()


def test_pages_confirm_naming_what_goes_then_restore(played, club, director):
    _client, _base, event = played
    web = Client()
    web.force_login(director)
    assert b"delete-event" in web.get(event.get_absolute_url()).content
    page = web.get(f"/clubs/{club.slug}/trash/delete/event/{event.pk}/").content.decode()
    results = Result.objects.filter(event=event).count()
    assert f"{results} result" in page and "1 section" in page and "30 days" in page
    assert Event.objects.filter(pk=event.pk).exists()
    web.post(f"/clubs/{club.slug}/trash/delete/event/{event.pk}/")
    assert not Event.objects.filter(pk=event.pk).exists()
    trash_page = web.get(f"/clubs/{club.slug}/trash/").content.decode()
    assert event.name in trash_page and "Restore" in trash_page
    web.post(f"/clubs/{club.slug}/trash/restore/event/{event.pk}/")
    assert Event.objects.filter(pk=event.pk).exists()


def test_a_player_cannot_delete_from_the_pages(played, club, player):
    _client, _base, event = played
    web = Client()
    web.force_login(player)
    assert web.post(f"/clubs/{club.slug}/trash/delete/event/{event.pk}/").status_code == 403
    assert Event.objects.filter(pk=event.pk).exists()


def test_a_slug_or_number_held_in_the_trash_is_a_400_saying_so(api_as, club, director):
    from clubs import services
    from clubs.services import MemberImportError

    client = api_as(director)
    member = Member.objects.create(club=club, membership_number="5", first_name="A", last_name="B")
    client.delete(f"/api/clubs/{club.slug}/members/{member.pk}/")
    with pytest.raises(MemberImportError) as refused:
        services.members_import_csv(club=club, data="membership_number,first_name,last_name\n5,C,D\n")
    assert "trash" in str(refused.value.errors)
    client.delete(f"/api/clubs/{club.slug}/?confirm=1")
    again = client.post("/api/clubs/", {"name": "Again", "slug": club.slug, "time_zone": "UTC"}, format="json")
    assert again.status_code == 400 and "trash" in str(again.json()["slug"])
