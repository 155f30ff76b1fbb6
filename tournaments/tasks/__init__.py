"""Celery tasks of the tournaments app, one module per area (autodiscovered through here)."""
from tournaments.prints.tasks import render_event_pack, render_pack_part

from .boards import boardset_analyse

__all__ = ["boardset_analyse", "render_event_pack", "render_pack_part"]
