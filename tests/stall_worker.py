"""A Celery app for the crash test: the real `cardroom` app, whose scoring run stops just before
it writes the new standings (old rows already deleted, nothing committed) for as long as a marker
file exists, after writing its process id, so a test can SIGKILL the pool process mid-task.

Started as `celery -A tests.stall_worker worker --pool=prefork` with CARDROOM_STALL_DIR set.
"""
import os
import time
from pathlib import Path

from cardroom.celery import app  # noqa: F401  (the worker's app)

import django

django.setup()

from scoring.models import Standing  # noqa: E402

STALL_DIR = Path(os.environ["CARDROOM_STALL_DIR"])
_bulk_create = Standing.objects.bulk_create


def stalling_bulk_create(objs, *args, **kwargs):
    marker = STALL_DIR / "stall"
    if marker.exists():
        (STALL_DIR / "running.pid").write_text(str(os.getpid()))
        deadline = time.monotonic() + 120
        while marker.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
    return _bulk_create(objs, *args, **kwargs)


Standing.objects.bulk_create = stalling_bulk_create
