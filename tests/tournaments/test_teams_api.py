"""Teams API: a teams event created, teams entered, started, drawn, scored from the tables' phones
and read back (draw, matches, score cards, standings); bad input named field by field (400, never
500), refusals 409 naming why, hidden and private things 404/403."""
import random

import pytest

from tests.tournaments.factories_event import make_members
from tests.tournaments.factories_teams import play_round
from tournaments.models import Event, Match, Result, TeamPlayer


def base(club, event_id):
    return f"/api/clubs/{club.slug}/events/{event_id}"


def create(client, club, **fields):
    body = {"name": "Swiss teams", "date": "2026-11-24", "game": "duplicate_bridge", "format": "swiss",
            "boards_per_match": 2, "rounds": 3, "deal_seed": "api-seed", **fields}
    return client.post(f"/api/clubs/{club.slug}/events/", body, format="json")


def enter_teams(client, club, event_id, n, start=1):
    members = make_members(club, 4 * n, start=start)
    out = []
    for k in range(n):
        players = [{"member": m.pk, "captain": i == 0} for i, m in enumerate(members[4 * k:4 * k + 4])]
        sent = client.post(f"{base(club, event_id)}/teams/", {"name": f"Team {k + 1}", "seed": k + 1,
                                                               "players": players}, format="json")
        assert sent.status_code == 201, sent.content
        out.append(sent.json())
    return out


@pytest.fixture
def swiss(club, director, api_as):
    client = api_as(director)
    created = create(client, club)
    assert created.status_code == 201, created.content
    event = created.json()
    assert event["format"] == "swiss" and event["scoring"] == "imps" and event["teams"]["boards_per_match"] == 2
    assert event["teams"]["options"]["vp_scale"] == "wbf_continuous"
    enter_teams(client, club, event["id"], 4)
    return client, event["id"]


@pytest.mark.django_db
def test_a_teams_evening_through_the_api(swiss, club, commits):
    client, event_id = swiss
    url = base(club, event_id)
    started = client.post(f"{url}/start/")
    assert started.status_code == 200 and started.json()["status"] == "playing"
    draw = client.get(f"{url}/rounds/1/draw/").json()
    assert draw["drawn"] and draw["changeable"] and draw["boards"] == [1, 2]
    assert [(m["home"]["number"], m["away"]["number"], m["table_open"], m["table_closed"])
            for m in draw["matches"]] == [(1, 3, 1, 2), (2, 4, 3, 4)]
    assert client.post(f"{url}/rounds/2/draw/").status_code == 409  # round 1 not complete
    event = Event.objects.get(pk=event_id)
    play_round(event, random.Random(11))
    standings = client.get(f"{url}/standings/").json()
    assert standings["kind"] == "teams" and len(standings["standings"]) == 4
    assert standings["health"]["current"]
    totals = sorted((row["total"] for row in standings["standings"]), reverse=True)
    assert [row["total"] for row in standings["standings"]] == totals
    assert sum(totals) == pytest.approx(40)  # two matches of 20 VPs
    match = Match.objects.get(event=event, round=1, number=1)
    card = client.get(f"{url}/matches/{match.pk}/").json()
    assert [b["board"] for b in card["boards"]] == [1, 2] and card["totals"]["complete"]
    assert card["totals"]["vp_home"] == match.vp_home
    drawn = client.post(f"{url}/rounds/2/draw/")
    assert drawn.status_code == 201 and drawn.json()["boards"] == [3, 4]
    listed = client.get(f"{url}/matches/", {"round": 2}).json()
    assert len(listed["matches"]) == 2 and len(listed["waiting"]) == 2
    assert listed["waiting"][0]["waiting"][0] == {"room": "open", "table": 1, "boards": [3, 4], "unconfirmed": []}


@pytest.mark.django_db
def test_a_scorer_enters_a_room_and_a_board_of_another_round_is_400(swiss, club, scorer, api_as, commits):
    director, event_id = swiss
    url = base(club, event_id)
    director.post(f"{url}/start/")
    match = Match.objects.get(event_id=event_id, round=1, number=1)
    client = api_as(scorer)
    body = {"room": "open", "board": 1, "contract": "4S", "declarer": "N", "tricks": 10}
    sent = client.post(f"{url}/matches/{match.pk}/results/", body, format="json")
    assert sent.status_code == 201, sent.content
    result = Result.objects.get(pk=sent.json()["result"]["id"])
    assert (result.ns.label, result.ew.label, result.table, result.confirmed) == ("1NS", "3EW", 1, True)
    assert client.post(f"{url}/matches/{match.pk}/results/", body, format="json").status_code == 200
    closed = client.post(f"{url}/matches/{match.pk}/results/", body | {"room": "closed", "tricks": 9}, format="json")
    assert closed.status_code == 201
    result = Result.objects.get(pk=closed.json()["result"]["id"])
    assert (result.ns.label, result.ew.label, result.table) == ("3NS", "1EW", 2)
    card = client.get(f"{url}/matches/{match.pk}/").json()
    assert card["boards"][0]["imps_home"] == 10  # 620 v -100 vulnerable? board 1: none vul: 420 + 50 = 470 -> 10
    for bad, field in (({"board": 3}, "board"), ({"room": "middle"}, "room"), ({"board": "x"}, "board"),
                       ({"contract": "9S"}, "contract"), ({"declarer": "Q"}, "declarer"), ({"tricks": 14}, "tricks")):
        response = client.post(f"{url}/matches/{match.pk}/results/", body | {"board": 2} | bad, format="json")
        assert response.status_code == 400 and field in response.json(), (bad, response.content)
    assert client.post(f"{url}/matches/999999/results/", body, format="json").status_code == 404


@pytest.mark.django_db
def test_bad_event_and_team_input_is_a_400_naming_the_field(club, director, api_as):
    client = api_as(director)
    for bad, field in (({"game": "duplicate_whist"}, "game"), ({"format": "ladder"}, "format"),
                       ({"scoring": "matchpoints"}, "scoring"), ({"boards_per_match": 0}, "boards_per_match"),
                       ({"rounds": 0}, "rounds"), ({"options": {"vp_scale": "x"}}, "options.vp_scale"),
                       ({"options": "x"}, "options"), ({"options": {"bye": {"rule": "coin"}}}, "options.bye"),
                       ({"date": "soon"}, "date")):
        response = create(client, club, **bad)
        assert response.status_code == 400 and field in response.json(), (bad, response.content)
    event_id = create(client, club).json()["id"]
    url = f"{base(club, event_id)}/teams/"
    members = make_members(club, 4)
    good = {"name": "A", "players": [{"member": m.pk, "captain": i == 0} for i, m in enumerate(members)]}
    for bad, field in (({"name": ""}, "name"), ({"players": good["players"][:3]}, "players"),
                       ({"players": [{"member": m.pk} for m in members]}, "captain"),
                       ({"players": [{"member": 10 ** 9, "captain": True}] + good["players"][1:]}, "players"),
                       ({"players": [{"captain": True}] + good["players"][1:]}, "players"),
                       ({"seed": "first"}, "seed"), ({"players": "four"}, "players")):
        response = client.post(url, good | bad, format="json")
        assert response.status_code == 400 and field in response.json(), (bad, response.content)
    assert client.post(url, good, format="json").status_code == 201
    assert client.post(url, good | {"name": "B"}, format="json").status_code == 400  # same players again
    pairs = client.post(f"{base(club, event_id)}/entries/", {"members": [members[0].pk, members[1].pk]}, format="json")
    assert pairs.status_code == 409


@pytest.mark.django_db
def test_swap_and_redraw_through_the_api(swiss, club, commits):
    client, event_id = swiss
    url = base(club, event_id)
    client.post(f"{url}/start/")
    swapped = client.patch(f"{url}/rounds/1/draw/", {"teams": [1, 2]}, format="json")
    assert swapped.status_code == 200
    assert [(m["home"]["number"], m["away"]["number"]) for m in swapped.json()["matches"]] == [(2, 3), (1, 4)]
    assert client.patch(f"{url}/rounds/1/draw/", {"teams": [1, 9]}, format="json").status_code == 400
    assert client.patch(f"{url}/rounds/1/draw/", {"teams": [1]}, format="json").status_code == 400
    assert client.post(f"{url}/rounds/1/draw/").status_code == 201
    assert client.post(f"{url}/rounds/5/draw/").status_code == 400
    play_round(Event.objects.get(pk=event_id), random.Random(2), confirm=False)
    refused = client.patch(f"{url}/rounds/1/draw/", {"teams": [1, 2]}, format="json")
    assert refused.status_code == 409 and "results" in refused.json()["detail"]


@pytest.mark.django_db
def test_who_sees_a_match_score_card(swiss, club, make_user, api, api_as, commits):
    director, event_id = swiss
    url = base(club, event_id)
    director.post(f"{url}/start/")
    match = Match.objects.get(event_id=event_id, round=1, number=1)
    captain = TeamPlayer.objects.get(team=match.home, captain=True).member
    user = make_user("cap")
    captain.user = user
    captain.save()
    stranger_team = TeamPlayer.objects.get(team__number=2, captain=True).member
    other = make_user("other")
    stranger_team.user = other
    stranger_team.save()
    player = api_as(user)
    assert player.get(f"{url}/standings/").status_code == 200  # a team's player sees the event in play
    assert player.get(f"{url}/matches/{match.pk}/").status_code == 403  # not complete yet
    play_round(Event.objects.get(pk=event_id), random.Random(4))
    assert player.get(f"{url}/matches/{match.pk}/").status_code == 200
    assert api_as(other).get(f"{url}/matches/{match.pk}/").status_code == 403  # another match's team
    assert api.get(f"{url}/matches/{match.pk}/").status_code == 404  # a visitor: the event is hidden
    assert player.post(f"{url}/rounds/2/draw/").status_code == 403


@pytest.mark.django_db
def test_teams_routes_of_a_pairs_event_are_404(club, director, api_as):
    from tests.tournaments.factories_event import create_event

    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3})
    assert client.get(f"{base(club, event['id'])}/teams/").status_code == 404
    assert client.get(f"{base(club, event['id'])}/rounds/1/draw/").status_code == 404


@pytest.mark.django_db
def test_teams_settings_read_and_changed(swiss, club, player, api_as, commits):
    client, event_id = swiss
    url = base(club, event_id)
    settings = client.get(f"{url}/teams-settings/").json()
    assert settings["options"]["tie_breaks"] == ["vp", "head_to_head", "imp_quotient"]
    client.post(f"{url}/start/")
    play_round(Event.objects.get(pk=event_id), random.Random(17))
    changed = client.patch(f"{url}/teams-settings/", {"options": {"vp_scale": "win_draw_loss"}}, format="json")
    assert changed.status_code == 200 and changed.json()["options"]["vp_scale"] == "win_draw_loss"
    assert changed.json()["options"]["tie_breaks"] == ["vp", "head_to_head", "imp_quotient"]  # the rest kept
    totals = [row["total"] for row in client.get(f"{url}/standings/").json()["standings"]]
    assert set(totals) <= {0, 1, 2} and sum(totals) == 4  # two matches of 2 points (a win, or a draw each)
    refused = client.patch(f"{url}/teams-settings/", {"boards_per_match": 4}, format="json")
    assert refused.status_code == 409 and "boards_per_match" in refused.json()["detail"]
    bad = client.patch(f"{url}/teams-settings/", {"options": {"vp_scale": "x"}}, format="json")
    assert bad.status_code == 400 and "options.vp_scale" in bad.json()
    assert api_as(player).patch(f"{url}/teams-settings/", {"rounds": 4}, format="json").status_code == 403
