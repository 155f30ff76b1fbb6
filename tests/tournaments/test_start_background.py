"""No waiting without feedback: Start returns before the double dummy is done, even with
tasks inline (``make run``: the analysis goes to a thread); the analysis stores each batch as
it goes and the director's page, the live refresh and the API show how far it got; the print
pack renders in the background with progress and a link; the long commands report progress."""
import json
from io import StringIO

import pytest
from django.core.management import call_command

import cardroom.tasks
from scoring.engine import pbnresults
from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Board, Event
from tournaments.selectors_boards import board_analysis_progress
from tournaments.services import boards as board_services

pytestmark = pytest.mark.django_db
CLUB_PBN = "tests/unit/scoring/data/club_session.pbn"


class Deferred:
    """Stands in for threading.Thread: keeps the work to run when the test says so."""

    started: list = []

    def __init__(self, target, name="", daemon=None):
        self.target, self.name = target, name

    def start(self):
        Deferred.started.append(self)


@pytest.fixture
def threads(settings, monkeypatch):
    """Tasks inline as under ``make run`` (no broker), slow ones handed to a thread we hold."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CARDROOM_INLINE_THREADS = True
    Deferred.started = []
    monkeypatch.setattr(cardroom.tasks.threading, "Thread", Deferred)
    monkeypatch.setattr(cardroom.tasks, "connections", type("C", (), {"close_all": staticmethod(lambda: None)}))
    return Deferred.started


@pytest.fixture
def draft(club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    return client, Event.objects.get(pk=event["id"])


def test_start_returns_before_the_double_dummy_and_the_page_shows_its_progress(
        draft, threads, client, director, club, django_capture_on_commit_callbacks):
    _api, event = draft
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/clubs/{club.slug}/events/{event.pk}/do/start/")
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).status == "playing"
    assert board_analysis_progress(event=event) == {"boards": 6, "analysed": 0, "done": False}
    page = client.get(f"/clubs/{club.slug}/events/{event.pk}/").content.decode()
    assert "Double dummy: 0 of 6 boards analysed" in page
    assert [t.name for t in threads] == ["cardroom-tournaments.boardset_analyse"]
    threads[0].target()  # the background thread does the work
    assert board_analysis_progress(event=event) == {"boards": 6, "analysed": 6, "done": True}
    live = client.get(f"/clubs/{club.slug}/events/{event.pk}/standings.json").json()
    assert live["analysis"] == {"boards": 6, "analysed": 6, "done": True}
    assert "all 6 boards analysed" in client.get(f"/clubs/{club.slug}/events/{event.pk}/").content.decode()


def test_the_api_start_answers_with_the_analysis_to_come(draft, threads, club, django_capture_on_commit_callbacks):
    api, event = draft
    base = f"/api/clubs/{club.slug}/events/{event.pk}/"
    assert api.get(base).json()["analysis"] is None
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(f"{base}start/")
    assert started.status_code == 200 and started.json()["status"] == "playing"
    assert api.get(base).json()["analysis"] == {"boards": 6, "analysed": 0, "done": False}
    threads[0].target()
    assert api.get(base).json()["analysis"]["done"] is True


def test_the_analysis_stores_each_batch_as_it_goes(draft, django_capture_on_commit_callbacks):
    _api, event = draft
    board_services.boardset_deal(event=event, count=6)
    seen = []

    def progress(done, total):
        seen.append((done, total, board_analysis_progress(event=event)["analysed"]))

    set_id = Board.objects.filter(board_set__event=event).first().board_set_id
    summary = board_services.boardset_analyse_now(board_set_id=set_id, force=True, progress=progress)
    assert summary["analysed"] == 6
    assert seen == [(4, 6, 4), (6, 6, 6)] if board_services.ANALYSIS_CHUNK == 4 else seen[-1] == (6, 6, 6)


def test_boards_analyse_counts_on_stderr(draft):
    _api, event = draft
    board_services.boardset_deal(event=event, count=6)
    out, err = StringIO(), StringIO()
    call_command("boards", "analyse", str(event.pk), "--force", stdout=out, stderr=err)
    assert "analysed 6 boards" in out.getvalue()
    lines = err.getvalue().splitlines()
    assert lines[-1] == "analysed 6 of 6 boards" and len(lines) >= 2


def test_pbn_score_reports_progress_on_stderr_and_keeps_stdout_the_result(monkeypatch):
    monkeypatch.setattr(pbnresults, "PROGRESS_EVERY", 2)
    out, err = StringIO(), StringIO()
    call_command("pbn", "score", CLUB_PBN, stdout=out, stderr=err)
    json.loads(out.getvalue())
    text = err.getvalue()
    assert "pbn: parsed" in text and "pbn: read 2 of" in text and "pbn: scored" in text


@pytest.mark.django_db(transaction=True)
def test_the_pack_renders_in_the_background_with_progress_and_a_link(threads, club, director, api_as, client,
                                                                     settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    api = api_as(director)
    event = create_event(api, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(api, club, event["id"], make_members(club, 12))
    settings.CARDROOM_INLINE_THREADS = False  # the boards' analysis inline; only the pack is held
    assert api.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    settings.CARDROOM_INLINE_THREADS = True
    client.force_login(director)
    base = f"/clubs/{club.slug}/events/{event['id']}/prints/"
    assert client.post(f"{base}pack.pdf", {"paper": "A4"}).status_code == 302
    assert client.post(f"{base}pack.pdf", {"paper": "A4"}).status_code == 302  # asked twice: renders once
    assert len(threads) == 1
    status = client.get(f"{base}pack.json", {"paper": "A4"}).json()
    assert status["rendering"] and not status["ready"] and status["url"] is None
    assert "rendering: 0 of" in client.get(base).content.decode()
    assert client.get(f"{base}pack.pdf", {"paper": "A4"}).status_code == 404
    threads[0].target()
    status = client.get(f"{base}pack.json", {"paper": "A4"}).json()
    assert status["ready"] and not status["rendering"]
    pdf = client.get(status["url"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


@pytest.mark.django_db(transaction=True)
def test_the_pack_through_the_api_progress_then_its_link(threads, club, director, scorer, api_as, settings,
                                                          tmp_path):
    """``prints/pack/``: POST asks (once), GET says how far it got and links the PDF when ready;
    the print menu's rule: a scorer follows it but asks for it only once the event is finished."""
    settings.MEDIA_ROOT = tmp_path
    api = api_as(director)
    event = create_event(api, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(api, club, event["id"], make_members(club, 12))
    settings.CARDROOM_INLINE_THREADS = False
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert api.post(f"{base}/start/").status_code == 200
    settings.CARDROOM_INLINE_THREADS = True
    url = f"{base}/prints/pack/"
    assert api.get(url, {"paper": "A4"}).json() == {"paper": "A4", "ready": False, "rendering": False, "done": 0,
                                                    "total": 0, "url": None}
    asked = api.post(url, {"paper": "A4"}, format="json")
    assert asked.status_code == 202 and asked.json()["rendering"]
    assert api.post(url, {"paper": "A4"}, format="json").status_code == 202  # asked twice: renders once
    assert len(threads) == 1
    assert api.get(f"{base}/prints/pack.pdf", {"paper": "A4"}).status_code == 404
    assert api.get(url, {"paper": "Folio"}).status_code == 400 and "paper" in api.get(url, {"paper": "Folio"}).json()
    scorer_api = api_as(scorer)
    assert scorer_api.get(url, {"paper": "A4"}).json()["rendering"]  # progress: scorers too
    assert scorer_api.post(url, {"paper": "A4"}, format="json").status_code == 403  # the hands, in play
    assert api_as(None).get(url).status_code == 404  # an event in play is hidden from visitors
    threads[0].target()
    state = api.get(url, {"paper": "A4"}).json()
    assert state["ready"] and not state["rendering"] and state["url"].startswith(f"{base}/prints/pack.pdf")
    pdf = api.get(state["url"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert scorer_api.get(state["url"]).status_code == 403
