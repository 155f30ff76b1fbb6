"""The pack's parts: a few pages of a kind each, stored under a digest of what they print, so a new
result lays out again only its board's travellers, the score cards and the results; the pack
joined from them (pypdf) has the pages the one-document pack had (less the page numbers of the
kinds cut into parts); stale parts are pruned, never the current ones; and the chord of part
tasks on a real worker stores the same pack."""
import random
import re
import time

import pytest
from django.core.files.storage import default_storage

from tests.tournaments.factories_event import plays, random_result
from tests.tournaments.factories_prints import pdf_pages
from tests.tournaments.test_prints_pack import fresh, started  # noqa: F401  (fixture)
from tournaments.prints import pack as pack_module
from tournaments.prints import parts as parts_module
from tournaments.prints.kinds import KINDS
from tournaments.prints.render import join_documents, render_document
from tournaments.prints.source import event_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]
RESULT_KINDS = {"travellers", "score-cards", "results"}


def post(client, base, rows):
    rng = random.Random(11)
    for _rnd, _table, board, ns, ew in rows:
        body = {"board": board, "ns": ns, "ew": ew, **random_result(rng, "duplicate_bridge")}
        assert client.post(f"{base}/results/", body, format="json").status_code == 201


@pytest.fixture
def laid_out(monkeypatch):
    """The (kind, part) laid out (not reused from storage) by each render, in order."""
    calls = []
    real = pack_module.part_store

    def recording(*args, **kwargs):
        part = real(*args, **kwargs)
        if part.rendered:
            calls.append((part.kind, part.chunk))
        return part

    monkeypatch.setattr(pack_module, "part_store", recording)
    return calls


def planned(event):
    return [(kind, chunk) for _s, _sheet, kind, chunk in pack_module.pack_plan(fresh(event))]


def stored_parts(event, paper="a4"):
    folder = parts_module.parts_folder(pack_module.pack_folder(event))
    if not default_storage.exists(folder):
        return set()
    return {f for f in default_storage.listdir(folder)[1] if f"-{paper}-" in f}


def test_a_new_result_lays_out_only_the_parts_it_changes(started, laid_out):
    client, base, event, movement = started
    every = list(plays(movement))
    post(client, base, every[:-1])
    first, _rendered = pack_module.pack_ensure(event=fresh(event), paper="A4")
    plan = planned(event)
    assert laid_out == plan
    # 3 tables, 6 boards: travellers and score cards in two parts each (3 boards, 4 pairs a part)
    assert plan.count(("travellers", 0)) == plan.count(("travellers", 1)) == 1
    assert [k for k, _c in plan].count("score-cards") == 2
    before = stored_parts(event)

    laid_out.clear()
    post(client, base, every[-1:])  # one new result
    board = every[-1][2]
    second, rendered = pack_module.pack_ensure(event=fresh(event), paper="A4")
    assert rendered and second != first
    travellers = KINDS["travellers"].per_part
    # its board's travellers; every pair played the board, so every score card; the results
    assert sorted(laid_out) == sorted([("travellers", (board - 1) // travellers), ("score-cards", 0),
                                       ("score-cards", 1), ("results", 0)])
    after = stored_parts(event)
    kept = {f for f in before & after}
    assert {f.split("-a4-")[0] for f in kept} == {"part-guide-cards", "part-travellers", "part-score-slips",
                                                  "part-hand-records"}
    assert len(after) == len(plan)  # the stale travellers, score cards and results are gone

    laid_out.clear()
    default_storage.delete(second)  # the pack again from the same data: nothing laid out
    assert pack_module.pack_ensure(event=fresh(event), paper="A4") == (second, True)
    assert laid_out == []


def test_the_joined_pack_has_the_pages_of_one_document(started):
    client, base, event, movement = started
    post(client, base, plays(movement))
    name, _rendered = pack_module.pack_ensure(event=fresh(event), paper="A4")
    with default_storage.open(name, "rb") as handle:
        joined = pdf_pages(handle.read())
    sheet = event_sheet(fresh(event))
    documents = [render_document(KINDS[k].template, KINDS[k].build(sheet), paper="A4",
                                 title=f"{KINDS[k].title} · {sheet.title}") for k in pack_module.pack_kinds(sheet)]
    whole = pdf_pages(join_documents(documents))
    assert len(joined) == len(whole) > len(planned(event))
    numbered = {i for i, page in enumerate(joined) if re.search(r"page \d+ of \d+", page)}
    assert numbered and len(numbered) < len(joined)  # the kinds cut into parts carry no page numbers
    unnumbered = [re.sub(r"\s*page \d+ of \d+", "", page) for page in whole]
    assert joined == [page if i in numbered else unnumbered[i] for i, page in enumerate(whole)]


def test_other_papers_parts_stay_and_a_deleted_event_takes_its_parts(started, tmp_path):
    from datetime import timedelta

    from django.utils import timezone

    from clubs.trash import TRASH_DAYS, trash_purge

    client, base, event, movement = started
    every = list(plays(movement))
    post(client, base, every[:3])
    pack_module.pack_ensure(event=fresh(event), paper="Letter")
    letter = stored_parts(event, "letter")
    post(client, base, every[3:4])
    pack_module.pack_ensure(event=fresh(event), paper="A4")
    assert stored_parts(event, "letter") == letter  # pruning the A4 parts leaves Letter's alone
    assert len(stored_parts(event, "a4")) == len(planned(event))

    folder = pack_module.pack_folder(event)
    assert client.delete(f"{base}/?confirm=1").status_code == 204
    trash_purge(now=timezone.now() + timedelta(days=TRASH_DAYS + 1))
    assert not default_storage.exists(f"{folder}/parts") or not default_storage.listdir(f"{folder}/parts")[1]


def test_an_overtaken_render_prunes_no_parts(started, monkeypatch):
    """A merge that finishes after the data moved on stores its (stale) pack but leaves the parts:
    the newer render's parts are the current ones."""
    client, base, event, movement = started
    every = list(plays(movement))
    post(client, base, every[:2])
    stale = fresh(event)
    name = pack_module.pack_name(stale, "A4")
    post(client, base, every[2:3])
    assert pack_module.parts_prune_current(stale, "A4", name) == []


def test_the_chord_reports_progress_and_clears_it(started, monkeypatch, settings):
    """Inline (the tests' and ``make run``'s mode) the planner runs the same chord: every part
    counts itself done, the merge stores the pack, and no progress is left behind."""
    from tournaments.prints.tasks import render_event_pack

    client, base, event, movement = started
    post(client, base, plays(movement))
    seen = []
    real_step = pack_module.pack_progress_step

    def step(name):
        real_step(name)
        seen.append(pack_module.pack_progress(fresh(event), "A4"))

    monkeypatch.setattr(pack_module, "pack_progress_step", step)
    out = render_event_pack.delay(event.pk, "A4").get()
    parts = len(planned(event))
    assert out["parts"] == parts > 6  # more parts than kinds
    assert [(s["done"], s["total"], s["rendering"]) for s in seen] == [(n, parts, True) for n in range(1, parts + 1)]
    assert pack_module.pack_progress(fresh(event), "A4") == {"ready": True, "rendering": False, "done": 0, "total": 0}


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_renders_the_parts_as_a_chord(celery_worker_factory, api_as, club, director, settings,
                                                    tmp_path):
    from tests.tournaments.factories_event import create_event, enter_pairs, make_members
    from tournaments.models import Event

    settings.MEDIA_ROOT = tmp_path
    worker = celery_worker_factory(env={"MEDIA_ROOT": str(tmp_path)})
    client = api_as(director)
    created = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, created["id"], make_members(club, 12))
    base = f"/api/clubs/{club.slug}/events/{created['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    event = Event.objects.select_related("club").get(pk=created["id"])
    # the cache is the worker's Redis: a run stopped mid-render must not leave this one "rendering"
    pack_module.pack_progress_clear(pack_module.pack_name(event, "A4"))
    assert pack_module.pack_request(event, "A4")["rendering"]
    deadline = time.monotonic() + 180
    while pack_module.pack_ready(fresh(event), "A4") is None:
        assert time.monotonic() < deadline, "".join(worker.output[-40:])
        time.sleep(0.5)
    log = "".join(worker.output)
    assert log.count("tournaments.prints.render_pack_part") >= 5, log[-3000:]  # one task a kind
    with default_storage.open(pack_module.pack_ready(fresh(event), "A4"), "rb") as handle:
        pages = pdf_pages(handle.read())
    assert "Table 1" in pages[0] and "Dealt by" in pages[-1]
