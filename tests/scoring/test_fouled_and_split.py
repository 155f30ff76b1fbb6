"""A fouled board or a board played at the wrong table (Law 87B): the director groups the
results played with the same cards, from the traveller page or the API. Split and asymmetric
adjusted scores (Law 12C): a table score for one side and an adjustment for the other."""
import pytest
from django.test import Client

from scoring.engine import (
    Adjustment,
    BoardResults,
    Result,
    board_matchpoints,
    board_vulnerability,
    duplicate_score,
    score_session,
)
from tests.tournaments.factories_event import plays, started_event
from tournaments.models import Event, ResultChange
from tournaments.models import Result as StoredResult

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back

CONTRACTS = [("4H", "S", 10), ("4H", "S", 9), ("3NT", "N", 10)]


@pytest.fixture
def board_played_three_times(api_as, club, director):
    """A 3-table Mitchell with every table's result of one board in."""
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="mitchell", tables=3)
    board = 1
    rows = [(ns, ew) for _r, _t, b, ns, ew in plays(movement) if b == board]
    ids = []
    for (ns, ew), (contract, declarer, tricks) in zip(rows, CONTRACTS):
        response = client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "contract": contract,
                                                    "declarer": declarer, "tricks": tricks}, format="json")
        assert response.status_code == 201, response.content
        ids.append(response.json()["id"])
    return client, base, board, ids, event["id"]


def _scores(board):
    return [float(duplicate_score(c, d, t, board_vulnerability(board))) for c, d, t in CONTRACTS]


def test_director_groups_a_fouled_board_through_the_api(board_played_three_times):
    client, base, board, ids, event_id = board_played_three_times
    version = Event.objects.get(pk=event_id).results_version
    response = client.post(f"{base}/results/groups/", {"board": board, "groups": {str(ids[2]): "b"},
                                                        "reason": "cards changed after round 1"}, format="json")
    assert response.status_code == 200, response.content
    rows = {r["id"]: r for r in response.json()["rows"]}
    assert rows[ids[2]]["cards_group"] == "B" and rows[ids[0]]["cards_group"] == ""
    expected, top = board_matchpoints(_scores(board), groups=["", "", "B"], expected=3)
    assert [rows[i]["mp_ns"] for i in ids] == pytest.approx(expected) and rows[ids[0]]["top"] == top
    assert Event.objects.get(pk=event_id).results_version == version + 1
    change = ResultChange.objects.filter(result_id=ids[2]).latest("pk")
    assert change.after["cards_group"] == "B" and change.reason == "cards changed after round 1"


def test_grouping_a_result_of_another_board_is_a_400(board_played_three_times):
    client, base, board, ids, _event_id = board_played_three_times
    response = client.post(f"{base}/results/groups/", {"board": board + 1, "groups": {str(ids[0]): "B"}},
                           format="json")
    assert response.status_code == 400 and "groups" in response.json()
    assert not StoredResult.objects.exclude(cards_group="").exists()


def test_director_groups_a_board_played_at_the_wrong_table_from_the_traveller_page(board_played_three_times,
                                                                                     director, club):
    client, base, board, ids, event_id = board_played_three_times
    page = Client()
    page.force_login(director)
    url = f"/clubs/{club.slug}/events/{event_id}/travellers/{board}/"
    assert 'id="cards-groups"' in page.get(url).content.decode()
    response = page.post(url, {"cards_groups": "1", f"group_{ids[0]}": "W", f"group_{ids[1]}": "W",
                               f"group_{ids[2]}": "", "reason": "played at table 3 by mistake"})
    assert response.status_code == 302
    rows = {r["id"]: r for r in client.get(f"{base}/results/", {"board": board}).json()["rows"]}
    expected, _top = board_matchpoints(_scores(board), groups=["W", "W", ""], expected=3)
    assert [rows[i]["mp_ns"] for i in ids] == pytest.approx(expected)


def test_split_score_table_result_for_north_south_average_minus_for_east_west(board_played_three_times):
    client, base, board, ids, _event_id = board_played_three_times
    response = client.put(f"{base}/results/{ids[0]}/", {"contract": "4H", "declarer": "S", "tricks": 10,
                                                        "adjusted_ns": "table", "adjusted_ew": "A-",
                                                        "reason": "E-W misinformation"}, format="json")
    assert response.status_code == 200, response.content
    row = {r["id"]: r for r in client.get(f"{base}/results/", {"board": board}).json()["rows"]}[ids[0]]
    expected, top = board_matchpoints(_scores(board), expected=3)
    assert row["score_ns"] == 420 and row["adjusted_ew"] == "A-" and row["adjusted_ns"] == ""
    assert row["mp_ns"] == pytest.approx(expected[0])  # N-S keep what the table scored
    assert row["pct_ew"] == pytest.approx(40) and row["mp_ew"] == pytest.approx(0.4 * top)
    assert "E-W A-" in row["summary"]


def test_split_and_asymmetric_scores_from_the_traveller_page(board_played_three_times, director, club):
    client, base, board, ids, event_id = board_played_three_times
    page = Client()
    page.force_login(director)
    url = f"/clubs/{club.slug}/events/{event_id}/travellers/{board}/"
    rows = {r["id"]: r for r in client.get(f"{base}/results/", {"board": board}).json()["rows"]}
    for rid, ns_adj, ew_adj in ((ids[1], "A+", "table"), (ids[2], "60%", "A-")):
        r = rows[rid]
        assert page.post(url, {"result": rid, "ns": r["ns"], "ew": r["ew"], "contract": r["contract"],
                               "declarer": r["declarer"], "tricks": r["tricks"], "adjusted_ns": ns_adj,
                               "adjusted_ew": ew_adj, "reason": "ruling"}).status_code == 302
    rows = {r["id"]: r for r in client.get(f"{base}/results/", {"board": board}).json()["rows"]}
    assert rows[ids[1]]["adjusted_ns"] == "A+" and rows[ids[1]]["score_ns"] is not None
    assert rows[ids[1]]["pct_ns"] == pytest.approx(60)
    assert (rows[ids[2]]["pct_ns"], rows[ids[2]]["pct_ew"]) == (pytest.approx(60), pytest.approx(40))
    html = page.get(url).content.decode()
    assert 'value="table"' in html  # the correction form keeps the split as it is


def test_a_split_needs_an_adjustment_for_the_other_side(board_played_three_times):
    client, base, board, ids, _event_id = board_played_three_times
    response = client.put(f"{base}/results/{ids[0]}/", {"contract": "4H", "declarer": "S", "tricks": 10,
                                                        "adjusted_ns": "table", "reason": "x"}, format="json")
    assert response.status_code == 400 and "adjusted_ns" in response.json()


def test_engine_split_score_in_butler_imps():
    boards = [BoardResults(1, (Result("1", "2", score_ns=420.0, adjusted_ew=Adjustment("A-")),
                               Result("3", "4", score_ns=-50.0), Result("5", "6", score_ns=420.0)))]
    session = score_session(boards, "butler")
    split = session.boards[0].results[0]
    assert split.imp_ew == -3.0 and split.imp_ns == session.boards[0].results[2].imp_ns
    assert {s.entrant: s.total for s in session.standings}["2"] == -3.0
