"""Progressive poker through the API: create, register, start, the banker's loans, the bell,
the tables' counts (with the PIN from a phone), the close, prizes; bad input is a 400 naming
the field, a count that makes chips a 400 naming the table."""
import pytest

from tests.tournaments.factories_party import close, create_party, get_round, register, url
from tournaments.models.party import Party
from tournaments.movements import party_poker
from tournaments.services import party as services

pytestmark = pytest.mark.django_db
STAKE = party_poker.stake({})


@pytest.fixture
def poker(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, game="progressive_poker", progression="poker", tables=4, name="Poker night")
    register(client, club, event["id"], [(f"P{i}", "lady" if i % 2 else "gentleman") for i in range(1, 20)])
    response = client.post(url(club, event["id"], "start"), {}, format="json")
    assert response.status_code == 200, response.content
    return client, event


def test_the_start_shows_the_tables_and_their_limits(poker, club):
    client, event = poker
    data = get_round(client, club, event["id"], 1)
    assert [len(t["players"]) for t in data["tables"]] == [5, 4, 4, 6]
    assert [t["limit_chips"] for t in data["tables"]] == [None, 25, 15, 1]
    summary = client.get(url(club, event["id"], "poker")).json()
    assert summary["stake"] == STAKE and summary["book"]["issued"] == 19 * STAKE and not summary["bell"]


def test_a_round_by_the_api(poker, club):
    client, event = poker
    tables = [t["players"] for t in get_round(client, club, event["id"], 1)["tables"]]
    loan = client.post(url(club, event["id"], "ledger"), {"player": tables[3][0], "kind": "borrowed", "chips": 50},
                       format="json")
    assert loan.status_code == 201, loan.content
    assert loan.json()["book"]["borrowed"] == 50
    early = client.post(url(club, event["id"], "rounds", 1, "tables", 2, "count"),
                        {"chips": {p: STAKE for p in tables[1]}, "pots": tables[1][:2]}, format="json")
    assert early.status_code == 409
    bell = client.post(url(club, event["id"], "rounds", 1, "bell"), {"jackpot": tables[0][2]}, format="json")
    assert bell.status_code == 200 and bell.json()["jackpot"] == tables[0][2]
    held = services.chips_held(Party.objects.get(event_id=event["id"]), 1)
    for t, players in enumerate(tables, start=1):
        counts = {p: held[p] for p in players}
        counts[players[0]], counts[players[1]] = counts[players[0]] + 30, counts[players[1]] - 30
        response = client.post(url(club, event["id"], "rounds", 1, "tables", t, "count"),
                               {"chips": counts, "pots": [] if t == 1 else [players[0], players[1]]}, format="json")
        assert response.status_code == 201, response.content
    closed = close(client, club, event["id"], 1)
    assert closed.status_code == 200, closed.content
    nxt = closed.json()["next"]["tables"]
    assert tables[0][2] in nxt[0]["players"] and {tables[1][0], tables[1][1]} <= set(nxt[0]["players"])
    ladies_up = [p for p in (tables[1][0], tables[1][1]) if int(p) % 2]  # odd labels are ladies
    if len(ladies_up) == 1:
        assert nxt[0]["deal"]["age"] == ladies_up[0]
    elif not ladies_up:
        assert nxt[0]["deal"]["dealer"] in nxt[0]["players"] and "no lady" in nxt[0]["deal"]["how"]
    prizes = client.get(url(club, event["id"], "prizes")).json()
    kinds = {(p["category"], p["prize"]) for p in prizes}
    assert kinds >= {("lady", "first"), ("gentleman", "first")} and any(k == "booby" for _, k in kinds)
    standings = client.get(url(club, event["id"], "standings")).json()
    best = {c: max(r["points"] for r in standings if r["category"] == c) for c in ("lady", "gentleman")}
    assert all(row["chips_won"] == best[p["category"]] for p in prizes if p["prize"] == "first" for row in p["players"])
    assert sum(r["points"] for r in standings) == 0


def test_a_phone_needs_the_table_pin(poker, club, api_as, player, api):
    client, event = poker
    tables = [t["players"] for t in get_round(client, club, event["id"], 1)["tables"]]
    client.post(url(club, event["id"], "rounds", 1, "bell"), {"jackpot": tables[0][0]}, format="json")
    party = Party.objects.get(event_id=event["id"])
    body = {"chips": {p: STAKE for p in tables[2]}, "pots": tables[2][:2]}
    count = url(club, event["id"], "rounds", 1, "tables", 3, "count")
    assert api_as(player).post(count, body, format="json").status_code == 403
    api.credentials(HTTP_X_TABLE_PIN="x")
    assert api.post(count, body, format="json").status_code == 403
    api.credentials(HTTP_X_TABLE_PIN=services.table_pin(party, 3))
    ok = api.post(count, body, format="json")
    assert ok.status_code == 201, ok.content
    # Correcting a count is the director's: the phone asking it is refused by name, the count kept.
    refused = api.post(count, {**body, "correct": True}, format="json")
    assert refused.status_code == 403 and "correct" in refused.json(), refused.content


def test_only_directors_lend_and_ring_the_bell(poker, club, api_as, player, scorer):
    client, event = poker
    head = get_round(client, club, event["id"], 1)["tables"][0]["players"]
    for who in (player, scorer):
        assert api_as(who).post(url(club, event["id"], "ledger"), {"player": head[0], "kind": "borrowed",
                                                                    "chips": 5}, format="json").status_code == 403
        assert api_as(who).post(url(club, event["id"], "rounds", 1, "bell"), {"jackpot": head[0]},
                                format="json").status_code == 403
    assert api_as(player).get(url(club, event["id"], "poker")).status_code == 200


@pytest.mark.parametrize("path, body, field", [
    (("ledger",), {"player": "1", "kind": "stolen", "chips": 5}, "kind"),
    (("ledger",), {"player": "1", "kind": "borrowed", "chips": 0}, "chips"),
    (("ledger",), {"player": "99", "kind": "borrowed", "chips": 5}, "player"),
    (("rounds", 1, "bell"), {}, "jackpot"),
    (("rounds", 1, "bell"), {"jackpot": "nobody"}, "jackpot"),
])
def test_bad_input_is_a_400_naming_the_field(poker, club, path, body, field):
    client, event = poker
    response = client.post(url(club, event["id"], *path), body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()


def test_a_count_that_makes_chips_is_a_400_naming_the_table(poker, club):
    client, event = poker
    tables = [t["players"] for t in get_round(client, club, event["id"], 1)["tables"]]
    client.post(url(club, event["id"], "rounds", 1, "bell"), {"jackpot": tables[0][0]}, format="json")
    counts = {p: STAKE for p in tables[1]}
    counts[tables[1][0]] += 5
    response = client.post(url(club, event["id"], "rounds", 1, "tables", 2, "count"),
                           {"chips": counts, "pots": tables[1][:2]}, format="json")
    assert response.status_code == 400 and "table 2" in response.json()["chips"][0]
    response = client.post(url(club, event["id"], "rounds", 1, "tables", 2, "count"),
                           {"chips": "lots", "pots": tables[1][:2]}, format="json")
    assert response.status_code == 400 and "chips" in response.json()
    response = client.post(url(club, event["id"], "rounds", 1, "tables", 2, "count"),
                           {"chips": {p: STAKE for p in tables[1]}, "pots": ["nobody"]}, format="json")
    assert response.status_code == 400 and "pots" in response.json()


def test_poker_rules_are_checked_at_creation(api_as, director, club):
    client = api_as(director)
    response = client.post(url(club), {"name": "x", "date": "2026-11-27", "game": "progressive_poker",
                                       "options": {"stake": {"gold": 3}}}, format="json")
    assert response.status_code == 400 and "options" in response.json()


def test_points_at_a_poker_table_are_a_400_pointing_to_the_count(poker, club):
    client, event = poker
    response = client.post(url(club, event["id"], "rounds", 1, "tables", 2), {"points": [5, 3]}, format="json")
    assert response.status_code == 400 and "count/" in response.json()["chips"][0]
