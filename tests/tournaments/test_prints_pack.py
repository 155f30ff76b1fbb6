"""The whole-event pack: the results sheet in it once there are standings (and no page for
them before), and stale packs removed when a newer one is rendered, never the current one."""
import random

import pytest
from django.core.files.storage import default_storage

from scoring.models import Score, Standing
from tests.tournaments.factories_event import create_event, enter_pairs, make_members, plays, random_result
from tests.tournaments.factories_prints import pdf_pages
from tournaments.models import Event
from tournaments.prints import pack as pack_module
from tournaments.prints.notation import number
from tournaments.prints.score_slips import slips_per_page

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back
# 3-table Mitchell, 2 boards a round: guide cards 3 + chart, 6 travellers, 9 slips, 6 score cards,
# 6 boards of hand records on one page
PAGES_BEFORE_RESULTS = 4 + 6 + -(-9 // slips_per_page(2)) + 6 + 1


@pytest.fixture
def started(api_as, club, director, settings, tmp_path):
    """A 3-table Mitchell in play, no results yet; packs stored under tmp_path."""
    settings.MEDIA_ROOT = tmp_path
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    return client, base, Event.objects.get(pk=event["id"]), movement


def play(client, base, movement, result=None, *, boards=None):
    """Post a result for every play (of the given boards): `result` each time, else random ones."""
    rng = random.Random(7)
    for _rnd, _table, board, ns, ew in plays(movement):
        if boards is None or board in boards:
            body = {"board": board, "ns": ns, "ew": ew, **(result or random_result(rng, "duplicate_bridge"))}
            assert client.post(f"{base}/results/", body, format="json").status_code == 201


def fresh(event):
    return Event.objects.select_related("club").get(pk=event.pk)


def pack_pages(event, paper="A4"):
    name, _rendered = pack_module.pack_ensure(event=fresh(event), paper=paper)
    with default_storage.open(name, "rb") as handle:
        return name, pdf_pages(handle.read())


@pytest.fixture
def quick_render(monkeypatch):
    """The clean-up tests need files, not layout: a stand-in PDF per render."""
    monkeypatch.setattr(pack_module, "render_pack", lambda event, paper, progress=None: (b"%PDF-1.7 stand-in", 1))


def ensure(event, paper="A4"):
    return pack_module.pack_ensure(event=fresh(event), paper=paper)[0]


def stored_packs(event):
    folder = pack_module.pack_folder(event)
    if not default_storage.exists(folder):
        return set()
    return {f"{folder}/{f}" for f in default_storage.listdir(folder)[1]}


def test_pack_ends_with_the_results_when_there_are_standings(started):
    client, base, event, movement = started
    play(client, base, movement)
    _name, pages = pack_pages(event)
    assert len(pages) == PAGES_BEFORE_RESULTS + 1
    results = pages[-1]
    assert results.startswith("Results") and "Scored by matchpoints" in results
    assert "North-South" in results and "East-West" in results and "Board by board" in results
    standings = list(Standing.objects.filter(event=event).select_related("entry"))
    assert len(standings) == 6
    for st in standings:
        assert f"{st.percentage:.2f}" in results
    tops = dict(Score.objects.filter(event=event).values_list("result__board", "top").distinct())
    assert sorted(tops) == list(range(1, 7))
    for board, top in tops.items():  # board by board: board, results, top, best scores
        assert f"\n{board} 3 {number(top)} +" in results, results
    assert all(text.strip() for text in pages)  # no empty page anywhere


def test_pack_results_mark_ties(started):
    client, base, event, movement = started
    play(client, base, movement, {"contract": "3NT", "declarer": "N", "tricks": 9})
    results = pack_pages(event)[1][-1]
    ranks = set(Standing.objects.filter(event=event).values_list("rank", flat=True))
    assert ranks == {"1="}  # the same score at every table: everyone ties on 50%
    assert results.count("1=") == 6 and results.count("50.00") == 6


def test_pack_leaves_the_results_out_without_standings(started):
    _client, _base, event, _movement = started
    _name, pages = pack_pages(event)
    assert len(pages) == PAGES_BEFORE_RESULTS
    assert "Dealt by" in pages[-1]  # the hand records are last
    assert not any("Board by board" in p or "No results have been scored" in p for p in pages)
    assert all(text.strip() for text in pages)


def test_a_new_pack_removes_the_stale_ones(started, tmp_path, quick_render):
    client, base, event, movement = started
    old_a4, old_letter = ensure(event, "A4"), ensure(event, "Letter")
    keep = tmp_path / pack_module.pack_folder(event) / "notes.txt"
    keep.write_text("not a pack")
    assert stored_packs(event) == {old_a4, old_letter, f"{pack_module.pack_folder(event)}/notes.txt"}

    play(client, base, movement, boards={1, 2})  # the content digest changes
    new_a4 = ensure(event, "A4")
    assert new_a4 != old_a4
    assert stored_packs(event) == {new_a4, f"{pack_module.pack_folder(event)}/notes.txt"}

    new_letter = ensure(event, "Letter")  # the current A4 pack stays beside it
    assert stored_packs(event) == {new_a4, new_letter, f"{pack_module.pack_folder(event)}/notes.txt"}
    assert pack_module.pack_ready(fresh(event), "A4") == new_a4


def test_rendering_the_current_pack_again_removes_nothing(started, quick_render):
    _client, _base, event, _movement = started
    name = ensure(event)
    assert pack_module.pack_ensure(event=fresh(event), paper="A4") == (name, False)
    assert pack_module.pack_prune(fresh(event)) == []
    assert stored_packs(event) == {name}


def test_a_render_overtaken_by_newer_results_never_deletes_the_current_pack(started, quick_render, monkeypatch):
    """Worker 1 starts on the old data; results arrive and worker 2 stores the new pack before
    worker 1 finishes. Worker 1's clean-up must keep worker 2's pack and drop its own."""
    client, base, event, movement = started
    real = pack_module.render_pack
    newer = {}

    def overtaken(ev, paper, progress=None):
        pdf = real(ev, paper)
        if "started" not in newer:  # only worker 1 is overtaken
            newer["started"] = True
            play(client, base, movement, boards={3})
            newer["name"], rendered = pack_module.pack_ensure(event=fresh(event), paper=paper)
            assert rendered
        return pdf

    monkeypatch.setattr(pack_module, "render_pack", overtaken)
    stale, rendered = pack_module.pack_ensure(event=event, paper="A4")
    assert rendered and stale != newer["name"]
    assert stored_packs(event) == {newer["name"]}
    assert pack_module.pack_ready(fresh(event), "A4") == newer["name"]


def test_pack_name_follows_the_scoring_run(started):
    """Results are counted when posted and scored by a later task: the pack printed before the
    scoring run lands must not pass for the one with the new standings."""
    from scoring.services import event_rescore

    _client, _base, event, _movement = started
    before = pack_module.pack_name(fresh(event), "A4")
    Event.objects.filter(pk=event.pk).update(results_version=event.results_version + 1)
    posted = pack_module.pack_name(fresh(event), "A4")
    assert event_rescore(event_id=event.pk)
    scored = pack_module.pack_name(fresh(event), "A4")
    assert len({before, posted, scored}) == 3
    assert not event_rescore(event_id=event.pk)  # nothing new to score: the name holds
    assert pack_module.pack_name(fresh(event), "A4") == scored


def test_purging_the_deleted_event_deletes_its_packs(started, tmp_path, quick_render):
    from datetime import timedelta

    from django.utils import timezone

    from clubs.trash import TRASH_DAYS, trash_purge

    client, base, event, _movement = started
    name = ensure(event)
    folder = pack_module.pack_folder(event)
    (tmp_path / folder / "notes.txt").write_text("not a pack")
    assert client.delete(f"{base}/?confirm=1").status_code == 204
    assert not Event.objects.filter(pk=event.pk).exists()
    assert default_storage.exists(name)  # in the trash the event can come back with its packs
    trash_purge(now=timezone.now() + timedelta(days=TRASH_DAYS + 1))
    assert not Event.all_objects.filter(pk=event.pk).exists()
    assert not default_storage.exists(name)
    assert default_storage.exists(f"{folder}/notes.txt")  # only packs are ours to remove
