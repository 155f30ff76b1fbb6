"""Project-level checks: migrations complete, settings fail loudly, system checks pass."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_models_and_migrations_agree():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_missing_secret_key_is_refused_outside_debug():
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    env["DJANGO_SETTINGS_MODULE"] = "cardroom.settings"
    result = subprocess.run([sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "SECRET_KEY is required" in result.stderr


def test_system_checks_pass():
    call_command("check", "--fail-level", "WARNING")


def test_no_test_flushes_the_shared_redis():
    """The cache and Celery's broker share REDIS_URL's database, and xdist runs tests side by side:
    clearing the cache (FLUSHDB) in one test deleted another worker's queued tasks."""
    from pathlib import Path

    here = Path(__file__).resolve().parent
    needle = "cache" + ".clear()"
    offenders = [str(p.relative_to(here)) for p in here.rglob("*.py") if needle in p.read_text()]
    assert offenders == []
