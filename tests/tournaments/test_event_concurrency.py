"""Reliability: 30 tables at once on PostgreSQL, a real Celery worker, and a scoring run that
dies half-way leaving the previous standings intact."""
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from scoring.models import EventScoring, Standing
from scoring.services import event_rescore
from tests.conftest import postgres_headroom, wait_until
from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Result


def setup_event(client, club, tables=31, pairs=None):
    event = create_event(client, club, movement={"kind": "mitchell", "tables": tables, "boards_per_round": 1,
                                                 "rounds": 3})
    enter_pairs(client, club, event["id"], make_members(club, 2 * (pairs or 2 * tables)))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    movement = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/movement/").json()["sections"][0]
    return event, movement


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_thirty_tables_at_once_lose_nothing_and_duplicate_nothing(require_postgres, club, director, api_as):
    event, movement = setup_event(api_as(director), club)
    tables = movement["rounds_detail"][0]["tables"][:30]
    url = f"/api/clubs/{club.slug}/events/{event['id']}/results/"
    headroom = postgres_headroom()
    barrier = threading.Barrier(30)
    outcomes = [None] * 30

    def table(i):
        client = APIClient()
        client.force_authenticate(director)
        t = tables[i]
        body = {"board": t["boards"][0], "ns": t["ns"], "ew": t["ew"], "contract": "3NT", "declarer": "N",
                "tricks": 9 + i % 3}
        try:
            barrier.wait()
            codes = [client.post(url, body, format="json").status_code for _ in range(2)]
            codes.append(client.post(url, dict(body, tricks=body["tricks"] - 1), format="json").status_code)
            outcomes[i] = codes
        except Exception as exc:  # reported in the assertion below, not lost in a thread
            outcomes[i] = f"{type(exc).__name__}: {exc}"
        finally:
            connection.close()

    threads = [threading.Thread(target=table, args=(i,)) for i in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert outcomes == [[201, 200, 409]] * 30, f"before the run: {headroom}; now: {postgres_headroom()}"
    assert Result.objects.filter(event_id=event["id"]).count() == 30
    event_rescore(event_id=event["id"])  # whatever the task order, one more run finds nothing new
    state = EventScoring.objects.get(event_id=event["id"])
    assert state.results_scored == 30
    assert Standing.objects.filter(event_id=event["id"]).count() == 60


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_real_worker_rescores_after_each_commit(celery_worker_process, club, director, api_as):
    client = api_as(director)
    event, movement = setup_event(client, club, tables=3)
    url = f"/api/clubs/{club.slug}/events/{event['id']}/results/"
    for t in movement["rounds_detail"][0]["tables"]:
        assert client.post(url, {"board": t["boards"][0], "ns": t["ns"], "ew": t["ew"], "contract": "4S",
                                 "declarer": "S", "tricks": 10}, format="json").status_code == 201
    state = wait_until(lambda: EventScoring.objects.filter(event_id=event["id"], results_scored=3).first(),
                       timeout=60)
    assert state.version >= 3
    assert any("scoring.rescore_event" in line for line in celery_worker_process.output)
    standings = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/standings/").json()
    assert len(standings["standings"]) == 6 and standings["computed_at"]


@pytest.mark.django_db(transaction=True)
def test_a_run_that_dies_leaves_previous_standings_and_the_next_completes(club, director, api_as, monkeypatch):
    client = api_as(director)
    event, movement = setup_event(client, club, tables=3)
    url = f"/api/clubs/{club.slug}/events/{event['id']}/results/"
    first, second = movement["rounds_detail"][0]["tables"][:2]
    client.post(url, {"board": first["boards"][0], "ns": first["ns"], "ew": first["ew"], "contract": "4S",
                      "declarer": "S", "tricks": 10}, format="json")
    before = list(Standing.objects.filter(event_id=event["id"]).values_list("entry__label", "rank", "total"))
    assert len(before) == 2

    def crash(*args, **kwargs):
        raise RuntimeError("worker killed")

    monkeypatch.setattr(Standing.objects, "bulk_create", crash)
    response = client.post(url, {"board": second["boards"][0], "ns": second["ns"], "ew": second["ew"],
                                 "contract": "4S", "declarer": "S", "tricks": 9}, format="json")
    assert response.status_code == 201  # the result itself was committed and is acknowledged
    assert Result.objects.filter(event_id=event["id"]).count() == 2
    after_crash = list(Standing.objects.filter(event_id=event["id"]).values_list("entry__label", "rank", "total"))
    assert after_crash == before
    state = EventScoring.objects.get(event_id=event["id"])
    assert "worker killed" in state.error and state.failed_at is not None  # the failure is on the event
    monkeypatch.undo()
    assert event_rescore(event_id=event["id"]) is True
    assert Standing.objects.filter(event_id=event["id"]).count() == 4
    assert EventScoring.objects.get(event_id=event["id"]).error == ""


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_worker_process_killed_mid_task_keeps_old_standings_and_the_task_is_run_again(
        celery_worker_factory, club, director, api_as, tmp_path):
    """SIGKILL the pool process while it holds a half-written scoring run: the database rolls
    it back (the previous standings stay), and with acks_late + reject_on_worker_lost the
    worker puts the task back on the queue and the next pool process completes it."""
    import os
    import signal

    worker = celery_worker_factory(app="tests.stall_worker", pool="prefork",
                                   env={"CARDROOM_STALL_DIR": str(tmp_path)})
    client = api_as(director)
    event, movement = setup_event(client, club, tables=3)
    url = f"/api/clubs/{club.slug}/events/{event['id']}/results/"
    first, second = movement["rounds_detail"][0]["tables"][:2]
    assert client.post(url, {"board": first["boards"][0], "ns": first["ns"], "ew": first["ew"], "contract": "4S",
                             "declarer": "S", "tricks": 10}, format="json").status_code == 201
    wait_until(lambda: EventScoring.objects.filter(event_id=event["id"], results_scored=1).exists(), timeout=60)
    before = list(Standing.objects.filter(event_id=event["id"]).order_by("entry__label")
                  .values_list("entry__label", "rank", "total"))
    assert len(before) == 2

    (tmp_path / "stall").touch()
    assert client.post(url, {"board": second["boards"][0], "ns": second["ns"], "ew": second["ew"],
                             "contract": "4S", "declarer": "S", "tricks": 9}, format="json").status_code == 201
    pid_file = tmp_path / "running.pid"
    wait_until(pid_file.exists, timeout=60)
    child = int(pid_file.read_text())
    assert child != worker.process.pid  # the pool process, not the worker's main process
    os.kill(child, signal.SIGKILL)
    (tmp_path / "stall").unlink()

    during = list(Standing.objects.filter(event_id=event["id"]).order_by("entry__label")
                  .values_list("entry__label", "rank", "total"))
    assert during == before  # the killed run's deletes were never committed
    state = wait_until(lambda: EventScoring.objects.filter(event_id=event["id"], results_scored=2).first(),
                       timeout=90)
    assert Standing.objects.filter(event_id=event["id"]).count() == 4
    assert state.runs >= 2
    log = "".join(worker.output)
    assert "WorkerLostError" in log or "SIGKILL" in log, log[-3000:]
