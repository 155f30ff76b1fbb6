"""The books' progressive euchre (Hoyle's Games Modernized, Progressive Euchre; the worked
3-table example) through the API, and bad input that changes nothing."""
import pytest
from rest_framework.test import APIClient

from tests.tournaments.factories_party import close, create_party, get_round, register, report, url
from tournaments.models.party import PartyTableReport, PartyRound, PartyStar

pytestmark = pytest.mark.django_db

# Lady and gentleman holding the clubs card k partner at table k against the spades pair.
NAMES = [(f"{sex}{k}{suit}", "lady" if sex == "L" else "gentleman")
         for k in (1, 2, 3) for suit in "cs" for sex in "LG"]


@pytest.fixture
def party(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club)
    labels = register(client, club, event["id"], NAMES)
    seating = [[[labels[f"L{k}c"], labels[f"G{k}c"]], [labels[f"L{k}s"], labels[f"G{k}s"]]] for k in (1, 2, 3)]
    response = client.post(url(club, event["id"], "start"), {"seating": seating}, format="json")
    assert response.status_code == 200, response.content
    return client, event["id"], labels


def names(labels, sides):
    back = {v: k for k, v in labels.items()}
    return [[back[p] for p in side] for side in sides]


def test_books_worked_example_moves_and_stars(party, club):
    client, event_id, labels = party
    assert report(client, club, event_id, 1, 1, [5, 2]).status_code == 201
    assert report(client, club, event_id, 1, 2, [3, 2]).status_code == 201
    assert report(client, club, event_id, 1, 3, [2, 2], tricks=[1, 2]).status_code == 201
    response = close(client, club, event_id, 1)
    assert response.status_code == 200, response.content
    tables = get_round(client, club, event_id, 2)["tables"]
    # Head-table winners stay; the second table's winners come up to oppose them.
    assert names(labels, tables[0]["sides"]) == [["L1c", "G1c"], ["L2c", "G2c"]]
    # Table-2 losers stay and split up to partner the arrivals from table 3 (won on tricks).
    assert names(labels, tables[1]["sides"]) == [["L3s", "G2s"], ["L2s", "G3s"]]
    # Head-table losers go to the booby table and split up with its losers.
    assert names(labels, tables[2]["sides"]) == [["L3c", "G1s"], ["L1s", "G3c"]]
    standings = {row["name"]: row for row in client.get(url(club, event_id, "standings")).json()}
    stars = {name: (row["gold"], row["red"], row["green"]) for name, row in standings.items()}
    assert stars == {"L1c": (1, 0, 0), "G1c": (1, 0, 0), "L2c": (0, 1, 0), "G2c": (0, 1, 0),
                     "L3s": (0, 1, 0), "G3s": (0, 1, 0), "L3c": (0, 0, 1), "G3c": (0, 0, 1),
                     "L1s": (0, 0, 0), "G1s": (0, 0, 0), "L2s": (0, 0, 0), "G2s": (0, 0, 0)}
    assert standings["L1c"]["rank"] == 1 and standings["G1c"]["rank"] == 1
    assert standings["L1c"]["points"] == 5 and standings["L3s"]["points"] == 2


def test_table_reported_twice_is_a_conflict_that_changes_nothing(party, club):
    client, event_id, _ = party
    assert report(client, club, event_id, 1, 2, [3, 2]).status_code == 201
    again = report(client, club, event_id, 1, 2, [1, 4])
    assert again.status_code == 409
    assert PartyTableReport.objects.get(table=2).points == [3, 2]


@pytest.mark.parametrize("points, field", [([4, 3], "points"), ([5, 5], "points"), ([9, 1], "points"),
                                           (["x", 1], "points"), ([5], "points")])
def test_impossible_points_are_refused_by_field(party, club, points, field):
    client, event_id, _ = party
    response = report(client, club, event_id, 1, 1, points)
    assert response.status_code == 400
    assert field in response.json()
    assert not PartyTableReport.objects.exists()


def test_a_tie_needs_the_tricks_or_the_cut(party, club):
    client, event_id, _ = party
    response = report(client, club, event_id, 1, 2, [2, 2])
    assert response.status_code == 400 and "points" in response.json()
    assert report(client, club, event_id, 1, 2, [2, 2], tricks=[1, 1], cut=[12, 3]).status_code == 201
    assert PartyTableReport.objects.get(table=2).winner == 0


def test_closing_with_tables_missing_is_a_conflict_that_changes_nothing(party, club):
    client, event_id, _ = party
    report(client, club, event_id, 1, 1, [5, 0])
    response = close(client, club, event_id, 1)
    assert response.status_code == 409
    assert "2, 3" in response.json()["detail"]
    assert not PartyStar.objects.exists()
    assert not PartyRound.objects.get(number=1).closed
    assert PartyRound.objects.count() == 1


def test_a_closed_round_cannot_be_reported_or_closed_again(party, club):
    client, event_id, _ = party
    for table, points in ((1, [5, 1]), (2, [1, 3]), (3, [4, 0])):
        report(client, club, event_id, 1, table, points)
    assert close(client, club, event_id, 1).status_code == 200
    assert close(client, club, event_id, 1).status_code == 409
    assert report(client, club, event_id, 1, 1, [5, 0], correct=True).status_code == 409
    assert PartyStar.objects.count() == 2 + 4 + 2


def test_players_need_the_table_pin_to_report(party, club, player, api):
    """The PIN goes in the X-Table-Pin header (TablePinAuthentication), as at a duplicate table;
    a phone needs no login, a player's own login is not enough, and a PIN in the body is no PIN."""
    client, event_id, _ = party
    pins = client.get(url(club, event_id, "party")).json()["pins"]
    signed_in = APIClient()
    signed_in.force_login(player)
    assert report(signed_in, club, event_id, 1, 2, [3, 2]).status_code == 403
    assert report(api, club, event_id, 1, 2, [3, 2], pin=pins["2"]).status_code == 403
    signed_in.credentials(HTTP_X_TABLE_PIN="0000" if pins["2"] != "0000" else "1111")
    assert report(signed_in, club, event_id, 1, 2, [3, 2]).status_code == 403
    assert not PartyTableReport.objects.exists()
    api.credentials(HTTP_X_TABLE_PIN=pins["2"])
    assert report(api, club, event_id, 1, 2, [3, 2]).status_code == 201
    assert PartyTableReport.objects.get(table=2).entered_by == "table 2"
    assert report(api, club, event_id, 1, 3, [3, 2]).status_code == 403  # table 2's PIN is not table 3's
    signed_in.credentials(HTTP_X_TABLE_PIN=pins["3"])
    assert report(signed_in, club, event_id, 1, 3, [3, 2]).status_code == 201


def test_only_directors_register_and_start(club, api_as, director, scorer):
    client = api_as(director)
    event = create_party(client, club)
    response = api_as(scorer).post(url(club, event["id"], "players"), {"guest": "Ann"}, format="json")
    assert response.status_code == 403


def test_bad_create_names_the_field(club, api_as, director):
    client = api_as(director)
    response = client.post(url(club), {"name": "x", "date": "2026-11-27", "game": "whist_drive",
                                       "progression": "hoyle"}, format="json")
    assert response.status_code == 400 and "progression" in response.json()
    response = client.post(url(club), {"name": "x", "date": "2026-11-27", "game": "progressive_euchre",
                                       "options": {"game_pints": 5}}, format="json")
    assert response.status_code == 400 and "options" in response.json()
