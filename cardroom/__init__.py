"""Cardroom: club and tournament system for duplicate and progressive card games."""
from .celery import app as celery_app

__all__ = ("celery_app",)
