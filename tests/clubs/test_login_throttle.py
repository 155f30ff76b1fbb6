"""Password guessing is throttled (django-axes): after five wrong passwords for one username from
one address, the login page and the token API answer 429 even to the right password; another
address is not held up; after the cool-off the right password works again."""
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def cool_off_passes():
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(hours=1))


def token(ip, username, password):
    return APIClient(REMOTE_ADDR=ip).post("/api/auth/token/", {"username": username, "password": password},
                                          format="json")


def login(ip, username, password):
    return Client(REMOTE_ADDR=ip).post("/accounts/login/", {"username": username, "password": password})


def test_the_token_api_refuses_the_sixth_guess_and_lets_the_right_password_in_after_the_cool_off(director):
    answers = [token("203.0.113.9", director.username, "wrong").status_code for _ in range(5)]
    assert answers == [400, 400, 400, 400, 429]
    refused = token("203.0.113.9", director.username, PASSWORD)
    assert refused.status_code == 429 and "try again in 15 minutes" in refused.json()["detail"]
    assert int(refused["Retry-After"]) == 900
    assert token("198.51.100.4", director.username, PASSWORD).status_code == 200
    cool_off_passes()
    assert token("203.0.113.9", director.username, PASSWORD).status_code == 200


def test_the_login_page_refuses_the_sixth_guess_and_lets_the_right_password_in_after_the_cool_off(director):
    for _ in range(4):
        assert login("203.0.113.9", director.username, "wrong").status_code == 200
    assert login("203.0.113.9", director.username, "wrong").status_code == 429
    refused = login("203.0.113.9", director.username, PASSWORD)
    assert refused.status_code == 429 and b"Too many wrong passwords" in refused.content
    assert login("198.51.100.4", director.username, PASSWORD).status_code == 302
    cool_off_passes()
    assert login("203.0.113.9", director.username, PASSWORD).status_code == 302


def test_guesses_at_one_username_do_not_lock_another(director, player):
    for _ in range(5):
        login("203.0.113.9", director.username, "wrong")
    assert login("203.0.113.9", player.username, PASSWORD).status_code == 302


def test_axes_gets_an_ip_or_none_never_a_placeholder(rf):
    """django-axes stores the address in an IP column: PostgreSQL's inet refuses "unknown"."""
    from cardroom.clients import client_ip

    request = rf.get("/")
    assert client_ip(request) == "127.0.0.1"
    del request.META["REMOTE_ADDR"]
    assert client_ip(request) is None


@pytest.mark.django_db
def test_force_login_without_an_address_logs_in(client, make_user):
    """A login with no client address (a test client's force_login, a unix-socket proxy)."""
    from django.contrib.auth import login
    from django.test import RequestFactory

    user = make_user("nobody-at-all")
    request = RequestFactory().get("/")
    del request.META["REMOTE_ADDR"]
    from django.contrib.sessions.backends.db import SessionStore

    request.session = SessionStore()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    assert request.session["_auth_user_id"] == str(user.pk)
