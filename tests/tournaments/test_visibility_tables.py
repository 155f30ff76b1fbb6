"""The table page shows no more than its PIN allows (issue 17 item 10): no event name without
the PIN unless the event is public, no table the movement does not have, and the phone shows
the traveller of a board only once the pairs seated there have played it."""
import pytest
from django.test import Client

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event
from tournaments.selectors_event import table_pin

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, name="Secret Cup heat",
                         movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    return Event.objects.get(pk=event["id"]), client


def test_table_page_hides_a_draft_events_name_without_the_pin(draft, club, director):
    event, _api = draft
    url = f"/clubs/{club.slug}/events/{event.pk}/table/A/1/"
    page = Client().get(url)
    assert page.status_code == 200 and "Secret Cup" not in page.content.decode()
    staff = Client()
    staff.force_login(director)
    assert "Secret Cup" in staff.get(url).content.decode()
    Event.objects.filter(pk=event.pk).update(status="published")
    assert "Secret Cup" in Client().get(url).content.decode()


@pytest.mark.parametrize("table", [0, 4, 99, 40000])
def test_a_table_outside_the_movement_is_not_found(draft, club, table):
    event, api = draft
    assert Client().get(f"/clubs/{club.slug}/events/{event.pk}/table/A/{table}/").status_code == 404
    assert api.get(f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/").status_code == 404


def test_table_phone_shows_only_travellers_its_pairs_have_played(draft, club):
    event, api = draft
    base = f"/api/clubs/{club.slug}/events/{event.pk}"
    assert api.post(f"{base}/start/").status_code == 200
    # round 1: table 1 (1NS v 1EW) plays boards 1-2, table 2 plays boards 3-4
    for board, ns, ew, table in ((1, "1NS", "1EW", 1), (3, "2NS", "2EW", 2)):
        body = {"board": board, "ns": ns, "ew": ew, "contract": "4S", "declarer": "N", "tricks": 10}
        assert api.post(f"{base}/results/", body, format="json").status_code == 201
    phone = Client()
    url = f"/clubs/{club.slug}/events/{event.pk}/table/A/1/"
    assert phone.post(url, {"pin": table_pin(event, event.sections.get(), 1)}).status_code == 302
    assert 'id="table-traveller"' in phone.get(url, {"board": 1}).content.decode()
    assert 'id="table-traveller"' not in phone.get(url, {"board": 3}).content.decode()
