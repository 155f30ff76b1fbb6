"""Movement errors scored as scoring programs do: a missed arrow switch in a two-winner
Mitchell is scored as seated, a correction that makes a pair play itself is refused, and a
result the engine would reject is refused at entry with a 400 naming the field."""
import pytest

from scoring.engine import BoardResults, Method, Result, board_vulnerability, duplicate_score, score_session
from scoring.models import EventScoring
from tests.tournaments.factories_event import plays, started_event
from tournaments.models import Event
from tournaments.models import Result as StoredResult

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def _mitchell(client, club, tables=3):
    event, base, movement = started_event(client, club, kind="mitchell", tables=tables)
    assert movement["winners"] == 2
    return base, movement, event["id"]


CONTRACTS = ["4H", "3NT", "2S", "4S", "1NT", "3C"]


def _body(i, board, ns, ew):
    return {"board": board, "ns": ns, "ew": ew, "contract": CONTRACTS[i % len(CONTRACTS)],
            "declarer": "NESW"[i % 4], "tricks": 7 + i % 5}


def test_missed_arrow_switch_is_scored_as_seated_in_each_pairs_own_field(api_as, club, director):
    client = api_as(director)
    base, movement, event_id = _mitchell(client, club)
    posted = []
    for i, (rnd, table, board, ns, ew) in enumerate(plays(movement)):
        body = _body(i, board, ns, ew)
        if (rnd, table, board) == (1, 1, movement["rounds_detail"][0]["tables"][0]["boards"][0]):
            body.update(ns=ew, ew=ns, override=True, round=rnd, table=table)  # they sat the other way round
            swapped = body
        response = client.post(f"{base}/results/", body, format="json")
        assert response.status_code == 201, response.content
        posted.append(body)

    standings = client.get(f"{base}/standings/").json()
    assert standings["current"] and standings["out_of_date"] == ""
    state = EventScoring.objects.get(event_id=event_id)
    assert state.version == Event.objects.get(pk=event_id).results_version and state.error == ""

    # Independent computation: each result compared as seated, each pair ranked in its home field.
    home = {}
    for _r, _t, _b, ns, ew in plays(movement):
        home[ns], home[ew] = "NS", "EW"
    boards = {}
    for p in posted:
        score = duplicate_score(p["contract"], p["declarer"], p["tricks"], board_vulnerability(p["board"]))
        boards.setdefault(p["board"], []).append(Result(ns=p["ns"], ew=p["ew"], score_ns=float(score)))
    expected = score_session([BoardResults(b, tuple(rs)) for b, rs in sorted(boards.items())],
                             Method("matchpoints"), fields=home)
    got = {(s["direction"], s["label"]): round(s["percentage"], 2) for s in standings["standings"]}
    assert got == {(s.field, s.entrant): round(s.percentage, 2) for s in expected.standings}
    assert got.keys() == {(home[e], e) for e in home}  # nobody appears in the other field

    traveller = client.get(f"{base}/results/", {"board": swapped["board"]}).json()
    marked = [r for r in traveller["rows"] if r["arrow_switch_missed"]]
    assert [(r["ns"], r["ew"]) for r in marked] == [(swapped["ns"], swapped["ew"])]
    # The swapped pair's score card counts the board as it sat (E-W pair sitting N-S).
    card = client.get(f"{base}/score-cards/{swapped['ns']}/").json()
    row = next(b for rnd in card["rounds"] for b in rnd["boards"] if b["board"] == swapped["board"])
    mine = next(r for r in traveller["rows"] if r["ns"] == swapped["ns"] and r["ew"] == swapped["ew"])
    assert row["arrow_switch_missed"] and row["value"] == pytest.approx(mine["mp_ns"])
    assert row["score"] == mine["score_ns"]
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/{event_id}/travellers/{swapped['board']}/")
    assert "arrow switch missed" in page.content.decode()


def test_a_correction_that_makes_a_pair_play_itself_is_refused(api_as, club, director):
    client = api_as(director)
    base, movement, event_id = _mitchell(client, club)
    _r, _t, board, ns, ew = next(plays(movement))
    rid = client.post(f"{base}/results/", _body(0, board, ns, ew), format="json").json()["id"]
    version = Event.objects.get(pk=event_id).results_version
    response = client.put(f"{base}/results/{rid}/", {"ew": ns, "contract": "3NT", "declarer": "N", "tricks": 9,
                                                     "reason": "typo"}, format="json")
    assert response.status_code == 400 and "ew" in response.json(), response.content
    stored = StoredResult.objects.get(pk=rid)
    assert (stored.ns.label, stored.ew.label, stored.contract) == (ns, ew, "4H")
    assert Event.objects.get(pk=event_id).results_version == version
    assert client.get(f"{base}/standings/").json()["current"]


def test_a_new_result_against_itself_is_refused_even_with_override(api_as, club, director):
    client = api_as(director)
    base, movement, _event_id = _mitchell(client, club)
    _r, _t, board, ns, _ew = next(plays(movement))
    response = client.post(f"{base}/results/", {**_body(0, board, ns, ns), "override": True, "round": 1,
                                                "table": 1}, format="json")
    assert response.status_code == 400 and "ew" in response.json(), response.content
    assert not StoredResult.objects.exists()


def test_an_adjusted_percentage_beyond_100_is_a_400(api_as, club, director):
    client = api_as(director)
    base, movement, _event_id = _mitchell(client, club)
    _r, _t, board, ns, ew = next(plays(movement))
    response = client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "adjusted_ns": "101%"},
                           format="json")
    assert response.status_code == 400 and "adjusted_ns" in response.json(), response.content
