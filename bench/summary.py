"""Every benchmark in its quick mode, one after another, then one table of the figures that
matter, each beside its target and its floor measured in the same run (issue 18).

    .venv/bin/python bench/summary.py [--only scoring,start] [--skip evening]   (make bench)

Each script writes its JSON to bench/results/quick/ (git-ignored; BENCH_RESULTS_DIR); this
collects a row per figure, ``{"figure", "value", "target", "floor", "unit", "higher_is_better"}``
(plus a ``note``), into bench/results/summary.json and prints the same as a table. A script
that is absent (bench/teams.py, bench/rating.py come from other work) is skipped with a note; one
that fails leaves a row saying so. The Django benchmarks run on PostgreSQL when it answers
(BENCH_PG_URL; one database migrated once, a copy per benchmark, all dropped at the end; names
start with BENCH_DB_PREFIX), else on a fresh SQLite file, or on DATABASE_URL when set; those with
workers (live standings, table entry, prints, Start with a worker, teams, sim) use REDIS_URL,
else BENCH_REDIS_URL, else Redis db 15 when it answers, each benchmark on a Celery queue of its own.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[1]
QUICK = ROOT / "bench" / "results" / "quick"
OUT = ROOT / "bench" / "results" / "summary.json"
PYTHON = sys.executable


def row(figure, value, *, target=None, floor=None, unit="s", higher_is_better=False, note="") -> dict:
    return {"figure": figure, "value": value, "target": target, "floor": floor, "unit": unit,
            "higher_is_better": higher_is_better, "note": note}


def own_rows(report: dict) -> list[dict]:
    """A script that writes its own summary rows (scoring, start, and any that follow suit)."""
    return list(report.get("summary") or [])


def deals_rows(report: dict) -> list[dict]:
    by = {r["measure"]: r for r in report.get("results", [])}
    ours = next((r for m, r in by.items() if m.startswith("ours: analyse_boards")), None)
    direct = by.get("endplay calc_dd_table, one at a time")
    out = [row("full boards dealt", by["full boards dealt (draw + unrank + validate)"]["value"], unit="per s",
               higher_is_better=True)]
    if ours and direct:
        out.append(row("double dummy + par per board (analyse_boards)", ours["value"], unit="ms",
                       floor=direct["value"], note="floor: endplay calc_dd_table per board, same run"))
    return out


def movements_rows(report) -> list[dict]:
    worst = max(report, key=lambda r: r["generate_ms"] + r["validate_ms"])
    return [row(f"movement generate + validate, worst ({worst['kind']} {worst['tables']} tables)",
                round(worst["generate_ms"] + worst["validate_ms"], 2), unit="ms")]


def on_cores(db: dict, n: int) -> str:
    """For a pool of more processes than this machine has cores: the pack's wall seconds on
    ``n`` cores, from its CPU seconds and how fully the 2-process pack kept its 2 cores busy
    (its CPU seconds over twice its wall seconds), both measured in this run."""
    cores = os.cpu_count() or 1
    cpu, cpu_2, wall_2 = db.get(f"workers_{n}_cpu_s"), db.get("workers_2_cpu_s"), db.get("workers_2_s")
    if n <= cores or not (cpu and cpu_2 and wall_2):
        return ""
    busy = min(1.0, cpu_2 / (2 * wall_2))
    return (f"; this machine has {cores} cores, which the {n} processes share: on {n} cores about "
            f"{round(cpu / (n * busy), 1)} s (its {cpu} CPU s spread over {n} cores as the 2-process pack kept "
            f"its 2 busy: {round(100 * busy)} % of its wall time)")


def prints_rows(report: dict) -> list[dict]:
    pack, db = report.get("pack") or {}, report.get("db_pack") or {}
    if not db:
        return [row("print pack, 13 tables x 26 boards, one process", pack.get("seconds"), target=15.0,
                    note="target: < 15 s with 2 worker processes (issue 18); here one process renders every kind")]
    floor, note = db.get("floor_s"), "floor: WeasyPrint on plain table pages of the same text, one process, same run"
    floor_cpu, load = db.get("floor_cpu_s"), db.get("load") or {}

    def at(key: str) -> str:
        return f"; load {load[key]}" if key in load else ""

    out = []
    if "inline_s" in db:
        out.append(row("print pack, 13 tables x 26 boards, inline (one process)", db.get("inline_s"),
                       target=round(1.3 * floor, 2) if floor else None, floor=floor,
                       note=note + "; target 1.3x the floor" + at("inline_s")))
    per_process = [(k, db[k.replace("_s", "_cpu_s")]) for k in ("workers_2_s", "workers_4_s", "inline_s")
                   if k.replace("_s", "_cpu_s") in db]
    if per_process and floor_cpu:
        key, cpu = per_process[0]
        default, after = db.get("floor_default_gc_cpu_s"), db.get("floor_after_cpu_s")
        around = round((floor_cpu + after) / 2, 2) if after and key == "workers_2_s" else floor_cpu
        out.append(row(f"print pack CPU seconds ({key[:-2].replace('_', ' ')}, every process)", cpu,
                       target=round(1.3 * around, 2), floor=around,
                       note="floor: the same text as plain tables, CPU s of one process, Python's collector as a "
                            "print has it (layout_gc)" +
                            (f", the mean of the floor before the pack ({floor_cpu} s) and just after it "
                             f"({after} s)" if around != floor_cpu else "") + "; target 1.3x the floor" +
                            (f"; at Python's default thresholds the floor is {default} s" if default else "")))
        if default:
            out.append(row("  floor at Python's default collector thresholds (CPU s)", default,
                           note="the floor the issue measured (WeasyPrint as it comes): 1.3x it would be "
                                f"{round(1.3 * default, 2)} s"))
    for n, target in ((2, 15.0), (4, 8.0)):
        if f"workers_{n}_s" in db:
            out.append(row(f"print pack, 13 tables x 26 boards, {n} worker processes", db[f"workers_{n}_s"],
                           target=target, floor=floor, note=note + at(f"workers_{n}_s") + on_cores(db, n)))
    reruns = {k: v for k, v in db.items() if k.endswith("rerender_s")}
    best = min(reruns, key=reruns.get, default=None)
    out.append(row("print pack again after one new result (best of inline and workers)", reruns.get(best),
                   target=5.0, floor=floor,
                   note="only the parts it changes: its board's travellers, the score cards, the results" +
                        (f" ({best}){at(best)}" if best else "")))
    return out


def event_rows(report: dict) -> list[dict]:
    live, big, stand = report.get("live", {}), report.get("rescore", {}), report.get("standings", {})
    before, one = report.get("before", {}), report.get("one_result", {})
    worker = "a worker" if live.get("worker") else "tasks inline (no REDIS_URL)"
    floor = "floor: a Celery no-op round trip, same run"
    was = (lambda k: f"; before (every board rescored): {before[k]}" if before.get(k) is not None else "")
    return [row(f"confirmed result -> standings, p50 ({worker})", live.get("latency_median_ms"), target=100,
                floor=live.get("noop_p50_ms"), unit="ms", note=floor + was("latency_median_ms")),
            row(f"confirmed result -> standings, p95 ({worker})", live.get("latency_p95_ms"), target=300,
                floor=live.get("noop_p95_ms"), unit="ms", note=floor + was("latency_p95_ms")),
            row(f"scoring run after one new result, {live.get('tables')} tables (changed boards only)",
                one.get("by_board_run_ms"), floor=stand.get("get_ms"), unit="ms",
                note=f"before (every board): {one.get('whole_run_ms')} ms; floor: a standings GET"),
            row(f"rescore {big.get('tables')} tables x 26 boards from the database", big.get("rescore_s"), unit="s"),
            row("standings GET, a poll that finds nothing new: 304 (requests/s, one client)", stand.get("rps_304"),
                target=stand.get("rps"), floor=stand.get("rps"), unit="per s", higher_is_better=True,
                note="floor and target: the same GET answered 200 with the standings, same run (a 304 answers "
                     "without rendering, so it must beat it)")]


def evening_rows(report: dict) -> list[dict]:
    """The browser evening's figures when it ran (not in the quick run: ``--no-browser``), then table entry."""
    rows = []
    if report.get("start_returns_s") is not None:
        rows = [row("club evening in a browser: Start answers", report.get("start_returns_s"), target=0.2),
                row("club evening: a confirmation shows on another phone (page polls every 5 s)",
                    report.get("confirm_to_other_phone_s"), note="includes the page's 5 s poll interval")]
    return rows + table_entry_rows(report.get("table_entry") or {})


def table_entry_rows(entry: dict) -> list[dict]:
    """Table entry, 30 phones at once (bench/table_entry.py, run by bench/evening.py)."""
    if not entry or entry.get("error"):
        return [row("table entry: no figures", None, note=entry.get("error", "not run"))]
    inside, alone = entry.get("inside_worker_ms") or {}, entry.get("alone") or {}
    floor = entry.get("insert_floor_p50_ms")
    note = f"{entry.get('database')}, floor: a one-row-insert view under the same load"
    out = [row(f"table {kind} p{p}, {entry.get('phones')} phones at once", entry.get(f"{kind}_p{p}_ms"),
               target=100.0 if p == 50 else 250.0, floor=floor if p == 50 else entry.get("insert_floor_p95_ms"),
               unit="ms", note=note)
           for kind in ("post", "confirm") for p in (50, 95)]
    for kind in ("post", "confirm"):
        mine, base = (inside.get(kind) or {}).get("p50"), (inside.get("insert") or {}).get("p50")
        cpu, base_cpu = (inside.get(kind) or {}).get("cpu_p50"), (inside.get("insert") or {}).get("cpu_p50")
        spent = (f"; the worker's CPU in it, p50: {cpu} ms, the floor's {base_cpu} ms (the rest is waiting: on "
                 "PostgreSQL, Redis, or a core the other processes hold)") if cpu is not None else ""
        if alone.get(f"{kind}_cpu_ms") and alone.get("insert_cpu_ms"):
            spent += (f"; alone, one request at a time: {alone[f'{kind}_cpu_ms']} ms of CPU, the floor's "
                      f"{alone['insert_cpu_ms']} ms")
        out.append(row(f"table {kind}: time inside the worker, p50", mine, floor=base, unit="ms",
                       target=None if base is None else round(2 * base, 1), note="target: 2x the floor's" + spent))
    out.append(row("statements per table GET / POST / confirm (worst)",
                   max(alone.get(k, 0) for k in ("get_queries", "post_queries", "confirm_queries")), target=6,
                   floor=4, unit="count",
                   note=f"{alone.get('get_queries')}/{alone.get('post_queries')}/{alone.get('confirm_queries')}; "
                        "floor: the essential statements the issue names (PIN check, lock, insert the result and its audit "
                        "row; the commit is not counted)"))
    page = entry.get("page") or {}
    kinds = ("get", "post", "confirm", "traveller")
    if page:
        out.append(row("statements per table page GET / POST / confirm / traveller (worst)",
                       max(page.get(f"{k}_queries", 0) for k in kinds), target=6, floor=4, unit="count",
                       note="/".join(str(page.get(f"{k}_queries")) for k in kinds) + "; the phone's own page: "
                            "the traveller is the page a confirmation leads to (?board=); CPU ms "
                            + "/".join(str(page.get(f"{k}_cpu_ms")) for k in kinds)))
    return out


def teams_rows(report: dict) -> list[dict]:
    return [row(r["task"], r.get("seconds"), target=r.get("target_seconds"), floor=r.get("floor_seconds"),
                note=r.get("note", "")) for r in report.get("rows", [])]


def rating_rows(report: dict) -> list[dict]:
    if isinstance(report, dict) and report.get("summary"):
        return own_rows(report)
    rows = report.get("rows", []) if isinstance(report, dict) else report
    return [row(r.get("task") or r.get("measure") or r.get("figure") or "rating", r.get("seconds", r.get("value")),
                target=r.get("target_seconds", r.get("target")), floor=r.get("floor_seconds", r.get("floor")),
                note=r.get("note", "")) for r in rows if isinstance(r, dict)]


@dataclass(frozen=True)
class Bench:
    """One quick run: ``script`` (bench/<script>.py) with ``args``; ``db``: a database of its own
    (a copy of the run's migrated template, or the run's SQLite file); ``redis``: REDIS_URL (its
    own Celery queue); ``worker``: a Celery worker started around it; ``limit`` in seconds."""

    name: str
    args: tuple[str, ...]
    rows: Callable
    limit: int
    db: bool = False
    redis: bool = False
    worker: bool = False
    script: str = ""
    done_when_written: bool = False  # its JSON written, work it left in the background is not waited for
    extra: bool = False  # only when named (--only, or BENCH_EXTRA): it would take the run past 5 minutes


# The quick arguments keep every issue-18 figure (with its floor) and the whole run under 5 minutes
# on the two-core machine: the evening without its browser (Start is timed by bench/start.py,
# inline and with a worker), the live standings on 15 tables (3 rounds), the national simulation on one worker.
BENCHES = [
    Bench("scoring", ("--quick",), own_rows, 120),
    # Start's double-dummy analysis goes on in threads of the process (as under ``make run``): not waited for
    Bench("start", ("--quick",), own_rows, 120, db=True, done_when_written=True),
    Bench("start-worker", ("--quick",), lambda report: start_worker_rows(report), 120, db=True, redis=True,
          worker=True, script="start"),
    Bench("movements", (), movements_rows, 60),
    Bench("deals", ("--boards", "6", "--deals", "1000"), deals_rows, 60),
    Bench("event", ("--tables", "100", "--live-tables", "15", "--rounds", "3", "--seconds", "2", "--no-before"),
          event_rows, 150, db=True, redis=True),
    Bench("prints", ("--no-analysis", "--no-previews", "--no-kinds"), prints_rows, 300, db=True, redis=True),
    Bench("evening", ("--quick", "--no-browser"), evening_rows, 180, db=True, redis=True),
    Bench("teams", (), teams_rows, 120, redis=True),
    Bench("rating", ("--quick",), rating_rows, 120, db=True),
    # its own PostgreSQL database (a copy of the template) and Redis queue, Celery workers started by it
    Bench("sim", ("--quick",), own_rows, 180, redis=True),
]


def start_worker_rows(report: dict) -> list[dict]:
    """bench/start.py's rows, measured with REDIS_URL and a Celery worker taking the analysis."""
    rows = own_rows(report)
    for r in rows:
        r["figure"] = r["figure"].replace("tasks inline (analysis in a thread)", "with a worker (analysis a task)")
    return rows


def _answers(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=1).close()
    except OSError:
        return False
    return True


class Services:
    """What the run's benchmarks use: PostgreSQL when it answers (one database migrated once, then
    a copy per benchmark: ``CREATE DATABASE ... TEMPLATE``, a fraction of a second instead of a
    migrate each), else SQLite; Redis (REDIS_URL, BENCH_REDIS_URL or db 15 when it answers).
    DATABASE_URL, when set, is used as it is by every benchmark."""

    def __init__(self) -> None:
        self.given = os.environ.get("DATABASE_URL", "")
        self.pg = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
        self.prefix = os.environ.get("BENCH_DB_PREFIX", "cardroom_bench")
        self.template = ""
        self.sqlite = ""
        self.redis = (os.environ.get("REDIS_URL") or os.environ.get("BENCH_REDIS_URL")
                      or ("redis://127.0.0.1:6379/15" if _answers("redis://127.0.0.1:6379/15", 6379) else ""))
        self.made: list[str] = []

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.pg, autocommit=True) as conn:
            conn.execute(sql)

    def _url(self, name: str) -> str:
        return urlunparse(urlparse(self.pg)._replace(path=f"/{name}"))

    def prepare(self) -> str:
        if self.given:
            return "DATABASE_URL as given"
        if _answers(self.pg, 5432):
            try:
                name = f"{self.prefix}_template_{os.getpid()}"
                self._admin(f'CREATE DATABASE "{name}"')
                self.made.append(name)
                migrate(self._url(name))
                self.template = name
                return f"PostgreSQL (a migrated template copied per benchmark: {name})"
            except Exception as exc:  # noqa: BLE001 -- fall back to SQLite, saying why
                print(f"note: PostgreSQL unusable ({type(exc).__name__}: {exc}); SQLite instead", flush=True)
        path = Path(tempfile.gettempdir()) / f"cardroom-bench-{os.getpid()}.sqlite3"
        self.sqlite = f"sqlite:///{path}"
        migrate(self.sqlite)
        return f"SQLite ({path})"

    def database(self, bench: str) -> str:
        if self.given or not self.template:
            return self.given or self.sqlite
        name = f"{self.prefix}_{bench.replace('-', '_')}_{os.getpid()}"
        self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        self.made.append(name)
        return self._url(name)

    def drop(self, url: str) -> None:
        name = urlparse(url).path.lstrip("/")
        if name in self.made and name != self.template:
            self._drop(name)

    def _drop(self, name: str) -> None:
        self._admin(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}' "
                    "AND pid <> pg_backend_pid()")
        self._admin(f'DROP DATABASE IF EXISTS "{name}"')
        self.made.remove(name)

    def close(self) -> None:
        for name in list(self.made):
            self._drop(name)
        if self.sqlite:
            Path(urlparse(self.sqlite).path).unlink(missing_ok=True)

    def env(self, bench: Bench) -> dict:
        """The environment of one benchmark (its own Celery queue, so no worker takes another's tasks)."""
        env = {**os.environ, "BENCH_RESULTS_DIR": str(QUICK), "BENCH_QUICK": "1", "DEBUG": "True",
               "BENCH_DB_PREFIX": self.prefix, "BENCH_PG_URL": self.pg, "BENCH_PG": self.pg.rsplit("/", 1)[0],
               "CELERY_TASK_DEFAULT_QUEUE": f"bench-{bench.name}-{os.getpid()}"}
        if self.template:
            env["BENCH_PG_TEMPLATE"] = self.template
        env.pop("REDIS_URL", None)
        if self.redis:
            env.update({"BENCH_REDIS_URL": self.redis, "BENCH_REDIS": self.redis})
            if bench.redis:
                env["REDIS_URL"] = self.redis
        return env


def migrate(url: str) -> None:
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "True"}
    subprocess.run([PYTHON, str(ROOT / "manage.py"), "migrate", "--noinput", "-v", "0"], env=env, check=True,
                   cwd=ROOT, timeout=300)


def start_worker(env: dict) -> subprocess.Popen:
    return subprocess.Popen([PYTHON, "-m", "celery", "-A", "cardroom", "worker", "--pool=solo", "--loglevel=WARNING",
                             "-Q", env["CELERY_TASK_DEFAULT_QUEUE"], "--without-gossip", "--without-mingle"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


# A Celery task's round trip through the worker above (the floor of result -> standings): Celery's
# built-in do-nothing task (celery.accumulate returns its argument), sent and awaited ten times.
TASK_ROUND_TRIP = """
import json, statistics, sys, time
import django
django.setup()
from cardroom.celery import app
waited = time.perf_counter()
while not app.control.ping(timeout=1) and time.perf_counter() - waited < 60:
    time.sleep(0.3)
trips = []
for _ in range(10):
    started = time.perf_counter()
    app.send_task("celery.accumulate", args=(1,), kwargs={"index": 0}).get(timeout=30)
    trips.append(time.perf_counter() - started)
print(json.dumps(round(1000 * statistics.median(trips), 1)))
"""


def stop_worker(worker: subprocess.Popen, env: dict) -> None:
    """Stop it at once (its queued analyses are not wanted) and empty its queue in Redis."""
    try:
        os.killpg(worker.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    worker.wait(timeout=30)
    try:
        import redis

        redis.Redis.from_url(env["REDIS_URL"]).delete(env["CELERY_TASK_DEFAULT_QUEUE"])
    except Exception as exc:  # noqa: BLE001 -- a note, not a failed run
        print(f"note: the queue {env['CELERY_TASK_DEFAULT_QUEUE']} was not emptied: {exc}", flush=True)


def run(bench: Bench, services: Services, extra: dict) -> tuple[dict | list | None, str]:
    script = ROOT / "bench" / f"{bench.script or bench.name}.py"
    if not script.exists():
        return None, f"bench/{script.name} is absent: skipped"
    if bench.redis and not services.redis:
        if bench.worker:
            return None, "no Redis: skipped"
    env = services.env(bench)
    if bench.db:
        env["DATABASE_URL"] = services.database(bench.name)
    out = QUICK / f"{bench.script or bench.name}.json"
    out.unlink(missing_ok=True)
    full = ROOT / "bench" / "results" / f"{bench.script or bench.name}.json"
    kept = full.read_bytes() if full.exists() else None  # the full run's figures, committed
    started = time.perf_counter()
    worker = start_worker(env) if bench.worker and services.redis else None
    try:
        if worker:
            trip = subprocess.run([PYTHON, "-c", TASK_ROUND_TRIP], cwd=ROOT, capture_output=True, text=True,
                                  env={**env, "DJANGO_SETTINGS_MODULE": "cardroom.settings"}, timeout=90)
            if trip.returncode == 0:
                extra["task_round_trip_ms"] = json.loads(trip.stdout.strip().splitlines()[-1])
        returncode, output = execute([PYTHON, str(script), *bench.args], env, bench.limit,
                                     out if bench.done_when_written else None)
        seconds = time.perf_counter() - started
        if returncode != 0:
            return None, f"failed ({returncode}): {output.strip().splitlines()[-1:]}"
        if not out.exists() and full.exists() and full.read_bytes() != kept:
            out = full  # a script that writes only its full results file
        if not out.exists():
            return None, "wrote no JSON"
        return json.loads(out.read_text()), f"{seconds:.0f} s"
    except subprocess.TimeoutExpired:
        return None, f"stopped after {bench.limit} s"
    finally:
        if worker:
            stop_worker(worker, env)
        if kept is not None and full.read_bytes() != kept:
            full.write_bytes(kept)  # a quick run does not replace them
        if bench.db:
            services.drop(env["DATABASE_URL"])


def execute(command: list[str], env: dict, limit: int, written: Path | None) -> tuple[int, str]:
    """Run a benchmark; (exit code, its output). With ``written``, it is done once that file holds
    JSON: the process (and what it left running) is stopped then."""
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True,
                                   start_new_session=True)
        deadline = time.perf_counter() + limit
        try:
            while process.poll() is None:
                if time.perf_counter() > deadline:
                    raise subprocess.TimeoutExpired(command, limit)
                if written is not None and _holds_json(written):
                    break
                time.sleep(0.2)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=30)
                process.returncode = 0 if written is not None and _holds_json(written) else process.returncode
        log.seek(0)
        return process.returncode, log.read()


def _holds_json(path: Path) -> bool:
    try:
        json.loads(path.read_text())
    except (OSError, ValueError):
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    parser.add_argument("--skip", default=os.environ.get("BENCH_SKIP", ""), help="comma-separated names to skip")
    args = parser.parse_args()
    only = {n for n in args.only.split(",") if n}
    skip = {n for n in args.skip.split(",") if n}
    extras = {n for n in os.environ.get("BENCH_EXTRA", "").split(",") if n} | only
    QUICK.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    load = os.getloadavg()
    services = Services()
    rows, notes, extra = [], {}, {}
    try:
        prepared = time.perf_counter()
        print(f"-- databases: {services.prepare()}; Redis: {services.redis or 'none (tasks inline)'}", flush=True)
        notes["setup"] = f"{time.perf_counter() - prepared:.0f} s"
        for bench in BENCHES:
            if (only and bench.name not in only) or bench.name in skip or (bench.extra and bench.name not in extras):
                continue
            print(f"-- {bench.name} ...", flush=True)
            report, how = run(bench, services, extra)
            notes[bench.name] = how
            if report is None:
                rows.append({**row(f"{bench.name}: no figures", None, note=how), "bench": bench.name})
                continue
            try:
                rows += [{**r, "bench": bench.name} for r in bench.rows(report)]
            except (KeyError, TypeError, ValueError) as exc:
                rows.append({**row(f"{bench.name}: its JSON was not understood", None,
                                   note=f"{type(exc).__name__}: {exc}"), "bench": bench.name})
    finally:
        services.close()
    with_floors(rows, extra)
    if only and OUT.exists():  # the other benchmarks' rows of the last run stay
        ran = {r.get("bench") for r in rows} | only
        rows = [r for r in json.loads(OUT.read_text()) if r.get("bench") not in ran] + rows
    OUT.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print_table(rows)
    missing = [r["figure"] for r in rows if r.get("target") is not None and r.get("floor") is None]
    if missing:
        print("\nno floor beside its target: " + "; ".join(missing))
    end = os.getloadavg()
    print(f"\n{len(rows)} figures in {time.perf_counter() - started:.0f} s (load average {load[0]:.1f} at the "
          f"start, {end[0]:.1f} at the end); " + "; ".join(f"{n}: {h}" for n, h in notes.items()))
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


def with_floors(rows: list[dict], extra: dict) -> None:
    """Floors this run measured itself for rows whose benchmark gave none: a Celery task's round
    trip through a worker beside result -> standings (the issue's floor for that figure)."""
    trip = extra.get("task_round_trip_ms")
    for r in rows:
        if trip is not None and r.get("floor") is None and "-> standings" in r["figure"] and r.get("unit") == "ms":
            r["floor"] = trip
            r["note"] = (r.get("note") or "") + ("; " if r.get("note") else "") + \
                "floor: a do-nothing Celery task's round trip through a worker, same run (bench/summary.py)"


def met(r: dict) -> str:
    value, target = r.get("value"), r.get("target")
    if value is None or target is None:
        return ""
    return "yes" if (value >= target if r.get("higher_is_better") else value <= target) else "NO"


def print_table(rows: list[dict]) -> None:
    width = min(78, max((len(r["figure"]) for r in rows), default=10))
    print(f"\n{'figure':<{width}}  {'value':>10}  {'target':>8}  {'floor':>8}  {'unit':<6} {'met':<3}")
    for r in rows:
        cells = ["" if r.get(k) is None else f"{r[k]:.4g}" if isinstance(r[k], float) else str(r[k])
                 for k in ("value", "target", "floor")]
        print(f"{r['figure'][:width]:<{width}}  {cells[0]:>10}  {cells[1]:>8}  {cells[2]:>8}  {r['unit']:<6} {met(r):<3}")


if __name__ == "__main__":
    raise SystemExit(main())
