"""A section's stored movement is large (55 KB of JSON for 35 tables): a page that lists the
pairs must not decode it once per pair (issue 18). The director's event page took 290 ms of CPU
on a 35-table evening, 70 decodes of the movement, one for each pair read with its section;
the event's pairs through the API did the same. ``Section.schedule`` takes the process's parse
by the movement's fingerprint, so the pages read the sections with the movement deferred."""
import importlib
from contextlib import contextmanager

import pytest
from django.db.models import JSONField

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event

pytestmark = pytest.mark.django_db
suggest_module = importlib.import_module("tournaments.movements.suggest")  # the package names the function so


@contextmanager
def movement_decodes(monkeypatch):
    """How many times a section's movement is decoded from the database while inside."""
    decoded = []
    original = JSONField.from_db_value

    def counting(self, value, expression, connection):
        if self.model.__name__ == "Section" and self.name == "movement":
            decoded.append(value)
        return original(self, value, expression, connection)

    monkeypatch.setattr(JSONField, "from_db_value", counting)
    yield decoded


@pytest.fixture
def evening(club, director, api_as):
    api = api_as(director)
    event = create_event(api, club, movement={"kind": "mitchell", "tables": 7, "boards_per_round": 3})
    enter_pairs(api, club, event["id"], make_members(club, 28))
    assert api.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    return Event.objects.get(pk=event["id"]), api


def test_the_directors_event_page_decodes_the_movement_once_not_once_per_pair(evening, club, client, director,
                                                                             monkeypatch):
    event, _api = evening
    client.force_login(director)
    url = f"/clubs/{club.slug}/events/{event.pk}/"
    assert client.get(url).status_code == 200  # the process's parse of the movement: kept from here
    with movement_decodes(monkeypatch) as decoded:
        page = client.get(url)
    assert page.status_code == 200 and len(page.context["entries"]) == 14
    assert len(decoded) <= 1  # the planned movement, for the late pairs' offers; it was 17 (14 pairs)


def test_the_events_pairs_through_the_api_decode_no_movement(evening, club, monkeypatch):
    event, api = evening
    with movement_decodes(monkeypatch) as decoded:
        pairs = api.get(f"/api/clubs/{club.slug}/events/{event.pk}/entries/")
    assert pairs.status_code == 200 and len(pairs.json()) == 14
    assert {row["section"] for row in pairs.json()} == {"A"} and decoded == []


def test_suggestions_are_worked_out_once_per_question(monkeypatch):
    """The director's event page asks for larger movements on every load when the section is
    full: each is generated and validated once per process, and the caller gets its own list."""
    from tournaments.movements import registry

    suggest_module._suggest.cache_clear()
    built = []
    generate = registry.generate
    monkeypatch.setattr(registry, "generate", lambda *args, **kwargs: built.append(args) or generate(*args, **kwargs))
    first = suggest_module.suggest(pairs=31)
    count = len(built)
    again = suggest_module.suggest(pairs=31)
    assert first == again and first is not again and count > 0 and len(built) == count
    again.clear()
    assert suggest_module.suggest(pairs=31) == first
    assert suggest_module.suggest(pairs=32) != first and len(built) > count
