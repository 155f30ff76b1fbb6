"""Scoring methods other than matchpoints, sections, and imported movements."""
import random

import pytest

from scoring.engine import Method
from tests.commits import one_commit
from tests.tournaments.factories_event import (create_event, enter_pairs, expected_standings, make_members, ns_first, plays,
                                               random_result)
from tournaments.movements.registry import generate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def play_all(client, club, event, game="duplicate_bridge", seed=3):
    movement = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/movement/").json()["sections"][0]
    rng, posted = random.Random(seed), []
    with one_commit():  # the standings are read after the last result only
        for _r, _t, board, ns, ew in plays(movement):
            body = {"board": board, "ns": ns, "ew": ew, **random_result(rng, game)}
            assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/results/", body,
                               format="json").status_code == 201
            posted.append(body)
    return movement, posted, client.get(f"/api/clubs/{club.slug}/events/{event['id']}/standings/").json()["standings"]


def start(client, club, **kwargs):
    event = create_event(client, club, **kwargs)
    enter_pairs(client, club, event["id"], make_members(club, 12))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    return event


def test_butler_imps_match_the_engine(api_as, club, director):
    client = api_as(director)
    event = start(client, club, scoring="imps", movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    movement, posted, standings = play_all(client, club, event)
    expected = expected_standings(movement, posted, Method("butler"))
    assert [(s["rank"], s["label"], round(s["total"], 2)) for s in standings] == \
        [(s.rank, s.entrant, round(s.total, 2)) for s in ns_first(expected.standings)]


def test_books_average_method_is_plus_or_minus_the_direction_average(api_as, club, director):
    """Standard Hoyle, Duplicate Bridge: each pair's total less the average of its direction."""
    client = api_as(director)
    event = start(client, club, scoring="average", movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    _movement, posted, standings = play_all(client, club, event)
    for direction in ("NS", "EW"):
        rows = [s for s in standings if s["direction"] == direction]
        assert len(rows) == 3 and sum(s["total"] for s in rows) == pytest.approx(0, abs=1e-3)
        assert [s["total"] for s in rows] == sorted((s["total"] for s in rows), reverse=True)


def test_total_tricks_for_duplicate_whist(api_as, club, director):
    client = api_as(director)
    event = start(client, club, game="duplicate_whist", scoring="total_tricks",
                  movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    _movement, posted, standings = play_all(client, club, event, game="duplicate_whist")
    ns_tricks = {}
    for p in posted:
        ns_tricks[p["ns"]] = ns_tricks.get(p["ns"], 0) + p["tricks_ns"]
    for s in standings:
        if s["direction"] == "NS":
            assert s["total"] == ns_tricks[s["label"]]
            assert s["percentage"] == pytest.approx(100 * ns_tricks[s["label"]] / (13 * s["boards"]), abs=1e-3)


def test_two_sections_and_an_imported_movement(api_as, club, director):
    client = api_as(director)
    imported = generate("howell", tables=4, boards_per_round=2).to_dict()
    response = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "Two sections", "date": "2026-11-24", "game": "duplicate_bridge", "scoring": "matchpoints",
        "sections": [{"name": "A", "movement": imported},
                     {"name": "B", "movement": {"kind": "howell", "tables": 2, "boards_per_round": 2}}]},
        format="json")
    assert response.status_code == 201, response.content
    assert [s["name"] for s in response.json()["sections"]] == ["A", "B"]
    eid = response.json()["id"]
    members = make_members(club, 8)
    for a, b in zip(members[:4:2], members[1:4:2]):
        assert client.post(f"/api/clubs/{club.slug}/events/{eid}/entries/", {"members": [a.pk, b.pk],
                           "section": "B"}, format="json").json()["section"] == "B"
    bad = client.post(f"/api/clubs/{club.slug}/events/", {"name": "x", "date": "2026-11-24",
                      "game": "duplicate_bridge", "movement": {"kind": "mitchell", "tables": 4}}, format="json")
    assert bad.status_code == 400 and "movement" in bad.json()
