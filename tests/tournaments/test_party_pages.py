"""Party pages: the director runs a round, a table reports by PIN, tallies, standings, tally cards."""
import pytest
from django.test import Client

from tests.tournaments.factories_party import create_party, register
from tournaments.models.party import Party, PartyTableReport
from tournaments.services import party as services
from tournaments.services import pins

pytestmark = pytest.mark.django_db

NAMES = [(f"{sex}{i}", "lady" if sex == "L" else "gentleman") for i in range(1, 5) for sex in "LG"]


@pytest.fixture
def started(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    labels = register(client, club, event["id"], NAMES)
    client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/", {}, format="json")
    web = Client()
    web.force_login(director)
    return web, Party.objects.get(event_id=event["id"]), labels


def base(club, party):
    return f"/clubs/{club.slug}/events/{party.event_id}/party/"


def test_director_reports_and_closes_a_round_from_the_party_page(started, club):
    web, party, _ = started
    page = web.get(base(club, party))
    assert page.status_code == 200 and b"Close round 1" in page.content
    assert b"<h3>History</h3>" in page.content  # the lifecycle's changes, named as on an event's page
    web.post(base(club, party) + "rounds/1/tables/1/", {"points_0": "5", "points_1": "2"})
    web.post(base(club, party) + "rounds/1/tables/2/", {"points_0": "3", "points_1": "3", "tricks_0": "2",
                                                       "tricks_1": "1"})
    assert PartyTableReport.objects.count() == 2
    response = web.post(base(club, party) + "rounds/1/close/", follow=True)
    assert b"Round 2" in response.content
    party.refresh_from_db()
    assert party.current_round == 2


def test_bad_points_on_the_page_show_an_error_and_store_nothing(started, club):
    web, party, _ = started
    response = web.post(base(club, party) + "rounds/1/tables/1/", {"points_0": "4", "points_1": "2"}, follow=True)
    assert b"head table plays until" in response.content
    assert not PartyTableReport.objects.exists()


def test_table_phone_reports_with_the_pin_only(started, club):
    _, party, _ = started
    phone = Client()
    page = phone.get(base(club, party) + "table/2/")
    assert page.status_code == 200 and b"Table PIN" in page.content
    wrong = "0000" if services.table_pin(party, 2) != "0000" else "1111"
    phone.post(base(club, party) + "table/2/", {"round": "1", "points_0": "2", "points_1": "4", "pin": wrong})
    assert not PartyTableReport.objects.exists()
    phone.post(base(club, party) + "table/2/", {"round": "1", "points_0": "2", "points_1": "4",
                                               "pin": services.table_pin(party, 2)})
    assert PartyTableReport.objects.get().points == [2, 4]


def test_new_pins_for_the_event_change_a_partys_table_pins_too(started, club):
    """One secret on the event: the director's "new table PINs" reaches a party's tables."""
    _, party, _ = started
    old = [services.table_pin(party, t) for t in (1, 2)]
    pins.event_table_pins_regenerate(event=party.event)
    party = Party.objects.select_related("event").get(pk=party.pk)
    new = [services.table_pin(party, t) for t in (1, 2)]
    assert new != old
    changed = 1 if new[0] != old[0] else 2
    phone = Client()
    phone.post(base(club, party) + f"table/{changed}/", {"round": "1", "points_0": "2", "points_1": "4",
                                                          "pin": old[changed - 1]})
    assert not PartyTableReport.objects.exists()


def test_tally_and_standings_are_public_once_started(started, club):
    _, party, labels = started
    anonymous = Client()
    assert anonymous.get(base(club, party) + f"tally/{labels['L1']}/").status_code == 200
    standings = anonymous.get(base(club, party) + "standings/")
    assert standings.status_code == 200 and b"Gentleman" in standings.content
    assert anonymous.get(base(club, party)).status_code == 403


def test_tally_cards_print_prefilled_with_the_draw(started, club):
    web, party, labels = started
    html = web.get(base(club, party) + "print/tallies/?format=html")
    assert labels["L1"] in html.content.decode()
    assert html.status_code == 200 and html.content.count(b"tally-card") >= 8
    pdf = web.get(base(club, party) + "print/tallies/")
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")


def test_director_creates_a_party_from_the_page(client, director, club):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/events/party/new/", {
        "name": "Whist drive", "date": "2026-12-04", "progression": "ladies_up", "tables": "4",
        "hands_per_round": "4", "hands": "24", "leaver": "ghost"})
    party = Party.objects.get()
    assert response.status_code == 302 and party.event.game == "whist_drive" and party.options["hands"] == 24


@pytest.mark.parametrize("kind, text", [("tables", "Booby table"), ("results", "Results and prizes")])
def test_party_prints_render(started, club, kind, text):
    web, party, _ = started
    html = web.get(base(club, party) + f"print/{kind}/?format=html")
    assert html.status_code == 200 and text in html.content.decode()
    assert web.get(base(club, party) + f"print/{kind}/").content.startswith(b"%PDF")


def test_rotation_chart_prints_for_a_rotation_party(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, progression="rotation")
    register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 9)])
    client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/", {}, format="json")
    web = Client()
    web.force_login(director)
    html = web.get(f"/clubs/{club.slug}/events/{event['id']}/party/print/chart/?format=html").content.decode()
    assert html.count("<tr>") == 1 + 7 and "Rotation chart" in html
    assert web.get(f"/clubs/{club.slug}/events/{event['id']}/party/print/nonsense/").status_code == 404


def test_a_device_that_keeps_guessing_its_pin_waits_and_the_others_do_not(started, club):
    _, party, _ = started
    right = services.table_pin(party, 1)
    wrong = "0000" if right != "0000" else "1111"
    for _ in range(pins.FREE_MISSES):
        assert services.table_pin_check(party, 1, wrong, "10.1.1.1").tried
    waiting = services.table_pin_check(party, 1, right, "10.1.1.1")
    assert not waiting.ok and not waiting.tried and waiting.wait >= 2
    assert services.table_pin_check(party, 1, right, "10.2.2.2").ok
    assert services.table_pin_check(party, 2, services.table_pin(party, 2), "10.1.1.1").ok


def test_a_wrong_pin_on_the_party_table_page_says_so(started, club):
    _, party, _ = started
    right = services.table_pin(party, 1)
    phone = Client(REMOTE_ADDR="10.3.3.3")
    wrong = "0000" if right != "0000" else "1111"
    page = phone.post(base(club, party) + "table/1/", {"pin": wrong, "round": "1"}, follow=True)
    assert b"Wrong PIN" in page.content


def test_the_events_finish_page_on_a_party_says_the_partys_rule(started, club):
    """Reached from the event's URL, Finish on a party is the party's finish: the page does not
    claim every result is in while a round is half reported, and the refusal is the party's."""
    web, party, _ = started
    url = f"/clubs/{club.slug}/events/{party.event_id}/do/finish/"
    web.post(base(club, party) + "rounds/1/tables/1/", {"points_0": "5", "points_1": "2"})
    page = web.get(url)
    assert page.status_code == 200 and b'id="party-finish"' in page.content
    assert b"All results are in" not in page.content
    refused = web.post(url, {"confirm": "1"})
    assert refused.status_code == 409 and b"round 1 has results: close it first" in refused.content
    assert b"All results are in" not in refused.content


def test_a_table_the_party_does_not_have_is_a_404_and_keeps_no_pin_miss(started, club):
    """As for a section's table outside the movement: no page, and a PIN tried there is not
    listed among the director's wrong table PINs."""
    _, party, _ = started
    phone = Client(REMOTE_ADDR="10.4.4.4")
    for table in (0, 3, 99):
        assert phone.get(base(club, party) + f"table/{table}/").status_code == 404
        assert phone.post(base(club, party) + f"table/{table}/", {"pin": "1234", "round": "1"}).status_code == 404
    assert not pins.PinMiss.objects.exists()
    assert phone.get(base(club, party) + "table/2/").status_code == 200


def test_a_started_party_reads_the_same_to_a_visitor_on_pages_and_api(started, club, api):
    """One rule for pages and API (visibility.parties_visible): tallies, rounds and prizes of a
    started party are open to anyone; writing still needs a login; a draft party is hidden."""
    _, party, labels = started
    api_base = f"/api/clubs/{club.slug}/events/{party.event_id}"
    assert Client().get(base(club, party) + f"tally/{labels['L1']}/").status_code == 200
    assert api.get(f"{api_base}/players/{labels['L1']}/tally/").status_code == 200
    assert api.get(f"{api_base}/rounds/1/").status_code == 200
    assert api.get(f"{api_base}/prizes/").status_code == 200
    assert "pins" not in api.get(f"{api_base}/party/").json()
    assert api.post(f"{api_base}/party/finish/", {}, format="json").status_code in (401, 403)
    assert api.post(f"{api_base}/players/", {"guest": "Gate Crasher"}, format="json").status_code in (401, 403)


def test_a_draft_party_is_hidden_from_visitors_on_pages_and_api(api_as, director, club, api):
    event = create_party(api_as(director), club, tables=2)
    assert Client().get(f"/clubs/{club.slug}/events/{event['id']}/party/standings/").status_code == 404
    assert api.get(f"/api/clubs/{club.slug}/events/{event['id']}/prizes/").status_code in (401, 403, 404)
