"""WSGI application of bench/table_entry.py (settings: bench.entry_settings)."""
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.entry_settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
