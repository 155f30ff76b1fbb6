"""`make run PORT=…` prints emails whose links open the server it started (not always port 8000)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_points_email_links_at_its_own_port():
    out = subprocess.run(["make", "-n", "run", "PORT=8123", "HOST=127.0.0.1"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60).stdout
    runserver = [line for line in out.splitlines() if "runserver 127.0.0.1:8123" in line]
    assert runserver
    assert all("CARDROOM_MAIL_URL_FALLBACK=http://127.0.0.1:8123" in line for line in runserver)


def test_mail_links_start_with_the_fallback_from_the_environment():
    code = ("import django; django.setup(); from accounts.mail import site_url; print(site_url())")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardroom.settings", "DEBUG": "True",
           "CARDROOM_PUBLIC_URL": "", "CARDROOM_MAIL_URL_FALLBACK": "http://127.0.0.1:8123"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.stdout.strip() == "http://127.0.0.1:8123", out.stderr
