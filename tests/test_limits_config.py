"""Workers are bounded in time, memory and request size (issue 17, item 1): the gunicorn
config and the Celery settings say so, and the limits live in one place."""
import runpy
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def test_gunicorn_config_bounds_each_worker(monkeypatch):
    for name in ("GUNICORN_TIMEOUT", "GUNICORN_MAX_REQUESTS", "GUNICORN_WORKER_MEMORY_MB"):
        monkeypatch.delenv(name, raising=False)
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert 0 < config["timeout"] <= 60
    assert config["max_requests"] > 0 and config["max_requests_jitter"] > 0
    assert config["limit_request_line"] <= 8190 and config["limit_request_fields"] <= 100
    assert config["worker_memory_mb"] > 0 and callable(config["post_worker_init"])


def test_celery_tasks_and_worker_processes_are_bounded():
    from cardroom.celery import app

    assert 0 < app.conf.task_soft_time_limit < app.conf.task_time_limit
    assert app.conf.worker_max_memory_per_child > 0 and app.conf.worker_max_tasks_per_child > 0


def test_upload_limits_come_from_the_limits_module():
    from cardroom import limits

    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == limits.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == limits.FILE_UPLOAD_MAX_MEMORY_SIZE
    assert limits.CSV_MAX_ROWS > 0 and limits.JSON_MAX_DEPTH >= 5


def test_gunicorn_preloads_the_application_and_readies_each_worker(monkeypatch):
    """Issue 18: a worker's first request (a table's first confirmation after a recycle) does not
    import the URL conf or open Redis connections: the master loads and warms the application,
    and each worker opens its connections in ``post_worker_init``."""
    monkeypatch.delenv("GUNICORN_PRELOAD", raising=False)
    monkeypatch.setenv("GUNICORN_WORKER_MEMORY_MB", "0")
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["preload_app"] is True
    import cardroom.wsgi

    called = []
    monkeypatch.setattr(cardroom.wsgi, "worker_ready", lambda: called.append(1))
    config["post_worker_init"](object())
    assert called == [1]


def test_the_wsgi_module_imports_every_view_and_leaves_no_connection_open(tmp_path):
    """What gunicorn's master loads (``cardroom.wsgi``), in a fresh process: the views and the task
    modules are imported, and no database connection is left for the workers it forks to share."""
    import os
    import subprocess
    import sys

    code = ("import sys, cardroom.wsgi; from django.db import connection; "
            "print('tournaments.api.tables' in sys.modules, 'scoring.tasks' in sys.modules, "
            "connection.connection is None)")
    env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
           "DJANGO_SETTINGS_MODULE": "cardroom.settings"}
    env.pop("REDIS_URL", None)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-3:] == ["True", "True", "True"]


def test_worker_ready_survives_redis_down(settings, monkeypatch, caplog):
    import cardroom.wsgi
    from django.core.cache import cache

    def down(*_a, **_k):
        raise ConnectionError("refused")

    monkeypatch.setattr(cache, "get", down)
    cardroom.wsgi.worker_ready()  # logs, does not raise
    assert "Redis not reached" in caplog.text


def test_a_celery_worker_lowers_its_cpu_priority(settings, monkeypatch):
    from cardroom import celery

    niced = []
    monkeypatch.setattr(celery.os, "nice", niced.append)
    settings.CARDROOM_WORKER_NICE = 10
    celery.yield_to_the_web()
    settings.CARDROOM_WORKER_NICE = 0
    celery.yield_to_the_web()
    assert niced == [10]


def test_a_workers_collector_of_cycles_waits_for_the_end_of_each_request(monkeypatch):
    """Issue 18: a sync worker's request is not interrupted by Python's collector of reference
    cycles under its usual thresholds; after the response, a collection that is due runs. A
    worker with threads keeps Python's thresholds; the master freezes what it loaded before a fork."""
    import gc
    from types import SimpleNamespace

    monkeypatch.delenv("GUNICORN_GC_REQUEST_THRESHOLD", raising=False)
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    usual = gc.get_threshold()
    sync, threaded, greenlets = (SimpleNamespace(cfg=SimpleNamespace(worker_class_str=kind, threads=n))
                                 for kind, n in (("sync", 1), ("sync", 4), ("gevent", 1)))
    collected = []

    def seen(phase, info):
        if phase == "stop":
            collected.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        config["pre_request"](sync, None)
        assert gc.get_threshold()[0] == config["gc_request_threshold"] > 10 * usual[0]
        kept = [[n] for n in range(3 * usual[0])]  # a request's objects, more than the usual threshold
        assert not collected
        config["post_request"](sync, None, {}, None)
        assert gc.get_threshold() == usual and collected  # due: collected once the response is sent
        for concurrent in (threaded, greenlets):
            config["pre_request"](concurrent, None)
            assert gc.get_threshold() == usual
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*usual)
    assert len(kept) == 3 * usual[0]
    config["pre_fork"](None, None)
    try:
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
