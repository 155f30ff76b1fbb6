"""Hand records of a simultaneous' heat are hidden from everyone, the heat's own directors
included, until the organizer's release time: hand record pages, PBN, the API's boards, prints,
USEBIO and results PBN exports, the traveller's and event page's links. After it, as any event."""
from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tests.tournaments.factories_simultaneous import make_sim, played_heat, release
from tournaments.models import BoardSet
from tournaments.services import actions, boards

pytestmark = pytest.mark.django_db


@pytest.fixture
def heat(commits, club, other_club, director, player):
    """``club`` (the director's and player's) plays a heat of ``other_club``'s simultaneous; finished and published."""
    sim = make_sim(other_club)
    heat = played_heat(sim, club, seed=5)
    actions.event_finish(event=heat.event, confirm=True)
    actions.event_publish(event=heat.event)
    heat.event.refresh_from_db()
    return heat


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _urls(heat) -> dict[str, str]:
    base = f"/clubs/{heat.club.slug}/events/{heat.event_id}"
    return {"set": f"{base}/handrecord/", "board": f"{base}/handrecord/1/", "pbn": f"{base}/handrecord/boards.pbn",
            "print": f"{base}/prints/hand-records/", "print_pdf": f"{base}/prints/hand-records.pdf"}


@pytest.mark.parametrize("who", ["director", "player", "visitor"])
def test_hand_record_pages_hidden_before_release(heat, who, request):
    client = _client(None if who == "visitor" else request.getfixturevalue(who))
    for name, url in _urls(heat).items():
        assert client.get(url).status_code in (403, 404), (name, who)


@pytest.mark.parametrize("who", ["director", "player", "visitor"])
def test_hand_record_pages_shown_after_release(heat, who, request):
    release(heat.simultaneous)
    client = _client(None if who == "visitor" else request.getfixturevalue(who))
    urls = _urls(heat)
    for name in ("set", "board", "pbn", "print"):
        assert client.get(urls[name]).status_code == 200, (name, who)


def test_api_boards_hide_the_deals_until_release(heat, director, api_as):
    client = api_as(director)
    url = f"/api/clubs/{heat.club.slug}/events/{heat.event_id}/boards/"
    rows = client.get(url).json()
    rows = rows.get("results", rows) if isinstance(rows, dict) else rows
    assert rows and all(r["deal"] is None and r["double_dummy"] is None for r in rows)
    assert all(r["dealer"] for r in rows)  # the board's face is no secret
    release(heat.simultaneous)
    rows = client.get(url).json()
    rows = rows.get("results", rows) if isinstance(rows, dict) else rows
    assert all(r["deal"] for r in rows)


def test_exports_wait_for_release(heat, director, api_as):
    page = _client(director)
    base = f"/clubs/{heat.club.slug}/events/{heat.event_id}"
    for url in (f"{base}/usebio.xml", f"{base}/results.pbn"):
        response = page.get(url)
        assert response.status_code == 400 and b"simultaneous" in response.content
    api_base = f"/api/clubs/{heat.club.slug}/events/{heat.event_id}"
    assert api_as(director).get(f"{api_base}/usebio/").status_code == 400
    release(heat.simultaneous)
    assert page.get(f"{base}/usebio.xml").status_code == 200
    assert page.get(f"{base}/results.pbn").status_code == 200


def test_print_api_waits_for_release(heat, director, api_as):
    url = f"/api/clubs/{heat.club.slug}/events/{heat.event_id}/prints/hand-records.pdf"
    assert api_as(director).get(url).status_code in (403, 404)


def test_event_page_and_traveller_say_when(heat, director):
    client = _client(director)
    page = client.get(f"/clubs/{heat.club.slug}/events/{heat.event_id}/").content.decode()
    assert 'id="hands-held"' in page and 'id="hand-records-link"' not in page and 'id="heat-of"' in page
    response = client.get(f"/clubs/{heat.club.slug}/events/{heat.event_id}/travellers/1/")
    assert response.status_code == 200 and 'id="board-hand"' not in response.content.decode()
    release(heat.simultaneous)
    client = _client(director)
    page = client.get(f"/clubs/{heat.club.slug}/events/{heat.event_id}/").content.decode()
    assert 'id="hand-records-link"' in page
    traveller = client.get(f"/clubs/{heat.club.slug}/events/{heat.event_id}/travellers/1/").content.decode()
    assert 'id="board-hand"' in traveller


def test_publishing_hand_records_early_is_refused(heat):
    board_set = BoardSet.objects.get(event=heat.event)
    with pytest.raises(ValidationError) as err:
        boards.boardset_publish(board_set=board_set)
    assert "published" in err.value.message_dict


def test_boards_page_hides_the_seed(heat, director):
    page = _client(director).get(f"/clubs/{heat.club.slug}/events/{heat.event_id}/board-set/").content.decode()
    assert heat.simultaneous.deal_seed not in page
