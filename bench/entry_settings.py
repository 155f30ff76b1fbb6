"""The project's settings for bench/table_entry.py: its own URLs (the floor view beside the real
ones) and its own Celery queue, so a worker of another run on the same Redis takes none of its tasks."""
import os

from cardroom.settings import *  # noqa: F401,F403

ROOT_URLCONF = "bench.entry_urls"
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("BENCH_ENTRY_QUEUE", "celery")
