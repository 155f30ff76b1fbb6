"""WSGI entry point (gunicorn cardroom.wsgi)."""
import logging
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
application = get_wsgi_application()


def warm_up() -> None:
    """Import every URL pattern and view now, not in a worker's first request (gunicorn preloads
    the application and forks its workers from it: ``gunicorn.conf.py``); no connection opened
    here is left for the forks to share."""
    from django.db import connections
    from django.urls import get_resolver

    from cardroom.celery import app

    get_resolver().url_patterns  # noqa: B018 - imports the URL conf and, through it, every view
    app.loader.import_default_modules()  # the task modules a request queues from
    connections.close_all()


warm_up()


def worker_ready() -> None:
    """In each worker as it starts (gunicorn's ``post_worker_init``), before its first request:
    its connections to Redis, the cache's and the Celery broker's (and the modules they load),
    which a table's first confirmation in that worker would otherwise wait for (50 to 200 ms).
    Redis down is no reason not to serve: it is logged, and requests connect when it is back."""
    try:
        from django.conf import settings
        from django.core.cache import cache

        from cardroom.celery import app

        cache.get("cardroom:worker-ready")
        if not settings.CELERY_TASK_ALWAYS_EAGER:
            with app.producer_or_acquire() as producer:
                producer.connection.ensure_connection(max_retries=1)
            app.backend  # noqa: B018 - the result backend, created on a task's first send
    except Exception as exc:  # noqa: BLE001 - a worker must start without Redis
        logging.getLogger(__name__).warning("worker start: Redis not reached (%s: %s)", type(exc).__name__, exc)
