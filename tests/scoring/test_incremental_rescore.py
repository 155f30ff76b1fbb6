"""A scoring run rescores only the boards whose results changed, and its Score and Standing
rows equal a whole run's after every step of random confirms, corrections and deletions; a
burst of confirms queues one run and no confirm is left unscored."""
import random

import pytest
from django.db import transaction
from django.test import override_settings

from scoring import services
from scoring.models import BoardTally, EventScoring, Score, Standing
from tournaments.models import Result
from tests.tournaments.factories_event import plays, random_result, started_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


def rows(event_id: int) -> tuple[list, list]:
    scores = sorted(Score.objects.filter(event_id=event_id).values_list(
        "result_id", "top", "mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew", "plus_ns", "plus_ew"))
    standings = sorted(Standing.objects.filter(event_id=event_id).values_list(
        "section_id", "entry_id", "position", "rank", "field", "total", "top", "percentage", "boards", "overall",
        "overall_position"))
    return scores, standings


def whole_run(event_id: int) -> tuple[list, list]:
    """The rows a whole run (every board from scratch) writes, rolled back afterwards."""
    class Undo(Exception):
        pass

    try:
        with transaction.atomic():
            services.event_rescore(event_id=event_id, force=True)
            assert not BoardTally.objects.filter(event_id=event_id).exists()
            whole = rows(event_id)
            raise Undo
    except Undo:
        return whole


@pytest.fixture
def scored_boards(monkeypatch):
    """How many boards each run scored on the board-by-board path."""
    calls = []
    real = services.field_boards

    def counting(groups, method, **kw):
        calls.append(tuple(kw.get("boards") or ()))
        return real(groups, method, **kw)

    monkeypatch.setattr(services, "field_boards", counting)
    return calls


@pytest.mark.parametrize("scoring,seed", [("matchpoints", 1), ("matchpoints", 2), ("imps", 3), ("cross_imps", 4)])
def test_a_run_of_the_changed_boards_equals_a_whole_run(club, director, api_as, scoring, seed, scored_boards):
    api = api_as(director)
    event, base, movement = started_event(api, club, kind="mitchell", tables=5, scoring=scoring)
    rng = random.Random(seed)
    left = list(plays(movement))
    rng.shuffle(left)
    posted: list[int] = []
    for step in range(40):
        scored_boards.clear()
        move = rng.random()
        if posted and move < 0.2:
            rid = rng.choice(posted)
            answer = api.put(f"{base}/results/{rid}/", {**random_result(rng, "duplicate_bridge"),
                                                        "reason": "correction"}, format="json")
            assert answer.status_code == 200, answer.content
            touched = 1
        elif posted and move < 0.28:
            rid = posted.pop(rng.randrange(len(posted)))
            assert api.delete(f"{base}/results/{rid}/").status_code in (200, 204)
            touched = 1
        elif left:
            _rnd, _table, board, ns, ew = left.pop()
            answer = api.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew,
                                                   **random_result(rng, "duplicate_bridge")}, format="json")
            assert answer.status_code == 201, answer.content
            posted.append(answer.json()["id"])
            touched = 1
        else:
            continue
        state = EventScoring.objects.get(event_id=event["id"])
        assert state.error == "" and state.version == state.event.results_version
        assert len(scored_boards) <= touched, f"step {step}: scored {scored_boards}"  # only the changed board
        incremental = rows(event["id"])
        assert incremental == whole_run(event["id"]), f"step {step}"
        assert len(incremental[0]) == Result.objects.filter(event_id=event["id"], confirmed=True).count()
    assert BoardTally.objects.filter(event_id=event["id"]).exists()


def test_an_adjusted_score_takes_the_whole_run(club, director, api_as, scored_boards):
    api = api_as(director)
    event, base, movement = started_event(api, club, kind="mitchell", tables=3)
    for i, (_rnd, _table, board, ns, ew) in enumerate(list(plays(movement))[:6]):
        data = {"adjusted_ns": "A+", "adjusted_ew": "A-"} if i == 3 else random_result(random.Random(i), "duplicate_bridge")
        assert api.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, **data}, format="json").status_code == 201
    assert not BoardTally.objects.filter(event_id=event["id"]).exists()  # Average-plus: the session's percentage
    assert rows(event["id"]) == whole_run(event["id"])


def test_no_confirm_is_left_unscored_when_runs_and_commits_interleave(club, director, api_as, monkeypatch):
    """Coalesced: a burst queues one run; a result committed after a run started (its marker
    cleared) queues the next, and a result committed while a run is queued is seen by it."""
    from scoring.tasks import rescore_event

    api = api_as(director)
    event, base, movement = started_event(api, club, kind="mitchell", tables=5)
    left = iter(list(plays(movement)))
    rng = random.Random(5)
    queued = []

    def post():
        _rnd, _table, board, ns, ew = next(left)
        answer = api.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew,
                                               **random_result(rng, "duplicate_bridge")}, format="json")
        assert answer.status_code == 201

    def version_scored():
        return EventScoring.objects.get(event_id=event["id"]).version

    monkeypatch.setattr(rescore_event, "delay", lambda *args: queued.append(args))  # a broker, no worker yet
    with override_settings(CARDROOM_COALESCE=True):  # the marker is the event's row (RescoreQueued): no cache
        for _ in range(10):
            post()
        assert queued == [(event["id"],)]  # ten confirms, one run queued
        real = services.event_rescore_recorded

        def run_with_a_commit_in_between(*, event_id, force=False):
            post()  # commits after the run cleared its marker, before it reads the results
            return real(event_id=event_id, force=force)

        monkeypatch.setattr(services, "event_rescore_recorded", run_with_a_commit_in_between)
        rescore_event(*queued.pop())
        monkeypatch.setattr(services, "event_rescore_recorded", real)
        assert queued == [(event["id"],)]  # the commit during the run queued the next run
        assert version_scored() == 11  # and this run saw it anyway
        post()  # a queued run not yet started: coalesced into it
        assert queued == [(event["id"],)]
        rescore_event(*queued.pop())
        assert version_scored() == 12 and not queued
        post()  # after every run finished: queued again
        assert queued == [(event["id"],)]
        rescore_event(*queued.pop())
        assert version_scored() == 13
