"""An event the user may not see (``selectors.club_events_visible``: a draft, for someone with no
role in the club) is a 404 for every action of the event API, reads and writes, director-only
or not: never a 403 that tells the event exists. Every operation of the schema under
``/events/{id}/`` is asked, by a signed-in stranger and by nobody."""
from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator

from tests.tournaments.factories_party import create_party

EVENT_PATH = "/api/clubs/{club_slug}/events/{"
PARTY_PATHS = ("/party/", "/players/", "/prizes/", "/rounds/", "/poker/", "/ledger/")
# A table's own URLs answer a device by its PIN, not by who may see the event (tournaments.api.tables).
TABLE_PATHS = ("/tables/{section}/{table}/",)


def _operations() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted((method.upper(), path) for path, operations in schema["paths"].items()
                  if path.startswith(EVENT_PATH) and not any(p in path for p in TABLE_PATHS)
                  for method in operations if method in {"get", "post", "put", "patch", "delete"})


OPERATIONS = _operations()


@pytest.fixture
def hidden(club, director, api_as):
    """A draft pairs event, a draft party and a draft poker patience evening: only the club's
    directors and scorers see them."""
    client = api_as(director)
    event = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "Draft pairs", "date": "2026-11-24", "game": "duplicate_bridge",
        "movement": {"kind": "mitchell", "tables": 3}}, format="json")
    assert event.status_code == 201, event.content
    party = create_party(client, club)
    patience = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "Draft patience", "date": "2026-11-27", "game": "poker_patience", "options": {"deals": 2}},
        format="json")
    assert patience.status_code == 201, patience.content
    return {"event": event.json()["id"], "party": party["id"], "patience": patience.json()["id"]}


def _url(path: str, club, hidden) -> str:
    if "/patience/" in path:
        owner = hidden["patience"]
    elif any(p in path for p in PARTY_PATHS):
        owner = hidden["party"]
    else:
        owner = hidden["event"]
    values = {"club_slug": club.slug, "id": owner, "section": "A", "table": 1,
              "result_id": 1, "report": 1, "number": 1, "label": "1", "entry_id": 1, "kind": "score-cards",
              "team_id": 1, "match_id": 1}
    for name, value in values.items():
        path = path.replace("{" + name + "}", str(value))
    assert "{" not in path, path
    return path


@pytest.mark.django_db
@pytest.mark.parametrize("method, path", [pytest.param(*op, id=f"{op[0]} {op[1]}") for op in OPERATIONS])
def test_a_hidden_event_is_not_found_for_every_action(method, path, club, hidden, make_user, api_as, api):
    url = _url(path, club, hidden)
    for client in (api_as(make_user("stranger")), api):
        response = client.generic(method, url, "{}", content_type="application/json")
        assert response.status_code == 404, (method, url, response.status_code, response.content[:200])


@pytest.mark.django_db
def test_the_club_director_still_finds_the_event(club, director, hidden, api_as):
    """The same URLs are there for who may see the event (the 404 above is not a broken route)."""
    client = api_as(director)
    for key, tail in (("event", ""), ("event", "entries/"), ("party", "party/"), ("patience", "patience/")):
        response = client.get(f"/api/clubs/{club.slug}/events/{hidden[key]}/{tail}")
        assert response.status_code == 200, (key, tail, response.content[:200])
