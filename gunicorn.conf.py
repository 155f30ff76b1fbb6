"""Gunicorn settings for production (``gunicorn cardroom.wsgi`` reads this file from the
working directory). Every worker is bounded in time, memory and request size, so no request
can take a worker for long or the machine's memory; the application's own limits are in
``cardroom/limits.py``. Each value can be changed from the environment."""
import gc
import multiprocessing
import os
import resource
import sys


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)  # unset or empty: the default


bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# One worker per core and one more: on the small machine a club runs, PostgreSQL and the Celery
# worker share the cores, and more workers only contend for them (issue 18, 2 cores, 30 table
# phones at once: 3 workers answered p50 88 ms / 103 ms for results / confirmations, 4 workers
# 99 ms / 134 ms, mean of three runs each).
workers = _int("GUNICORN_WORKERS", multiprocessing.cpu_count() + 1)
timeout = _int("GUNICORN_TIMEOUT", 30)              # a worker silent this long is killed and replaced
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = 5
max_requests = _int("GUNICORN_MAX_REQUESTS", 1000)   # recycle workers, so a leak cannot grow for ever
max_requests_jitter = _int("GUNICORN_MAX_REQUESTS_JITTER", 100)
limit_request_line = 4094                            # URL and query string, bytes
limit_request_fields = 100                           # headers per request
limit_request_field_size = 8190                      # bytes per header
worker_memory_mb = _int("GUNICORN_WORKER_MEMORY_MB", 2048)  # address space per worker (0: no limit)
accesslog = "-"
# The application is loaded once, in the master (``cardroom.wsgi`` also imports every URL and
# view), and each worker is a fork of it: a new or recycled worker answers its first request as
# fast as its thousandth, instead of spending a second of CPU on imports inside a phone's request.
preload_app = os.environ.get("GUNICORN_PRELOAD", "1") != "0"


def post_worker_init(worker):
    """Open the worker's connections to Redis before its first request (``cardroom.wsgi``), then
    cap its address space: an allocation past it fails in that request alone (a MemoryError,
    logged), instead of the kernel killing whatever it picks."""
    ready = getattr(sys.modules.get("cardroom.wsgi"), "worker_ready", None)
    if ready is not None:
        ready()
    if worker_memory_mb:
        size = worker_memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))


# Python's collector of reference cycles runs whenever the container objects allocated since its
# last run pass a threshold (700 for the youngest generation). A table phone's result allocates more
# than that before it answers, so a collection ran inside most of them, scanning objects the request
# still used and keeping them to be scanned again (issue 18: 0.2-0.3 ms of a result's 2 ms of CPU,
# measured with gc.callbacks). In a sync worker the collector therefore waits for the request's end:
# during a request it runs only past GUNICORN_GC_REQUEST_THRESHOLD objects (an import of thousands of
# results still collects as it goes); once the response is sent, Python's own thresholds are back
# and a collection that is due runs then, when the request's objects are mostly freed and there is
# little left to scan. 0: Python's thresholds throughout.
gc_request_threshold = _int("GUNICORN_GC_REQUEST_THRESHOLD", 50_000)
GC_THRESHOLDS = gc.get_threshold()


class _Tracked:
    """An object the collector tracks: allocating one lets Python start a collection that is due."""


def pre_fork(server, worker):
    """What the master loaded (``preload_app``) is kept out of every collection in the workers
    (``gc.freeze``, as Python's documentation advises before a fork), its garbage collected first:
    it lives as long as they do, and scanning it would also copy the pages it shares with them."""
    gc.collect()
    gc.freeze()


def _one_request_at_a_time(worker) -> bool:
    """The thresholds are the process's: only a sync worker (one thread) has one request at a time."""
    return bool(gc_request_threshold) and worker.cfg.worker_class_str == "sync" and worker.cfg.threads <= 1


def pre_request(worker, req):
    if _one_request_at_a_time(worker):
        gc.set_threshold(gc_request_threshold, *GC_THRESHOLDS[1:])


def post_request(worker, req, environ, resp):
    """After the response (and gunicorn's access log): Python's thresholds again; an allocation
    lets the collector run now if one is due, choosing the generation by its own rules."""
    if _one_request_at_a_time(worker):
        gc.set_threshold(*GC_THRESHOLDS)
        _Tracked()
