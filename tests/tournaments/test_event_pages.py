"""The director's evening and a table's phone scoring, through the pages."""
import pytest

from clubs import services as club_services
from tests.conftest import PASSWORD
from tournaments.models import Event, Result
from tournaments.selectors_event import table_pin

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def test_director_runs_an_evening_from_the_pages(client, club, director):
    members = [club_services.member_create(club=club, membership_number=str(200 + i), first_name=f"F{i}",
                                           last_name=f"L{i}") for i in range(14)]
    client.login(username=director.username, password=PASSWORD)
    page = client.get(f"/clubs/{club.slug}/events/new/?pairs=8")
    assert page.status_code == 200 and "howell" in page.content.decode()
    response = client.post(f"/clubs/{club.slug}/events/new/", {"name": "Monday", "date": "2026-11-30",
                           "game": "duplicate_bridge", "scoring": "matchpoints", "movement": "howell:4:3", "pairs": 8})
    event = Event.objects.get(name="Monday")
    assert response.status_code == 302
    act = f"/clubs/{club.slug}/events/{event.pk}/do"
    for a, b in zip(members[::2], members[1::2]):
        client.post(f"{act}/enter/", {"player_a": f"{a.last_name}, {a.first_name} ({a.membership_number})",
                                      "player_b": b.membership_number})
    client.post(f"{act}/enter/", {"player_a": "Guest One", "player_b": "Guest Two"})
    assert event.entries.count() == 8
    client.post(f"{act}/start/")
    event.refresh_from_db()
    assert event.status == "playing" and event.current_round == 1
    detail = client.get(event.get_absolute_url()).content.decode()
    assert "Missing boards" in detail and "standings-table" in detail

    # a table scores board by board on a phone: PIN, enter, E-W confirm, traveller so far
    section = event.sections.get()
    phone = client.__class__()
    url = f"/clubs/{club.slug}/events/{event.pk}/table/A/1/"
    assert "PIN" in phone.get(url).content.decode()
    phone.post(url, {"pin": "wrong"})
    assert "PIN" in phone.get(url).content.decode()
    phone.post(url, {"pin": table_pin(event, section, 1)})
    page = phone.get(url).content.decode()
    assert "submit-result" in page
    board = section.movement["rounds_detail"][0]["tables"][0]["boards"][0]
    entered = phone.post(url, {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9})
    result = Result.objects.get(event=event, board=board)
    assert not result.confirmed and entered.status_code == 302
    assert f"Confirm board {board}" in phone.get(entered["Location"]).content.decode()
    shown = phone.post(url, {"confirm": result.pk})
    result.refresh_from_db()
    assert result.confirmed and result.score_ns in (400, 600)
    assert "so far" in phone.get(shown["Location"]).content.decode()
    bad = phone.post(url, {"board": board + 20, "contract": "3NT", "declarer": "N", "tricks": 9}, follow=True)
    assert "is not at table 1 in round 1" in bad.content.decode()

    # the scorer's traveller entry and the director's correction
    trav = f"/clubs/{club.slug}/events/{event.pk}/travellers/{board}/"
    client.post(trav, {"result": result.pk, "ns": result.ns.label, "ew": result.ew.label, "contract": "3NT",
                       "declarer": "N", "tricks": 8, "reason": "misboard"})
    result.refresh_from_db()
    assert result.tricks == 8
    assert "misboard" in client.get(trav).content.decode()
    client.post(f"{act}/finish/", {"confirm": "1"})
    client.post(f"{act}/publish/")
    event.refresh_from_db()
    assert event.status == "published"
    assert "Pair" in client.get(f"/clubs/{club.slug}/events/{event.pk}/score-cards/{result.ns.label}/").content.decode()
    history = client.get(f"/clubs/{club.slug}/members/{members[0].pk}/").content.decode()
    assert "member-history" in history and "Monday" in history
