"""Late pairs and withdrawals during the evening, through the API: a late pair takes the
phantom's place from the round it arrives, the rounds it missed are sit-outs (not zeros), a
withdrawn pair's later opponents sit out, and the standings equal the engine run on the
movement as played."""
import pytest

from scoring.engine import BoardResults, Method, Result, board_vulnerability, duplicate_score, score_session
from scoring.engine.session import direction_fields
from tournaments.movements import generate
from tests.tournaments.factories_event import create_event, enter_pairs, make_members

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back
CONTRACTS = ["4H", "3NT", "2S", "1NT", "4S", "3C", "5D", "2H", "3NTX", "6NT"]


def start(client, club, movement, pairs):
    event = create_event(client, club, movement=movement)
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    enter_pairs(client, club, event["id"], make_members(club, 2 * pairs))
    assert client.post(f"{base}/start/").status_code == 200
    return base


def movement_of(client, base):
    return client.get(f"{base}/movement/").json()["sections"][0]


def play_round(client, base, number, posted):
    """Every table of the round as the event's movement now seats it, one result a board."""
    plan = movement_of(client, base)["rounds_detail"][number - 1]
    for t in plan["tables"]:
        for b in t["boards"]:
            contract = CONTRACTS[(b + len(posted)) % len(CONTRACTS)]
            body = {"board": b, "ns": t["ns"], "ew": t["ew"], "contract": contract, "declarer": "S",
                    "tricks": 9 if "NT" in contract else 10}
            response = client.post(f"{base}/results/", body, format="json")
            assert response.status_code == 201, response.content
            posted.append(body)


def engine_standings(schedule, posted):
    """Independent: each board expected as often as the given schedule plays it."""
    counts = {}
    for plan in schedule:
        for t in plan.tables:
            for b in t.boards:
                counts[b] = counts.get(b, 0) + 1
    boards = {}
    for p in posted:
        score = duplicate_score(p["contract"], p["declarer"], p["tricks"], board_vulnerability(p["board"]))
        boards.setdefault(p["board"], []).append(Result(ns=p["ns"], ew=p["ew"], score_ns=float(score)))
    board_results = [BoardResults(board=b, results=tuple(rs), expected=counts[b]) for b, rs in sorted(boards.items())]
    session = score_session(board_results, Method("matchpoints"), fields=direction_fields(board_results))
    return {s.entrant: (round(s.percentage, 4), s.boards) for s in session.standings}


def test_a_late_pair_takes_the_phantom_s_place_from_the_round_it_arrives(api_as, club, director):
    client = api_as(director)
    base = start(client, club, {"kind": "mitchell", "pairs": 9, "boards_per_round": 2}, 9)
    posted = []
    play_round(client, base, 1, posted)
    assert client.post(f"{base}/round/", {"round": 2}, format="json").status_code == 200
    late = client.post(f"{base}/entries/", {"guests": ["Ann Late", "Bob Late"]}, format="json")
    assert late.status_code == 201, late.content
    assert late.json()["label"] == "5EW" and late.json()["joined_round"] == 2

    full = generate("mitchell", pairs=10, boards_per_round=2)
    half = generate("mitchell", pairs=9, boards_per_round=2)
    played = movement_of(client, base)["rounds_detail"]
    assert played[0]["sit_out"] == ["5NS"]  # round 1 stays as it was played: the phantom's
    assert played[1]["sit_out"] == [] and {"table": 1, "ns": "1NS", "ew": "5EW", "boards": [3, 4]} in played[1]["tables"]
    for r in range(2, 6):
        play_round(client, base, r, posted)
        if r < 5:
            assert client.post(f"{base}/round/", {"round": r + 1}, format="json").status_code == 200

    standings = client.get(f"{base}/standings/").json()["standings"]
    got = {row["label"]: (round(row["percentage"], 4), row["boards"]) for row in standings}
    want = engine_standings(half.rounds_detail[:1] + full.rounds_detail[1:], posted)
    assert got == want
    assert got["5EW"][1] == 8 and got["5NS"][1] == 8  # the late pair: 4 rounds of 2; 5NS sat out round 1
    card = client.get(f"{base}/score-cards/5NS/").json()
    assert [r.get("sit_out", False) for r in card["rounds"]] == [True, False, False, False, False]


def test_a_late_pair_in_a_seven_pair_howell_is_pair_eight(api_as, club, director):
    client = api_as(director)
    base = start(client, club, {"kind": "howell", "pairs": 7, "boards_per_round": 3}, 7)
    assert client.post(f"{base}/round/", {"round": 3}, format="json").status_code == 200
    late = client.post(f"{base}/entries/", {"guests": ["Ann Late", "Bob Late"]}, format="json")
    assert late.status_code == 201 and late.json()["label"] == "8" and late.json()["joined_round"] == 3
    seven = generate("howell", pairs=7, boards_per_round=3)
    played = movement_of(client, base)["rounds_detail"]
    assert [p["sit_out"] for p in played[:2]] == [list(p.sit_out) for p in seven.rounds_detail[:2]]
    assert all(p["sit_out"] == [] for p in played[2:])
    again = client.post(f"{base}/entries/", {"guests": ["Cy Later", "Di Later"]}, format="json")
    assert again.status_code == 400 and "movement" in again.json()


def test_a_withdrawn_pair_s_later_opponents_sit_out_and_its_results_stay(api_as, client, club, director):
    api = api_as(director)
    base = start(api, club, {"kind": "mitchell", "pairs": 10, "boards_per_round": 2}, 10)
    posted = []
    play_round(api, base, 1, posted)
    assert api.post(f"{base}/round/", {"round": 2}, format="json").status_code == 200
    entry = next(e for e in api.get(f"{base}/entries/").json() if e["label"] == "3EW")
    withdrawn = api.post(f"{base}/entries/{entry['id']}/withdraw/").json()
    assert withdrawn["status"] == "withdrawn" and withdrawn["withdrawn_after_round"] == 1

    full = generate("mitchell", pairs=10, boards_per_round=2)
    played = movement_of(api, base)["rounds_detail"]
    for plan, planned in zip(played[1:], full.rounds_detail[1:]):
        opponent = next(t for t in planned.tables if t.ew == "3EW")
        assert plan["sit_out"] == [opponent.ns]
        assert all(t["table"] != opponent.table for t in plan["tables"])
    table = next(t for t in full.rounds_detail[1].tables if t.ew == "3EW").table
    now = api.get(f"{base}/tables/A/{table}/").json()
    assert now["round"] == 2 and now["playing"] is False and now["boards"] == []
    for r in range(2, 6):
        play_round(api, base, r, posted)
        if r < 5:
            assert api.post(f"{base}/round/", {"round": r + 1}, format="json").status_code == 200
    standings = api.get(f"{base}/standings/").json()["standings"]
    got = {row["label"]: (round(row["percentage"], 4), row["boards"]) for row in standings}
    schedule = full.rounds_detail[:1] + tuple(
        plan.__class__(round=plan.round, tables=tuple(t for t in plan.tables if "3EW" not in t.entrants))
        for plan in full.rounds_detail[1:])
    assert got == engine_standings(schedule, posted)
    assert got["3EW"][1] == 2  # its round-1 results stay


def test_a_late_pair_takes_a_withdrawn_pair_s_place_and_each_is_ranked(api_as, club, director):
    api = api_as(director)
    base = start(api, club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    posted = []
    play_round(api, base, 1, posted)
    assert api.post(f"{base}/round/", {"round": 2}, format="json").status_code == 200
    entry = next(e for e in api.get(f"{base}/entries/").json() if e["label"] == "2")
    api.post(f"{base}/entries/{entry['id']}/withdraw/")
    late = api.post(f"{base}/entries/", {"guests": ["Ann Late", "Bob Late"]}, format="json")
    assert late.json()["label"] == "2" and late.json()["joined_round"] == 2
    play_round(api, base, 2, posted)
    rows = [r for r in api.get(f"{base}/standings/").json()["standings"] if r["label"] == "2"]
    assert sorted((r["names"], r["boards"]) for r in rows) == [
        ("Ann Late & Bob Late", 3), (f"{entry['names']}", 3)]


def test_the_printed_results_keep_a_late_pair_apart_from_the_withdrawn_pair(api_as, club, director):
    """Issue 11: the results print scores per entry as the standings do, so the withdrawn pair 2
    and the late pair that took number 2 are two rows with their own names and totals, equal to
    the standings page: the print reads the stored scores."""
    from tournaments.models import Event
    from tournaments.prints import results as results_print
    from tournaments.prints.source import event_sheet

    api = api_as(director)
    base = start(api, club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    posted = []
    play_round(api, base, 1, posted)
    assert api.post(f"{base}/round/", {"round": 2}, format="json").status_code == 200
    entry = next(e for e in api.get(f"{base}/entries/").json() if e["label"] == "2")
    api.post(f"{base}/entries/{entry['id']}/withdraw/")
    api.post(f"{base}/entries/", {"guests": ["Ann Late", "Bob Late"]}, format="json")
    play_round(api, base, 2, posted)
    page = sorted((r["label"], r["names"], f"{float(r['percentage']):.2f}", r["boards"])
                  for r in api.get(f"{base}/standings/").json()["standings"])
    sheet = event_sheet(Event.objects.get(pk=int(base.rstrip("/").split("/")[-1])))
    rows = [row for f in results_print.build(sheet)["fields"] for row in f["rows"]]
    printed = sorted((r["pair"], r["names"], r["percentage"], r["boards"]) for r in rows)
    assert printed == page
    assert sorted(r["names"] for r in rows if r["pair"] == "2") == sorted(["Ann Late & Bob Late", entry["names"]])


def test_total_tricks_rank_a_withdrawn_pair_s_opponents_by_tricks_a_board(api_as, club, director):
    """Total tricks (duplicate whist): the N-S pairs that sit out against a withdrawn pair play
    fewer boards; they are ranked by tricks a board scaled to a full card (simple factoring,
    algorithms.md 2.3), boards played shown, and full-card pairs keep their raw totals."""
    api = api_as(director)
    event = create_event(api, club, game="duplicate_whist", scoring="total_tricks",
                         movement={"kind": "mitchell", "pairs": 10, "boards_per_round": 2})
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    enter_pairs(api, club, event["id"], make_members(club, 20))
    assert api.post(f"{base}/start/").status_code == 200
    rounds = len(movement_of(api, base)["rounds_detail"])
    tricks: dict[str, int] = {}
    boards: dict[str, int] = {}
    for number in range(1, rounds + 1):
        if number > 1:
            assert api.post(f"{base}/round/", {"round": number}, format="json").status_code == 200
        if number == 2:
            entry = next(e for e in api.get(f"{base}/entries/").json() if e["label"] == "3EW")
            api.post(f"{base}/entries/{entry['id']}/withdraw/")
            short = movement_of(api, base)["rounds_detail"][1]["sit_out"][0]
        for t in movement_of(api, base)["rounds_detail"][number - 1]["tables"]:
            for b in t["boards"]:
                won = 8 if number > 1 and t["ns"] == short else 7
                response = api.post(f"{base}/results/", {"board": b, "ns": t["ns"], "ew": t["ew"], "tricks_ns": won},
                                    format="json")
                assert response.status_code == 201, response.content
                tricks[t["ns"]] = tricks.get(t["ns"], 0) + won
                boards[t["ns"]] = boards.get(t["ns"], 0) + 1
    rows = {r["label"]: r for r in api.get(f"{base}/standings/").json()["standings"] if r["direction"] == "NS"}
    card = max(boards.values())
    assert rows[short]["boards"] == boards[short] < card
    assert rows[short]["rank"] == "1"  # more tricks a board than anyone, though fewer in all
    for label, row in rows.items():  # each round a different N-S pair sits out against 3EW
        assert row["boards"] == boards[label]
        if boards[label] < card:
            assert row["total"] == pytest.approx(tricks[label] * card / boards[label], abs=1e-3)
        else:
            assert row["total"] == tricks[label]
    assert sum(1 for label in rows if boards[label] == card) >= 1
