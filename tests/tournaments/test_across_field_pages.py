"""Scoring across the field from the pages: New event with two sections and the option, the
event page's setting, its Overall ranking and the section rank's overall column, the live JSON
and the results print."""
import pytest

from tests.scoring.test_across_field import _played_evening, _two_sections
from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


def test_a_director_creates_two_sections_scored_across_the_field(club, director, client):
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/new/?pairs=6").content.decode()
    assert 'name="sections"' in page and 'name="across_field"' in page
    created = client.post(f"/clubs/{club.slug}/events/new/?pairs=6", {
        "name": "Congress", "date": "2026-11-26", "game": "duplicate_bridge", "scoring": "matchpoints",
        "format": "pairs", "pairs": "6", "movement": "mitchell:3:2", "sections": "2", "across_field": "on"})
    assert created.status_code == 302, created.content.decode()[:2000]
    event = Event.objects.get(name="Congress")
    assert event.across_field and [s.name for s in event.sections.all()] == ["A", "B"]
    page = client.get(event.get_absolute_url()).content.decode()
    assert 'id="across-field" checked' in page and 'id="enter-section"' in page

    bad = client.post(f"/clubs/{club.slug}/events/new/?pairs=6", {
        "name": "Too many", "date": "2026-11-26", "game": "duplicate_bridge", "scoring": "matchpoints",
        "format": "pairs", "pairs": "6", "movement": "mitchell:3:2", "sections": "99"})
    assert bad.status_code == 400 and "sections" in bad.content.decode()
    assert not Event.objects.filter(name="Too many").exists()


def test_the_event_page_shows_section_and_overall_ranks(api_as, club, director, client):
    event_id, base, _posted = _played_evening(api_as(director), club)
    client.force_login(director)
    url = f"/clubs/{club.slug}/events/{event_id}/"
    page = client.get(url).content.decode()
    assert 'id="overall-table"' in page and "<th>Overall</th>" in page and "Section rank" in page
    live = client.get(url + "standings.json").json()
    assert live["across_field"] and len(live["overall"]) == 12
    assert all(r["overall"] for r in live["standings"])
    card = client.get(url + f"score-cards/{live['standings'][0]['label']}/?section=A").content.decode()
    assert f"in section A, {live['standings'][0]['overall']} overall" in card
    printed = client.get(url + "prints/results/?section=B").content.decode()
    assert 'id="overall-ranking"' in printed and "Section place" in printed

    # The setting on the event page: off, each section alone (no Overall table); on again.
    assert client.post(url + "do/across-field/", {}).status_code == 302
    assert not Event.objects.get(pk=event_id).across_field
    assert 'id="overall-table"' not in client.get(url).content.decode()
    assert client.post(url + "do/across-field/", {"across_field": "on"}).status_code == 302
    assert 'id="overall-table"' in client.get(url).content.decode()


def test_the_page_refuses_sections_of_other_boards(api_as, club, director, client):
    created = _two_sections(api_as(director), club, across=False,
                            b_movement={"kind": "mitchell", "tables": 5, "boards_per_round": 2})
    event_id = created.json()["id"]
    client.force_login(director)
    url = f"/clubs/{club.slug}/events/{event_id}/"
    page = client.post(url + "do/across-field/", {"across_field": "on"}, follow=True).content.decode()
    assert "across_field" in page and "same boards" in page
    assert not Event.objects.get(pk=event_id).across_field


def test_the_director_enters_a_pair_in_the_second_section(club, director, client):
    from tests.tournaments.factories_event import make_members

    created = _two_sections(client_api(director), club, across=True)
    event = Event.objects.get(pk=created.json()["id"])
    a, b = make_members(club, 2)
    client.force_login(director)
    url = f"/clubs/{club.slug}/events/{event.pk}/do/enter/"
    assert client.post(url, {"player_a": a.membership_number, "player_b": b.membership_number,
                             "section": "B"}).status_code == 302
    assert [e.section.name for e in event.entries.all()] == ["B"]
    page = client.post(url, {"player_a": "X Guest", "player_b": "Y Guest", "section": "Z"}, follow=True)
    assert "No section" in page.content.decode() and event.entries.count() == 1


def client_api(user):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(user=user)
    return api
