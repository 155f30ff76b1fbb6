"""Celery application, configured from Django settings (CELERY_* names)."""
import os
import sys

from celery import Celery
from celery.signals import worker_init, worker_process_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")

app = Celery("cardroom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def yield_to_the_web(**_kwargs) -> None:
    """A worker (and the pool processes it forks) lowers its CPU priority by
    ``CARDROOM_WORKER_NICE`` before it takes a task."""
    from django.conf import settings

    if settings.CARDROOM_WORKER_NICE > 0:
        os.nice(settings.CARDROOM_WORKER_NICE)


@worker_process_shutdown.connect
def forget_print_style(**_kwargs) -> None:
    """A pool process leaves by ``os._exit`` (no atexit): the print stylesheet it kept parsed
    takes its fonts' temporary folder with it here."""
    render = sys.modules.get("tournaments.prints.render")
    if render is not None:
        render.forget_print_style()
