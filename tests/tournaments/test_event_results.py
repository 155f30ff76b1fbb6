"""Results through the API: validation against the movement, idempotence, conflicts,
director corrections with an audit trail, adjusted scores, permissions, rescoring twice."""
import pytest

from scoring.models import EventScoring, Standing
from scoring.services import event_rescore
from tests.tournaments.factories_event import create_event, enter_pairs, make_members

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


@pytest.fixture
def howell(api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "tables": 2, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 8))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    movement = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/movement/").json()["sections"][0]
    first = movement["rounds_detail"][0]["tables"][0]
    return client, f"/api/clubs/{club.slug}/events/{event['id']}", first, event


def ok_result(first, **extra):
    return {"board": first["boards"][0], "ns": first["ns"], "ew": first["ew"], "contract": "4H", "declarer": "S",
            "tricks": 10, **extra}


@pytest.mark.parametrize("change, field", [
    ({"ns": "99"}, "ns"), ({"board": 27}, "board"), ({"tricks": 14}, "tricks"),
    ({"contract": "8H"}, "contract"), ({"declarer": "Q"}, "declarer"), ({"adjusted_ns": "B+"}, "adjusted_ns"),
])
def test_bad_input_is_a_400_naming_the_field(howell, change, field):
    client, base, first, _ = howell
    response = client.post(f"{base}/results/", ok_result(first, **change), format="json")
    assert response.status_code == 400 and field in response.json(), response.content


def test_pairs_the_other_way_round_are_refused_with_the_seating_named(howell):
    """A table that sat the wrong way (a missed arrow switch, say): the 400 says how the movement
    seats them; a director can still enter it as seated with override."""
    client, base, first, _ = howell
    response = client.post(f"{base}/results/", ok_result(first, ns=first["ew"], ew=first["ns"]), format="json")
    assert response.status_code == 400
    message = response.json()["ns"][0]
    assert f"{first['ns']} N-S and {first['ew']} E-W" in message and "override" in message
    forced = client.post(f"{base}/results/", ok_result(first, ns=first["ew"], ew=first["ns"], override=True,
                                                       round=1, table=first["table"]), format="json")
    assert forced.status_code == 201, forced.content


def test_resubmitting_is_idempotent_and_a_different_result_conflicts(howell):
    client, base, first, _ = howell
    one = client.post(f"{base}/results/", ok_result(first), format="json")
    again = client.post(f"{base}/results/", ok_result(first, contract="4h", declarer="s"), format="json")
    assert one.status_code == 201 and again.status_code == 200 and one.json()["id"] == again.json()["id"]
    assert one.json()["score_ns"] == 420
    other = client.post(f"{base}/results/", ok_result(first, tricks=9), format="json")
    assert other.status_code == 409 and other.json()["id"] == one.json()["id"]


def test_director_correction_is_audited_and_rescored(howell, director):
    client, base, first, _ = howell
    rid = client.post(f"{base}/results/", ok_result(first), format="json").json()["id"]
    response = client.put(f"{base}/results/{rid}/", {"contract": "4H", "declarer": "S", "tricks": 9,
                                                     "reason": "table misreported"}, format="json")
    assert response.status_code == 200 and response.json()["score_ns"] == -50
    traveller = client.get(f"{base}/results/", {"board": first["boards"][0]}).json()
    assert [a["action"] for a in traveller["audit"]] == ["create", "update"]
    change = traveller["audit"][1]
    assert change["before"]["tricks"] == 10 and change["after"]["tricks"] == 9
    assert change["by"] == director.username and change["reason"] == "table misreported"
    assert traveller["rows"][0]["score_ns"] == -50


def test_adjusted_scores_average_plus_and_minus(howell):
    client, base, first, _ = howell
    body = {"board": first["boards"][0], "ns": first["ns"], "ew": first["ew"], "adjusted_ns": "A+"}
    row = client.post(f"{base}/results/", body, format="json").json()
    assert row["adjusted_ns"] == "A+" and row["adjusted_ew"] == "A-" and row["score_ns"] is None
    assert row["pct_ns"] == pytest.approx(60) and row["pct_ew"] == pytest.approx(40)


def test_whist_takes_tricks_won_by_north_south(api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, game="duplicate_whist", movement={"kind": "howell", "tables": 2,
                                                                         "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 8))
    client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/")
    t = client.get(f"/api/clubs/{club.slug}/events/{event['id']}/movement/").json()["sections"][0]["rounds_detail"][0]["tables"][0]
    base = f"/api/clubs/{club.slug}/events/{event['id']}/results/"
    assert client.post(base, {"board": t["boards"][0], "ns": t["ns"], "ew": t["ew"], "tricks_ns": 14},
                       format="json").status_code == 400
    row = client.post(base, {"board": t["boards"][0], "ns": t["ns"], "ew": t["ew"], "tricks_ns": 8}, format="json")
    assert row.status_code == 201 and row.json()["score_ns"] == 8


def test_players_cannot_write_and_strangers_cannot_read_unpublished(howell, api_as, player, make_user, api):
    _, base, first, _ = howell
    assert api_as(player).post(f"{base}/results/", ok_result(first), format="json").status_code == 403
    assert api_as(player).get(f"{base}/standings/").status_code == 200
    assert api.get(f"{base}/standings/").status_code == 404
    assert api_as(make_user("outsider")).get(f"{base}/standings/").status_code == 404


def test_rescore_twice_changes_nothing(howell):
    client, base, first, event = howell
    client.post(f"{base}/results/", ok_result(first), format="json")
    before = list(Standing.objects.filter(event_id=event["id"]).values_list("entry__label", "rank", "total"))
    runs = EventScoring.objects.get(event_id=event["id"]).runs
    assert event_rescore(event_id=event["id"]) is False  # already current
    assert event_rescore(event_id=event["id"], force=True) is True
    after = list(Standing.objects.filter(event_id=event["id"]).values_list("entry__label", "rank", "total"))
    assert before == after and len(before) == 2
    assert EventScoring.objects.get(event_id=event["id"]).runs == runs + 1


def test_score_card_runs_round_by_round(howell):
    client, base, first, _ = howell
    for b in first["boards"]:
        client.post(f"{base}/results/", ok_result(first, board=b), format="json")
    card = client.get(f"{base}/score-cards/{first['ns']}/").json()
    played = card["rounds"][0]["boards"]
    from scoring.engine import board_vulnerability, duplicate_score

    want = [duplicate_score("4H", "S", 10, board_vulnerability(b)) for b in first["boards"]]
    assert card["rounds"][0]["opponents"] == first["ew"] and [b["score"] for b in played] == want
    assert played[-1]["running_total"] == sum(b["value"] for b in played)


def test_withdrawn_pair_cannot_score_and_late_pair_takes_a_free_number(howell, club):
    client, base, first, _ = howell
    entries = client.get(f"{base}/entries/").json()
    ns_entry = next(e for e in entries if e["label"] == first["ns"])
    assert client.post(f"{base}/entries/{ns_entry['id']}/withdraw/").json()["status"] == "withdrawn"
    assert client.post(f"{base}/results/", ok_result(first), format="json").status_code == 400
    late = client.post(f"{base}/entries/", {"guests": ["Ann Late", "Bob Late"]}, format="json")
    assert late.status_code == 201 and late.json()["label"] == first["ns"]


def test_the_schema_says_the_typed_result_fields():
    """Tricks are integers 0-13 (null: not given), adjusted scores a pattern of A+, A, A-, p% or
    table: the schema says what the serializer reads (scoring.engine.entry)."""
    from drf_spectacular.generators import SchemaGenerator

    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    for name in ("ResultRequest", "TableResultRequest"):
        tricks = schemas[name]["properties"]["tricks"]
        assert (tricks["type"], tricks["minimum"], tricks["maximum"], tricks["nullable"]) == ("integer", 0, 13, True)
    adjusted = schemas["ResultRequest"]["properties"]["adjusted_ns"]
    assert adjusted["type"] == "string" and "pattern" in adjusted


@pytest.mark.parametrize("tricks", ["nine", 9.5, True, "14", [9]])
def test_tricks_that_are_not_a_whole_number_are_a_400(howell, tricks):
    client, base, first, _ = howell
    response = client.post(f"{base}/results/", ok_result(first, tricks=tricks), format="json")
    assert response.status_code == 400 and "tricks" in response.json(), response.content


def test_blank_or_null_tricks_mean_not_given(howell):
    """A passed-out board takes no tricks (blank or null); a played contract without them is a 400."""
    client, base, first, _ = howell
    missing = client.post(f"{base}/results/", ok_result(first, tricks=None), format="json")
    assert missing.status_code == 400 and "tricks" in missing.json()
    passed = client.post(f"{base}/results/", ok_result(first, contract="Pass", declarer="", tricks=""), format="json")
    assert passed.status_code == 201 and passed.json()["tricks"] is None, passed.content
