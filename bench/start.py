"""Start benchmark: how long the director's *Start* takes to return for a 13-table Mitchell
(26 pairs, 26 boards), as ``make run`` serves it (no REDIS_URL: Celery tasks run inline), and
how long the double-dummy analysis started with it takes to finish in the background; then
the same for *Prepare* of the print pack (A4).
Each figure stands beside its floor measured in the same run: Start beside the director's
event page GET (a page of the same event, same login); the analysis beside double dummy of
the same boards called directly; the pack beside ``render_pack`` called directly (the same
prints, no task, no polling).
Prints a table and writes bench/results/start.json.

    DATABASE_URL=sqlite:////tmp/start.sqlite3 python bench/start.py [--tables 13]
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
os.environ.setdefault("DEBUG", "True")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from clubs import services as club_services  # noqa: E402
from clubs.models import Club  # noqa: E402
from tournaments.models import Board  # noqa: E402
from tournaments.services import entries, events  # noqa: E402


def bench_start(tables: int) -> dict:
    Club.objects.filter(slug="bench-start").delete()
    club = club_services.club_create(name="Bench start", slug="bench-start")
    user, _ = get_user_model().objects.get_or_create(username="bench-director")
    club_services.role_grant(club=club, user=user, role="director")
    event = events.event_setup(club=club, name="Bench start", date=datetime.date.today(),
                                       game="duplicate_bridge", scoring="matchpoints",
                                       movement={"kind": "mitchell", "tables": tables, "boards_per_round": 2})
    for i in range(2 * tables):
        entries.entry_add(event=event, guests=[f"A{i}", f"B{i}"])
    client = Client()
    client.force_login(user)
    started = time.perf_counter()
    response = client.post(f"/clubs/{club.slug}/events/{event.pk}/do/start/")
    returned = time.perf_counter() - started
    assert response.status_code == 302, response.status_code
    boards = Board.objects.filter(board_set__event=event)
    total = boards.count()
    while boards.filter(analysed_at__isnull=True).exists() and time.perf_counter() - started < 300:
        time.sleep(0.1)
    analysed = time.perf_counter() - started
    prints = f"/clubs/{club.slug}/events/{event.pk}/prints/"
    started = time.perf_counter()
    assert client.post(f"{prints}pack.pdf", {"paper": "A4"}).status_code == 302
    pack_returned = time.perf_counter() - started
    while not client.get(f"{prints}pack.json", {"paper": "A4"}).json()["ready"] and time.perf_counter() - started < 600:
        time.sleep(0.2)
    pack_ready = time.perf_counter() - started
    floors = _floors(client, event, list(boards))
    return {"tables": tables, "boards": total,
            "start_returns_s": round(returned, 2), "floor_event_page_get_s": floors["page"],
            "analysed": boards.filter(analysed_at__isnull=False).count(), "analysis_done_s": round(analysed, 2),
            "floor_double_dummy_direct_s": floors["dd"],
            "pack_prepare_returns_s": round(pack_returned, 2), "pack_ready_s": round(pack_ready, 2),
            "floor_render_pack_direct_s": floors["pack"]}


def _floors(client, event, boards) -> dict:
    """The same work without the machinery around it, timed in this run."""
    from tournaments.deals.doubledummy import analyse_boards
    from tournaments.prints.pack import render_pack
    from tournaments.services.boards import board_to_pure, rules_for_game

    started = time.perf_counter()
    assert client.get(f"/clubs/{event.club.slug}/events/{event.pk}/").status_code == 200
    page = time.perf_counter() - started
    rules = rules_for_game(event.game)
    pure = [board_to_pure(b, rules) for b in boards]
    started = time.perf_counter()
    analyse_boards(pure)
    dd = time.perf_counter() - started
    started = time.perf_counter()
    render_pack(event, "A4")
    pack = time.perf_counter() - started
    return {"page": round(page, 2), "dd": round(dd, 2), "pack": round(pack, 2)}


def bench_start_quick(tables: int, repeat: int = 3) -> dict:
    """Start only, ``repeat`` times on fresh events, each beside the event page GET (its floor) in
    the same run: medians. The analysis goes on in the background (not waited for)."""
    import statistics

    Club.objects.filter(slug="bench-start").delete()
    club = club_services.club_create(name="Bench start", slug="bench-start")
    user, _ = get_user_model().objects.get_or_create(username="bench-director")
    club_services.role_grant(club=club, user=user, role="director")
    client = Client()
    client.force_login(user)
    starts, pages = [], []
    for k in range(repeat + 1):  # the first warms the process (imports, URL conf): not counted
        event = events.event_setup(club=club, name=f"Bench start {k}", date=datetime.date.today(),
                                   game="duplicate_bridge", scoring="matchpoints",
                                   movement={"kind": "mitchell", "tables": tables, "boards_per_round": 2})
        for i in range(2 * tables):
            entries.entry_add(event=event, guests=[f"A{i}", f"B{i}"])
        started = time.perf_counter()
        assert client.post(f"/clubs/{club.slug}/events/{event.pk}/do/start/").status_code == 302
        returned = time.perf_counter() - started
        started = time.perf_counter()
        assert client.get(f"/clubs/{club.slug}/events/{event.pk}/").status_code == 200
        page = time.perf_counter() - started
        if k:
            starts.append(returned)
            pages.append(page)
    start_s, page_s = statistics.median(starts), statistics.median(pages)
    return {"tables": tables, "repeat": repeat, "start_returns_s": round(start_s, 3),
            "floor_event_page_get_s": round(page_s, 3), "runs_s": {"start": starts, "page": pages},
            "summary": [{"figure": f"POST start/, {tables} tables, tasks inline (analysis in a thread)",
                         "value": round(start_s, 3), "target": 0.2, "floor": round(page_s, 3), "unit": "s",
                         "higher_is_better": False, "note": "floor: the director's event page GET, same run"}]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=13)
    parser.add_argument("--quick", action="store_true", help="Start only (no analysis wait, no pack)")
    args = parser.parse_args()
    setup_test_environment()
    call_command("migrate", verbosity=0)
    report = bench_start_quick(args.tables) if args.quick else bench_start(args.tables)
    print(f"{'measure':<40}{'value':>10}")
    for key, value in report.items():
        if not isinstance(value, (dict, list)):
            print(f"{key:<40}{value:>10}")
    out = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "start.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
