"""WSGI application of bench/table_entry.py (settings: bench.entry_settings), loaded and warmed up
as ``cardroom.wsgi`` is. Each response says how much CPU its worker spent on it (``X-Bench-Cpu``,
microseconds of the worker's own thread, up to the response's headers), for gunicorn's access
log: beside the wall time inside the worker (``%(D)s``), what the request cost and what was
waiting (on the database, Redis, or a core the other processes held)."""
import os
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.entry_settings")

from cardroom.wsgi import application as project  # noqa: E402


def application(environ, start_response):
    started = time.thread_time()

    def start(status, headers, exc_info=None):
        headers.append(("X-Bench-Cpu", str(round(1e6 * (time.thread_time() - started)))))
        return start_response(status, headers, exc_info)

    return project(environ, start)
