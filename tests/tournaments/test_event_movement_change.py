"""Changing a section's movement during the evening (API): add a table, switch between a
Mitchell and a Howell; results already in stay at the new movement's place for the same board
and pairs, a result the new movement does not schedule refuses the change naming it, and the
preview shows what would change without storing anything."""
import pytest

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tests.tournaments.test_event_late_pairs import movement_of, play_round, start
from tournaments.models import Board, Result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def test_adding_a_table_keeps_the_results_and_previews_first(api_as, club, director):
    client = api_as(director)
    base = start(client, club, {"kind": "mitchell", "pairs": 10, "boards_per_round": 2}, 10)
    posted = []
    play_round(client, base, 1, posted)
    before = movement_of(client, base)
    ask = {"kind": "skip-mitchell", "pairs": 12, "boards_per_round": 2}
    preview = client.post(f"{base}/movement/", ask | {"preview": True}, format="json")
    assert preview.status_code == 200, preview.content
    body = preview.json()
    assert body["ok"] and body["new"]["tables"] == 6 and body["old"]["tables"] == 5
    assert len(body["results"]) == 10 and all((r["new_round"], r["new_table"]) == (r["round"], r["table"])
                                              for r in body["results"])
    assert movement_of(client, base) == before  # a preview stores nothing

    done = client.post(f"{base}/movement/", ask, format="json")
    assert done.status_code == 200, done.content
    now = movement_of(client, base)
    assert now["kind"] == "skip-mitchell" and now["tables"] == 6
    event_id = int(base.rstrip("/").split("/")[-1])
    assert Board.objects.filter(board_set__event_id=event_id).count() == 12  # boards 11-12 dealt for table 6
    assert client.post(f"{base}/round/", {"round": 2}, format="json").status_code == 200
    for names in (["Ann Late", "Bob Late"], ["Cy Late", "Di Late"]):
        late = client.post(f"{base}/entries/", {"guests": names}, format="json")
        assert late.status_code == 201 and late.json()["joined_round"] == 2
    assert {e["label"] for e in client.get(f"{base}/entries/").json()} >= {"6NS", "6EW"}
    round_one = now["rounds_detail"][0]
    assert movement_of(client, base)["rounds_detail"][0]["sit_out"] == []  # table 6 was not there in round 1
    assert all(t["table"] != 6 for t in movement_of(client, base)["rounds_detail"][0]["tables"])
    assert any(t["table"] == 6 for t in round_one["tables"])
    play_round(client, base, 2, posted)
    standings = client.get(f"{base}/standings/").json()["standings"]
    assert {row["label"]: row["boards"] for row in standings}["6NS"] == 2


def test_a_switch_that_would_lose_results_is_refused_naming_them(api_as, club, director):
    client = api_as(director)
    base = start(client, club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    play_round(client, base, 1, [])
    before = movement_of(client, base)
    response = client.post(f"{base}/movement/", {"kind": "mitchell", "pairs": 9, "boards_per_round": 3},
                           format="json")
    assert response.status_code == 400, response.content
    assert "movement" in response.json() and "board " in response.json()["movement"][0]
    assert movement_of(client, base) == before
    assert sorted(e["label"] for e in client.get(f"{base}/entries/").json()) == sorted(str(i) for i in range(1, 9))


def test_a_mitchell_becomes_a_howell_before_play_and_pairs_are_renumbered(api_as, club, director):
    client = api_as(director)
    base = start(client, club, {"kind": "mitchell", "pairs": 10, "boards_per_round": 2}, 10)
    entries = {e["label"]: e["names"] for e in client.get(f"{base}/entries/").json()}
    response = client.post(f"{base}/movement/", {"kind": "howell", "pairs": 10, "boards_per_round": 3},
                           format="json")
    assert response.status_code == 200, response.content
    assert response.json()["labels"]["1EW"] == "6"
    after = {e["label"]: e["names"] for e in client.get(f"{base}/entries/").json()}
    assert after["1"] == entries["1NS"] and after["6"] == entries["1EW"] and after["10"] == entries["5EW"]
    first = movement_of(client, base)["rounds_detail"][0]["tables"][0]
    body = {"board": first["boards"][0], "ns": first["ns"], "ew": first["ew"], "contract": "3NT",
            "declarer": "N", "tricks": 9}
    assert client.post(f"{base}/results/", body, format="json").status_code == 201
    assert Result.objects.get().round == 1


@pytest.mark.parametrize("body, field", [
    ({"kind": "howell"}, "pairs"), ({"kind": "howell", "pairs": 8, "tables": 4}, "pairs"),
    ({"kind": "spiral", "pairs": 8}, "movement"), ({"kind": "howell", "pairs": "x"}, "pairs"),
    ({"kind": "howell", "pairs": 8, "section": "Z"}, "section"), ({"kind": "mitchell", "pairs": 10 ** 6}, "movement"),
    ({"kind": "howell", "pairs": 8, "boards_per_round": 10 ** 9}, "movement"),
])
def test_bad_movement_changes_are_a_400_naming_the_field(api_as, club, director, body, field):
    client = api_as(director)
    base = start(client, club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    response = client.post(f"{base}/movement/", body, format="json")
    assert response.status_code == 400 and field in response.json(), response.content


def test_players_cannot_change_the_movement(api_as, club, director, player):
    base = start(api_as(director), club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    response = api_as(player).post(f"{base}/movement/", {"kind": "howell", "pairs": 8}, format="json")
    assert response.status_code == 403


def test_before_play_a_late_pair_is_added_with_a_movement_chosen_from_the_suggestions(api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "pairs": 8, "boards_per_round": 3})
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    enter_pairs(client, club, event["id"], make_members(club, 16))
    full = client.post(f"{base}/entries/", {"guests": ["Ann Late", "Bob Late"]}, format="json")
    assert full.status_code == 400 and "9 pairs" in full.json()["movement"][0]
    assert "mitchell" in full.json()["movement"][0]
    late = client.post(f"{base}/entries/", {"guests": ["Ann Late", "Bob Late"],
                                            "movement": {"kind": "mitchell", "pairs": 9, "boards_per_round": 3}},
                       format="json")
    assert late.status_code == 201, late.content
    labels = sorted(e["label"] for e in client.get(f"{base}/entries/").json())
    assert labels == sorted(["1NS", "2NS", "3NS", "4NS", "5NS", "1EW", "2EW", "3EW", "4EW"])
    assert late.json()["label"] == "4EW" and late.json()["joined_round"] == 1
    assert client.post(f"{base}/start/").status_code == 200
    assert movement_of(client, base)["kind"] == "mitchell"


def test_a_switch_after_round_one_leaves_its_unplayed_tables_as_sit_outs(api_as, club, director):
    client = api_as(director)
    base = start(client, club, {"kind": "mitchell", "pairs": 10, "boards_per_round": 2}, 10)
    assert client.post(f"{base}/round/", {"round": 2}, format="json").status_code == 200
    response = client.post(f"{base}/movement/", {"kind": "howell", "pairs": 10, "boards_per_round": 2},
                           format="json")
    assert response.status_code == 200, response.content
    played = movement_of(client, base)["rounds_detail"]
    assert played[0]["tables"] == [] and len(played[0]["sit_out"]) == 10 and len(played[1]["tables"]) == 5
