"""Settings for the test suite (pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml):
the project's settings from the same environment (DATABASE_URL, REDIS_URL), then what the suite
needs instead. Nothing else loads this module, so production settings never depend on pytest."""
import os

# The suite signs nothing that outlives it; CI may still pass a SECRET_KEY of its own.
os.environ.setdefault("SECRET_KEY", "cardroom-insecure-test-key")

from cardroom.settings import *  # noqa: E402,F401,F403
from cardroom.settings import ALLOWED_HOSTS, DATABASES, STORAGES, VAR_DIR  # noqa: E402

# Django's test client calls itself "testserver".
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "testserver"]

# A request's connection closes when it ends: live-server and worker threads hold no PostgreSQL
# session past their test.
DATABASES["default"]["CONN_MAX_AGE"] = 0
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file (not :memory:) so a Celery worker child process can share the test database;
    # one per test process so parallel runs do not trample each other.
    DATABASES["default"].setdefault("TEST", {}).setdefault("NAME", str(VAR_DIR / f"test-{os.getpid()}.sqlite3"))

# The suite makes hundreds of users; the real hasher's deliberate slowness buys nothing there.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Plain HTTP: the test client and the live server speak no TLS (tests/test_production_settings.py
# checks the HTTPS defaults of the real settings in a process of their own).
HTTPS = False
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = False
# Static files as they are on disk: no manifest to build first.
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}

# Tasks run inline, slow ones too, so a test reads their results when the call returns; a test
# that wants a broker or a real worker says so (tests/conftest.py: celery_worker_process).
CELERY_TASK_ALWAYS_EAGER = True
CARDROOM_INLINE_THREADS = False
# Each commit queues its own rescore (a test that coalesces turns this on with a Redis cache):
# a marker left by a test that loses its tasks must not hold back another test's runs.
CARDROOM_COALESCE = False
