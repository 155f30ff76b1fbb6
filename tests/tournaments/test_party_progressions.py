"""Longer parties: the Standard Hoyle's 20-player, 5-table euchre, a rotation chart, a whist
drive of 24 hands (ladies up, gents down), latecomers and leavers, and the prize tie-break."""
import random
from collections import Counter
from itertools import combinations

import pytest

from tests.tournaments.factories_party import (
    close, create_party, euchre_points, get_round, register, report, url)
from tournaments.models.party import PartyPlayer, PartyRound, PartyStar
from tournaments.services.party import party_standings_write

pytestmark = pytest.mark.django_db


def mixed(n_tables):
    return [(f"{sex}{i}", "lady" if sex == "L" else "gentleman")
            for i in range(1, 2 * n_tables + 1) for sex in "LG"]


@pytest.mark.parametrize("progression, red_each_round", [("hoyle", True), ("standard_hoyle", False)])
def test_twenty_player_party_over_several_rounds(api_as, director, club, progression, red_each_round):
    """Standard Hoyle, Progressive Euchre: "say the number of players is twenty, consequently
    five tables are required"."""
    client = api_as(director)
    event = create_party(client, club, progression=progression, tables=5)
    register(client, club, event["id"], mixed(5))
    first = client.post(url(club, event["id"], "start"), {}, format="json")
    assert first.status_code == 200 and len(first.json()["tables"]) == 5
    rng = random.Random(8)
    for number in range(1, 7):
        tables = get_round(client, club, event["id"], number)["tables"]
        winners = []
        for t in tables:
            points = euchre_points(rng, head=t["table"] == 1)
            tricks = [1, 2] if points[0] == points[1] else None
            assert report(client, club, event["id"], number, t["table"], points, tricks=tricks).status_code == 201
            winners.append(0 if points[0] > points[1] else 1 if points[1] > points[0] else 1)
        assert close(client, club, event["id"], number).status_code == 200
        nxt = get_round(client, club, event["id"], number + 1)["tables"]
        head_winners = set(tables[0]["sides"][winners[0]])
        head_losers = set(tables[0]["sides"][1 - winners[0]])
        assert head_winners == set(nxt[0]["sides"][winners[0]])  # never leave the head table
        booby = {p for side in nxt[-1]["sides"] for p in side}
        assert head_losers <= booby  # the booby table receives the head-table losers
        assert all(len({side[0] for side in t["sides"]} & head_losers) <= 1 for t in nxt[-1:])  # split up
        stars = Counter(PartyStar.objects.filter(round__number=number).values_list("star", flat=True))
        assert stars == Counter({"gold": 2, "green": 2, **({"red": 8} if red_each_round else {})})
    standings = client.get(url(club, event["id"], "standings")).json()
    assert sum(r["gold"] for r in standings) == 12 and sum(r["green"] for r in standings) == 12
    ladies = [r for r in standings if r["category"] == "lady"]
    key = [(-r["gold"], -r["red"], r["green"]) for r in ladies]
    assert key == sorted(key) and ladies[0]["rank"] == 1


def test_rotation_chart_everyone_partners_everyone_once(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, progression="rotation", tables=2, options={"hands_per_round": 8})
    register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 9)])
    assert client.post(url(club, event["id"], "start"), {}, format="json").status_code == 200
    partners, met = [], Counter()
    number = 1
    while True:
        data = get_round(client, club, event["id"], number)
        for t in data["tables"]:
            a, b = t["sides"]
            partners += [frozenset(a), frozenset(b)]
            met.update(frozenset((x, y)) for x in a for y in b)
            assert report(client, club, event["id"], number, t["table"], [5, 3]).status_code == 201
        result = close(client, club, event["id"], number).json()
        if result["next"] is None:
            break
        number += 1
    assert number == 7
    labels = [p.label for p in PartyPlayer.objects.filter(ghost=False)]
    assert Counter(partners) == Counter(frozenset(p) for p in combinations(labels, 2))
    standings = client.get(url(club, event["id"], "standings")).json()
    assert sum(r["points"] for r in standings) == 7 * 2 * (5 + 3) * 2
    assert client.get(url(club, event["id"])).json()["status"] == "finished"


def test_rotation_chart_gives_byes_the_average(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, progression="rotation", options={"hands_per_round": 4})
    register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 6)])
    data = client.post(url(club, event["id"], "start"), {}, format="json").json()
    assert len(data["tables"]) == 1 and len(data["byes"]) == 1
    report(client, club, event["id"], 1, 1, [6, 2])
    close(client, club, event["id"], 1)
    bye = next(r for r in client.get(url(club, event["id"], "standings")).json() if r["label"] == data["byes"][0])
    assert bye["points"] == 4


def test_whist_drive_of_24_hands_ladies_up_gents_down(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, game="whist_drive", progression="ladies_up", tables=4,
                         options={"hands_per_round": 4, "hands": 24})
    assert event["rounds"] == 6
    register(client, club, event["id"], mixed(4))
    client.post(url(club, event["id"], "start"), {}, format="json")
    rng = random.Random(24)
    expected = Counter()
    hands = []
    for number in range(1, 7):
        data = get_round(client, club, event["id"], number)
        hands += data["hands"]
        tables = data["tables"]
        outcome = []
        for t in tables:
            a = rng.choice([n for n in range(53) if n != 26])
            report(client, club, event["id"], number, t["table"], [a, 52 - a])
            outcome.append(0 if a > 26 else 1)
            for side, pts in zip(t["sides"], (a, 52 - a)):
                expected.update({p: pts for p in side})
        result = close(client, club, event["id"], number).json()
        if number == 6:
            assert result["next"] is None
            break
        nxt = result["next"]["tables"]
        where = {p: (i, s, pos) for i, t in enumerate(nxt) for s, side in enumerate(t["sides"])
                 for pos, p in enumerate(side)}
        for i, t in enumerate(tables):
            lady, gent = t["sides"][outcome[i]]
            assert where[lady][0] == where[gent][0] == i and where[lady][1] == where[gent][1]  # winners stay
            lost_lady, lost_gent = t["sides"][1 - outcome[i]]
            assert where[lost_lady][0] == (i + 1) % 4  # ladies up
            assert where[lost_gent][0] == (i - 1) % 4  # gents down
    assert [h["hand"] for h in hands] == list(range(1, 25))
    assert [h["trumps"] for h in hands[:5]] == ["hearts", "clubs", "diamonds", "spades", "hearts"]
    standings = client.get(url(club, event["id"], "standings")).json()
    assert {r["label"]: r["points"] for r in standings} == dict(expected)
    for category in ("lady", "gentleman"):
        group = [r["points"] for r in standings if r["category"] == category]
        assert group == sorted(group, reverse=True)


def test_latecomers_join_at_the_booby_table(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], mixed(2))
    client.post(url(club, event["id"], "start"), {}, format="json")
    late = register(client, club, event["id"], [("LateL1", "lady"), ("LateG1", "gentleman"),
                                                ("LateL2", "lady"), ("LateG2", "gentleman")])
    assert set(PartyPlayer.objects.filter(status="waiting").values_list("label", flat=True)) == set(late.values())
    for table, points in ((1, [5, 3]), (2, [2, 4])):
        report(client, club, event["id"], 1, table, points)
    nxt = close(client, club, event["id"], 1).json()["next"]["tables"]
    assert len(nxt) == 3
    assert {p for side in nxt[2]["sides"] for p in side} == set(late.values())
    tally = client.get(url(club, event["id"], "players", late["LateG2"], "tally")).json()
    assert "booby table in round 2" in tally["note"]


def test_leaver_is_replaced_by_a_ghost_hand_a_latecomer_then_takes(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2, options={"leaver": "ghost"})
    labels = register(client, club, event["id"], mixed(2))
    client.post(url(club, event["id"], "start"), {}, format="json")
    leave = client.post(url(club, event["id"], "players", labels["L1"], "leave"), {}, format="json")
    assert leave.status_code == 200 and leave.json()["ghost"]
    ghost = PartyPlayer.objects.get(ghost=True)
    assert ghost.replaces.label == labels["L1"]
    seated = {p for t in PartyRound.objects.get(number=1).seating for side in t for p in side}
    assert labels["L1"] not in seated and ghost.label in seated
    late = register(client, club, event["id"], [("LateL1", "lady")])
    for table, points in ((1, [5, 3]), (2, [2, 4])):
        report(client, club, event["id"], 1, table, points)
    nxt = {p for t in close(client, club, event["id"], 1).json()["next"]["tables"] for side in t["sides"]
           for p in side}
    assert late["LateL1"] in nxt and ghost.label not in nxt
    tally = client.get(url(club, event["id"], "players", labels["L1"], "tally")).json()
    assert tally["status"] == "left" and "ghost" in tally["note"]
    assert not any(r["label"] == ghost.label for r in client.get(url(club, event["id"], "standings")).json())


def test_substitute_takes_the_seat_when_the_rules_say_so(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2, options={"leaver": "substitute"})
    labels = register(client, club, event["id"], mixed(2))
    client.post(url(club, event["id"], "start"), {}, format="json")
    refused = client.post(url(club, event["id"], "players", labels["G2"], "leave"), {}, format="json")
    assert refused.status_code == 400 and "member" in refused.json()
    sub = client.post(url(club, event["id"], "players", labels["G2"], "leave"), {"guest": "Sub"}, format="json")
    assert sub.status_code == 200 and sub.json()["replaces"] == labels["G2"]
    tally = client.get(url(club, event["id"], "players", sub.json()["label"], "tally")).json()
    assert "substitute for" in tally["note"]


def test_gold_ties_go_to_more_red_then_fewer_green(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    labels = register(client, club, event["id"], mixed(2))
    client.post(url(club, event["id"], "start"), {}, format="json")
    for table, points in ((1, [5, 3]), (2, [2, 4])):
        report(client, club, event["id"], 1, table, points)
    close(client, club, event["id"], 1)
    round_ = PartyRound.objects.get(number=1)
    PartyStar.objects.all().delete()
    players = {p.name: p for p in PartyPlayer.objects.all()}
    for name, gold, red, green in (("L1", 3, 1, 2), ("L2", 3, 2, 2), ("L3", 3, 1, 1), ("L4", 2, 5, 0)):
        for star, n in (("gold", gold), ("red", red), ("green", green)):
            PartyStar.objects.bulk_create([PartyStar(round=round_, player=players[name], star=star)] * n)
    party_standings_write(party=round_.party)  # the stars were set behind the services' back
    ladies = [r["name"] for r in client.get(url(club, event["id"], "standings")).json() if r["category"] == "lady"]
    assert ladies == ["L2", "L3", "L1", "L4"]
    prizes = client.get(url(club, event["id"], "prizes")).json()
    booby = next(p for p in prizes if p["category"] == "lady" and p["prize"] == "booby")
    assert [r["name"] for r in booby["players"]] == ["L2", "L1"]


def test_modern_euchre_winners_move_up_and_points_decide(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, progression="winners_move", options={"hands_per_round": 8, "rounds": 2})
    register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 9)])
    tables = client.post(url(club, event["id"], "start"), {}, format="json").json()["tables"]
    assert report(client, club, event["id"], 1, 1, [40, 0]).status_code == 400  # 8 hands: at most 32
    assert report(client, club, event["id"], 1, 1, [3, 2]).status_code == 400  # 8 hands score at least 8
    report(client, club, event["id"], 1, 1, [10, 6])
    report(client, club, event["id"], 1, 2, [5, 9])
    nxt = close(client, club, event["id"], 1).json()["next"]["tables"]
    assert set(tables[0]["sides"][0]) == set(nxt[0]["sides"][0])  # head winners stay
    assert set(tables[1]["sides"][1]) == set(nxt[0]["sides"][1])  # table-2 winners move up
    assert not PartyStar.objects.exclude(star="win").exists()
    report(client, club, event["id"], 2, 1, [8, 8], tricks=[2, 1])
    report(client, club, event["id"], 2, 2, [12, 4])
    assert close(client, club, event["id"], 2).json()["next"] is None
    standings = client.get(url(club, event["id"], "standings")).json()
    points = [r["points"] for r in standings]
    assert points == sorted(points, reverse=True) and sum(points) == 2 * (16 + 14 + 16 + 16)


def test_ghost_hands_fill_the_tables_at_the_draw(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club)
    register(client, club, event["id"], mixed(3)[:-1])  # six ladies, five gentlemen
    data = client.post(url(club, event["id"], "start"), {}, format="json").json()
    assert len(data["tables"]) == 3
    ghost = PartyPlayer.objects.get(ghost=True)
    assert ghost.category == "gentleman" and ghost.card
    assert len(client.get(url(club, event["id"], "standings")).json()) == 11
