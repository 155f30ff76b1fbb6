"""Shared fixtures: a club with a director, a scorer and a player; API clients; service checks."""
from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

import pytest

REQUIRE_SERVICES = os.environ.get("CARDROOM_REQUIRE_SERVICES", "") in {"1", "true", "yes"}
PASSWORD = "correct-horse-battery"


def service_missing(reason: str) -> None:
    """Skip a test whose service is absent, or fail it when CI requires the services."""
    if REQUIRE_SERVICES:
        pytest.fail(f"CARDROOM_REQUIRE_SERVICES=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        service_missing("REDIS_URL is not set (Redis needed)")
    parsed = urlparse(url)
    try:
        socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=2).close()
    except OSError as exc:
        service_missing(f"Redis at {url} does not answer: {exc}")
    return url


@pytest.fixture
def require_postgres(settings):
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        service_missing("DATABASE_URL does not point at PostgreSQL")


@pytest.fixture
def require_redis():
    return redis_url()


@pytest.fixture(scope="session")
def double_dummy_once(tmp_path_factory):
    """Double dummy is a pure function of the board, and the suite deals the same seeded boards
    in hundreds of tests (about a quarter second of DDS a board): each board is solved once per
    run. A process keeps what it solved, and leaves it (pickled, under its repr's hash) in a
    folder the run's xdist workers share, where the other workers read it instead of solving
    the board again. A test that takes endplay away still gets AnalysisUnavailable."""
    import hashlib
    import pickle

    from tournaments.deals import doubledummy
    from tournaments.services import boards

    solve = boards.analyse_boards
    solved: dict[str, object] = {}
    base = tmp_path_factory.getbasetemp()  # under xdist, a worker's own folder in the run's
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "double-dummy"
    shared.mkdir(exist_ok=True)

    def stored(key: str) -> bool:
        path = shared / f"{hashlib.sha256(key.encode()).hexdigest()}.pickle"
        try:
            solved[key] = pickle.loads(path.read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError):
            return False
        return True

    def store(key: str, analysis) -> None:
        path = shared / f"{hashlib.sha256(key.encode()).hexdigest()}.pickle"
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(pickle.dumps(analysis))
        os.replace(part, path)  # whole or not at all, for a worker reading it meanwhile

    def analyse_boards(batch):
        doubledummy._endplay()
        missing = [b for b in batch if repr(b) not in solved and not stored(repr(b))]
        if missing:
            for key, analysis in zip(map(repr, missing), solve(missing)):
                solved[key] = analysis
                store(key, analysis)
        return [solved[repr(b)] for b in batch]

    boards.analyse_boards = analyse_boards
    yield
    boards.analyse_boards = solve


def _flush_by_delete():
    """After each transactional test Django empties every table with one PostgreSQL ``TRUNCATE``
    of all of them, which makes new files for each of the ~200 tables and indexes: about 1-4 s a
    test here, against 0.2 s for a ``DELETE FROM`` of each table. Every foreign key Django makes
    is DEFERRABLE INITIALLY DEFERRED and the flush runs in one transaction, so the order of the
    deletes does not matter. Sequences are left as TRUNCATE leaves them (no RESTART IDENTITY);
    a flush that resets them or cascades keeps Django's TRUNCATE. Returns the undo."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return lambda: None
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade:
            return truncate(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        return [f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};" for table in tables]

    DatabaseOperations.sql_flush = sql_flush
    return lambda: setattr(DatabaseOperations, "sql_flush", truncate)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, double_dummy_once):
    """pytest-django's test database, created only when a test asks for the database (pure
    tests never do); at the end, worker subprocesses and live-server threads that still hold a
    PostgreSQL session on it are ended so it can be dropped."""
    undo_flush = _flush_by_delete()
    yield
    undo_flush()
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    connection.close()


@pytest.fixture(scope="session")
def demo_snapshot(django_db_setup, django_db_blocker):
    """The demo as ``load_demo()`` leaves it, loaded once per test process (tests/demo_snapshot.py)."""
    from tests.demo_snapshot import DemoSnapshot

    with django_db_blocker.unblock():
        return DemoSnapshot.take()


@pytest.fixture
def demo_club(request, demo_snapshot):
    """The demo (clubs.demo.load_demo: its clubs, logins, events, championship, simultaneous,
    teams events and party games) in this test's database, restored from the process's snapshot
    in about a tenth of a second; returns the demo club. A test marked
    ``django_db(transaction=True)`` (a live server's) gets it committed."""
    if request.node.get_closest_marker("django_db") is None:
        request.getfixturevalue("db")
    return demo_snapshot.restore()


def postgres_headroom() -> str:
    """How many PostgreSQL connections are in use and by whom (for a failure message)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('max_connections')::int, count(*) FROM pg_stat_activity")
        limit, used = cursor.fetchone()
        cursor.execute("SELECT coalesce(datname, '-'), count(*) FROM pg_stat_activity GROUP BY 1 ORDER BY 2 DESC")
        holders = ", ".join(f"{name}: {n}" for name, n in cursor.fetchall())
    return f"{used} of {limit} connections in use ({holders})"


@pytest.fixture
def celery_inline():
    """The Celery app, running tasks inline (cardroom.settings_test); a fixture that points it at
    a broker puts this back when its test ends."""
    from cardroom.celery import app

    assert app.conf.task_always_eager, "a previous test left Celery pointed at a broker"
    return app


@pytest.fixture
def make_user(db):
    from django.contrib.auth import get_user_model

    def make(username: str, **extra):
        return get_user_model().objects.create_user(username=username, password=PASSWORD,
                                                    email=f"{username}@example.org", **extra)
    return make


@pytest.fixture
def club(db):
    from clubs import services

    return services.club_create(name="Test Club", slug="test-club", city="Bath", time_zone="Europe/London")


@pytest.fixture
def other_club(db):
    from clubs import services

    return services.club_create(name="Other Club", slug="other-club", city="York")


@pytest.fixture
def director(club, make_user):
    from clubs import services

    user = make_user("dora")
    services.role_grant(club=club, user=user, role="director")
    return user


@pytest.fixture
def scorer(club, make_user):
    from clubs import services

    user = make_user("sam")
    services.role_grant(club=club, user=user, role="scorer")
    return user


@pytest.fixture
def player(club, make_user):
    from clubs import services

    user = make_user("penny")
    services.role_grant(club=club, user=user, role="player")
    return user


@pytest.fixture
def commits(db, monkeypatch):
    """The test's transaction is rolled back at its end as usual, but the code under test commits
    inside it: on-commit callbacks (the scoring tasks) run when its own transaction ends
    (tests/commits.py). Cheaper than transaction=True, which empties every table afterwards."""
    from tests.commits import emulate_commits

    emulate_commits(monkeypatch)


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def api_as():
    """api_as(user) -> an APIClient authenticated as that user."""
    from rest_framework.test import APIClient

    def make(user):
        client = APIClient()
        client.force_authenticate(user=user)
        return client
    return make


def database_url_for_subprocess() -> str:
    """A DATABASE_URL that points a child process at the test database."""
    from django.db import connection

    sd = connection.settings_dict
    if sd["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{sd['NAME']}"
    if sd["ENGINE"].endswith("postgresql"):
        auth = sd["USER"] or ""
        if sd["PASSWORD"]:
            auth += f":{sd['PASSWORD']}"
        host = sd["HOST"] or "127.0.0.1"
        return f"postgres://{auth}@{host}:{sd['PORT'] or 5432}/{sd['NAME']}"
    raise RuntimeError(f"no URL form for {sd['ENGINE']}")


class WorkerProcess:
    """A real `celery -A cardroom worker` child process on a queue of its own."""

    def __init__(self, broker: str, queue: str, *, app: str = "cardroom", pool: str = "solo",
                 env: dict | None = None):
        import subprocess
        import sys
        import threading
        import queue as queue_mod
        from pathlib import Path

        self.queue = queue
        root = Path(__file__).resolve().parent.parent
        # The worker runs the project's own settings, as in production, on the test database.
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardroom.settings",
               "DATABASE_URL": database_url_for_subprocess(), "REDIS_URL": broker,
               "DEBUG": "True", "PYTHONUNBUFFERED": "1",
               "CARDROOM_WORKER_NICE": "0",  # the tests wait on it: it runs at their priority
               **(env or {})}
        self.lines: "queue_mod.Queue[str]" = queue_mod.Queue()
        self.output: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", app, "worker", f"--pool={pool}", "--concurrency=1",
             "-Q", queue,
             "-n", f"{queue}@%h", "--loglevel=INFO", "--without-gossip", "--without-mingle"],
            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.process.stdout:
            self.output.append(line)
            self.lines.put(line)

    def wait_ready(self, timeout: float = 60) -> None:
        import queue as queue_mod
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue_mod.Empty:
                if self.process.poll() is not None:
                    break
                continue
            if " ready." in line:
                return
        raise AssertionError("Celery worker did not start:\n" + "".join(self.output[-40:]))

    def stop(self, *, kill: bool = False) -> None:
        import signal
        import subprocess

        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def celery_worker_factory(require_redis, transactional_db, celery_inline):
    """Start real Celery workers (``start(app=..., pool=..., env=...)``) on a queue of this test;
    tasks fired during the test go to them. Every worker is stopped at the end."""
    import uuid

    app = celery_inline
    queue = f"cardroom-test-{uuid.uuid4().hex[:10]}"
    saved = (app.conf.task_always_eager, app.conf.task_default_queue, app.conf.broker_url,
             app.conf.result_backend)
    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    workers: list[WorkerProcess] = []

    def start(**options) -> WorkerProcess:
        worker = WorkerProcess(require_redis, queue, **options)
        workers.append(worker)
        worker.wait_ready()
        return worker
    try:
        yield start
    finally:
        for worker in workers:
            worker.stop()
        (app.conf.task_always_eager, app.conf.task_default_queue, app.conf.broker_url,
         app.conf.result_backend) = saved


@pytest.fixture
def celery_worker_process(require_redis, transactional_db, celery_inline):
    """Start a real Celery worker against Redis and the test database; tasks go to it.

    Use with @pytest.mark.django_db(transaction=True): the worker is another process and
    only sees committed rows. Yields a WorkerProcess (stop(kill=True) simulates a crash;
    call the fixture's `start()` again through `worker.restart()` if a test needs it).
    """
    import uuid

    app = celery_inline
    queue = f"cardroom-test-{uuid.uuid4().hex[:10]}"
    saved = (app.conf.task_always_eager, app.conf.task_default_queue, app.conf.broker_url,
             app.conf.result_backend)
    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    worker = WorkerProcess(require_redis, queue)
    worker.restart = lambda: _restart(worker, require_redis, queue)
    try:
        worker.wait_ready()
        yield worker
    finally:
        worker.stop()
        (app.conf.task_always_eager, app.conf.task_default_queue, app.conf.broker_url,
         app.conf.result_backend) = saved


def _restart(worker: WorkerProcess, broker: str, queue: str) -> WorkerProcess:
    worker.stop()
    fresh = WorkerProcess(broker, queue)
    fresh.wait_ready()
    worker.__dict__.update(fresh.__dict__)
    return worker


def wait_until(predicate, *, timeout: float = 30, interval: float = 0.1):
    """Poll `predicate` until it returns something truthy; fail after `timeout` seconds."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"condition not met within {timeout} s")


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def _counts_after_load() -> None:
    """Playwright's ``Locator.count()`` does not wait: read straight after a click that
    navigates, it may count an empty, not yet parsed document (a CI run once saw 0 rows of a
    search whose page had only committed). Every count here first waits for the document it
    reads to be parsed; a page already loaded answers at once."""
    from playwright.sync_api import Locator

    if getattr(Locator.count, "_after_load", False):
        return
    count = Locator.count

    def count_after_load(self):
        self.page.wait_for_load_state("domcontentloaded")
        return count(self)

    count_after_load._after_load = True
    Locator.count = count_after_load


def refresh_falls_due(page) -> None:
    """Pages that follow play reload themselves (data-refresh) or read their live parts again
    (data-live) every few seconds. A test waiting for that moves the clock of the page's
    context on by the period instead of sitting through it: the page's own timer still does
    the reloading. The context's clock is installed (``context.clock.install()``) before the
    page is opened; time then runs on as usual."""
    seconds = page.evaluate("""() => { const e = document.querySelector('[data-refresh], [data-live]');
                                       return e ? parseInt(e.dataset.refresh || e.dataset.live, 10) : 0; }""")
    assert seconds > 0, f"{page.url} has no data-refresh or data-live period"
    page.context.clock.fast_forward(seconds * 1000)


@pytest.fixture
def browser_page():
    """A Playwright page in Debian's Chromium (fails instead of skipping when CI requires it)."""
    if not os.path.exists(CHROMIUM):
        service_missing(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    _counts_after_load()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(15000)
        yield page
        context.close()
        browser.close()


@pytest.fixture
def chromium():
    """Debian's Chromium itself, for tests that need several browser contexts (a director's
    laptop and each table's phones are separate sessions)."""
    if not os.path.exists(CHROMIUM):
        service_missing(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    _counts_after_load()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
