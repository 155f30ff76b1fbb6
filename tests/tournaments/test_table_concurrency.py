"""Table phones at once on PostgreSQL (issue 18 moved the event's lock to just around the write):
thirty tables enter and confirm together, and both phones of one table enter different results
and confirm at the same moment; nothing is lost, nothing is stored twice, the trail is whole."""
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event, Result, ResultChange
from tournaments.selectors_event import table_pin


def at_once(count, work):
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def run(i):
        try:
            barrier.wait()
            outcomes[i] = work(i)
        except Exception as exc:  # reported in the assertion, not lost in a thread
            outcomes[i] = f"{type(exc).__name__}: {exc}"
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    return outcomes


@pytest.fixture
def thirty(require_postgres, club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 31, "boards_per_round": 1,
                                                 "rounds": 3})
    enter_pairs(client, club, event["id"], make_members(club, 124))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    event = Event.objects.get(pk=event["id"])
    return event, event.sections.get()


def phone(event, section, table):
    client = APIClient()
    client.credentials(HTTP_X_TABLE_PIN=table_pin(event, section, table))
    return client


def url(club, event, table, tail=""):
    return f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/{tail}"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_thirty_table_phones_enter_and_confirm_at_once(thirty, club):
    event, section = thirty

    def table(i):
        number = i + 1
        device = phone(event, section, number)
        board = device.get(url(club, event, number)).json()["to_play"][0]
        body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 7 + i % 4}
        sent = device.post(url(club, event, number), body, format="json")
        again = device.post(url(club, event, number), body, format="json")
        done = device.post(url(club, event, number, "confirm/"), {"result": sent.json().get("id")}, format="json")
        return [sent.status_code, again.status_code, done.status_code]

    outcomes = at_once(30, table)
    assert outcomes == [[201, 200, 200]] * 30
    assert Result.objects.filter(event=event, confirmed=True).count() == 30
    assert ResultChange.objects.filter(event=event, action="create").count() == 30
    assert ResultChange.objects.filter(event=event, action="confirm").count() == 30
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 30


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_both_phones_of_a_table_enter_different_results_and_confirm_at_once(thirty, club):
    event, section = thirty
    board = phone(event, section, 5).get(url(club, event, 5)).json()["to_play"][0]

    def enter(i):
        body = {"board": board, "contract": "4H", "declarer": "S", "tricks": 9 + i}
        response = phone(event, section, 5).post(url(club, event, 5), body, format="json")
        return response.status_code, response.json().get("id")

    entered = at_once(2, enter)
    assert sorted(code for code, _ in entered) == [200, 201], entered  # the later one replaced its own
    assert len({rid for _, rid in entered}) == 1
    result = Result.objects.get(event=event)
    confirmed = at_once(2, lambda i: phone(event, section, 5).post(
        url(club, event, 5, "confirm/"), {"result": result.pk}, format="json").status_code)
    assert confirmed == [200, 200]
    result.refresh_from_db()
    assert result.confirmed and Result.objects.filter(event=event).count() == 1
    actions = list(ResultChange.objects.filter(result=result).order_by("pk").values_list("action", flat=True))
    assert actions == ["create", "update", "confirm"]
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 1
