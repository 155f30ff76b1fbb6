"""Event benchmark: (a) a 15-table club game with results posted concurrently, time from a
result's commit to standings that include it (real Celery worker when REDIS_URL is set), with
runs rescoring only the changed boards and, before, every board (``SCORING_BY_BOARD=0``), beside
the floors: a Celery no-op round trip and a standings GET; one scoring run after one new result,
every board vs the changed board; (b) rescoring a simultaneous event of T tables x 26 boards
from the database; (c) requests per second of the standings endpoint. Prints a table and writes
bench/results/event.json.

    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/event.py [--tables 2000]
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
os.environ.setdefault("DEBUG", "True")
# A queue of this run's own: a worker of another run or site on the same Redis takes none of its tasks.
os.environ.setdefault("CELERY_TASK_DEFAULT_QUEUE", f"bench-event-{os.getpid()}")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from clubs import services as club_services  # noqa: E402
from clubs.models import Club  # noqa: E402
from scoring.models import EventScoring  # noqa: E402
from scoring.services import event_rescore  # noqa: E402
from tournaments.models import Entry, Event, Result, Section  # noqa: E402
from tournaments.movements.model import Movement, RoundPlan, TablePlay  # noqa: E402
from tournaments.services import actions, entries, events  # noqa: E402
from tournaments.services import results  # noqa: E402


def fresh_club(slug: str) -> Club:
    slug = f"{slug}-{os.getpid()}-{time.monotonic_ns() % 10**6}"  # a club of its own (events protect a club)
    return club_services.club_create(name=f"Bench {slug}", slug=slug)


def start_worker(env: dict) -> tuple[subprocess.Popen, str]:
    """One solo Celery worker on this run's queue (its name, for ``worker_ready``)."""
    name = f"bench-event-{os.getpid()}-{time.monotonic_ns() % 10**6}@%h"
    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "cardroom", "worker", "--pool=solo", "-n", name,
                               "--loglevel=WARNING", "--without-gossip", "--without-mingle"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import socket

    return worker, name.replace("%h", socket.gethostname())


def worker_ready(hostname: str) -> None:
    """Once the worker answers a ping by its own name, and has run a few no-ops (its first tasks
    import what they need): nothing is timed before."""
    from cardroom.celery import app

    waited = time.perf_counter()  # slow on a loaded machine
    while not app.control.ping(destination=[hostname], timeout=1) and time.perf_counter() - waited < 180:
        time.sleep(0.2)
    noop_round_trip(5)


def noop_round_trip(n: int = 30) -> list[float]:
    """The floor: a Celery no-op (the built-in ``celery.accumulate``) queued and its answer read."""
    from cardroom.celery import app

    task, out = app.tasks["celery.accumulate"], []
    for _ in range(n):
        started = time.perf_counter()
        task.delay(1).get(timeout=60)
        out.append(time.perf_counter() - started)
    return out


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return round(1000 * values[int(p * (len(values) - 1))], 1)


def bench_live(tables: int = 15, by_board: bool = True, rounds: int = 0) -> dict:
    """(a) results posted by one thread per table; latency from commit to standings."""
    booting = time.perf_counter()  # the worker starts while the event is set up
    worker, hostname = start_worker({**os.environ, "SCORING_BY_BOARD": "1" if by_board else "0"}) \
        if os.environ.get("REDIS_URL") else (None, "")
    club = fresh_club("bench-live")
    event = events.event_setup(club=club, name="Bench live", date=datetime.date.today(),
                                       game="duplicate_bridge", scoring="matchpoints",
                                       movement={"kind": "mitchell", "tables": tables, "boards_per_round": 2})
    for i in range(2 * tables):
        entries.entry_add(event=event, guests=[f"A{i}", f"B{i}"])
    actions.event_start(event=event)
    section = event.sections.get()
    if worker:
        worker_ready(hostname)
    boot = time.perf_counter() - booting
    floor = noop_round_trip() if worker else []
    latencies: list[float] = []
    lock = threading.Lock()

    def table(t: TablePlay, rnd: int):
        try:
            for b in t.boards:
                results.result_submit(event=event, data={"board": b, "ns": t.ns, "ew": t.ew, "contract": "3NT",
                                                         "declarer": "N", "tricks": 8 + (b + rnd) % 4})
                committed = time.perf_counter()
                version = Event.objects.get(pk=event.pk).results_version
                with changed:
                    changed.wait_for(lambda: scored["version"] >= version)
                with lock:
                    latencies.append(time.perf_counter() - committed)
        finally:
            connection.close()

    # One watcher reads the scored version every 5 ms for every table (fifteen pollers would load the
    # database the worker scores on).
    scored, changed, done = {"version": 0}, threading.Condition(), threading.Event()

    laps: list[float] = []  # the watcher's own loop: how late this process notices (the GIL, 15 threads)

    def watch():
        try:
            while not done.is_set():
                lap = time.perf_counter()
                version = EventScoring.objects.filter(event=event).values_list("version", flat=True).first() or 0
                if version != scored["version"]:
                    with changed:
                        scored["version"] = version
                        changed.notify_all()
                time.sleep(0.005)
                laps.append(time.perf_counter() - lap)
        finally:
            connection.close()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()

    started = time.perf_counter()
    for plan in list(section.schedule)[:rounds or None]:
        threads = [threading.Thread(target=table, args=(t, plan.round)) for t in plan.tables]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    wall = time.perf_counter() - started
    done.set()
    watcher.join()
    if worker:
        worker.terminate()
        worker.wait(timeout=30)
    lat = sorted(latencies)
    state = EventScoring.objects.get(event=event)
    out = {"tables": tables, "results": len(lat), "worker": bool(worker), "by_board": by_board, "wall_s": round(wall, 2),
           "latency_median_ms": round(1000 * statistics.median(lat), 1), "latency_p95_ms": pct(lat, 0.95),
           "latency_max_ms": round(1000 * lat[-1], 1), "runs": state.runs, "last_run_ms": state.duration_ms,
           "worker_ready_s": round(boot, 2), "watch_lap_p50_ms": pct(laps, 0.5), "watch_lap_p95_ms": pct(laps, 0.95)}
    if floor:
        out.update(noop_p50_ms=pct(floor, 0.5), noop_p95_ms=pct(floor, 0.95))
    return out, event


def bench_one_result(event: Event) -> dict:
    """One scoring run after one corrected result, in this process: every board, then only the changed one."""
    from django.conf import settings

    result = Result.objects.filter(event=event, confirmed=True).order_by("pk").first()
    out = {}
    for key, by_board in (("whole_run_ms", False), ("by_board_run_ms", True)):
        settings.SCORING_BY_BOARD = by_board
        event_rescore(event_id=event.pk)  # stored tallies current (or cleared, for the whole run)
        times = []
        for i in range(5):
            Result.objects.filter(pk=result.pk).update(score_ns=F("score_ns") + (10 if i % 2 == 0 else -10))
            Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
            started = time.perf_counter()
            event_rescore(event_id=event.pk)
            times.append(time.perf_counter() - started)
        out[key] = round(1000 * statistics.median(times), 1)
    settings.SCORING_BY_BOARD = True
    return out


def bench_rescore(tables: int, boards: int = 26) -> dict:
    """(b) a simultaneous event: every table plays the same boards in one round."""
    club = fresh_club("bench-big")
    event = Event.objects.create(club=club, name="Simultaneous", date=datetime.date.today(),
                                 game="duplicate_bridge", scoring="matchpoints", status="playing")
    plan = RoundPlan(round=1, tables=tuple(TablePlay(table=t, ns=f"{t}NS", ew=f"{t}EW", boards=tuple(range(1, boards + 1)))
                                           for t in range(1, tables + 1)))
    simultaneous = Movement(kind="simultaneous", winners=2, tables=tables, boards_per_round=boards,
                            rounds_detail=(plan,), shared=True)
    section = Section.objects.create(event=event, name="A", movement=simultaneous.stored())
    entries = Entry.objects.bulk_create([Entry(event=event, section=section, label=f"{t}{d}", names=f"{t}{d}")
                                         for t in range(1, tables + 1) for d in ("NS", "EW")], batch_size=5000)
    by_label = {e.label: e for e in Entry.objects.filter(section=section)}
    del entries
    rows = []
    for t in range(1, tables + 1):
        for b in range(1, boards + 1):
            tricks = 6 + (t * 7 + b * 3) % 7
            rows.append(Result(event=event, section=section, board=b, round=1, table=t, ns=by_label[f"{t}NS"],
                               ew=by_label[f"{t}EW"], contract="4H", declarer="S", tricks=tricks,
                               score_ns=results.raw_score(event, b, {"adjusted_ns": "", "contract": "4H",
                                                                     "declarer": "S", "tricks": tricks})))
    Result.objects.bulk_create(rows, batch_size=5000)
    Event.objects.filter(pk=event.pk).update(results_version=1)
    started = time.perf_counter()
    event_rescore(event_id=event.pk, force=True)
    first = time.perf_counter() - started
    started = time.perf_counter()
    event_rescore(event_id=event.pk, force=True)
    second = time.perf_counter() - started
    return {"tables": tables, "boards": boards, "results": len(rows), "rescore_s": round(first, 2),
            "rescore_again_s": round(second, 2)}


def bench_standings(event: Event, seconds: float = 5.0) -> dict:
    """(c) the standings endpoint, one client, for a few seconds (published event: public)."""
    Event.objects.filter(pk=event.pk).update(status="published")
    client = Client()
    url = f"/api/clubs/{event.club.slug}/events/{event.pk}/standings/"
    assert client.get(url).status_code == 200
    n, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        client.get(url)
        n += 1
    elapsed = time.perf_counter() - started
    rps = round(n / elapsed, 1)
    # The live poll that finds nothing new: its ETag still matches, a 304 without the standings.
    etag = client.get(url).headers["ETag"]
    m, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        m += 1
    return {"requests": n, "rps": rps, "get_ms": round(1000 * elapsed / n, 1), "requests_304": m,
            "rps_304": round(m / (time.perf_counter() - started), 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=2000, help="tables of the simultaneous event (b)")
    parser.add_argument("--live-tables", type=int, default=15, help="tables of the club game (a)")
    parser.add_argument("--seconds", type=float, default=5.0, help="of standings requests (c)")
    parser.add_argument("--rounds", type=int, default=0, help="rounds of the club game played (a); 0: all")
    parser.add_argument("--no-before", action="store_true",
                        help="skip (a) with every board rescored (the quick mode: a second worker's start)")
    args = parser.parse_args()
    setup_test_environment()
    before = {} if args.no_before else bench_live(args.live_tables, by_board=False, rounds=args.rounds)[0]
    live, event = bench_live(args.live_tables, rounds=args.rounds)
    one = bench_one_result(event)
    stand = bench_standings(event, args.seconds)
    big = bench_rescore(args.tables)
    report = {"database": connection.vendor, "load_average": os.getloadavg(), "live": live, "before": before,
              "one_result": one, "rescore": big, "standings": stand}
    print(f"{'measure (load average ' + ' '.join(f'{x:.1f}' for x in os.getloadavg()) + ')':<52}"
          f"{'before':>9}{'after':>9}{'floor':>9}")
    tag = f"(a) {live['tables']} tables, {live['results']} results, worker={live['worker']}"
    print(tag)
    floors = {"latency_median_ms": live.get("noop_p50_ms"), "latency_p95_ms": live.get("noop_p95_ms")}
    for k in ("latency_median_ms", "latency_p95_ms", "latency_max_ms", "wall_s", "runs", "last_run_ms",
              "worker_ready_s", "watch_lap_p50_ms", "watch_lap_p95_ms"):
        print(f"{'    ' + k:<52}{before.get(k)!s:>9}{live.get(k)!s:>9}{floors.get(k) or '':>9}")
    print(f"{'    one result: scoring run (ms)':<52}{one['whole_run_ms']:>9}{one['by_board_run_ms']:>9}")
    print(f"{'(b) rescore ' + str(big['tables']) + ' tables x 26 boards (s)':<52}{'':>9}{big['rescore_s']:>9}")
    print(f"{'    again (s)':<52}{'':>9}{big['rescore_again_s']:>9}")
    print(f"{'(c) standings GET (ms)':<52}{'':>9}{stand['get_ms']:>9}")
    print(f"{'    requests/s: 200 / a poll finding nothing new, 304':<52}{stand['rps']:>9}{stand['rps_304']:>9}")
    out = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "event.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
