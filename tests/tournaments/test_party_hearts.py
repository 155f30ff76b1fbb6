"""Progressive hearts through the API (Standard Hoyle: "There are twelve players at three
tables. Four losers retire and there are eight. The sifting process takes place until there
are only four players. The four play."): 12 and 16 players to a final table, prizes, ties
settled by the total and the director's cut, and bad input (400 by field)."""
import pytest

from tests.tournaments.factories_party import close, create_party, get_round, register, url
from tournaments.models.party import Party, PartyPlayer
from tournaments.services import party as services

pytestmark = pytest.mark.django_db


def hearts_party(client, club, players, options=None):
    event = create_party(client, club, game="progressive_hearts", progression="hearts", tables=players // 4,
                         options=options, name="Hearts evening")
    assert event["game"] == "progressive_hearts"
    labels = register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, players + 1)])
    return event, labels


def start(client, club, event):
    response = client.post(url(club, event["id"], "start"), {}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def chips(client, club, event, number, table, lost, **extra):
    return client.post(url(club, event["id"], "rounds", number, "tables", table), {"chips": lost, **extra},
                       format="json")


def play_round(client, club, event, number, losses):
    """Report every table: ``losses`` maps a label to its chips lost (each table sums to 0)."""
    data = get_round(client, club, event["id"], number)
    for t in data["tables"]:
        response = chips(client, club, event, number, t["table"], [losses[p] for p in t["players"]])
        assert response.status_code == 201, response.content
    return data


def zero_sum(labels_in_order, pattern=(-15, 1, 5, 9)):
    """Chips lost at each table of four: the first seat wins 15, the others pay 1, 5, 9."""
    return {label: pattern[i % 4] for i, label in enumerate(labels_in_order)}


def seated(data):
    return [p for t in data["tables"] for p in t["players"]]


def test_twelve_players_three_tables_then_two_then_the_final_table(api_as, director, club):
    client = api_as(director)
    event, _ = hearts_party(client, club, 12)
    assert event["progression"] == "hearts" and event["options"]["retire"] == "overall"
    first = start(client, club, event)
    assert [len(t["players"]) for t in first["tables"]] == [4, 4, 4]
    assert sorted(seated(first)) == sorted(str(i) for i in range(1, 13))
    assert all(p.card for p in PartyPlayer.objects.filter(ghost=False))
    assert client.get(url(club, event["id"], "party")).json()["rounds"] == 3

    # Round 1: the three who lost 9 and the one who lost 6 retire (overall, not one a table).
    order = seated(first)
    losses = zero_sum(order)
    losses.update({order[1]: 2, order[2]: 4})  # table 1: -15, 2, 4, 9
    losses.update({order[5]: 0, order[6]: 6})  # table 2: -15, 0, 6, 9; table 3: -15, 1, 5, 9
    play_round(client, club, event, 1, losses)
    closed = close(client, club, event["id"], 1)
    assert closed.status_code == 200, closed.content
    body = closed.json()
    assert set(body["retired"]) == {order[3], order[7], order[11], order[6]}
    second = body["next"]
    assert len(second["tables"]) == 2 and set(seated(second)) == set(order) - set(body["retired"])

    # Round 2: one table reports chips, the other its four hands (plain hearts).
    order2 = seated(second)
    t1, t2 = second["tables"]
    assert chips(client, club, event, 2, 1, [-20, 2, 6, 12]).status_code == 201
    hands = [{"hearts": [1, 2, 4, 6]}, {"hearts": [2, 3, 2, 6]}, {"hearts": [0, 13, 0, 0]}, {"hearts": [3, 3, 3, 4]}]
    reported = client.post(url(club, event["id"], "rounds", 2, "tables", 2), {"hands": hands}, format="json")
    assert reported.status_code == 201, reported.content
    # Hand 1: -12, 2, 4, 6; hand 2: two winners share 9 -> -4, 3, -4, 6, one chip over; hand 3:
    # three winners share 13 + 1 -> -4, 13, -4, -4, two over; hand 4: three share 4 + 2 -> -2, -2, -2, 4.
    table2 = reported.json()["tables"][1]["result"]["chips"]
    assert table2 == [-12 - 4 - 4 - 2, 2 + 3 + 13 - 2, 4 - 4 - 4 - 2, 6 + 6 - 4 + 4]
    assert sum(table2) == 0
    closed = close(client, club, event["id"], 2)
    assert closed.status_code == 200, closed.content
    retired2 = closed.json()["retired"]
    by_loss = {**dict(zip(t1["players"], [-20, 2, 6, 12])), **dict(zip(t2["players"], table2))}
    assert sorted(by_loss[p] for p in retired2) == sorted(by_loss.values())[4:]
    final = closed.json()["next"]
    assert final["final"] and len(final["tables"]) == 1
    assert set(seated(final)) == set(order2) - set(retired2)

    # The final table: the least chips lost takes the first prize.
    four = seated(final)
    assert chips(client, club, event, 3, 1, [7, -10, 1, 2]).status_code == 201
    done = close(client, club, event["id"], 3)
    assert done.status_code == 200 and done.json()["next"] is None and done.json()["retired"] == []
    assert client.get(url(club, event["id"])).json()["status"] == "finished"
    standings = client.get(url(club, event["id"], "standings")).json()
    assert [r["label"] for r in standings[:4]] == [four[1], four[2], four[3], four[0]]
    assert [r["rank"] for r in standings[:4]] == [1, 2, 3, 4]
    assert all(r["retired_after"] is None for r in standings[:4])
    assert {r["label"] for r in standings if r["retired_after"] == 1} == set(body["retired"])
    assert {r["label"] for r in standings if r["retired_after"] == 2} == set(retired2)
    row = next(r for r in standings if r["label"] == four[1])
    assert [c["round"] for c in row["chips"]] == [1, 2, 3] and row["chips"][2]["lost"] == -10
    assert row["chips_lost"] == sum(c["lost"] for c in row["chips"]) == row["points"]
    prizes = {p["prize"]: [r["label"] for r in p["players"]] for p in
              client.get(url(club, event["id"], "prizes")).json()}
    assert prizes["first"] == [four[1]] and prizes["second"] == [four[2]] and prizes["third"] == [four[3]]
    others = [r for r in standings if r["rank"] > 3]
    most = max(r["chips_lost"] for r in others)
    assert set(prizes["booby"]) == {r["label"] for r in others if r["chips_lost"] == most}
    assert next(r for r in standings if r["label"] == four[1])["prize"] == "first"
    tally = client.get(url(club, event["id"], "players", four[1], "tally")).json()
    assert [line["points"] for line in tally["rounds"]] == [c["lost"] for c in row["chips"]]


def test_sixteen_players_retire_one_at_each_table_to_twelve_eight_four(api_as, director, club):
    client = api_as(director)
    event, _ = hearts_party(client, club, 16, options={"retire": "per_table", "prizes": "party"})
    data = start(client, club, event)
    sizes = []
    for number in range(1, 5):
        sizes.append(len(data["tables"]))
        order = seated(data)
        losses = zero_sum(order, pattern=(-15 - number, 2, 5, 8 + number))
        play_round(client, club, event, number, losses)
        closed = close(client, club, event["id"], number)
        assert closed.status_code == 200, closed.content
        body = closed.json()
        if number < 4:
            # per table: each table's biggest loser retires (the fourth seat of every table here),
            # and with fewer tables than four the next biggest losers overall.
            worst = {t["players"][3] for t in data["tables"]}
            assert worst <= set(body["retired"]) and len(body["retired"]) == 4
        data = body["next"]
        if data is None:
            break
    assert sizes == [4, 3, 2, 1]
    standings = client.get(url(club, event["id"], "standings")).json()
    assert [r["retired_after"] for r in standings].count(None) == 4
    assert [r["retired_after"] for r in standings[4:]] == [3] * 4 + [2] * 4 + [1] * 4
    prizes = client.get(url(club, event["id"], "prizes")).json()
    assert [p["prize"] for p in prizes] == ["first", "second", "third", "booby"]


def test_a_tie_to_retire_asks_for_the_cut_and_the_lowest_card_retires(api_as, director, club):
    client = api_as(director)
    event, _ = hearts_party(client, club, 8)
    first = start(client, club, event)
    order = seated(first)
    losses = zero_sum(order)  # each table: -15, 1, 5, 9 -> the 9s and the 5s retire: no tie
    losses.update({order[1]: 5, order[2]: 1})  # table 1: -15, 5, 1, 9
    losses.update({order[5]: 3, order[6]: 3})  # table 2: -15, 3, 3, 9 -> 4th place tied 3 v 3
    play_round(client, club, event, 1, losses)
    response = close(client, club, event["id"], 1)
    assert response.status_code == 400 and "cut" in response.json()
    assert order[5] in response.json()["cut"][0] and order[6] in response.json()["cut"][0]
    assert get_round(client, club, event["id"], 1)["closed"] is False
    same = client.post(url(club, event["id"], "rounds", 1, "close"), {"cut": {order[5]: 4, order[6]: 4}},
                       format="json")
    assert same.status_code == 400 and "cut" in same.json()
    closed = client.post(url(club, event["id"], "rounds", 1, "close"), {"cut": {order[5]: 11, order[6]: 2}},
                         format="json")
    assert closed.status_code == 200, closed.content
    assert set(closed.json()["retired"]) == {order[1], order[3], order[7], order[6]}
    # The cut is kept with the table's result: reopening and closing again gives the same retirees.
    assert client.delete(url(club, event["id"], "rounds", 1, "close")).status_code == 200
    again = close(client, club, event["id"], 1)
    assert again.status_code == 200 and set(again.json()["retired"]) == set(closed.json()["retired"])
    assert again.json()["next"]["tables"] == closed.json()["next"]["tables"]


def test_bad_input_is_a_400_naming_the_field(api_as, director, club):
    client = api_as(director)
    bad_rule = client.post(url(club), {"name": "H", "date": "2026-11-27", "game": "progressive_euchre",
                                       "progression": "hearts", "options": {"scheme": "double"}}, format="json")
    assert bad_rule.status_code == 400 and "eagle_1" in bad_rule.json()["options"][0]
    wrong_game = client.post(url(club), {"name": "H", "date": "2026-11-27", "game": "whist_drive",
                                         "progression": "hearts"}, format="json")
    assert wrong_game.status_code == 400 and "progression" in wrong_game.json()

    event, _ = hearts_party(client, club, 10)
    ten = client.post(url(club, event["id"], "start"), {}, format="json")
    assert ten.status_code == 400
    assert "register 2 more (12) or withdraw 2 (8)" in ten.json()["players"][0]
    few, _ = hearts_party(client, club, 4)
    four = client.post(url(club, few["id"], "start"), {}, format="json")
    assert four.status_code == 400 and "at least 8" in four.json()["players"][0]

    event, _ = hearts_party(client, club, 8, options={"scheme": "eagle_1"})
    start(client, club, event)
    cases = [
        ({"chips": [1, 2, 3]}, "chips"),
        ({"chips": [10, 10, 10, 10]}, "chips"),
        ({"chips": [1, 2, 3, -6], "hands": []}, "chips"),
        ({}, "chips"),
        ({"points": [5, 3]}, "chips"),
        ({"hands": [{"hearts": [1, 2, 4, 6]}] * 4}, "hands"),  # eagle_1 counts by rank
        ({"hands": [{"hearts": [["A"], ["K"], [], []]}] * 4}, "hands"),
        ({"hands": [{"hearts": [1, 2, 4, 6]}]}, "hands"),
        ({"chips": [-6, 1, 2, 3], "cut": [14, 1, 1, 1]}, "cut"),
    ]
    for body, field in cases:
        response = client.post(url(club, event["id"], "rounds", 1, "tables", 1), body, format="json")
        assert response.status_code == 400 and field in response.json(), (body, response.content)
    late = client.post(url(club, event["id"], "players"), {"guest": "Late"}, format="json")
    assert late.status_code == 400 and "elimination" in late.json()["player"][0]
    assert client.post(url(club, event["id"], "party", "finish"), {}, format="json").status_code == 409
    bad_cut = client.post(url(club, event["id"], "rounds", 1, "close"), {"cut": {"99": 3}}, format="json")
    assert bad_cut.status_code == 409  # tables have not reported yet: the state clash comes first
    eagle = [{"hearts": [["A", "K"], ["Q", "J", "10"], ["9", "8", "7", "6"], ["5", "4", "3", "2"]]}] * 4
    ok = client.post(url(club, event["id"], "rounds", 1, "tables", 1), {"hands": eagle}, format="json")
    # Eagle values: 27, 33, 30 and 14 chips; the 14 wins the other three's 90 each hand.
    assert ok.status_code == 201 and ok.json()["tables"][0]["result"]["chips"] == [4 * 27, 4 * 33, 4 * 30, -4 * 90]


def test_a_player_reports_the_table_with_its_pin(api_as, director, club, api):
    event, _ = hearts_party(api_as(director), club, 8)
    start(api_as(director), club, event)
    party = Party.objects.get(event_id=event["id"])
    wrong = "0000" if services.table_pin(party, 2) != "0000" else "1111"
    api.credentials(HTTP_X_TABLE_PIN=wrong)
    assert chips(api, club, event, 1, 2, [-6, 1, 2, 3]).status_code == 403
    api.credentials(HTTP_X_TABLE_PIN=services.table_pin(party, 2))
    ok = chips(api, club, event, 1, 2, [-6, 1, 2, 3])
    assert ok.status_code == 201 and ok.json()["tables"][1]["result"]["chips"] == [-6, 1, 2, 3]


def test_a_euchre_party_with_the_hearts_progression_is_a_hearts_party(api_as, director, club):
    """The Standard Hoyle: "As in Euchre, Progressive Hearts is an interesting game"."""
    event = create_party(api_as(director), club, progression="hearts", tables=3, name="Hearts as euchre")
    assert event["game"] == "progressive_hearts"
    refused = api_as(director).post(url(club), {"name": "H", "date": "2026-11-27", "game": "progressive_hearts",
                                                "progression": "hoyle"}, format="json")
    assert refused.status_code == 400 and "progression" in refused.json()
