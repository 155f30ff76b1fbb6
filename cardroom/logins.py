"""Password guessing on the login page and ``/api/auth/token/`` is throttled by django-axes:
LOGIN_FAILURE_LIMIT wrong passwords for one username from one client address lock that pair
out for LOGIN_COOLOFF_MINUTES (other clients, and the same client with another username, are
not held up, so nobody can lock a member out from elsewhere). Locked out: a 429, as JSON
for the API and as a page for the browser."""
import math

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_cool_off
from django.shortcuts import render
from django.http import JsonResponse


class LoginAttemptsBackend(AxesStandaloneBackend):
    """Axes' check, for logins that come from a request; code that authenticates without one
    (the test client's ``login``, a shell) is no guess from the network and passes through."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lockout_response(request, original_response=None, credentials=None):
    cool_off = get_cool_off(request)
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else None
    message = ("Too many wrong passwords for this username from here: "
               + (f"try again in {minutes} minutes." if minutes else "ask a site administrator."))
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=429)
    else:
        response = render(request, "registration/locked_out.html", {"message": message}, status=429)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response
