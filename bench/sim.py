"""Simultaneous pairs benchmark: a national field of C clubs x T tables (500 x 12 = 6,000 tables,
26 boards, 78,000 results) written straight into a PostgreSQL database of its own, then for 1, 2
and 4 Celery worker processes (each one as a worker host would run it, ``--pool=solo``):

* ``rescore_s``: a forced national run from the broker's view: queue ``scoring.rescore_national``,
  the chunk tasks spread over the workers, until the merge has written the standings;
* ``latency_p50_ms``: a director corrects one result (``result_correct``, committed) until the
  national standings include it (heat rescored -> national plan -> that board's chunk -> merge).

Beside them, floors measured in the same run: the same national run in this one process with no
Celery (``inline_rescore_s``), reading the results alone (``read_results_s``), and a no-op task's
round trip through Redis and a worker (``task_roundtrip_p50_ms``). Then the 2,000-table case of
bench/event.py (every table playing all 26 boards, 52,000 results) the same way. Prints a table,
writes bench/results/sim.json, drops its database.

    .venv/bin/python bench/sim.py [--clubs 500 --tables 12] [--workers 1,2,4] [--quick]

PostgreSQL from BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), Redis from
BENCH_REDIS_URL (default redis://127.0.0.1:6379/14); the database is cardroom_bench_sim_<pid>.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PG = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
DBNAME = f"{os.environ.get('BENCH_DB_PREFIX', 'cardroom_bench')}_sim_{os.getpid()}"
TEMPLATE = os.environ.get("BENCH_PG_TEMPLATE", "")  # a migrated database to copy (bench/summary.py makes one)
QUEUE = f"bench-sim-{uuid.uuid4().hex[:8]}"
DB_URL = urlunparse(urlparse(PG)._replace(path=f"/{DBNAME}"))


def admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(sql)


def create_database() -> None:
    if TEMPLATE:  # a copy of a migrated database: a fraction of a second instead of a migrate
        admin(f'CREATE DATABASE "{DBNAME}" TEMPLATE "{TEMPLATE}"')
        return
    admin(f'CREATE DATABASE "{DBNAME}"')
    env = {**os.environ, "DATABASE_URL": DB_URL, "DEBUG": "True"}
    subprocess.run([sys.executable, str(ROOT / "manage.py"), "migrate", "--noinput", "-v", "0"], env=env, check=True,
                   cwd=ROOT, timeout=900)


def drop_database() -> None:
    admin(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{DBNAME}' AND pid <> pg_backend_pid()")
    admin(f'DROP DATABASE IF EXISTS "{DBNAME}"')


def setup_django() -> None:
    os.environ.update({"DATABASE_URL": DB_URL, "REDIS_URL": REDIS, "DEBUG": "True",
                       "CELERY_TASK_DEFAULT_QUEUE": QUEUE, "DJANGO_SETTINGS_MODULE": "cardroom.settings"})
    import django

    django.setup()


# -- the field ---------------------------------------------------------------------------------------

def heat_movement(tables: int, per_round: int):
    """A two-winner movement of 13 rounds: N-S pairs stay, E-W pairs move up a table each round.
    One board a round: table t plays board (t - 1 + 2(r - 1)) mod 26 + 1 (13 boards a table, each
    board at half the tables); two: set (t + r - 2) mod 13 (all 26 boards at every table)."""
    from tournaments.movements.model import Movement, RoundPlan, TablePlay

    plans = []
    for r in range(1, 14):
        plays = []
        for t in range(1, tables + 1):
            if per_round == 1:
                boards = ((t - 1 + 2 * (r - 1)) % 26 + 1,)
            else:
                k = (t + r - 2) % 13
                boards = (2 * k + 1, 2 * k + 2)
            ew = (t - 1 + r - 1) % tables + 1
            plays.append(TablePlay(table=t, ns=f"{t}NS", ew=f"{ew}EW", boards=boards))
        plans.append(RoundPlan(round=r, tables=tuple(plays)))
    return Movement(kind="mitchell", winners=2, tables=tables, boards_per_round=per_round,
                    rounds_detail=tuple(plans))


def build_field(clubs: int, tables: int, per_round: int, tag: str):
    """Clubs, their heat events, sections, pairs and confirmed results, in bulk; the simultaneous."""
    from django.utils import timezone

    from clubs.models import Club
    from scoring.engine import board_vulnerability, duplicate_score
    from tournaments.models import Entry, Event, Heat, Result, Section, Simultaneous

    started = time.perf_counter()
    today, now = datetime.date.today(), timezone.now()
    organizer = Club.objects.create(name=f"Federation {tag}", slug=f"federation-{tag}")
    sim = Simultaneous.objects.create(organizer=organizer, name=f"Sim {tag}", date=today, boards=26,
                                      starts_at=now, ends_at=now, release_at=now)
    club_rows = Club.objects.bulk_create([Club(name=f"Club {tag} {c}", slug=f"club-{tag}-{c}") for c in range(clubs)])
    events = Event.objects.bulk_create([Event(club=c, name=f"Heat {c.name}", date=today, game="duplicate_bridge",
                                              scoring="matchpoints", status="playing") for c in club_rows])
    Heat.objects.bulk_create([Heat(simultaneous=sim, club=c, event=e) for c, e in zip(club_rows, events)])
    movement = heat_movement(tables, per_round)
    stored = movement.stored()
    sections = Section.objects.bulk_create([Section(event=e, name="A", movement=stored) for e in events])
    Entry.objects.bulk_create([Entry(event=e, section=s, label=f"{t}{d}", names=f"{e.pk} {t}{d}")
                               for e, s in zip(events, sections) for t in range(1, tables + 1) for d in ("NS", "EW")],
                              batch_size=5000)
    by = {(en.section_id, en.label): en.pk for en in Entry.objects.filter(section__in=sections).only("id", "section_id", "label")}
    rng = random.Random(13)
    contracts = [("4H", "S"), ("3NT", "N"), ("4S", "E"), ("2S", "W"), ("5D", "N"), ("3NT", "W")]
    score = {}
    rows = []
    for e, s in zip(events, sections):
        for plan in movement:
            for tp in plan.tables:
                for b in tp.boards:
                    contract, declarer = contracts[(b + rng.randrange(3)) % len(contracts)]
                    tricks = max(6, min(13, int(rng.gauss(9.5, 1.3))))
                    key = (b, contract, declarer, tricks)
                    if key not in score:
                        raw = duplicate_score(contract, declarer, tricks, board_vulnerability(b))
                        score[key] = raw if declarer in "NS" else -raw
                    rows.append(Result(event=e, section=s, board=b, round=plan.round, table=tp.table,
                                       ns_id=by[(s.pk, tp.ns)], ew_id=by[(s.pk, tp.ew)], contract=contract,
                                       declarer=declarer, tricks=tricks, score_ns=score[key]))
    Result.objects.bulk_create(rows, batch_size=5000)
    Simultaneous.objects.filter(pk=sim.pk).update(results_version=1)
    return sim, len(rows), round(time.perf_counter() - started, 1)


# -- workers -------------------------------------------------------------------------------------------

def start_workers(n: int) -> list[subprocess.Popen]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    procs = [subprocess.Popen([sys.executable, "-m", "celery", "-A", "cardroom", "worker", "--pool=solo", "-Q", QUEUE,
                               "-n", f"{QUEUE}-{i}@%h", "--loglevel=WARNING", "--without-gossip", "--without-mingle"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for i in range(n)]
    from cardroom.celery import app

    waited = time.perf_counter()
    while time.perf_counter() - waited < 180:
        answers = app.control.ping(timeout=1) or []
        if sum(1 for a in answers for name in a if name.startswith(QUEUE)) >= n:
            return procs
        time.sleep(0.5)
    raise SystemExit(f"{n} workers did not answer within 180 s")


def stop_workers(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def wait_for(predicate, timeout: float = 600):
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if predicate():
            return
        time.sleep(0.01)
    raise SystemExit("timed out waiting for the national run")


def state(sim_id: int):
    from scoring.models import NationalScoring

    return NationalScoring.objects.filter(simultaneous_id=sim_id).values("version", "runs", "error").first() or \
        {"version": 0, "runs": 0, "error": ""}


def cpu_seconds(procs: list[subprocess.Popen]) -> float:
    """User + system CPU the worker processes have used so far (Linux /proc)."""
    total = 0
    for p in procs:
        try:
            fields = Path(f"/proc/{p.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def timed_rescore(sim_id: int, procs: list[subprocess.Popen]) -> tuple[float, float]:
    """A forced national run through the workers, queued until its merge is written: (wall s, worker CPU s)."""
    from scoring.tasks import rescore_national

    from django.db.models import F

    from tournaments.models import Simultaneous

    # a version of its own: only this run's merge (not one left over from before) reaches it
    Simultaneous.objects.filter(pk=sim_id).update(results_version=F("results_version") + 1)
    version = Simultaneous.objects.get(pk=sim_id).results_version
    cpu = cpu_seconds(procs)
    started = time.perf_counter()
    rescore_national.delay(sim_id, True)
    wait_for(lambda: state(sim_id)["version"] >= version)
    return time.perf_counter() - started, cpu_seconds(procs) - cpu


def corrections(sim_id: int, n: int) -> list[float]:
    """A director corrects one result at a time; commit -> national standings including it."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Result, Simultaneous
    from tournaments.services.results import result_correct

    user, _ = get_user_model().objects.get_or_create(username="bench-director")
    rng = random.Random(sim_id)
    ids = list(Result.objects.filter(event__heat__simultaneous_id=sim_id).values_list("pk", flat=True))
    out = []
    for _ in range(n):
        result = Result.objects.select_related("event", "ns", "ew", "section").get(pk=rng.choice(ids))
        before = Simultaneous.objects.get(pk=sim_id).results_version
        result_correct(result=result, data={"contract": "3NT", "declarer": "S", "tricks": rng.choice([7, 8, 9, 10, 11])},
                       user=user, reason="bench")
        committed = time.perf_counter()

        def seen():
            version = Simultaneous.objects.filter(pk=sim_id).values_list("results_version", flat=True).first()
            return version > before and state(sim_id)["version"] >= version
        wait_for(seen, timeout=120)
        out.append(time.perf_counter() - committed)
        time.sleep(0.2)
    return out


def _ping():
    from cardroom.celery import app

    app.control.ping(timeout=5, limit=1)


def p(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def measure(sim_id: int, tables: int, results: int, workers: list[int], samples: int) -> list[dict]:
    rows = []
    for n in workers:
        procs = start_workers(n)
        try:
            timed_rescore(sim_id, procs)  # warm: imports, connections, movements parsed, parts in Redis
            rescore, cpu = min(timed_rescore(sim_id, procs) for _ in range(2))
            lat = corrections(sim_id, samples)
        finally:
            stop_workers(procs)
        error = state(sim_id)["error"]
        rows.append({"workers": n, "tables": tables, "results": results, "rescore_s": round(rescore, 2),
                     "rescore_worker_cpu_s": round(cpu, 2),
                     "latency_p50_ms": round(1000 * statistics.median(lat), 1),
                     "latency_p95_ms": round(1000 * p(lat, 0.95), 1), "latency_samples": len(lat),
                     "load_1m": round(os.getloadavg()[0], 1),
                     **({"error": error} if error else {})})
        print(f"  {n} worker(s), {tables} tables: rescore {rows[-1]['rescore_s']} s, "
              f"latency p50 {rows[-1]['latency_p50_ms']} ms", flush=True)
    return rows


def floors(sim_id: int) -> dict:
    from scoring.services_national import national_rescore
    from tournaments.models import Result

    started = time.perf_counter()
    n = len(list(Result.objects.filter(event__heat__simultaneous_id=sim_id, confirmed=True)
                 .values_list("pk", "board", "ns_id", "ew_id", "score_ns")))
    read = time.perf_counter() - started
    started = time.perf_counter()
    national_rescore(simultaneous_id=sim_id, force=True)
    inline = time.perf_counter() - started
    return {"results": n, "read_results_s": round(read, 2), "inline_rescore_s": round(inline, 2)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clubs", type=int, default=500)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--workers", default="1,2,4")
    parser.add_argument("--samples", type=int, default=15, help="corrections timed per worker count")
    parser.add_argument("--event-tables", type=int, default=2000, help="the bench/event.py case (0: skip)")
    parser.add_argument("--quick", action="store_true", help="50 clubs, one worker, 5 corrections (make bench)")
    parser.add_argument("--replace", action="store_true",
                        help="measure again only the rows asked for and replace them in the existing sim.json")
    args = parser.parse_args()
    if args.quick:
        args.clubs, args.workers, args.samples, args.event_tables = 50, "1", 5, 0
    workers = [int(w) for w in args.workers.split(",")]
    out = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "sim.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    load = os.getloadavg()
    create_database()
    try:
        setup_django()
        from django.conf import settings
        from django.db import connection

        print(f"{'database':<12}{DBNAME}  queue {QUEUE}  chunk {settings.NATIONAL_CHUNK_BOARDS} boards", flush=True)
        cases = [(args.clubs, args.tables, 1, "national")]
        if args.event_tables:  # bench/event.py's 2,000 tables, 26 boards each, as heats of 10 tables
            cases.append((args.event_tables // 10, 10, 2, "event"))
        rows, floor, built = [], {}, {}
        for clubs, tables, per_round, tag in cases:
            sim, results, seconds = build_field(clubs, tables, per_round, tag)
            built[tag] = {"clubs": clubs, "tables": clubs * tables, "results": results, "build_s": seconds}
            print(f"built {clubs} clubs x {tables} tables: {results} results in {seconds} s", flush=True)
            floor[tag] = floors(sim.pk)
            print(f"  floor: {floor[tag]}", flush=True)
            rows += measure(sim.pk, clubs * tables, results, workers, args.samples)
            from scoring.services_national import part_key
            from django.core.cache import cache

            cache.delete_many([part_key(sim, b) for b in range(1, 27)])
        procs = start_workers(1)
        try:
            trips = []
            for _ in range(10):
                started = time.perf_counter()
                _ping()
                trips.append(time.perf_counter() - started)
        finally:
            stop_workers(procs)
        notes = (f"2 cores shared with other helpers' work (load average {load[0]:.1f} at start): worker processes "
                 "beyond 2 compete for the same cores, so 4 workers show the split's overhead more than its gain; "
                 "on N hosts each worker has its own cores. Latency: one director's correction at a time, commit "
                 "to national standings version (heat rescore, plan, one board's chunk, merge of 26 stored parts). "
                 "rescore_worker_cpu_s: CPU the worker processes themselves spent on the best run (PostgreSQL's "
                 "own work, reading, deleting and COPYing the rows, is in its server processes and not counted).")
        report = {"database": connection.vendor, "chunk_boards": settings.NATIONAL_CHUNK_BOARDS, "rows": rows,
                  "floors": floor, "built": built, "task_roundtrip_p50_ms": round(1000 * statistics.median(trips), 1),
                  "targets": {"rescore_s_4_workers_6000_tables": 10.0, "latency_p50_ms": 2000.0},
                  "note": notes, "summary": summary_rows(rows, floor, trips)}
        connection.close()
    finally:
        drop_database()
    print(f"\n{'workers':>8}{'tables':>8}{'results':>9}{'rescore_s':>11}{'p50_ms':>9}{'p95_ms':>9}")
    for r in rows:
        print(f"{r['workers']:>8}{r['tables']:>8}{r['results']:>9}{r['rescore_s']:>11}{r['latency_p50_ms']:>9}"
              f"{r['latency_p95_ms']:>9}")
    for tag, f in floor.items():
        print(f"floor ({tag}): one process, no Celery {f['inline_rescore_s']} s; reading the results {f['read_results_s']} s")
    print(f"floor: a message's round trip through Redis and a worker, p50 {report['task_roundtrip_p50_ms']} ms")
    if args.replace and out.exists():  # a row measured again (e.g. disturbed by other work) replaces the old one
        old = json.loads(out.read_text())
        again = {(r["workers"], r["tables"]) for r in rows}
        rows = sorted([r for r in old["rows"] if (r["workers"], r["tables"]) not in again] + rows,
                      key=lambda r: (-r["tables"], r["workers"]))
        report = {**old, "rows": rows, "floors": {**old.get("floors", {}), **floor},
                  "summary": summary_rows(rows, {**old.get("floors", {}), **floor}, trips),
                  "replaced": sorted(f"{w} worker(s), {t} tables" for w, t in again)}
    out.write_text(json.dumps(report, indent=2) + "\n")


def summary_rows(rows: list[dict], floor: dict, trips: list[float]) -> list[dict]:
    """Rows for bench/summary.py: each figure beside its target and its floor from this run."""
    out = []
    for r in rows:
        tag = "national" if r["tables"] != 2000 else "event"
        inline = floor.get(tag, {}).get("inline_rescore_s")
        out.append({"figure": f"national rescore, {r['tables']} tables, {r['workers']} worker(s)", "value": r["rescore_s"],
                    "target": 10.0 if r["tables"] == 6000 and r["workers"] == 4 else None, "floor": inline, "unit": "s",
                    "higher_is_better": False, "note": "floor: the same run in one process without Celery"})
        out.append({"figure": f"result -> national standings p50, {r['tables']} tables, {r['workers']} worker(s)",
                     "value": r["latency_p50_ms"], "target": 2000.0, "floor": round(1000 * statistics.median(trips), 1),
                     "unit": "ms", "higher_is_better": False, "note": "floor: a ping's round trip to a worker"})
    return out


if __name__ == "__main__":
    main()
