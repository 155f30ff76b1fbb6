"""A board reported "not played" at the table waits for the director, who adjusts it (Law 12C),
cancels it for that table or has it played after all, from the event page or the API; players
identified at the table by membership number (issue 11, table device)."""
import pytest
from django.test import Client

from tests.tournaments.test_table_follows import api_url, page_phone, page_url, phone, start
from tournaments.models import BoardNotPlayed, Entry, Result

AWAITING = "Not played: awaiting the director"


@pytest.fixture
def evening(club, director, api_as):
    client = api_as(director)
    event, section = start(client, club, {"kind": "mitchell", "tables": 3, "boards_per_round": 2}, 6)
    return client, event, section


def report(club, event, section, board, reason="out of time"):
    return phone(event, section, 1).post(api_url(club, event, 1, "not-played/"), {"board": board, "reason": reason},
                                         format="json")


@pytest.mark.django_db
def test_a_board_reported_not_played_awaits_the_director_then_gets_his_adjusted_score(evening, club, api_as,
                                                                                     player):
    client, event, section = evening
    device = phone(event, section, 1)
    board = device.get(api_url(club, event, 1)).json()["to_play"][1]
    sent = report(club, event, section, board)
    assert sent.status_code == 201, sent.content
    now = device.get(api_url(club, event, 1)).json()
    assert board not in now["to_play"]
    assert next(b for b in now["boards"] if b["board"] == board)["status"] == AWAITING
    assert [r["board"] for r in now["not_played"]] == [board]
    assert "not played: awaiting the director (out of time)" in page_phone(club, event, section, 1).get(
        page_url(club, event, 1)).content.decode()
    assert report(club, event, section, board).status_code == 400  # not offered again

    status = client.get(f"/api/clubs/{club.slug}/events/{event.pk}/round-status/").json()
    assert next(t for t in status if t["table"] == 1)["not_played"] == [board]
    listing = f"/api/clubs/{club.slug}/events/{event.pk}/not-played/"
    assert api_as(player).get(listing).status_code == 403
    awaiting = client.get(listing).json()["awaiting"]
    assert [(r["board"], r["table"], r["status"]) for r in awaiting] == [(board, 1, "awaiting")]
    bad = client.post(f"{listing}{awaiting[0]['id']}/", {"decision": "adjust", "adjusted_ns": "Z"}, format="json")
    assert bad.status_code == 400 and "adjusted_ns" in bad.json()
    decided = client.post(f"{listing}{awaiting[0]['id']}/", {"decision": "adjust", "adjusted_ns": "A",
                                                              "adjusted_ew": "A"}, format="json")
    assert decided.status_code == 200 and decided.json()["status"] == "adjusted", decided.content
    result = Result.objects.get(event=event, board=board)
    assert (result.adjusted_ns, result.adjusted_ew, result.confirmed) == ("A", "A", True)
    assert next(b for b in device.get(api_url(club, event, 1)).json()["boards"] if b["board"] == board)[
        "status"] == "Adjusted score"
    assert client.get(listing).json()["awaiting"] == []


@pytest.mark.django_db
def test_the_director_cancels_a_board_not_played_from_the_event_page(evening, club, director):
    _client, event, section = evening
    board = phone(event, section, 1).get(api_url(club, event, 1)).json()["to_play"][0]
    assert report(club, event, section, board).status_code == 201
    browser = Client()
    browser.force_login(director)
    page = browser.get(event.get_absolute_url()).content.decode()
    assert 'id="not-played"' in page and "out of time" in page
    found = BoardNotPlayed.objects.get(event=event)
    assert browser.post(f"/clubs/{club.slug}/events/{event.pk}/not-played/{found.pk}/",
                        {"decision": "cancel"}).status_code == 302
    found.refresh_from_db()
    assert found.status == "cancelled" and not Result.objects.filter(event=event).exists()
    status = browser.get(f"/api/clubs/{club.slug}/events/{event.pk}/round-status/").json()
    assert board not in next(t for t in status if t["table"] == 1)["missing"]
    traveller = browser.get(f"/api/clubs/{club.slug}/events/{event.pk}/results/?board={board}").json()
    assert (1, 1) not in {(m["round"], m["table"]) for m in traveller["missing"]}
    # the table moves on once its other board is in: the cancelled board is not missing
    device = phone(event, section, 1)
    other = device.get(api_url(club, event, 1)).json()["to_play"]
    assert other == [b for b in (1, 2) if b != board]
    assert 'id="not-played"' not in browser.get(event.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_a_table_reports_not_played_from_its_page_and_the_director_can_have_it_played(evening, club, director,
                                                                                    api_as):
    client, event, section = evening
    device = page_phone(club, event, section, 2)
    board = phone(event, section, 2).get(api_url(club, event, 2)).json()["to_play"][0]
    assert device.post(page_url(club, event, 2), {"action": "not_played", "board": board,
                                                  "reason": "fouled"}).status_code == 302
    found = BoardNotPlayed.objects.get(event=event)
    assert (found.board, found.table, found.reason) == (board, 2, "fouled")
    response = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/not-played/{found.pk}/",
                           {"decision": "play"}, format="json")
    assert response.status_code == 200
    assert board in phone(event, section, 2).get(api_url(club, event, 2)).json()["to_play"]


@pytest.mark.django_db
def test_membership_numbers_at_the_first_round_check_or_fill_the_pairs_names(evening, club):
    _client, event, section = evening
    device = phone(event, section, 1)
    now = device.get(api_url(club, event, 1)).json()
    assert now["identify"] is True
    ns = Entry.objects.get(section=section, label=now["ns"])
    ew = Entry.objects.get(section=section, label=now["ew"])
    url = api_url(club, event, 1, "identify/")
    checked = device.post(url, {"ns": [ns.member_a.membership_number, ns.member_b.membership_number]}, format="json")
    assert checked.status_code == 200 and checked.json()["messages"][0]["level"] == "success"
    wrong = device.post(url, {"ew": [ns.member_a.membership_number]}, format="json").json()["messages"]
    assert wrong[0]["level"] == "warning" and f"not entered as pair {ew.label}" in wrong[0]["text"]
    unknown = device.post(url, {"ns": ["99999"]}, format="json")
    assert unknown.status_code == 400 and "ns" in unknown.json()
    member_a, member_b = ew.member_a, ew.member_b
    Entry.objects.filter(pk=ew.pk).update(names="", member_a=None, member_b=None)  # a pair entered without names
    filled = device.post(url, {"ew": [member_a.membership_number, member_b.membership_number]}, format="json")
    assert filled.json()["messages"][0]["level"] == "success"
    ew.refresh_from_db()
    assert ew.names == f"{member_a.full_name} & {member_b.full_name}" and ew.member_a == member_a
    page = page_phone(club, event, section, 1)
    said = page.post(page_url(club, event, 1), {"action": "identify", "ns_a": member_a.membership_number},
                     follow=True).content.decode()
    assert '<li class="warning"' in said


@pytest.mark.django_db
def test_bad_input_to_the_new_table_endpoints_is_a_400_naming_the_field(evening, club):
    client, event, section = evening
    device = phone(event, section, 1)
    for tail, body, field in (("not-played/", {"board": "x"}, "board"),
                              ("not-played/", {"board": 99}, "board"),
                              ("not-played/", {"board": 1, "reason": "r" * 300}, "reason"),
                              ("identify/", {"ns": "1001"}, "ns"),
                              ("identify/", {"ns": ["1", "2", "3"]}, "ns")):
        response = device.post(api_url(club, event, 1, tail), body, format="json")
        assert response.status_code == 400 and field in response.json(), (tail, body, response.content)
    board = device.get(api_url(club, event, 1)).json()["to_play"][0]
    found = report(club, event, section, board).json()
    decide = f"/api/clubs/{club.slug}/events/{event.pk}/not-played/{found['id']}/"
    assert client.post(decide, {"decision": "maybe"}, format="json").json().keys() == {"decision"}
    assert client.post(decide, {"decision": "adjust"}, format="json").status_code == 400
    assert client.post(f"/api/clubs/{club.slug}/events/{event.pk}/not-played/999999/", {"decision": "cancel"},
                       format="json").status_code == 404
    assert client.post(decide, {"decision": "cancel"}, format="json").status_code == 200
    assert client.post(decide, {"decision": "cancel"}, format="json").status_code == 400  # already decided
    assert BoardNotPlayed.objects.count() == 1 and not Result.objects.filter(event=event).exists()
