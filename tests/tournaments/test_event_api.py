"""A whole evening through the API: create, enter, start, play, score, finish, publish."""
import random

import pytest

from tests.commits import one_commit
from tests.tournaments.factories_event import create_event, enter_pairs, expected_standings, make_members, ns_first, plays, random_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def run_evening(client, club, movement_spec, pairs, seed=7):
    members = make_members(club, 2 * pairs)
    event = create_event(client, club, movement=movement_spec)
    labels = enter_pairs(client, club, event["id"], members)
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    movement = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/movement/").json()["sections"][0]
    rng = random.Random(seed)
    posted = []
    with one_commit():  # the tests read the standings after the last result only
        for _rnd, _tbl, board, ns, ew in plays(movement):
            body = {"board": board, "ns": ns, "ew": ew, **random_result(rng, "duplicate_bridge")}
            response = client.post(f"/api/clubs/{club.slug}/events/{event['id']}/results/", body, format="json")
            assert response.status_code == 201, response.content
            posted.append(body)
    return event, labels, movement, posted


def test_four_table_howell_standings_match_the_engine(api_as, club, director):
    client = api_as(director)
    event, labels, movement, posted = run_evening(client, club, {"kind": "howell", "tables": 4, "boards_per_round": 3}, 8)
    assert labels == [str(i) for i in range(1, 9)]
    standings = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/standings/").json()
    expected = expected_standings(movement, posted)
    assert standings["computed_at"] is not None
    got = [(s["rank"], s["label"], round(s["percentage"], 2), s["boards"]) for s in standings["standings"]]
    want = [(s.rank, s.entrant, round(s.percentage, 2), s.boards) for s in expected.standings]
    assert got == want
    assert all("direction" not in s for s in standings["standings"])


def test_seven_table_mitchell_ranks_each_direction(api_as, club, director):
    client = api_as(director)
    event, labels, movement, posted = run_evening(client, club, {"kind": "mitchell", "tables": 7, "boards_per_round": 3},
                                                  14)
    assert labels[:2] == ["1NS", "1EW"]
    standings = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/standings/").json()["standings"]
    expected = expected_standings(movement, posted)
    got = [(s["direction"], s["rank"], s["label"], round(s["percentage"], 2)) for s in standings]
    want = [(s.field, s.rank, s.entrant, round(s.percentage, 2)) for s in ns_first(expected.standings)]
    assert got == want and {s["direction"] for s in standings} == {"NS", "EW"}
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/finish/").json()["status"] == "finished"
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/publish/").json()["status"] == "published"
