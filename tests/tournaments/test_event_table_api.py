"""Table scoring through the API with the table's PIN: a table writes only its own current
boards, its result waits for the other side, a wrong PIN is refused and guessing is locked out."""
import pytest
from rest_framework.test import APIClient

from scoring.models import Standing
from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event, Result
from tournaments.selectors_event import table_pin


@pytest.fixture
def started(club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    event = Event.objects.get(pk=event["id"])
    section = event.sections.get()
    return event, section


def table_url(club, event, table, tail=""):
    return f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/{tail}"


def phone(pin=None):
    client = APIClient()
    if pin is not None:
        client.credentials(HTTP_X_TABLE_PIN=pin)
    return client


def wrong(pin):
    return "0000" if pin != "0000" else "1111"


@pytest.mark.django_db
def test_a_table_enters_its_result_and_the_other_side_confirms(started, club, django_capture_on_commit_callbacks):
    event, section = started
    table = phone(table_pin(event, section, 2))
    now = table.get(table_url(club, event, 2)).json()
    assert now["round"] == 1 and now["table"] == 2 and now["pending"] == [] and len(now["boards"]) == 2
    board = now["boards"][0]["board"]
    body = {"board": board, "contract": "4S", "declarer": "S", "tricks": 10}
    sent = table.post(table_url(club, event, 2), body, format="json")
    assert sent.status_code == 201, sent.content
    assert sent.json()["ns"] == now["ns"] and sent.json()["ew"] == now["ew"]
    assert table.post(table_url(club, event, 2), body, format="json").status_code == 200  # idempotent
    result = Result.objects.get(pk=sent.json()["id"])
    assert result.confirmed is False and result.table == 2 and result.source == "table"
    assert not Standing.objects.filter(event=event).exists()  # unconfirmed results do not count
    assert [p["id"] for p in table.get(table_url(club, event, 2)).json()["pending"]] == [result.pk]

    with django_capture_on_commit_callbacks(execute=True):
        confirmed = table.post(table_url(club, event, 2, "confirm/"), {"result": result.pk}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["confirmed"] is True
    assert Standing.objects.filter(event=event).count() == 2
    after = table.get(table_url(club, event, 2)).json()
    assert after["done"] == [board] and after["pending"] == []


@pytest.mark.django_db
def test_a_table_cannot_write_another_tables_board_or_round(started, club):
    event, section = started
    table = phone(table_pin(event, section, 1))
    mine = table.get(table_url(club, event, 1)).json()["to_play"]
    other = next(b for b in range(1, 7) if b not in mine)
    response = table.post(table_url(club, event, 1), {"board": other, "contract": "3NT", "declarer": "N",
                                                       "tricks": 9}, format="json")
    assert response.status_code == 400 and "board" in response.json()
    # table 1's PIN does not open table 2
    assert table.get(table_url(club, event, 2)).status_code == 403
    assert not Result.objects.filter(event=event).exists()  # nothing was stored by the refused posts


@pytest.mark.django_db
def test_bad_input_is_a_400_naming_the_field(started, club):
    event, section = started
    table = phone(table_pin(event, section, 3))
    board = table.get(table_url(club, event, 3)).json()["to_play"][0]
    for body, field in (({"board": board, "contract": "8H", "declarer": "N", "tricks": 9}, "contract"),
                        ({"board": board, "contract": "3NT", "declarer": "Q", "tricks": 9}, "declarer"),
                        ({"board": board, "contract": "3NT", "declarer": "N", "tricks": 14}, "tricks"),
                        ({"board": "x"}, "board")):
        response = table.post(table_url(club, event, 3), body, format="json")
        assert response.status_code == 400 and field in response.json(), (body, response.content)
    assert table.post(table_url(club, event, 3, "confirm/"), {"result": 999999}, format="json").status_code == 400
    assert phone().get(table_url(club, event, 9)).status_code == 404
    assert not Result.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_no_pin_or_a_wrong_pin_is_refused_and_guessing_is_slowed_for_that_client_only(started, club):
    event, section = started
    pin = table_pin(event, section, 1)
    assert phone().get(table_url(club, event, 1)).status_code == 403
    for _ in range(5):
        assert phone(wrong(pin)).get(table_url(club, event, 1), REMOTE_ADDR="10.0.0.66").status_code == 403
    waiting = phone(pin).get(table_url(club, event, 1), REMOTE_ADDR="10.0.0.66")
    assert waiting.status_code == 429 and "wait" in waiting.json()["detail"] and int(waiting["Retry-After"]) >= 1
    assert phone(pin).get(table_url(club, event, 1), REMOTE_ADDR="10.0.0.7").status_code == 200
    assert phone(table_pin(event, section, 2)).get(table_url(club, event, 2),
                                                  REMOTE_ADDR="10.0.0.66").status_code == 200


@pytest.mark.django_db
def test_scorers_need_no_pin_and_a_finished_event_takes_no_more(started, club, scorer, director, api_as):
    event, section = started
    assert api_as(scorer).get(table_url(club, event, 1)).status_code == 200
    assert api_as(director).post(f"/api/clubs/{club.slug}/events/{event.pk}/finish/", {"confirm": True},
                                 format="json").status_code == 200
    table = phone(table_pin(event, section, 1))
    board = table.get(table_url(club, event, 1)).json()["boards"][0]["board"]
    response = table.post(table_url(club, event, 1), {"board": board, "contract": "3NT", "declarer": "N",
                                                       "tricks": 9}, format="json")
    assert response.status_code == 400 and "event" in response.json()
