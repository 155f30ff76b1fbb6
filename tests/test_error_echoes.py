"""A bad value is echoed back shortened (its first ECHO_MAX characters and an ellipsis), never
in full: the API's 400 bodies (the one exception handler), the pages' messages and the forms'
errors, whichever field or service wrote the message."""
import pytest

from cardroom import limits
from cardroom.errors import shorten_echoes
from tests.tournaments.factories_event import create_event

pytestmark = pytest.mark.django_db

LONG = "x" * 10_000
SHORT = "x" * limits.ECHO_MAX + "…"


def test_shorten_echoes_cuts_long_values_and_keeps_the_message():
    assert shorten_echoes(f"unknown movement {LONG!r}") == f"unknown movement '{SHORT}'"
    spaced = "no such game " * 800
    assert shorten_echoes(f'"{spaced}" is not a valid choice.', [spaced]) == \
        f'"{spaced[:limits.ECHO_MAX]}…" is not a valid choice.'
    assert shorten_echoes("a whole number from 1 to 12 (limit), not 'abc'.") == \
        "a whole number from 1 to 12 (limit), not 'abc'."


def _api_cases(club, event_id):
    events = f"/api/clubs/{club.slug}/events/"
    body = {"name": "E", "date": "2026-11-24", "game": "duplicate_bridge"}
    return {
        "game (a choice)": (events, {**body, "game": LONG}, "game"),
        "a game with spaces": (events, {**body, "game": "no such game " * 800}, "game"),
        "section name (a service's message)": (events, {**body, "sections": [
            {"name": LONG, "movement": {"kind": "howell", "tables": 2}}]}, "name"),
        "movement kind": (events, {**body, "movement": {"kind": LONG, "tables": 2}}, "movement"),
        "adjusted score": (f"{events}{event_id}/results/", {"board": 1, "ns": "1", "ew": "2", "adjusted_ns": LONG},
                           "adjusted_ns"),
        "carry-over": (f"/api/clubs/{club.slug}/championships/", {"name": "C", "carry_over": LONG}, "carry_over"),
        "simultaneous scoring": (f"/api/clubs/{club.slug}/simultaneous/", {"name": "S", "date": "2026-11-24",
                                                                           "scoring": LONG}, "scoring"),
    }


API_CASES = sorted(_api_cases(type("C", (), {"slug": "s"}), 1))


@pytest.mark.parametrize("name", API_CASES)
def test_the_api_echoes_a_long_bad_value_shortened(name, api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "tables": 3})
    path, body, field = _api_cases(club, event["id"])[name]
    response = client.post(path, body, format="json")
    text = response.content.decode()
    assert response.status_code == 400 and field in response.json(), text[:300]
    assert len(text) < 1000 and "…" in text, text[:300]


def test_pages_echo_a_long_bad_value_shortened(client, club, director):
    client.force_login(director)
    cases = [
        (f"/clubs/{club.slug}/events/new/", {"name": "E", "date": "2026-11-24", "game": "duplicate_bridge",
                                             "scoring": "matchpoints", "movement": LONG}),  # a message
        (f"/clubs/{club.slug}/championships/new/", {"name": "C", "carry_over": LONG}),  # a form's error
    ]
    for path, body in cases:
        response = client.post(path, body)
        page = response.content.decode()
        assert response.status_code == 400, path
        assert SHORT in page and "x" * (limits.ECHO_MAX + 1) not in page, path
