"""Events score by a scoring program's rules: new events take the club's, an event may choose
another, and a new convention rescores the results in."""
import pytest

from scoring.engine import CONVENTIONS
from tests.tournaments.factories_event import create_event, expected_standings, ns_first, plays, started_event

pytestmark = pytest.mark.django_db

HOWELL = {"kind": "howell", "tables": 2, "boards_per_round": 2}


def test_a_new_event_takes_the_clubs_convention(api_as, club, director):
    client = api_as(director)
    assert client.patch(f"/api/clubs/{club.slug}/", {"scoring_convention": "acblscore"},
                        format="json").status_code == 200
    club.refresh_from_db()
    assert club.scoring_convention == "acblscore"
    assert create_event(client, club, movement=HOWELL)["convention"] == "acblscore"


def test_an_event_may_choose_another_convention_and_a_bad_one_is_named(api_as, club, director):
    client = api_as(director)
    response = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "Cross-IMP night", "date": "2026-11-24", "game": "duplicate_bridge", "scoring": "cross_imps",
        "convention": "ruter", "movement": HOWELL}, format="json")
    assert response.status_code == 201 and response.json()["convention"] == "ruter"
    bad = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "x", "date": "2026-11-24", "game": "duplicate_bridge", "convention": "bridgemate",
        "movement": HOWELL}, format="json")
    assert bad.status_code == 400 and "convention" in bad.json()
    assert client.patch(f"/api/clubs/{club.slug}/", {"scoring_convention": "bridgemate"},
                        format="json").status_code == 400


def _play(client, base, movement, capture):
    posted = []
    with capture(execute=True):
        for _r, _t, board, ns, ew in plays(movement):
            body = {"board": board, "ns": ns, "ew": ew, "contract": "4H", "declarer": "S",
                    "tricks": 8 + (board * 7 + int(ns)) % 5}
            assert client.post(f"{base}/results/", body, format="json").status_code == 201
            posted.append(body)
    return posted


def test_standings_follow_the_events_convention_and_a_new_one_rescores(api_as, club, director,
                                                                        django_capture_on_commit_callbacks):
    client = api_as(director)
    club.scoring_convention = "ruter"
    club.save()
    event, base, movement = started_event(client, club, kind="howell", tables=2, scoring="cross_imps")
    assert event["convention"] == "ruter"
    posted = _play(client, base, movement, django_capture_on_commit_callbacks)

    def standings():
        return [(s["label"], round(s["total"], 2)) for s in client.get(f"{base}/standings/").json()["standings"]]

    summed = expected_standings(movement, posted, CONVENTIONS["ruter"].method("cross-imps"))
    assert sorted(standings()) == sorted((s.entrant, round(s.total, 2)) for s in ns_first(summed.standings))
    with django_capture_on_commit_callbacks(execute=True):
        assert client.patch(f"{base}/", {"convention": "compscore"}, format="json").status_code == 200
    averaged = expected_standings(movement, posted, CONVENTIONS["compscore"].method("cross-imps"))
    assert sorted(standings()) == sorted((s.entrant, round(s.total, 2)) for s in ns_first(averaged.standings))
    assert client.get(f"{base}/").json()["convention"] == "compscore"
