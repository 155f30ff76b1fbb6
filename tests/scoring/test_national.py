"""The national ranking of a simultaneous: three clubs' heats scored across the whole field equal
every result scored as one field by the engine alone (score_session over renamed pairs), in any
chunking, idempotently, and a correction in one heat updates it through the heat's own rescore."""
from __future__ import annotations

import datetime
import random

import pytest
from django.utils import timezone

from clubs import services as club_services
from scoring.engine import BoardResults, Result as EngineResult, score_session
from scoring.models import NationalScore, NationalScoring, NationalStanding
from scoring.services_national import national_rescore
from tournaments.models import Heat, Result, Simultaneous
from tournaments.services import actions, entries, events, results

pytestmark = [pytest.mark.django_db]

HEATS = (("north", 5), ("south", 3), ("west", 7))  # club, tables of its Mitchell (2 boards a round)
CONTRACTS = (("4H", "S"), ("3NT", "N"), ("4S", "E"), ("2S", "W"), ("3NT", "W"))


def play(event, seed: int) -> None:
    rng = random.Random(seed)
    for plan in event.sections.get().schedule:
        for t in plan.tables:
            for b in t.boards:
                contract, declarer = CONTRACTS[(b + rng.randrange(2)) % len(CONTRACTS)]
                results.result_submit(event=event, data={"board": b, "ns": t.ns, "ew": t.ew, "contract": contract,
                                                         "declarer": declarer, "tricks": rng.choice([8, 9, 9, 10, 11])})


def make_simultaneous(organizer) -> Simultaneous:
    now = timezone.now()
    return Simultaneous.objects.create(organizer=organizer, name="Spring sim", date=datetime.date(2026, 4, 1),
                                       boards=14, starts_at=now, ends_at=now, release_at=now)


def join(sim, slug: str, tables: int) -> Heat:
    club = club_services.club_create(name=f"{slug.title()} club", slug=f"{slug}-club")
    event = events.event_setup(club=club, name="Sim heat", date=sim.date, game="duplicate_bridge", scoring="matchpoints",
                               movement={"kind": "mitchell", "tables": tables, "boards_per_round": 2})
    for i in range(2 * tables):
        entries.entry_add(event=event, guests=[f"{slug} A{i}", f"{slug} B{i}"])
    heat = Heat.objects.create(simultaneous=sim, club=club, event=event)
    actions.event_start(event=event)
    return heat


@pytest.fixture
def sim(club, double_dummy_once):
    sim = make_simultaneous(club)
    for n, (slug, tables) in enumerate(HEATS):
        play(join(sim, slug, tables).event, seed=n)
    national_rescore(simultaneous_id=sim.pk)  # nothing committed: the run a commit would queue
    return sim


def one_field(sim):
    """Every heat's confirmed results as one field for the engine alone: pairs renamed
    "club:label", each board expected as many results as it has (every table played)."""
    boards: dict[int, list] = {}
    fields = {}
    for r in Result.objects.filter(event__heat__simultaneous=sim, confirmed=True).select_related("ns", "ew", "event"):
        ns, ew = f"{r.event.club_id}:{r.ns.label}", f"{r.event.club_id}:{r.ew.label}"
        fields[ns], fields[ew] = "NS", "EW"
        boards.setdefault(r.board, []).append(EngineResult(ns=ns, ew=ew, score_ns=float(r.score_ns)))
    session = score_session([BoardResults(board=b, results=tuple(rs), expected=len(rs))
                             for b, rs in sorted(boards.items())], "matchpoints", fields=fields)
    return {st.entrant: st for st in session.standings}, session


def national(sim):
    return {f"{st.heat.club_id}:{st.entry.label}": st
            for st in NationalStanding.objects.filter(simultaneous=sim).select_related("heat", "entry")}


def assert_equals_one_field(sim):
    expected, session = one_field(sim)
    got = national(sim)
    assert set(got) == set(expected) and len(got) == 2 * sum(t for _s, t in HEATS)
    for name, st in expected.items():
        assert got[name].percentage == pytest.approx(st.percentage, abs=1e-3), name
        assert got[name].rank == st.rank and got[name].field == st.field, name
        assert got[name].boards == st.boards
    assert NationalScore.objects.filter(simultaneous=sim).count() == sum(len(b.results) for b in session.boards)


def test_national_ranking_equals_all_results_scored_as_one_field(sim):
    assert_equals_one_field(sim)
    state = NationalScoring.objects.get(simultaneous=sim)
    assert state.version == Simultaneous.objects.get(pk=sim.pk).results_version and state.error == ""


def test_chunked_equals_unchunked(sim, settings):
    settings.NATIONAL_CHUNK_BOARDS = 1
    national_rescore(simultaneous_id=sim.pk, force=True)
    assert NationalScoring.objects.get(simultaneous=sim).chunks == 14
    chunked = {k: (s.rank, s.percentage, s.position) for k, s in national(sim).items()}
    scores = dict(NationalScore.objects.filter(simultaneous=sim).values_list("result_id", "mp_ns"))
    settings.NATIONAL_CHUNK_BOARDS = 100
    national_rescore(simultaneous_id=sim.pk, force=True)
    assert NationalScoring.objects.get(simultaneous=sim).chunks == 1
    assert {k: (s.rank, s.percentage, s.position) for k, s in national(sim).items()} == chunked
    assert dict(NationalScore.objects.filter(simultaneous=sim).values_list("result_id", "mp_ns")) == scores
    assert_equals_one_field(sim)


def test_a_second_run_changes_nothing(sim):
    national_rescore(simultaneous_id=sim.pk)
    before = list(NationalStanding.objects.filter(simultaneous=sim).values_list("pk", "rank", "percentage"))
    assert national_rescore(simultaneous_id=sim.pk) is False  # nothing new: nothing to do
    national_rescore(simultaneous_id=sim.pk, force=True)  # forced: the same rows, none rewritten
    assert list(NationalStanding.objects.filter(simultaneous=sim).values_list("pk", "rank", "percentage")) == before
    assert_equals_one_field(sim)


def test_a_correction_in_one_heat_updates_the_national_ranking(sim, commits, director):
    national_rescore(simultaneous_id=sim.pk)
    before = {k: s.percentage for k, s in national(sim).items()}
    result = Result.objects.filter(event__heat__simultaneous=sim, board=3, event__club__slug="south-club").first()
    version = Simultaneous.objects.get(pk=sim.pk).results_version
    results.result_correct(result=result, data={"contract": "7NT", "declarer": "N", "tricks": 13}, user=director)
    assert Simultaneous.objects.get(pk=sim.pk).results_version == version + 1  # the heat's rescore bumped it
    state = NationalScoring.objects.get(simultaneous=sim)
    assert state.version == version + 1 and state.chunks == 1  # only board 3's chunk was scored again
    assert_equals_one_field(sim)
    after = national(sim)
    key = f"{result.event.club_id}:{result.ns.label}"
    assert after[key].percentage > before[key]
    assert NationalScore.objects.get(result=result).mp_ns == NationalScore.objects.get(result=result).top


def test_a_part_lost_from_the_cache_is_scored_again_by_the_merge(sim):
    from django.core.cache import cache

    from scoring.services_national import national_merge, part_key

    national_rescore(simultaneous_id=sim.pk)
    cache.delete(part_key(sim, 4))
    assert national_merge(simultaneous_id=sim.pk, version=sim.results_version + 99)
    assert_equals_one_field(sim)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_real_workers_score_the_chunks_and_merge_as_a_chord(celery_worker_factory):
    from tests.conftest import wait_until

    from cardroom.celery import app

    env = {"CELERY_TASK_DEFAULT_QUEUE": app.conf.task_default_queue, "NATIONAL_CHUNK_BOARDS": "2"}
    workers = [celery_worker_factory(env=env) for _ in range(2)]
    organizer = club_services.club_create(name="Federation", slug="federation")
    sim = make_simultaneous(organizer)
    for n, (slug, tables) in enumerate(HEATS):
        play(join(sim, slug, tables).event, seed=n)  # each result's commit queues the heat's rescore

    def current():
        version = Simultaneous.objects.get(pk=sim.pk).results_version
        state = NationalScoring.objects.filter(simultaneous=sim).first()
        return version and state and state.version >= version and \
            Result.objects.filter(event__heat__simultaneous=sim).count() == \
            NationalScore.objects.filter(simultaneous=sim).count()
    wait_until(current, timeout=120)
    assert_equals_one_field(sim)
    output = "".join(line for w in workers for line in w.output)
    assert "scoring.national_chunk" in output and "scoring.national_merge" in output


def test_the_command_rescores_inline_and_says_where_the_standings_stand(sim):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("national", "rescore", str(sim.pk), "--inline", stdout=out)
    assert "current" in out.getvalue() and "results" in out.getvalue()
    assert_equals_one_field(sim)
