"""The live standings poll: a poll that finds nothing new is a 304 (ETag) without reading the
standings, a new result is a 200; the poll reads no movement unless the viewer sees every
traveller; a burst of confirmed results queues one rescore."""
import random

import pytest
from django.test import override_settings

from scoring.models import EventScoring
from tests.tournaments.factories_event import plays, random_result, started_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


@pytest.fixture
def evening(club, director, api_as):
    api = api_as(director)
    event, base, movement = started_event(api, club, kind="mitchell", tables=5)
    rng = random.Random(18)
    left = iter(list(plays(movement)))

    def post(n: int = 1) -> None:
        for _ in range(n):
            _rnd, _table, board, ns, ew = next(left)
            response = api.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew,
                                                     **random_result(rng, "duplicate_bridge")}, format="json")
            assert response.status_code == 201, response.content

    post()
    return api, base, f"/clubs/{club.slug}/events/{event['id']}/standings.json", event["id"], post


def test_an_unchanged_poll_is_a_304_and_a_new_result_a_200(evening, client, director):
    api, base, live, _event_id, post = evening
    client.force_login(director)
    etags = {}
    for url, get in ((live, client.get), (f"{base}/standings/", api.get)):
        first = get(url)
        etags[url] = first.headers["ETag"]
        assert first.status_code == 200 and etags[url]
        again = get(url, HTTP_IF_NONE_MATCH=etags[url])
        assert again.status_code == 304 and not again.content and again.headers["ETag"] == etags[url]
    post()
    for url, get in ((live, client.get), (f"{base}/standings/", api.get)):
        fresh = get(url, HTTP_IF_NONE_MATCH=etags[url])
        assert fresh.status_code == 200 and fresh.headers["ETag"] != etags[url]
        assert (fresh.json()["version"], fresh.json()["results_version"]) == (2, 2)


def test_a_poll_answered_304_does_not_read_the_standings(evening, client, director, monkeypatch):
    from tournaments import selectors_event

    _api, _base, live, _event_id, _post = evening
    client.force_login(director)
    etag = client.get(live).headers["ETag"]
    monkeypatch.setattr(selectors_event, "event_standings", lambda event: pytest.fail("standings read for a 304"))
    assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_etag_is_the_viewers_own(evening, client, director, player):
    _api, _base, live, _event_id, _post = evening
    client.force_login(director)
    etag = client.get(live).headers["ETag"]
    client.force_login(player)  # a club member sees no travellers while play is on: another answer
    assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_result_not_yet_scored_changes_the_answer(evening, client, director, monkeypatch):
    from scoring.tasks import rescore_event

    _api, _base, live, _event_id, post = evening
    client.force_login(director)
    etag = client.get(live).headers["ETag"]
    monkeypatch.setattr(rescore_event, "delay", lambda *args: None)  # the scoring task is lost
    post()
    answer = client.get(live, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer.json()["current"] is False


def test_the_poll_of_a_viewer_without_every_traveller_reads_no_movement(evening, client, player, monkeypatch):
    from tournaments.movements.model import Movement

    api, base, live, _event_id, _post = evening
    client.force_login(player)
    monkeypatch.setattr(Movement, "from_stored", classmethod(lambda cls, *a, **k: pytest.fail("movement decoded")))
    answer = client.get(live)
    assert answer.status_code == 200 and answer.json()["standings"] and answer.json()["travellers"] == []
    assert api.get(f"{base}/standings/").status_code == 200  # the API's standings: no movement either


def test_a_burst_of_confirmed_results_queues_one_rescore(evening, monkeypatch):
    """The marker that a run is queued is the event's own row (``RescoreQueued``), written with
    the results: no cache is asked."""
    import cardroom.tasks
    from scoring.tasks import rescore_event

    _api, _base, _live, event_id, post = evening
    queued = []
    monkeypatch.setattr(rescore_event, "delay", lambda *args: queued.append(args))  # a broker, no worker yet
    monkeypatch.setattr(cardroom.tasks, "cache", None)  # any call to it fails
    with override_settings(CARDROOM_COALESCE=True):
        runs = EventScoring.objects.get(event_id=event_id).runs
        post(30)
        assert queued == [(event_id,)]  # thirty results, one run queued
        rescore_event(event_id)  # the worker takes it: one run scores all thirty
        state = EventScoring.objects.get(event_id=event_id)
        assert state.runs == runs + 1 and state.version == 31
        post()  # a result committed after the run started queues the next
        assert queued == [(event_id,), (event_id,)]
