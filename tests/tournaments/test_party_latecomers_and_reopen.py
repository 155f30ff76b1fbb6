"""A latecomer at a rotation-chart party (a free place, a rebuilt chart, or a 400 that says
what the director can do), missed rounds shown as absent, and reopening the last closed round."""
from collections import Counter

import pytest
from django.test import Client

from tests.tournaments.factories_party import close, create_party, get_round, register, report, url
from tournaments.models.party import Party, PartyPlayer, PartyTableReport, PartyRound, PartyStar

pytestmark = pytest.mark.django_db

MIXED = [(f"{sex}{i}", "lady" if sex == "L" else "gentleman") for i in range(1, 5) for sex in "LG"]


def rotation(client, club, players, **options):
    event = create_party(client, club, progression="rotation", options={"hands_per_round": 4, **options})
    labels = register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, players + 1)])
    assert client.post(url(club, event["id"], "start"), {}, format="json").status_code == 200
    return event["id"], labels


def play(client, club, event_id, number, points=(10, 6)):
    for t in get_round(client, club, event_id, number)["tables"]:
        assert report(client, club, event_id, number, t["table"], list(points)).status_code == 201
    response = close(client, club, event_id, number)
    assert response.status_code == 200, response.content
    return response.json()["next"]


def seated(data):
    return [p for t in data["tables"] for side in t["sides"] for p in side] + data["byes"]


def partnerships():
    return Counter(frozenset(side) for r in PartyRound.objects.all() for t in r.seating for side in t)


@pytest.mark.parametrize("missed, credit", [("nothing", None), ("average", 8)])
def test_latecomer_takes_a_phantom_place_and_missed_rounds_count_by_the_rule(api_as, director, club, missed,
                                                                             credit):
    client = api_as(director)
    event_id, _ = rotation(client, club, 6, missed=missed)  # 6 players: a circle of 8 places, 2 phantoms
    late = client.post(url(club, event_id, "players"), {"guest": "Late"}, format="json")
    assert late.status_code == 201 and "phantom place" in late.json()["chart"]
    label = late.json()["label"]
    nxt = play(client, club, event_id, 1)
    assert label in seated(nxt) and PartyPlayer.objects.get(label=label).status == "playing"
    number = 2
    while nxt is not None:
        assert sorted(seated(nxt)) == sorted(set(seated(nxt)))  # everyone once a round
        nxt = play(client, club, event_id, number)
        number += 1
    assert number - 1 == 7 and max(partnerships().values()) == 1  # nobody partners anyone twice
    tally = client.get(url(club, event_id, "players", label, "tally")).json()
    assert tally["rounds"][0]["note"] == "absent" and tally["rounds"][0]["points"] == credit
    assert "rotation chart in round 2" in tally["note"]
    played = [line["points"] for line in tally["rounds"][1:]]
    assert tally["points"] == sum(played) + (credit or 0)
    assert client.get(url(club, event_id, "party")).json()["options"]["missed"] == missed


def test_latecomer_takes_the_seat_of_a_ghost_hand(api_as, director, club):
    client = api_as(director)
    event_id, labels = rotation(client, club, 8)
    leave = client.post(url(club, event_id, "players", labels["P3"], "leave"), {}, format="json")
    ghost = leave.json()["label"]
    late = client.post(url(club, event_id, "players"), {"guest": "Late"}, format="json")
    assert late.status_code == 201 and "ghost hand" in late.json()["chart"]
    slots = Party.objects.get().chart_slots
    assert late.json()["label"] in slots and ghost not in slots
    nxt = play(client, club, event_id, 1)
    assert late.json()["label"] in seated(nxt) and ghost not in seated(nxt)


def test_no_free_place_rebuilds_the_remaining_rounds(api_as, director, club):
    client = api_as(director)
    event_id, _ = rotation(client, club, 8)  # the balanced 8-player design: no phantom place
    play(client, club, event_id, 1)
    late = client.post(url(club, event_id, "players"), {"guest": "Late"}, format="json")
    assert late.status_code == 201 and "rebuilt for 9 players" in late.json()["chart"]
    assert client.get(url(club, event_id, "party")).json()["rounds"] == 9
    nxt, number = play(client, club, event_id, 2), 3
    assert late.json()["label"] in seated(nxt)
    while nxt is not None:
        assert len(seated(nxt)) == 9 == len(set(seated(nxt)))
        nxt = play(client, club, event_id, number)
        number += 1
    assert number - 1 == 9
    late_partners = {p for pair in partnerships() if late.json()["label"] in pair for p in pair}
    assert len(late_partners) - 1 >= 5  # the latecomer partners most of the room in the rounds left


def test_no_round_left_is_a_400_with_the_directors_options(api_as, director, club):
    client = api_as(director)
    event_id, _ = rotation(client, club, 8, rounds=2)
    play(client, club, event_id, 1)
    before = PartyPlayer.objects.count()
    late = client.post(url(club, event_id, "players"), {"guest": "Late"}, format="json")
    assert late.status_code == 400
    message = late.json()["player"][0]
    assert "last round" in message and "substitute" in message
    assert PartyPlayer.objects.count() == before


def test_a_waiting_latecomer_who_leaves_gives_the_place_to_a_ghost_hand(api_as, director, club):
    client = api_as(director)
    event_id, _ = rotation(client, club, 6)
    label = client.post(url(club, event_id, "players"), {"guest": "Late"}, format="json").json()["label"]
    assert client.post(url(club, event_id, "players", label, "leave"), {}, format="json").status_code == 200
    ghost = PartyPlayer.objects.get(ghost=True)
    assert ghost.label in Party.objects.get().chart_slots and label not in Party.objects.get().chart_slots
    assert ghost.label in seated(play(client, club, event_id, 1))


def snapshot(client, club, event_id):
    party = Party.objects.select_related("event").get(event_id=event_id)
    labels = list(PartyPlayer.objects.filter(ghost=False).values_list("label", flat=True))
    return {
        "party": (party.current_round, party.tables, party.chart_slots, party.options, party.event.status),
        "rounds": list(PartyRound.objects.values_list("number", "seating", "byes", "closed", "closed_at")),
        "results": list(PartyTableReport.objects.values_list("round__number", "table", "points", "winner")),
        "stars": sorted(PartyStar.objects.values_list("round__number", "player__label", "star")),
        "players": list(PartyPlayer.objects.values_list("label", "status", "joined_round", "left_round")),
        "standings": client.get(url(club, event_id, "standings")).json(),
        "tallies": {label: client.get(url(club, event_id, "players", label, "tally")).json() for label in labels},
    }


def reopen(client, club, event_id, number):
    return client.delete(url(club, event_id, "rounds", number, "close"))


def test_reopen_restores_the_party_and_closing_again_gives_the_same_stars_and_seating(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], MIXED)
    client.post(url(club, event["id"], "start"), {}, format="json")
    register(client, club, event["id"], [("LateL", "lady"), ("LateG", "gentleman"), ("LateL2", "lady"),
                                         ("LateG2", "gentleman")])
    for table, points in ((1, [5, 3]), (2, [2, 4])):
        report(client, club, event["id"], 1, table, points)
    before = snapshot(client, club, event["id"])
    first = close(client, club, event["id"], 1).json()
    closed = snapshot(client, club, event["id"])
    assert len(first["next"]["tables"]) == 3  # the latecomers made a new booby table
    response = reopen(client, club, event["id"], 1)
    assert response.status_code == 200 and response.json()["round"]["closed"] is False
    assert snapshot(client, club, event["id"]) == before
    again = close(client, club, event["id"], 1).json()
    assert again == first
    after = snapshot(client, club, event["id"])
    assert {k: v for k, v in after.items() if k != "rounds"} == {k: v for k, v in closed.items() if k != "rounds"}
    assert [r[:4] for r in after["rounds"]] == [r[:4] for r in closed["rounds"]]


def test_reopen_the_final_round_of_a_rotation_party(api_as, director, club):
    client = api_as(director)
    event_id, _ = rotation(client, club, 5, rounds=2)
    play(client, club, event_id, 1)
    before = None
    for t in get_round(client, club, event_id, 2)["tables"]:
        report(client, club, event_id, 2, t["table"], [9, 7])
    before = snapshot(client, club, event_id)
    assert close(client, club, event_id, 2).json()["next"] is None
    assert client.get(url(club, event_id, "party")).json()["status"] == "finished"
    assert reopen(client, club, event_id, 2).status_code == 200
    assert snapshot(client, club, event_id) == before


def test_reopen_is_refused_with_a_reason(api_as, director, club, scorer):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], MIXED)
    client.post(url(club, event["id"], "start"), {}, format="json")
    nothing = reopen(client, club, event["id"], 1)
    assert nothing.status_code == 400 and "no round has been closed" in nothing.json()["round"][0]
    for table, points in ((1, [5, 3]), (2, [2, 4])):
        report(client, club, event["id"], 1, table, points)
    close(client, club, event["id"], 1)
    assert api_as(scorer).delete(url(club, event["id"], "rounds", 1, "close")).status_code == 403
    wrong = reopen(client, club, event["id"], 2)
    assert wrong.status_code == 400 and "round 1" in wrong.json()["round"][0]
    report(client, club, event["id"], 2, 2, [1, 3])
    refused = reopen(client, club, event["id"], 1)
    assert refused.status_code == 400 and "round 2 has results (table 2)" in refused.json()["round"][0]
    assert PartyStar.objects.filter(round__number=1).exists() and PartyRound.objects.count() == 2


def test_director_reopens_from_the_party_page(api_as, director, club):
    client = api_as(director)
    event = create_party(client, club, tables=2)
    register(client, club, event["id"], MIXED)
    client.post(url(club, event["id"], "start"), {}, format="json")
    for table, points in ((1, [5, 3]), (2, [2, 4])):
        report(client, club, event["id"], 1, table, points)
    close(client, club, event["id"], 1)
    web = Client()
    web.force_login(director)
    base = f"/clubs/{club.slug}/events/{event['id']}/party/"
    page = web.get(base).content.decode()
    assert "Reopen round 1" in page and "data-confirm=" in page
    response = web.post(base + "rounds/1/reopen/", follow=True)
    assert b"Round 1 is open again" in response.content and b"Close round 1" in response.content
    assert not PartyStar.objects.exists() and Party.objects.get().current_round == 1


@pytest.mark.parametrize("body, field", [
    ({"points": [10, 6], "tricks": "x"}, "tricks"),
    ({"points": [10, 6], "cut": [3, 3]}, "cut"),
    ({"points": {"10": 1, "6": 2}}, "points"),
    ({}, "points"),
])
def test_bad_table_reports_are_400_by_field(api_as, director, club, body, field):
    client = api_as(director)
    event_id, _ = rotation(client, club, 8)
    response = client.post(url(club, event_id, "rounds", 1, "tables", 1), body, format="json")
    assert response.status_code == 400 and field in response.json()
    assert not PartyTableReport.objects.exists()


def test_bad_registration_start_and_rules_are_400_by_field(api_as, director, club):
    client = api_as(director)
    bad_rules = client.post(url(club), {"name": "x", "date": "2026-11-27", "game": "progressive_euchre",
                                        "progression": "rotation", "options": {"missed": "half"}}, format="json")
    assert bad_rules.status_code == 400 and "options" in bad_rules.json()
    event = create_party(client, club, progression="rotation")
    labels = register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 5)])
    guest = client.post(url(club, event["id"], "players"), {"guest": {"name": "x"}}, format="json")
    assert guest.status_code == 400 and "guest" in guest.json()
    seating = [[[labels["P1"], labels["P2"]], [labels["P3"], labels["P4"]]]]
    start = client.post(url(club, event["id"], "start"), {"seating": seating}, format="json")
    assert start.status_code == 400 and "seating" in start.json()
    assert client.post(url(club, event["id"], "start"), [1], format="json").status_code == 400
