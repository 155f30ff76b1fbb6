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


def _rest_framework_modules() -> list[str]:
    """The project's modules named in ``REST_FRAMEWORK`` (parser, exception handler...)."""
    from django.conf import settings

    named = []
    for value in settings.REST_FRAMEWORK.values():
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, str) and item.split(".")[0] in {"cardroom", "clubs", "scoring", "tournaments"}:
                named.append(item.rsplit(".", 1)[0])
    return sorted(set(named))


@pytest.mark.parametrize("module", sorted({"cardroom.api", *_rest_framework_modules()}))
def test_api_modules_import_first_in_a_fresh_interpreter(module):
    """DRF's settings import the classes ``REST_FRAMEWORK`` names while ``rest_framework.views``
    loads: a named module that imports the views itself was met half-imported (a circular
    import) whenever it was imported before them, as a script or a shell may."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardroom.settings_test"}
    code = ("import importlib, sys, django; django.setup(); importlib.import_module(sys.argv[1]); "
            "from django.conf import settings; from rest_framework.settings import api_settings; "
            "[getattr(api_settings, key) for key in settings.REST_FRAMEWORK]")
    result = subprocess.run([sys.executable, "-c", code, module], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
