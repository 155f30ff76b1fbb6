"""A table device follows its own table (issue 11, items 1, 2 and 13): a sit-out table moves on
with the movement (Mitchell with 9 pairs, Howell with 7), a table that finishes its boards moves
on by itself and says where everyone goes, any phone with the PIN sees and confirms a result
awaiting confirmation, and the entry form keeps its input on an error."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event, Result
from tournaments.selectors_event import table_pin


def start(client, club, movement, pairs, **extra):
    event = create_event(client, club, movement=movement, **extra)
    enter_pairs(client, club, event["id"], make_members(club, 2 * pairs))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    event = Event.objects.get(pk=event["id"])
    return event, event.sections.get()


def api_url(club, event, table, tail=""):
    return f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/{tail}"


def page_url(club, event, table):
    return f"/clubs/{club.slug}/events/{event.pk}/table/A/{table}/"


def phone(event, section, table):
    client = APIClient()
    client.credentials(HTTP_X_TABLE_PIN=table_pin(event, section, table))
    return client


def page_phone(club, event, section, table):
    client = Client()
    client.post(page_url(club, event, table), {"pin": table_pin(event, section, table)})
    return client


def play_round(club, event, section, table):
    """Enter and confirm every board the table has still to play."""
    device = phone(event, section, table)
    now = device.get(api_url(club, event, table)).json()
    for board in now["to_play"]:
        sent = device.post(api_url(club, event, table), {"board": board, "contract": "3NT", "declarer": "N",
                                                          "tricks": 9}, format="json")
        assert sent.status_code == 201, sent.content
        assert device.post(api_url(club, event, table, "confirm/"), {"result": sent.json()["id"]},
                           format="json").status_code == 200
    return now


@pytest.fixture
def mitchell9(club, director, api_as):
    """Nine pairs in a five-table Mitchell: 5EW is missing, so table 5 sits out in round 1."""
    client = api_as(director)
    event, section = start(client, club, {"kind": "mitchell", "tables": 5, "boards_per_round": 2}, 9)
    return client, event, section


@pytest.mark.django_db
def test_a_sit_out_table_moves_on_with_the_movement_in_a_mitchell(mitchell9, club):
    client, event, section = mitchell9
    table5 = phone(event, section, 5)
    now = table5.get(api_url(club, event, 5)).json()
    assert now["round"] == 1 and now["playing"] is False and now["to_play"] == []
    assert now["sit_out"] == [{"label": "5NS", "names": now["ns_names"], "next": "round 2, table 5 N-S",
                               "next_round": 2, "next_table": 5, "next_direction": "NS"}]
    sitting = page_phone(club, event, section, 5).get(page_url(club, event, 5)).content.decode()
    assert "next plays round 2, table 5 N-S" in sitting and 'id="table-entry"' not in sitting

    assert client.post(f"/api/clubs/{club.slug}/events/{event.pk}/round/", {"round": 2},
                       format="json").status_code == 200
    now = table5.get(api_url(club, event, 5)).json()
    assert (now["round"], now["ns"], now["ew"], now["playing"]) == (2, "5NS", "4EW", True)
    assert [b["board"] for b in now["boards"]] == now["to_play"] == [1, 2]
    assert now["boards"][0] | {} == {"board": 1, "dealer": "N", "vulnerable": "None", "status": "to play"}
    assert now["boards"][1]["dealer"] == "E" and now["boards"][1]["vulnerable"] == "NS"
    page = page_phone(club, event, section, 5).get(page_url(club, event, 5)).content.decode()
    assert "round 2 of 5" in page and "4EW" in page and 'id="table-entry"' in page and "No play" not in page


@pytest.mark.django_db
def test_a_sit_out_table_moves_on_with_the_movement_in_a_howell(club, director, api_as):
    """Seven pairs in a four-table Howell: pair 8 is missing, so table 1 has a sit-out every round."""
    client = api_as(director)
    event, section = start(client, club, {"kind": "howell", "tables": 4}, 7)
    device = phone(event, section, 1)
    now = device.get(api_url(club, event, 1)).json()
    assert now["round"] == 1 and not now["playing"] and now["sit_out"][0]["label"] == "1"
    assert now["sit_out"][0]["next"] == "round 2, table 3 E-W"
    client.post(f"/api/clubs/{club.slug}/events/{event.pk}/round/", {"round": 2}, format="json")
    now = device.get(api_url(club, event, 1)).json()
    assert now["round"] == 2 and now["sit_out"][0]["label"] == "2"
    assert now["sit_out"][0]["next"] == "round 3, table 3 E-W"
    page = page_phone(club, event, section, 1).get(page_url(club, event, 1)).content.decode()
    assert "round 2 of 7" in page and "Pair 2" in page and "next plays round 3, table 3 E-W" in page
    # a table with round-1 boards still missing stays on round 1 until they are in
    assert phone(event, section, 3).get(api_url(club, event, 3)).json()["round"] == 1
    play_round(club, event, section, 3)
    table3 = phone(event, section, 3).get(api_url(club, event, 3)).json()
    assert (table3["round"], table3["ns"], table3["ew"], table3["to_play"]) == (2, "3", "1", [10, 11, 12])


@pytest.mark.django_db
def test_the_empty_table_of_a_howell_with_a_phantom_shows_who_sits_out(club, director, api_as):
    client = api_as(director)
    event, section = start(client, club, {"kind": "howell", "pairs": 7}, 7)
    now = phone(event, section, 1).get(api_url(club, event, 1))
    assert now.status_code == 200, now.content
    assert now.json()["sit_out"][0] | {} == {"label": "1", "names": now.json()["sit_out"][0]["names"],
                                             "next": "round 2, table 3 E-W", "next_round": 2, "next_table": 3,
                                             "next_direction": "EW"}
    page = page_phone(club, event, section, 1).get(page_url(club, event, 1)).content.decode()
    assert "No play at this table in round 1" in page and "next plays round 2, table 3 E-W" in page


@pytest.mark.django_db
def test_a_table_that_finishes_its_round_moves_on_and_says_where_everyone_goes(mitchell9, club):
    _client, event, section = mitchell9
    played = play_round(club, event, section, 2)
    assert event.current_round == 1
    now = phone(event, section, 2).get(api_url(club, event, 2)).json()
    assert (now["round"], now["ns"], now["ew"]) == (2, "2NS", "1EW")
    assert now["moves_before"]["text"] == "N-S stay; E-W to table 3; boards to table 1"
    assert played["moves"]["text"] == now["moves_before"]["text"]
    page = page_phone(club, event, section, 2).get(page_url(club, event, 2)).content.decode()
    assert "After round 1:</strong> N-S stay; E-W to table 3; boards to table 1" in page
    # a table still playing round 1 stays there; the one sitting out waits for the director
    assert phone(event, section, 3).get(api_url(club, event, 3)).json()["round"] == 1
    assert phone(event, section, 5).get(api_url(club, event, 5)).json()["round"] == 1


@pytest.mark.django_db
def test_a_table_that_has_played_its_last_round_shows_no_entry_form(club, director, api_as):
    client = api_as(director)
    event, section = start(client, club, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, 6)
    for rnd in (1, 2, 3):
        client.post(f"/api/clubs/{club.slug}/events/{event.pk}/round/", {"round": rnd}, format="json")
        play_round(club, event, section, 1)
    now = phone(event, section, 1).get(api_url(club, event, 1)).json()
    assert now["round"] == 3 and now["complete"] and now["finished"] and now["to_play"] == [] and not now["moves"]
    page = page_phone(club, event, section, 1).get(page_url(club, event, 1)).content.decode()
    assert 'id="table-entry"' not in page and "Round 3 complete" in page and "last round" in page


@pytest.mark.django_db
def test_the_other_phone_sees_the_result_awaiting_confirmation_and_confirms_it(mitchell9, club):
    _client, event, section = mitchell9
    north, east = page_phone(club, event, section, 1), page_phone(club, event, section, 1)
    board = section.movement["rounds_detail"][0]["tables"][0]["boards"][0]
    sent = north.post(page_url(club, event, 1), {"board": board, "contract": "4S", "declarer": "S", "tricks": 10})
    assert sent.status_code == 302
    result = Result.objects.get(event=event, board=board)
    seen = east.get(page_url(club, event, 1)).content.decode()
    assert f"Confirm board {board}" in seen and "4S S 10" in seen
    assert f"<option>{board}</option>" not in seen  # a result awaiting confirmation is not offered again
    api_now = phone(event, section, 1).get(api_url(club, event, 1)).json()
    assert [p["id"] for p in api_now["pending"]] == [result.pk] and board not in api_now["to_play"]
    assert east.post(page_url(club, event, 1), {"confirm": result.pk}).status_code == 302
    result.refresh_from_db()
    assert result.confirmed
    # a confirmed board cannot be entered again from the table
    again = phone(event, section, 1).post(api_url(club, event, 1), {"board": board, "contract": "3NT",
                                                                     "declarer": "N", "tricks": 9}, format="json")
    assert again.status_code == 400 and "done" in again.json()["board"][0]


@pytest.mark.django_db
def test_a_wrong_result_keeps_its_input_and_says_what_was_wrong_as_an_error(mitchell9, club):
    _client, event, section = mitchell9
    device = page_phone(club, event, section, 1)
    board = section.movement["rounds_detail"][0]["tables"][0]["boards"][1]
    response = device.post(page_url(club, event, 1), {"board": board, "contract": "8H", "declarer": "W",
                                                      "tricks": "7", "lead": "SQ"})
    page = response.content.decode()
    assert response.status_code == 400
    assert '<li class="error" role="alert">contract:' in page
    assert 'value="8H"' in page and 'value="7"' in page and 'value="SQ"' in page
    assert "<option selected>W</option>" in page and f"<option selected>{board}</option>" in page
    assert not Result.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_whist_boards_have_a_dealer_and_no_vulnerability(club, director, api_as):
    client = api_as(director)
    event, section = start(client, club, {"kind": "mitchell", "tables": 3, "boards_per_round": 2}, 6,
                           game="duplicate_whist", scoring="matchpoints")
    now = phone(event, section, 1).get(api_url(club, event, 1)).json()
    assert [(b["dealer"], b["vulnerable"]) for b in now["boards"]] == [("N", None), ("E", None)]
    assert "Vulnerable" not in page_phone(club, event, section, 1).get(page_url(club, event, 1)).content.decode()


@pytest.mark.django_db
def test_a_result_awaiting_confirmation_can_be_entered_again_with_its_values_filled_in(mitchell9, club):
    _client, event, section = mitchell9
    device = page_phone(club, event, section, 1)
    board = section.movement["rounds_detail"][0]["tables"][0]["boards"][0]
    device.post(page_url(club, event, 1), {"board": board, "contract": "4S", "declarer": "S", "tricks": 9})
    again = device.get(page_url(club, event, 1) + f"?change={board}").content.decode()
    assert f"<option selected>{board}</option>" in again and 'value="4S"' in again and 'value="9"' in again
    device.post(page_url(club, event, 1), {"board": board, "contract": "4S", "declarer": "S", "tricks": 10})
    result = Result.objects.get(event=event, board=board)
    assert result.tricks == 10 and not result.confirmed


@pytest.mark.django_db
def test_a_late_pair_joining_in_round_2_does_not_send_the_table_back_to_round_1(mitchell9, club):
    client, event, section = mitchell9
    client.post(f"/api/clubs/{club.slug}/events/{event.pk}/round/", {"round": 2}, format="json")
    members = make_members(club, 2, start=50)
    late = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/entries/", {"members": [m.pk for m in members]},
                       format="json")
    assert late.status_code == 201 and late.json()["label"] == "5EW"
    now = phone(event, section, 5).get(api_url(club, event, 5)).json()
    assert (now["round"], now["ns"], now["ew"], now["playing"]) == (2, "5NS", "4EW", True)


@pytest.mark.django_db
def test_a_phone_confirming_what_it_was_shown_does_not_confirm_a_result_entered_again_meanwhile(mitchell9, club):
    _client, event, section = mitchell9
    north, east = page_phone(club, event, section, 1), page_phone(club, event, section, 1)
    board = section.movement["rounds_detail"][0]["tables"][0]["boards"][0]
    north.post(page_url(club, event, 1), {"board": board, "contract": "4H", "declarer": "N", "tricks": 9})
    result = Result.objects.get(event=event, board=board)
    shown = east.get(page_url(club, event, 1)).content.decode()
    assert 'name="seen" value="4H N 9"' in shown  # what E-W reads is what its Confirm sends
    north.post(page_url(club, event, 1), {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9})
    refused = east.post(page_url(club, event, 1), {"confirm": result.pk, "seen": "4H N 9"}, follow=True)
    result.refresh_from_db()
    assert not result.confirmed and result.contract == "3NT"
    page = refused.content.decode()
    assert f"role=\"alert\">Board {board} was entered again (3NT N 9): check it and confirm." in page
    assert east.post(page_url(club, event, 1), {"confirm": result.pk, "seen": "3NT N 9"}).status_code == 302
    result.refresh_from_db()
    assert result.confirmed and result.contract == "3NT"
