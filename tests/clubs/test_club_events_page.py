"""The club's events page (issue 11 item 9): every event and party by state, a page at a time,
linked where the viewer may open it; the club home keeps more than five and links to it."""
import datetime

import pytest

from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 24)


def make(club, name, status, days=0, game=Game.DUPLICATE_BRIDGE):
    return Event.objects.create(club=club, name=name, status=status, game=game,
                                date=DAY + datetime.timedelta(days=days))


def test_events_page_lists_every_state_and_party(client, club, player):
    make(club, "Monday pairs", "playing")
    make(club, "Next week's pairs", "draft", 7)
    make(club, "Last week's pairs", "finished", -7)
    make(club, "October cup", "published", -30)
    make(club, "Whist drive night", "finished", -3, game=Game.WHIST_DRIVE)
    response = client.get(f"/clubs/{club.slug}/events/")
    assert response.status_code == 200
    body = response.content.decode()
    for section in ("events-playing", "events-upcoming", "events-finished", "events-published"):
        assert f'id="{section}"' in body
    for name in ("Monday pairs", "Next week", "Last week", "October cup", "Whist drive night"):
        assert name in body
    finished = body[body.index('id="events-finished"'):body.index('id="events-published"')]
    assert "Whist drive night" in finished and "Last week" in finished


def test_events_are_linked_only_where_the_viewer_may_open_them(client, club, player):
    playing = make(club, "Monday pairs", "playing")
    published = make(club, "October cup", "published", -30)
    party = make(club, "Whist drive night", "finished", -3, game=Game.WHIST_DRIVE)
    body = client.get(f"/clubs/{club.slug}/events/").content.decode()
    assert f"/events/{published.pk}/" in body and f"/events/{playing.pk}/\"" not in body
    assert f"/events/{party.pk}/party/standings/" in body
    client.force_login(player)
    body = client.get(f"/clubs/{club.slug}/events/").content.decode()
    assert f'href="/clubs/{club.slug}/events/{playing.pk}/"' in body


def test_one_state_a_page_at_a_time(client, club):
    for n in range(30):
        make(club, f"Pairs number {n:02d}", "published", -n)
    everything = client.get(f"/clubs/{club.slug}/events/").content.decode()
    assert everything.count("Pairs number") == 10 and "20 more" in everything
    first = client.get(f"/clubs/{club.slug}/events/", {"state": "published"}).content.decode()
    assert first.count("Pairs number") == 25 and "Page 1 of 2" in first and "Pairs number 00" in first
    second = client.get(f"/clubs/{club.slug}/events/", {"state": "published", "page": 2}).content.decode()
    assert second.count("Pairs number") == 5 and "Pairs number 29" in second
    assert client.get(f"/clubs/{club.slug}/events/", {"state": "nonsense", "page": "x"}).status_code == 200


def test_club_home_links_all_events_and_shows_finished_parties(client, club):
    for n in range(7):
        make(club, f"Result {n}", "published", -n)
    make(club, "Whist drive night", "finished", -1, game=Game.WHIST_DRIVE)
    body = client.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/clubs/{club.slug}/events/"' in body
    assert "Whist drive night" in body
