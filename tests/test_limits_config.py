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
