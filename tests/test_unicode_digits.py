"""Numbers typed into pages, query strings and the command line that ``str.isdigit()`` accepts
but ``int()`` refuses: superscripts ("²"), other scripts' digits ("٣") and digit strings past
Python's 4,300-digit conversion limit. Each once ended in a 500 (or a traceback); now each is
refused (a 4xx, or a message on the page) and stores nothing."""
from __future__ import annotations

import io
from contextlib import redirect_stderr

import pytest
from django.core.management import call_command
from django.test import Client

from cardroom.inputs import is_whole
from tournaments.models import Event, Result
from tournaments.models.party import Party, PartyPlayer, PartyTableReport, PartyRound
from tournaments.services import party as party_services

from tests.tournaments.factories_event import create_event, enter_pairs, make_members

pytestmark = pytest.mark.django_db

ODD = ["²", "٣", "9" * 5000]


def test_is_whole_takes_only_ascii_digits_within_a_length():
    assert is_whole("12") and is_whole(" 7 ") and is_whole("-3", signed=True)
    assert not any(is_whole(text) for text in ODD + ["", "-3", "3.5", "abc", None, "1" * 13])


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def _assert_refused(response):
    assert response.status_code < 500, response.status_code


def test_table_page_and_traveller_api_refuse_odd_board_numbers(club, director, api_as):
    api = api_as(director)
    event = create_event(api, club, movement={"kind": "howell", "tables": 2})
    enter_pairs(api, club, event["id"], make_members(club, 8))
    assert api.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    pin = api.get(f"/api/clubs/{club.slug}/events/{event['id']}/table-pins/").json()["tables"][0]["pin"]
    phone = Client()
    page = f"/clubs/{club.slug}/events/{event['id']}/table/A/1/"
    assert phone.post(page, {"pin": pin}).status_code == 302
    for text in ODD:
        assert phone.get(page, {"board": text}).status_code == 200
        response = api.get(f"/api/clubs/{club.slug}/events/{event['id']}/results/", {"board": text})
        assert response.status_code == 400 and "board" in response.json()
        response = api.post(f"/api/clubs/{club.slug}/events/{event['id']}/entries/",
                            {"guests": ["A B", "C D"], "movement": {"kind": "howell", "tables": text}}, format="json")
        assert response.status_code == 400
    response = web_post(director, f"/clubs/{club.slug}/events/{event['id']}/board-set/", {"club_set": "²"})
    _assert_refused(response)
    assert not Result.objects.exists()


def web_post(user, path, data):
    client = Client()
    client.force_login(user)
    return client.post(path, data)


def test_party_pages_refuse_odd_numbers(web, club):
    web.post(f"/clubs/{club.slug}/events/party/new/", {
        "name": "Hearts", "date": "2026-11-27", "progression": "hearts", "tables": "2", "deal_seed": "odd"})
    party = Party.objects.get(event__name="Hearts")
    base = f"/clubs/{club.slug}/events/{party.event_id}/party/"
    for i in range(1, 9):
        web.post(base + "players/", {"guest": f"Guest {i}"})
    web.post(base + "start/")
    players = PartyPlayer.objects.count()
    for text in ODD:
        _assert_refused(web.post(base + "players/", {"member": text}))
        _assert_refused(web.post(base + "rounds/1/tables/1/", {"chips_0": text, "chips_1": "1", "chips_2": "1",
                                                               "chips_3": "1"}))
        _assert_refused(web.post(base + "rounds/1/tables/1/", {"chips_0": "1", "chips_1": "1", "chips_2": "1",
                                                               "chips_3": "1", "cut_0": text}))
        _assert_refused(web.post(base + "rounds/1/close/", {"cut": f"1:{text}"}))
        _assert_refused(Client().post(base + "table/1/", {"round": text, "pin": party_services.table_pin(party, 1),
                                                          "chips_0": "1"}))
        _assert_refused(web.post(f"/clubs/{club.slug}/events/party/new/", {
            "name": f"Odd {len(text)}", "date": "2026-11-27", "progression": "hoyle", "tables": "2",
            "rounds": text}))
    assert PartyPlayer.objects.count() == players and not PartyTableReport.objects.exists()
    assert not PartyRound.objects.get(party=party, number=1).closed


def test_boards_command_refuses_an_odd_event_id(tmp_path):
    pbn = tmp_path / "hands.pbn"
    pbn.write_text("")
    with redirect_stderr(io.StringIO()), pytest.raises(SystemExit) as exit_:
        call_command("boards", "import", "²", str(pbn))
    assert exit_.value.code == 2 and not Event.objects.exists()


@pytest.mark.parametrize("field", ["game_points", "rounds"])
def test_new_party_form_refuses_a_number_it_cannot_read_naming_the_field(web, club, field):
    """It used to drop the value and create the party with the default."""
    response = web.post(f"/clubs/{club.slug}/events/party/new/", {
        "name": "Friday euchre", "date": "2026-11-27", "progression": "hoyle", "tables": "2", field: "²"})
    page = response.content.decode()
    assert response.status_code == 400 and f"{field}: a whole number" in page and 'value="²"' in page
    assert not Party.objects.exists()


@pytest.mark.parametrize("field", ["leaver", "missed", "scheme"])
def test_new_party_form_refuses_a_choice_it_never_offered(web, club, field):
    """An unknown leaver, missed-round or hearts choice used to be dropped for the default."""
    progression = "hearts" if field == "scheme" else "hoyle"
    response = web.post(f"/clubs/{club.slug}/events/party/new/", {
        "name": "Friday party", "date": "2026-11-27", "progression": progression, "tables": "2",
        field: "whatever"})
    assert response.status_code == 400 and f"{field}: one of" in response.content.decode()
    assert not Party.objects.exists()
