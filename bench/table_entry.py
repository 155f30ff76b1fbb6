"""Table entry benchmark (issue 18): thirty table phones at once against gunicorn as the README
deploys it (``gunicorn.conf.py``: a sync worker per core and one more, 3 on two cores; ``--workers``
to change): every phone enters a board of round 1 at the same moment (``POST tables/A/{n}/``),
then every phone confirms at the same moment (``POST .../confirm/``), with its PIN, while a
Celery worker rescores (Redis). Beside them, in the same run: the floor, a one-row-insert view
(``bench/entry_urls.py``), a burst of the same size just after each of the table's bursts; then
signed-in club GETs. Figures: client-side p50/p95 of each, the time inside the worker
(gunicorn's own request time, ``%(D)s``) and the worker's CPU in it (``bench/entry_wsgi.py``),
and the SQL statements per table request (GET, POST, confirm, counted in this process on a table
of its own). Writes bench/results/table_entry.json.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardroom_bench python bench/table_entry.py [--quick]

Without DATABASE_URL it migrates a fresh SQLite file (SQLite serialises writers: a floor of its
own); without REDIS_URL it uses Redis db 15 when one answers (else tasks run inline in the
request, which the JSON says).
"""
from __future__ import annotations

import argparse
import datetime
import functools
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DEBUG", "True")
TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT)\b", re.I)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_answers(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except Exception:  # noqa: BLE001 - no Redis: tasks run inline, said in the JSON
        return False


def environment() -> dict:
    env = {**os.environ, "DEBUG": "True", "DJANGO_SETTINGS_MODULE": "bench.entry_settings",
           "BENCH_ENTRY_QUEUE": f"bench-entry-{os.getpid()}", "PYTHONPATH": str(ROOT),
           "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-table-entry-only-" + "x" * 40}
    if not env.get("DATABASE_URL"):
        path = Path(tempfile.gettempdir()) / f"cardroom-entry-{os.getpid()}.sqlite3"
        env["DATABASE_URL"] = f"sqlite:///{path}"
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                       check=True, timeout=600)
    if not env.get("REDIS_URL") and redis_answers("redis://127.0.0.1:6379/15"):
        env["REDIS_URL"] = "redis://127.0.0.1:6379/15"
    return env


def event_tables(phones: int) -> int:
    """The Mitchell's tables: the phones' and four or five spare ones (a plain Mitchell has an
    odd number of tables): one warms this process up, the last is the table page's
    (``page_in_process``), the others are timed alone through the API (``in_process``)."""
    return phones + 4 + (phones % 2 == 0)


def setup_event(tables: int, boards: int):
    """A club, a signed-in member's session (any signed-in user reads a club), and a started
    Mitchell of ``tables`` tables and four or five spare ones (``event_tables``: one warms this
    process up, the others are timed alone, not under load)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from clubs import services as club_services
    from clubs.models import Club
    from tournaments.services import actions, entries, events
    from tournaments.services import boards as board_services

    board_services._queue_analysis = lambda board_set: None  # double dummy is not what this measures: no CPU to it

    size = event_tables(tables)
    slug = f"bench-entry-{os.getpid()}"
    Club.all_objects.filter(slug=slug).delete()
    club = club_services.club_create(name="Bench entry", slug=slug)
    user = get_user_model().objects.create_user(f"bench-entry-{os.getpid()}", password="x")
    event = events.event_setup(club=club, name="Bench entry", date=datetime.date.today(), game="duplicate_bridge",
                               scoring="matchpoints",
                               movement={"kind": "mitchell", "tables": size, "boards_per_round": boards})
    for i in range(2 * size):
        entries.entry_add(event=event, guests=[f"A{i}", f"B{i}"])
    actions.event_start(event=event)
    event.refresh_from_db()
    browser = Client()
    browser.force_login(user)
    return club, event, event.sections.get(), browser.cookies["sessionid"].value


def wsgi_call(method: str, path: str, body=None, headers: dict | None = None) -> tuple[int, float, dict]:
    """One request through the application gunicorn serves (``bench/entry_wsgi.py``), called in
    this process as a gunicorn worker calls it, behind the proxy: its status, the worker's CPU
    milliseconds it took (``X-Bench-Cpu``) and its JSON."""
    import io

    from bench.entry_wsgi import application

    data = json.dumps(body).encode() if body is not None else b""
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path.partition("?")[0], "QUERY_STRING": path.partition("?")[2],
               "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
               "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1:8000", "CONTENT_TYPE": "application/json",
               "CONTENT_LENGTH": str(len(data)), "wsgi.input": io.BytesIO(data), "wsgi.errors": sys.stderr,
               "wsgi.url_scheme": "http", "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
               **{"HTTP_" + k.upper().replace("-", "_"): v for k, v in {**PROXY, **(headers or {})}.items()}}
    answer = {}

    def start_response(status, response_headers, exc_info=None):
        answer["status"], answer["headers"] = int(status.split()[0]), dict(response_headers)

    hooks = gunicorn_hooks()
    hooks["pre_request"](SYNC_WORKER, None)
    payload = b"".join(application(environ, start_response))
    hooks["post_request"](SYNC_WORKER, None, environ, None)
    return answer["status"], int(answer["headers"]["X-Bench-Cpu"]) / 1000, json.loads(payload or b"{}")


#: What ``gunicorn_hooks`` read of a sync worker (one thread).
SYNC_WORKER = type("Worker", (), {"cfg": type("Config", (), {"worker_class_str": "sync", "threads": 1})})


@functools.cache
def gunicorn_hooks() -> dict:
    """``gunicorn.conf.py``'s hooks around a request (the collector of cycles waits for its end), as
    a worker calls them: ``wsgi_call`` runs them too."""
    import runpy

    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def warm_up(club, event, section, table: int) -> None:
    """A whole GET, POST and confirm on a table of its own, so the figures alone are not a
    process's first requests (imports, the movement's parse, the serializers' set-up)."""
    from tournaments.selectors_event import table_pin

    pin = {"X-Table-Pin": table_pin(event, section, table)}
    url = f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/"
    board = wsgi_call("GET", url, headers=pin)[2]["to_play"][0]
    sent = wsgi_call("POST", url, {"board": board, "contract": "4S", "declarer": "S", "tricks": 10}, pin)[2]
    wsgi_call("POST", url + "confirm/", {"result": sent["id"]}, pin)
    wsgi_call("POST", f"/bench/insert/?event={event.pk}&table=warm")


def in_process(club, event, section, tables: list[int]) -> dict:
    """Each of these tables' boards of round 1, one at a time in this process, through the
    application as a gunicorn worker calls it (``wsgi_call``): its GET, POST and confirm (after
    one warm-up GET per table), and as many of the floor's one-row inserts: the median
    milliseconds of each, wall and the worker's CPU, and its statements (without transaction
    control; the most seen). Timed with DEBUG off, as production runs (this process has it on:
    Django's query log would write out every statement with its values); the statements are
    counted as they are executed."""
    import statistics

    from django.db import connection
    from django.test import override_settings

    from tournaments.selectors_event import table_pin

    taken: dict[str, list] = {}
    spent: dict[str, list] = {}
    counted: dict[str, int] = {}

    def timed(name, *request):
        run = []

        def count(execute, sql, params, many, context):
            run.append(sql)
            return execute(sql, params, many, context)

        with override_settings(DEBUG=False), connection.execute_wrapper(count):
            started = time.perf_counter()
            status, cpu, answer = wsgi_call(*request)
            taken.setdefault(name, []).append(1000 * (time.perf_counter() - started))
        spent.setdefault(name, []).append(cpu)
        counted[name] = max(counted.get(name, 0), sum(1 for sql in run if not TRANSACTION.match(sql)))
        if status >= 400:
            raise SystemExit(f"{name}: {status} {answer}")
        return answer

    floor = f"/bench/insert/?event={event.pk}&table=alone"
    wsgi_call("POST", floor)
    for table in tables:
        pin = {"X-Table-Pin": table_pin(event, section, table)}
        url = f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/"
        wsgi_call("GET", url, None, pin)
        while True:
            now = timed("get", "GET", url, None, pin)
            if not now["to_play"] or now["round"] != 1:  # round 1 only: the boards under load move on
                break
            sent = timed("post", "POST", url, {"board": now["to_play"][0], "contract": "4S", "declarer": "S",
                                               "tricks": 10}, pin)
            timed("confirm", "POST", url + "confirm/", {"result": sent["id"]}, pin)
            timed("insert", "POST", floor)
    out = {"samples": len(taken.get("post", []))}
    for name, ms in taken.items():
        out[f"{name}_ms"] = round(statistics.median(ms), 2)
        out[f"{name}_cpu_ms"] = round(statistics.median(spent[name]), 2)
        out[f"{name}_queries"] = counted[name]
    return out


def page_in_process(club, event, section, table: int) -> dict:
    """The table's own page, as the room's phones use it (not the API): for each board of the
    table's round 1, N-S's phone enters it, E-W's phone confirms it from the page it reads, and
    the confirmation leads to the page with the board's traveller (``?board=``). The most
    statements each kind took (without transaction control) and its median CPU milliseconds,
    with DEBUG off as production runs."""
    import statistics

    from django.db import connection
    from django.test import Client, override_settings
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Result
    from tournaments.selectors_event import table_pin

    page = f"/clubs/{club.slug}/events/{event.pk}/table/A/{table}/"
    ns, ew = Client(), Client()
    for phone in (ns, ew):
        phone.post(page, {"pin": table_pin(event, section, table)})
    counted: dict[str, int] = {}
    spent: dict[str, list] = {}

    def timed(name, phone, *request):
        with CaptureQueriesContext(connection) as seen:
            started = time.thread_time()
            answer = phone.get(*request) if name in ("get", "traveller") else phone.post(*request)
            spent.setdefault(name, []).append(1000 * (time.thread_time() - started))
        counted[name] = max(counted.get(name, 0), sum(1 for q in seen.captured_queries if not TRANSACTION.match(q["sql"])))
        if answer.status_code >= 400:
            raise SystemExit(f"table page {name}: {answer.status_code}")
        return answer

    warm = Result.objects.filter(section=section, confirmed=True).order_by("pk").first()  # ``warm_up``'s
    with override_settings(DEBUG=False):  # once: a change of DEBUG resets the template engines
        if warm is not None:  # the page and its traveller once, so that no figure is a template's first render
            other = f"/clubs/{club.slug}/events/{event.pk}/table/A/{warm.table}/"
            ew.post(other, {"pin": table_pin(event, section, warm.table)})
            ew.get(other, {"board": warm.board})
        ns.get(page)
        while True:
            now = timed("get", ns, page).context["now"]
            if not now["to_play"] or now["round"] != 1:
                break
            timed("post", ns, page, {"board": now["to_play"][0], "contract": "4S", "declarer": "S", "tricks": "10"})
            pending = ew.get(page).context["now"]["pending"][0]
            done = timed("confirm", ew, page, {"confirm": pending["id"], "seen": pending["summary"]})
            timed("traveller", ew, done["Location"])
    out = {"samples": len(spent.get("post", []))}
    for name, values in spent.items():
        out[f"{name}_queries"] = counted[name]
        out[f"{name}_cpu_ms"] = round(statistics.median(values), 2)
    return out


def documented_workers() -> int:
    """The worker count of the documented deployment (README, Production: ``gunicorn.conf.py``)
    on this machine."""
    import runpy

    return int(runpy.run_path(str(ROOT / "gunicorn.conf.py"))["workers"])


def production(env: dict) -> dict:
    """The environment of the README's production section: DEBUG off (no query log, no debug
    pages), behind a TLS proxy (the bench's requests say ``X-Forwarded-Proto: https``, as the
    proxy's would); the secret is the bench process's own (``environment``), so its PINs and
    session hold."""
    return {**env, "DEBUG": "False", "BEHIND_PROXY": "True"}


PROXY = {"X-Forwarded-Proto": "https"}


def serve(env: dict, port: int, log: Path, workers: int) -> subprocess.Popen:
    """gunicorn as the README's production section runs it (``gunicorn.conf.py``: sync workers,
    the application preloaded, keep-alive, limits; DEBUG off behind a proxy: ``production``), on
    a port and access log of the bench's own; the floor's view and the table's requests are
    served by the same processes."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "bench.entry_wsgi:application", "-c", str(ROOT / "gunicorn.conf.py"),
         "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--access-logfile", str(log),
         "--access-logformat", "%(m)s %(U)s %(s)s %(D)s %({x-bench-cpu}o)s",
         "--log-level", "warning"], cwd=ROOT, env=production(env), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.3)
    raise SystemExit("gunicorn did not start")


def request(port, method, path, body=None, headers=None) -> tuple[int, float, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = json.dumps(body).encode() if body is not None else None
    started = time.perf_counter()
    conn.request(method, path, body=data, headers={"Content-Type": "application/json", **PROXY, **(headers or {})})
    response = conn.getresponse()
    payload = response.read()
    took = 1000 * (time.perf_counter() - started)
    conn.close()
    try:
        parsed = json.loads(payload or b"{}")
    except ValueError:
        parsed = {}
    return response.status, took, parsed


def phones(port, club, event, section, tables: list[int], session: str, boards: int) -> dict:
    """Bursts, as an evening has them: every table's phone posts a result at the same moment, then
    every phone confirms at the same moment, once per board of the round. The floor is a burst of
    the same size just after each of them (one-row inserts), so that it meets the machine as the
    table's requests do: the worker rescoring after a burst of confirmations, the database's
    writes of the burst before. Then two bursts of signed-in club GETs."""
    from tournaments.selectors_event import table_pin

    times = {"post": [], "confirm": [], "insert": [], "club_get": []}
    codes = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(tables))
    cookie = {"Cookie": f"sessionid={session}"}

    def phone(table):
        pin = {"X-Table-Pin": table_pin(event, section, table)}
        url = f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/"
        floor = f"/bench/insert/?event={event.pk}&table={table}"
        _code, _ms, now = request(port, "GET", url, headers=pin)
        for board in now.get("to_play", [])[:boards]:
            barrier.wait()
            code, ms, sent = request(port, "POST", url, {"board": board, "contract": "3NT", "declarer": "N",
                                                         "tricks": 7 + (board + table) % 5}, pin)
            barrier.wait()
            _code, after_post, _ = request(port, "POST", floor)
            barrier.wait()
            code2, ms2, _ = request(port, "POST", url + "confirm/", {"result": sent.get("id")}, pin)
            barrier.wait()
            _code, after_confirm, _ = request(port, "POST", floor)
            with lock:
                times["post"].append(ms)
                times["confirm"].append(ms2)
                times["insert"] += [after_post, after_confirm]
                codes.append((code, code2))
        for _ in range(2):
            barrier.wait()
            _code2, ms2, _ = request(port, "GET", f"/api/clubs/{club.slug}/", headers=cookie)
            with lock:
                times["club_get"].append(ms2)

    threads = [threading.Thread(target=phone, args=(t,)) for t in tables]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    return {"times": times, "codes": codes, "wall_s": round(time.perf_counter() - started, 2)}


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1) + 0.5))], 1)


def worker_times(log: Path, club_slug: str) -> dict:
    """Milliseconds inside gunicorn's workers per kind of request: the wall time (its ``%(D)s``,
    microseconds) and the worker's own CPU (``X-Bench-Cpu``: ``bench/entry_wsgi.py``). Wall time
    beyond the CPU is waiting: on PostgreSQL or Redis, or for a core the other processes hold."""
    kinds = {"post": [], "confirm": [], "insert": [], "club_get": []}
    cpu = {k: [] for k in kinds}
    for line in log.read_text().splitlines():
        try:
            method, path, _status, micros, spent = line.split()
        except ValueError:
            continue
        if method == "POST" and path.endswith("/confirm/"):
            kind = "confirm"
        elif method == "POST" and "/tables/A/" in path:
            kind = "post"
        elif path.startswith("/bench/insert/"):
            kind = "insert"
        elif method == "GET" and path == f"/api/clubs/{club_slug}/":
            kind = "club_get"
        else:
            continue
        kinds[kind].append(int(micros) / 1000)
        if spent.isdigit():
            cpu[kind].append(int(spent) / 1000)
    return {k: {"p50": pct(v, 0.5), "p95": pct(v, 0.95), "n": len(v), "cpu_p50": pct(cpu[k], 0.5)}
            for k, v in kinds.items()}


def table(report: dict, before: dict) -> str:
    """Each figure beside its floor from the same run, and before issue 18 (``before``)."""
    inside, was = report["inside_worker_ms"], before.get("inside_worker_ms") or {}
    head = (f"table entry: {report['phones']} phones at once, {report['database']}, gunicorn {report['gunicorn_workers']} "
            f"workers, load {report['load_average_start']:.1f} -> {report['load_average']:.1f}")
    lines = [head, f"{'':<28}{'p50 ms':>9}{'p95 ms':>9}{'floor p50':>11}{'floor p95':>11}{'in worker':>11}"
                   f"{'floor':>8}{'CPU':>7}{'floor':>7}{'before p50/p95 (in worker)':>30}"]
    for name, key in (("POST result", "post"), ("confirm", "confirm")):
        then = (f"{before.get(f'{key}_p50_ms')}/{before.get(f'{key}_p95_ms')} "
                f"({(was.get(key) or {}).get('p50')})" if before else "-")
        lines.append(f"{name:<28}{report[f'{key}_p50_ms']!s:>9}{report[f'{key}_p95_ms']!s:>9}"
                     f"{report['insert_floor_p50_ms']!s:>11}{report['insert_floor_p95_ms']!s:>11}"
                     f"{inside[key]['p50']!s:>11}{inside['insert']['p50']!s:>8}{inside[key]['cpu_p50']!s:>7}"
                     f"{inside['insert']['cpu_p50']!s:>7}{then:>30}")
    lines.append(f"{'floor: one-row insert view':<28}{report['insert_floor_p50_ms']!s:>9}"
                 f"{report['insert_floor_p95_ms']!s:>9}{'':>22}{inside['insert']['p50']!s:>11}{'':>8}"
                 f"{inside['insert']['cpu_p50']!s:>7}")
    lines.append(f"{'club GET (signed in)':<28}{report['club_get_p50_ms']!s:>9}{report['club_get_p95_ms']!s:>9}"
                 f"{'':>22}{inside['club_get']['p50']!s:>11}{'':>8}{inside['club_get']['cpu_p50']!s:>7}")
    alone, then = report["alone"], before.get("alone") or {}
    lines.append(f"{'statements GET/POST/confirm':<28}{alone['get_queries']}/{alone['post_queries']}/"
                 f"{alone['confirm_queries']} (target <= 6; before "
                 f"{then.get('get_queries')}/{then.get('post_queries')}/{then.get('confirm_queries')})")
    lines.append(f"{'alone, ms GET/POST/confirm':<28}{alone['get_ms']}/{alone['post_ms']}/{alone['confirm_ms']} "
                 f"(median of {alone.get('samples', 1)}; floor {alone.get('insert_ms')}; before {then.get('get_ms')}/"
                 f"{then.get('post_ms')}/{then.get('confirm_ms')})")
    page = report.get("page") or {}
    if page:
        lines.append(f"{'table page: statements':<28}{page['get_queries']}/{page['post_queries']}/"
                     f"{page['confirm_queries']}/{page['traveller_queries']} (GET/POST/confirm/traveller; target <= 6)")
        lines.append(f"{'table page: CPU ms':<28}{page['get_cpu_ms']}/{page['post_cpu_ms']}/{page['confirm_cpu_ms']}/"
                     f"{page['traveller_cpu_ms']} (median of {page['samples']})")
    if "post_cpu_ms" in alone:
        lines.append(f"{'alone, CPU GET/POST/confirm':<28}{alone['get_cpu_ms']}/{alone['post_cpu_ms']}/"
                     f"{alone['confirm_cpu_ms']} ms (floor {alone['insert_cpu_ms']}: POST "
                     f"{alone['post_cpu_ms'] / alone['insert_cpu_ms']:.1f}x, confirm "
                     f"{alone['confirm_cpu_ms'] / alone['insert_cpu_ms']:.1f}x)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--boards", type=int, default=3, help="boards per round: each phone enters and confirms each")
    parser.add_argument("--workers", type=int, default=None,
                        help="gunicorn workers (default: the documented deployment's, gunicorn.conf.py)")
    parser.add_argument("--quick", action="store_true", help="two boards per phone")
    args = parser.parse_args()
    boards = 2 if args.quick or os.environ.get("BENCH_QUICK") else args.boards
    load_start = os.getloadavg()[0]
    workers = args.workers or documented_workers()
    env = environment()
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "BENCH_ENTRY_QUEUE",
                                           "SECRET_KEY")})
    if env.get("REDIS_URL"):
        os.environ["REDIS_URL"] = env["REDIS_URL"]
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    club, event, section, session = setup_event(args.tables, boards)
    warm_up(club, event, section, args.tables + 1)  # the spare tables: not under load, the others alone
    alone = in_process(club, event, section, list(range(args.tables + 2, event_tables(args.tables))))
    page = page_in_process(club, event, section, event_tables(args.tables))
    connection.close()
    worker = None
    if env.get("REDIS_URL"):
        worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "cardroom", "worker", "--pool=solo",
                                   "-Q", env["BENCH_ENTRY_QUEUE"], "--loglevel=WARNING", "--without-gossip",
                                   "--without-mingle"], cwd=ROOT, env=production(env), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
    port = free_port()
    log = Path(tempfile.gettempdir()) / f"cardroom-entry-{os.getpid()}.log"
    server = serve(env, port, log, workers)
    try:
        run = phones(port, club, event, section, list(range(1, args.tables + 1)), session, boards)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        if worker:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=60)
    inside = worker_times(log, club.slug)
    log.unlink(missing_ok=True)
    times = run["times"]
    report = {
        "database": connection.vendor, "worker": bool(worker), "gunicorn_workers": workers,
        "gunicorn_config": "gunicorn.conf.py (README, Production)",
        "phones": args.tables, "boards_each": boards, "results": len(run["codes"]),
        "all_stored": all(c == (201, 200) for c in run["codes"]), "wall_s": run["wall_s"],
        "post_p50_ms": pct(times["post"], 0.5), "post_p95_ms": pct(times["post"], 0.95),
        "confirm_p50_ms": pct(times["confirm"], 0.5), "confirm_p95_ms": pct(times["confirm"], 0.95),
        "insert_floor_p50_ms": pct(times["insert"], 0.5), "insert_floor_p95_ms": pct(times["insert"], 0.95),
        "club_get_p50_ms": pct(times["club_get"], 0.5), "club_get_p95_ms": pct(times["club_get"], 0.95),
        "inside_worker_ms": inside, "alone": alone, "page": page,
        "load_average_start": load_start, "load_average": os.getloadavg()[0],
    }
    before = {}
    kept = ROOT / "bench" / "results" / "table_entry_before.json"
    if kept.exists():
        before = json.loads(kept.read_text())
    print(table(report, before))
    out = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "table_entry.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
