"""Standings never freeze silently: a failed scoring run is recorded and shown, finish and
publish refuse while standings are behind, and the beat sweep heals a lost task."""
import pytest
from django.conf import settings
from django.db.models import F
from django.test import Client

from scoring.models import EventScoring, Standing
from scoring.services import standings_sweep
from scoring.tasks import rescore_event, sweep_standings
from tests.tournaments.factories_event import plays, started_event
from tournaments.models import Event, EventStatus, Result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


@pytest.fixture
def evening(api_as, club, director):
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="howell", tables=2)
    return client, base, list(plays(movement)), event["id"]


def _post(client, base, play, tricks=9):
    _r, _t, board, ns, ew = play
    response = client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "contract": "3NT",
                                                "declarer": "N", "tricks": tricks}, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def _break_scoring(event_id, result_id):
    """Stored data the engine refuses (as a result entered before entry was validated)."""
    result = Result.objects.get(pk=result_id)
    Result.objects.filter(pk=result_id).update(ew=result.ns)
    Event.objects.filter(pk=event_id).update(results_version=F("results_version") + 1)
    assert rescore_event.delay(event_id).get() is False


def test_a_failed_scoring_run_is_recorded_and_shown(evening, director, club):
    client, base, played, event_id = evening
    rid = _post(client, base, played[0])
    _break_scoring(event_id, rid)
    state = EventScoring.objects.get(event_id=event_id)
    assert "cannot play against itself" in state.error and state.failed_at is not None

    body = client.get(f"{base}/standings/").json()
    assert body["current"] is False
    assert body["out_of_date"].startswith("standings are out of date: ") and "itself" in body["out_of_date"]
    page = Client()
    page.force_login(director)
    assert "out of date" in page.get(f"/clubs/{club.slug}/events/{event_id}/standings.json").json()["out_of_date"]
    html = page.get(f"/clubs/{club.slug}/events/{event_id}/").content.decode()
    assert "Standings are out of date: " in html and "cannot play against itself" in html


def test_finish_and_publish_refuse_while_standings_are_behind(evening):
    client, base, played, event_id = evening
    rid = _post(client, base, played[0])
    _break_scoring(event_id, rid)
    response = client.post(f"{base}/finish/")
    assert response.status_code == 400 and "out of date" in response.json()["standings"][0], response.content
    assert Event.objects.get(pk=event_id).status == EventStatus.PLAYING
    Event.objects.filter(pk=event_id).update(status=EventStatus.FINISHED)
    response = client.post(f"{base}/publish/")
    assert response.status_code == 400 and "itself" in response.json()["standings"][0]
    assert Event.objects.get(pk=event_id).status == EventStatus.FINISHED


def test_finish_completes_a_lost_scoring_run_first(evening, monkeypatch):
    client, base, played, event_id = evening
    monkeypatch.setattr(rescore_event, "delay", lambda *args: None)  # the task is lost
    _post(client, base, played[0])
    assert client.get(f"{base}/standings/").json()["current"] is False
    assert client.post(f"{base}/finish/", {"confirm": True}, format="json").status_code == 200
    assert client.get(f"{base}/standings/").json()["current"] is True


def test_sweep_rescores_events_behind_their_results_and_running_it_twice_changes_nothing(evening, monkeypatch):
    client, base, played, event_id = evening
    monkeypatch.setattr(rescore_event, "delay", lambda *args: None)  # every task is lost
    for play in played[:4]:
        _post(client, base, play, tricks=7 + len(play[3]) % 4)
    assert not Standing.objects.filter(event_id=event_id).exists()
    assert client.get(f"{base}/standings/").json()["out_of_date"]

    assert standings_sweep() == {event_id: True}
    state = EventScoring.objects.get(event_id=event_id)
    assert state.version == Event.objects.get(pk=event_id).results_version
    first = list(Standing.objects.filter(event_id=event_id).values_list("entry__label", "rank", "total"))
    assert first and client.get(f"{base}/standings/").json()["current"]

    assert sweep_standings.delay().get() == {}  # the beat task, run again: nothing behind
    assert EventScoring.objects.get(event_id=event_id).runs == state.runs
    assert list(Standing.objects.filter(event_id=event_id).values_list("entry__label", "rank", "total")) == first


def test_beat_runs_the_sweep_and_make_worker_starts_beat():
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert any(entry["task"] == sweep_standings.name for entry in schedule.values())
    makefile = (settings.BASE_DIR / "Makefile").read_text()
    worker = makefile[makefile.index("\nworker:"):].split("\n\n")[0]
    assert " -B" in worker or "--beat" in worker
