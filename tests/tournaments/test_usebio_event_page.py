"""An imported event's page: played elsewhere, so no tables, PINs or rounds to run; a line
saying where it came from; standings, travellers and score cards as for any finished event;
the director's start, round, reopen (and pairs) refused with a 409 naming why."""
from pathlib import Path

import pytest
from django.urls import reverse

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event, EventStatus
from tournaments.selectors_event import table_pin
from tournaments.services.usebio import event_import_usebio

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parents[1] / "unit" / "deals" / "data"


@pytest.fixture
def imported(club, director):
    return event_import_usebio(club=club, data=(DATA / "compscore_butler_mitchell.xml").read_bytes(), user=director)


def test_an_imported_event_shows_its_origin_and_no_tables_or_pins(client, club, director, imported):
    client.force_login(director)
    page = client.get(imported.get_absolute_url()).content.decode()
    section = imported.sections.get()
    pins = [table_pin(imported, section, t) for t in range(1, section.schedule.tables + 1)]
    assert pins and not any(f"<td>{pin}</td>" in page for pin in pins)
    assert ": tables</h3>" not in page and "· round " not in page and 'id="reopen"' not in page
    assert 'id="event-origin"' in page and "USEBIO results file written by Compscore3" in page
    assert "compscore's conventions" in page and f"by {director.get_username()}" in page
    assert ">Playing<" not in page and page.count("<td>Played</td>") == imported.entries.count()
    assert "Section A: as played, 7 tables" in page
    assert 'id="publish"' in page and 'id="delete-event"' in page


def test_an_imported_event_s_standings_travellers_and_score_cards_work(client, club, director, imported):
    client.force_login(director)
    page = client.get(imported.get_absolute_url()).content.decode()
    assert "Standings" in page and "1NS" in page
    traveller = client.get(reverse("event-traveller", args=[club.slug, imported.pk, 1]) + "?section=A")
    assert traveller.status_code == 200 and "1NS" in traveller.content.decode()
    card = client.get(reverse("event-score-card", args=[club.slug, imported.pk, "1NS"]) + "?section=A")
    assert card.status_code == 200 and "1NS" in card.content.decode()


@pytest.mark.parametrize("action", ["start", "round", "reopen", "enter", "withdraw", "finish"])
def test_an_imported_event_refuses_what_only_a_game_played_here_does(client, club, director, imported, action):
    client.force_login(director)
    url = reverse("event-action", args=[club.slug, imported.pk, action])
    response = client.post(url, {"round": "2", "reason": "forgot a board"})
    assert response.status_code == 409
    assert "imported from a USEBIO file" in response.content.decode()
    imported.refresh_from_db()
    assert imported.status == EventStatus.FINISHED and imported.current_round == 7


def test_an_imported_event_is_published_and_unpublished(client, club, director, imported):
    client.force_login(director)
    assert client.post(reverse("event-action", args=[club.slug, imported.pk, "publish"])).status_code == 302
    assert Event.objects.get(pk=imported.pk).status == EventStatus.PUBLISHED
    assert client.post(reverse("event-action", args=[club.slug, imported.pk, "unpublish"]),
                       {"reason": "a name to fix"}).status_code == 302
    assert Event.objects.get(pk=imported.pk).status == EventStatus.FINISHED


def test_the_api_refuses_starting_or_reopening_an_imported_event(api_as, club, director, imported):
    api = api_as(director)
    base = f"/api/clubs/{club.slug}/events/{imported.pk}"
    for action, body in (("reopen", {"reason": "x"}), ("round", {"round": 2})):
        response = api.post(f"{base}/{action}/", body, format="json")
        assert response.status_code == 409, (action, response.content)
        assert "imported from a USEBIO file" in response.json()["detail"]


def test_an_event_played_here_still_shows_its_tables_and_pins(api_as, client, club, director):
    api = api_as(director)
    event = create_event(api, club, movement={"kind": "howell", "tables": 2, "boards_per_round": 2})
    enter_pairs(api, club, event["id"], make_members(club, 4))
    assert api.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    client.force_login(director)
    stored = Event.objects.get(pk=event["id"])
    page = client.get(stored.get_absolute_url()).content.decode()
    section = stored.sections.get()
    assert f"<td>{table_pin(stored, section, 1)}</td>" in page and "Round 1: tables" in page
    assert 'id="event-origin"' not in page and "<td>Playing</td>" in page
