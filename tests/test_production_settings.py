"""Production settings: ``check --deploy`` is clean with DEBUG off, HTTPS parts are on by default
and each can be turned off from the environment, and every page carries a Content-Security-Policy
that allows no inline script."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LONG_KEY = "k9$w!Qe7-vZr2@pLx8#Tn4^mYb6&Jc1*Hd5(Fg3)Ks0+Ua_Ro" + "Wi"


def run_settings(tmp_path, code: str, **env_overrides) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SECURE_", "HTTPS", "BEHIND_PROXY", "DJANGO_ALLOW_ASYNC_UNSAFE"))}  # browser tests set it
    env.update({"DJANGO_SETTINGS_MODULE": "cardroom.settings", "DEBUG": "False", "SECRET_KEY": LONG_KEY,
                "ALLOWED_HOSTS": "cards.example.org", "CARDROOM_VAR_DIR": str(tmp_path),
                "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}, **env_overrides)
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_check_deploy_is_clean_with_debug_off(tmp_path):
    result = run_settings(tmp_path, "import sys; from django.core.management import execute_from_command_line; "
                                    "execute_from_command_line(['manage.py', 'check', '--deploy', "
                                    "'--fail-level', 'WARNING'])")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


SHOW = ("import django; django.setup(); from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER)")


def test_https_is_on_by_default_behind_a_proxy_when_debug_is_off(tmp_path):
    result = run_settings(tmp_path, SHOW)
    assert result.stdout.split(" ", 3) == ["True", "31536000", "True", "('HTTP_X_FORWARDED_PROTO', 'https')\n"]


def test_each_https_part_can_be_turned_off_from_the_environment(tmp_path):
    result = run_settings(tmp_path, SHOW, SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0", SECURE_COOKIES="no",
                          BEHIND_PROXY="0")
    assert result.stdout.split() == ["False", "0", "False", "None"]


@pytest.mark.django_db
def test_pages_carry_a_policy_without_inline_script(client, director, club):
    client.force_login(director)
    policy = client.get(club.get_absolute_url())["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'" and "unsafe-inline" not in directives["style-src"]
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


def test_no_template_has_inline_script_or_style_attributes():
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        for bad in ("<script>", " onclick=", " onsubmit=", " onchange=", " oninput=", " style=\"", "javascript:"):
            if bad in text:
                offenders.append(f"{path.relative_to(ROOT)}: {bad.strip()}")
    assert offenders == []
