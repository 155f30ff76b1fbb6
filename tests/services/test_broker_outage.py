"""A Redis outage during an evening: every committed result and a member import are answered
2xx at once (the enqueue fails fast and is logged), and once Redis is back the beat sweep
brings the standings up to date with nothing lost. The test runs a Redis of its own."""
import logging
import shutil
import socket
import subprocess
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.models import EventScoring, Standing
from scoring.services import event_rescore, standings_sweep
from tests.conftest import service_missing
from tests.tournaments.factories_event import plays, started_event
from tournaments.models import Event, Result

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]

QUICK = 3.0  # seconds: a committed request must not wait on a broker that is down


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OwnRedis:
    """``redis-server`` on a free port, with nothing saved to disk, that the test can stop."""

    def __init__(self):
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def own_broker(celery_inline):
    """Point Celery at a Redis of this test (no worker: tasks queue there, or are lost)."""
    if not shutil.which("redis-server"):
        service_missing("redis-server is not installed")
    app = celery_inline
    redis = OwnRedis()
    redis.start()
    saved = (app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend)
    app.conf.task_always_eager = False
    app.conf.broker_url = app.conf.result_backend = redis.url
    _forget_connections(app)
    try:
        yield redis
    finally:
        redis.stop()
        app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend = saved
        _forget_connections(app)


def _forget_connections(app):
    """Drop every cached connection and producer pool, so the next publish uses the new URL."""
    from kombu import pools

    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None
    app._local.__dict__.pop("backend", None)


def test_results_and_an_import_are_acknowledged_while_redis_is_down_and_standings_catch_up(
        own_broker, api_as, club, director, caplog):
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="mitchell", tables=3)
    stream = list(plays(movement))
    third = len(stream) // 3
    timings = []

    def post(i, play):
        _r, _t, board, ns, ew = play
        started = time.monotonic()
        response = client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "contract": "3NT",
                                                    "declarer": "NESW"[i % 4], "tricks": 7 + i % 5},
                               format="json")
        timings.append(time.monotonic() - started)
        assert response.status_code == 201, response.content
        assert timings[-1] < QUICK, f"result {i} took {timings[-1]:.1f} s"

    for i, play in enumerate(stream[:third]):
        post(i, play)
    own_broker.stop()
    with caplog.at_level(logging.WARNING, logger="cardroom.tasks"):
        for i, play in enumerate(stream[third:2 * third], start=third):
            post(i, play)
        started = time.monotonic()
        upload = SimpleUploadedFile("members.csv", b"membership_number,first_name,last_name\n9001,Ada,Lovelace\n")
        imported = client.post(f"/api/clubs/{club.slug}/members/import/", {"file": upload}, format="multipart")
        assert imported.status_code == 200 and time.monotonic() - started < QUICK, imported.content
    assert any("could not queue scoring.rescore_event" in r.getMessage() for r in caplog.records)
    assert client.get(f"{base}/standings/").json()["current"] is False  # and it says so

    own_broker.start()
    for i, play in enumerate(stream[2 * third:], start=2 * third):
        post(i, play)
    assert standings_sweep() == {event["id"]: True}  # what beat runs every minute

    assert Result.objects.filter(event_id=event["id"]).count() == len(stream)
    state = EventScoring.objects.get(event_id=event["id"])
    assert state.version == Event.objects.get(pk=event["id"]).results_version and state.error == ""
    caught_up = list(Standing.objects.filter(event_id=event["id"]).values_list("entry__label", "total", "boards"))
    event_rescore(event_id=event["id"], force=True)
    assert list(Standing.objects.filter(event_id=event["id"]).values_list("entry__label", "total", "boards")) \
        == caught_up
    assert sum(boards for _label, _total, boards in caught_up) == 2 * len(stream)
    assert client.get(f"{base}/standings/").json()["current"] is True
    print(f"outage: {len(stream)} results, slowest answer {max(timings):.2f} s")


def test_a_real_worker_runs_the_beat_sweep_and_heals_lost_tasks(celery_worker_process, api_as, club, director,
                                                                 monkeypatch):
    from scoring.tasks import rescore_event, sweep_standings
    from tests.conftest import wait_until

    client = api_as(director)
    event, base, _movement = started_event(client, club, kind="howell", tables=2)
    monkeypatch.setattr(rescore_event, "delay", lambda *args: None)  # every scoring task is lost
    for _r, _t, board, ns, ew in list(plays(client.get(f"{base}/movement/").json()["sections"][0]))[:6]:
        assert client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "contract": "2S",
                                                "declarer": "E", "tricks": 8}, format="json").status_code == 201
    assert client.get(f"{base}/standings/").json()["current"] is False
    # what beat sends every SCORING_SWEEP_SECONDS, to the queue of this test's worker
    sweep_standings.apply_async(queue=celery_worker_process.queue)
    try:
        wait_until(lambda: client.get(f"{base}/standings/").json()["current"], timeout=60)
    except AssertionError as exc:
        raise AssertionError(f"{exc}; the worker said:\n{''.join(celery_worker_process.output[-40:])}") from None
    assert Standing.objects.filter(event_id=event["id"]).count() == 4  # every pair of the Howell
    assert any("scoring.sweep_standings" in line for line in celery_worker_process.output)
