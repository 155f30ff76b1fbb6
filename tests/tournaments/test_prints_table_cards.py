"""Table cards (each table's address, a QR code of it and its PIN; directors only), new PINs
for an event (page and API; the old PINs stop working), and the print menu offering only the
prints that fit the game."""
import pytest
from django.contrib.admin.models import LogEntry
from rest_framework.test import APIClient

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tests.tournaments.factories_prints import pdf_pages
from tournaments.models import Event
from tournaments.prints.table_cards import qr_svg
from tournaments.selectors_event import table_pin

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    return client, Event.objects.get(pk=event["id"])


def page_url(club, event, tail):
    return f"/clubs/{club.slug}/events/{event.pk}/prints/{tail}"


def table_address(base, club, event, table):
    return f"{base}/clubs/{club.slug}/events/{event.pk}/table/A/{table}/"


def test_table_cards_carry_each_tables_address_qr_code_and_pin(started, club, client, director, settings):
    settings.CARDROOM_PUBLIC_URL = "https://cards.example.org"
    _api, event = started
    section = event.sections.get()
    client.force_login(director)
    pdf = client.get(page_url(club, event, "table-cards.pdf"))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = "\n".join(pdf_pages(pdf.content)).replace("\n", "")
    html = client.get(page_url(club, event, "table-cards/")).content.decode()
    for table in (1, 2, 3):
        address = table_address("https://cards.example.org", club, event, table)
        assert address in text and table_pin(event, section, table) in text
        assert qr_svg(address) in html  # the code on the card is the code of the address
    assert html.count('class="qr"') == 3


def test_the_address_defaults_to_the_host_the_director_came_in_on(started, club, client, director, settings):
    settings.CARDROOM_PUBLIC_URL = ""
    _api, event = started
    client.force_login(director)
    html = client.get(page_url(club, event, "table-cards/"), {"table": 2}).content.decode()
    assert table_address("http://testserver", club, event, 2) in html
    assert table_address("http://testserver", club, event, 1) not in html


def test_only_a_director_prints_the_table_cards(started, club, client, scorer, director, api_as):
    _api, event = started
    client.force_login(scorer)
    assert client.get(page_url(club, event, "table-cards.pdf")).status_code == 403
    assert api_as(scorer).get(f"/api/clubs/{club.slug}/events/{event.pk}/prints/table-cards.pdf").status_code == 403
    client.force_login(director)
    menu = client.get(page_url(club, event, "")).content.decode()
    assert 'id="print-table-cards"' in menu and 'id="new-pins"' in menu
    assert api_as(director).get(f"/api/clubs/{club.slug}/events/{event.pk}/prints/table-cards.pdf").status_code == 200


def test_new_pins_from_the_page_and_the_old_ones_stop_working(started, club, client, director):
    _api, event = started
    section = event.sections.get()
    old = {t: table_pin(event, section, t) for t in (1, 2, 3)}
    client.force_login(director)
    assert client.post(page_url(club, event, "table-pins/")).status_code == 302
    event.refresh_from_db()
    new = {t: table_pin(event, section, t) for t in (1, 2, 3)}
    table = next(t for t in (1, 2, 3) if new[t] != old[t])  # four digits: one may repeat by chance
    phone = APIClient()
    url = f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/"
    assert phone.get(url, HTTP_X_TABLE_PIN=old[table]).status_code in (401, 403)
    assert phone.get(url, HTTP_X_TABLE_PIN=new[table]).status_code == 200
    entry = LogEntry.objects.get(object_id=str(event.pk))
    assert entry.user == director and "New table PINs" in entry.change_message


def test_new_pins_through_the_api_directors_only(started, club, director, scorer, api_as):
    _api, event = started
    url = f"/api/clubs/{club.slug}/events/{event.pk}/table-pins/"
    assert api_as(scorer).post(url).status_code == 403
    seed = Event.objects.get(pk=event.pk).pin_secret
    before = api_as(director).get(url).json()["tables"]
    response = api_as(director).post(url)
    assert response.status_code == 200
    assert Event.objects.get(pk=event.pk).pin_secret != seed
    after = response.json()["tables"]
    assert [t["table"] for t in after] == [1, 2, 3] and [t["pin"] for t in after] != [t["pin"] for t in before]


def test_a_bridge_event_offers_no_whist_hand_cards(started, club, client, director):
    _api, event = started
    client.force_login(director)
    menu = client.get(page_url(club, event, "")).content.decode()
    assert 'id="print-hand-records"' in menu and "hand-cards" not in menu
    assert client.get(page_url(club, event, "hand-cards.pdf")).status_code == 400


def test_new_pins_are_in_the_events_own_history(started, club, client, director, api_as):
    """Who made new PINs and when is in the event's history (page and ``changes/``), not
    only in the admin log."""
    _api, event = started
    status = Event.objects.get(pk=event.pk).status
    assert api_as(director).post(f"/api/clubs/{club.slug}/events/{event.pk}/table-pins/").status_code == 200
    changes = api_as(director).get(f"/api/clubs/{club.slug}/events/{event.pk}/changes/").json()["changes"]
    last = changes[-1]
    assert last["by"] == director.username and last["at"]
    assert (last["from"], last["to"]) == (status, status) and "new table PINs" in last["what"]
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/{event.pk}/").content.decode()
    history = page[page.index('id="event-history"'):]
    assert "New table PINs" in history and director.username in history
