"""WSGI application of bench/table_entry.py (settings: bench.entry_settings), loaded and warmed up
as ``cardroom.wsgi`` is."""
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.entry_settings")

from cardroom.wsgi import application  # noqa: E402,F401
