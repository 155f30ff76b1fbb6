"""The schema says what the API validates: every operation of the generated OpenAPI schema that
declares a request body names a serializer, and that serializer is the one the view runs on the
body. Each write gets a body where every field the serializer takes is wrong (``[[]]``: no
string, number, boolean, date, list of scalars or object); the answer must be a 400 naming one of
those fields, and the declared serializer's ``is_valid`` must have run. A serializer that only
decorates ``@extend_schema`` (the body read by hand) fails here."""
from __future__ import annotations

import datetime
import json
import random

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

from clubs.models import Member
from scoring.models import CompetitionKind, HandicapSource
from scoring.services_competitions import competition_create
from tests.tournaments.factories_event import plays, random_result, started_event
from tests.tournaments.factories_party import create_party
from tests.tournaments.factories_simultaneous import make_sim
from tests.tournaments.factories_teams import teams_event
from tournaments.models import Championship, Match
from tournaments.services import actions

WRONG = [[]]
PARTY_PATHS = ("/party/", "/players/", "/prizes/", "/rounds/")
TEAMS_PATHS = ("/teams/", "/teams-settings/", "/matches/", "/draw/")
POKER_PATHS = ("/ledger/", "/bell/", "/count/")


def _declared() -> list[tuple[str, str, type, list[str]]]:
    """(method, path, serializer class, content types) of every operation with a request body."""
    generator = SchemaGenerator()
    schema = generator.get_schema(request=None, public=True)
    components = {name: component.object for (name, kind), component in generator.registry._components.items()
                  if kind == "schemas"}
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = (operation.get("requestBody") or {}).get("content", {})
            refs = {body["schema"].get("$ref", "").rsplit("/", 1)[-1] for body in content.values()}
            refs.discard("")
            if not refs:
                continue
            assert len(refs) == 1, (method, path, refs)
            declared = components[refs.pop()]
            cls = declared if isinstance(declared, type) else type(declared)
            assert issubclass(cls, serializers.BaseSerializer), (method, path, cls)
            found.append((method.upper(), path, cls, sorted(content)))
    return found


OPERATIONS = _declared()


@pytest.fixture
def world(club, director, api_as):
    """A started Mitchell with one result and one board reported not played, a euchre party, a
    poker party and a poker patience evening, each with a player."""
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="mitchell", tables=3)
    first = [p for p in plays(movement) if p[0] == 1]
    (_, table, board, ns, ew), (_, other_table, other_board, *_rest) = first[0], first[-1]
    result = client.post(f"{base}/results/", {"board": board, "ns": str(ns), "ew": str(ew),
                                              **random_result(random.Random(1), "duplicate_bridge")},
                         format="json")
    assert result.status_code == 201, result.content
    report = client.post(f"{base}/tables/A/{other_table}/not-played/", {"board": other_board}, format="json")
    assert report.status_code == 201, report.content
    party = create_party(client, club)
    guest = client.post(f"/api/clubs/{club.slug}/events/{party['id']}/players/", {"guest": "Ann Guest"},
                        format="json")
    assert guest.status_code == 201, guest.content
    poker = create_party(client, club, game="progressive_poker", progression="poker", tables=4, name="Poker night")
    patience = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "Patience night", "date": "2026-11-27", "game": "poker_patience", "options": {"deals": 2}}, format="json")
    assert patience.status_code == 201, patience.content
    patience_player = client.post(f"/api/clubs/{club.slug}/events/{patience.json()['id']}/patience/players/",
                                  {"guest": "Pat Guest"}, format="json")
    assert patience_player.status_code == 201, patience_player.content
    teams = actions.event_start(event=teams_event(club, teams=2, start_member=500))
    match = Match.objects.filter(event=teams).first()
    member = Member.objects.filter(club=club).first()
    cup = competition_create(club=club, name="Handicap cup", kind=CompetitionKind.HANDICAP,
                             date_from=datetime.date(2026, 9, 1), handicap_source=HandicapSource.DIRECTOR)
    championship = Championship.objects.create(club=club, name="Club championship")
    sim = make_sim(club)
    return {"simultaneous": sim.pk, "competition": cup.pk, "championship": championship.pk, "teams": teams.pk, "team": match.home_id, "match": match.pk, "client": client, "event": event["id"], "party": party["id"], "result": result.json()["id"],
            "report": report.json()["id"], "table": table, "member": member.pk, "label": guest.json()["label"],
            "poker": poker["id"], "patience": patience.json()["id"], "patience_label": patience_player.json()["label"]}


def _url(path: str, club, world) -> str:
    if "/members/" in path:
        owner = world["member"]
    elif "/simultaneous/" in path:
        owner = world["simultaneous"]
    elif "/competitions/" in path:
        owner = world["competition"]
    elif "/championships/" in path:
        owner = world["championship"]
    elif "/patience/" in path:
        owner = world["patience"]
    elif any(p in path for p in TEAMS_PATHS):
        owner = world["teams"]
    elif any(p in path for p in POKER_PATHS):
        owner = world["poker"]
    elif any(p in path for p in PARTY_PATHS):
        owner = world["party"]
    else:
        owner = world["event"]
    values = {"club_slug": club.slug, "slug": club.slug, "section": "A",
              "table": 1 if owner == world["poker"] else world["table"], "result_id": world["result"],
              "report": world["report"], "number": 1, "id": owner, "team_id": world["team"],
              "match_id": world["match"],
              "label": world["patience_label"] if owner == world["patience"] else world["label"]}
    for name, value in values.items():
        path = path.replace("{" + name + "}", str(value))
    assert "{" not in path, path
    return path


@pytest.mark.django_db
@pytest.mark.parametrize("method, path, declared, content",
                         [pytest.param(*op, id=f"{op[0]} {op[1]}") for op in OPERATIONS])
def test_the_declared_serializer_validates_the_body(method, path, declared, content, club, world, monkeypatch):
    ran: list[type] = []
    is_valid = serializers.BaseSerializer.is_valid

    def spy(self, *args, **kwargs):
        ran.append(type(self))
        return is_valid(self, *args, **kwargs)

    monkeypatch.setattr(serializers.BaseSerializer, "is_valid", spy)
    fields = [name for name, field in declared(context={"club": club}).fields.items() if not field.read_only]
    if "application/json" in content:
        response = world["client"].generic(method, _url(path, club, world), json.dumps(
            {name: WRONG for name in fields}), content_type="application/json")
    else:  # a file upload: text where the file goes
        response = getattr(world["client"], method.lower())(
            _url(path, club, world), {name: "not a file" for name in fields}, format="multipart")
    assert any(issubclass(cls, declared) for cls in ran), (
        f"{method} {path} declares {declared.__name__} but ran {[c.__name__ for c in ran]}")
    assert response.status_code == 400, (response.status_code, response.content[:300])
    assert set(response.json()) & set(fields), f"{method} {path}: 400 names no field: {response.json()}"
