"""Teams scoring from the stored rows: a table's phone keeps to its match's boards of its round
and follows the rounds as they are drawn; board-a-match and Patton totals; Butler pairs within
teams; a knockout tie's carry-over; the run is idempotent."""
import random

import pytest
from rest_framework.test import APIClient

from cardroom.errors import Conflict
from scoring.models import Standing
from scoring.services import event_rescore
from tests.tournaments.factories_teams import play_round, play_score, teams_event
from tournaments.models import Entry, Match, Section, TeamStanding
from tournaments.selectors_event import table_pin
from tournaments.services import actions
from tournaments.services.entries import entry_withdraw
from tournaments.services.teams import teams_round_draw
from tournaments.services.teams.results import match_carry_over_set


def phone(event, table):
    client = APIClient()
    client.credentials(HTTP_X_TABLE_PIN=table_pin(event, Section.objects.get(event=event), table))
    return client, f"/api/clubs/{event.club.slug}/events/{event.pk}/tables/A/{table}/"


@pytest.mark.django_db
def test_a_table_phone_keeps_to_its_match_and_follows_the_draw(club, commits):
    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    client, url = phone(event, 2)
    now = client.get(url).json()
    assert (now["round"], now["ns"], now["ew"], [b["board"] for b in now["boards"]]) == (1, "3NS", "1EW", [1, 2])
    refused = client.post(url, {"board": 3, "contract": "3NT", "declarer": "N", "tricks": 9}, format="json")
    assert refused.status_code == 400 and "board" in refused.json()
    play_round(event, random.Random(8))
    waiting = client.get(url).json()
    assert waiting["complete"] and waiting["awaiting_draw"] and not waiting["finished"]
    teams_round_draw(event=event, round_number=2)
    now = client.get(url).json()
    assert now["round"] == 2 and [b["board"] for b in now["boards"]] == [3, 4]
    assert client.post(url, {"board": 1, "contract": "3NT", "declarer": "N", "tricks": 9},
                       format="json").status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("scoring", ["board_a_match", "patton"])
def test_board_a_match_and_patton_totals(club, commits, scoring):
    event = actions.event_start(event=teams_event(club, teams=2, boards_per_match=4, rounds=1, scoring=scoring))
    plays = play_round(event, random.Random(21))
    match = Match.objects.get(event=event, round=1)
    home = away = 0.0
    aggregate = 0
    for b in range(1, 5):
        diff = play_score(plays[(1, b)], b) - play_score(plays[(2, b)], b)
        aggregate += diff
        home += 2 if diff > 0 else 1 if diff == 0 else 0
        away += 2 if diff < 0 else 1 if diff == 0 else 0
    if scoring == "patton":  # EBU Patton: as many points again (2 a board) for the aggregate
        home += 8 if aggregate > 0 else 4 if aggregate == 0 else 0
        away += 8 if aggregate < 0 else 4 if aggregate == 0 else 0
    assert (match.vp_home, match.vp_away) == (home, away)
    totals = {s.team_id: s.total for s in TeamStanding.objects.filter(event=event)}
    assert totals == {match.home_id: home, match.away_id: away}


@pytest.mark.django_db
def test_butler_ranks_the_pairs_within_the_teams_and_the_run_is_idempotent(club, commits):
    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2, options={"butler": True}))
    play_round(event, random.Random(6))
    assert Standing.objects.filter(event=event).count() == 8  # the eight pairs, by Butler IMPs
    before = list(TeamStanding.objects.filter(event=event).values_list("team_id", "position", "total"))
    matches = list(Match.objects.filter(event=event).values_list("pk", "imps_home", "vp_home", "status"))
    assert event_rescore(event_id=event.pk, force=True)
    assert list(TeamStanding.objects.filter(event=event).values_list("team_id", "position", "total")) == before
    assert list(Match.objects.filter(event=event).values_list("pk", "imps_home", "vp_home", "status")) == matches


@pytest.mark.django_db
def test_a_knockout_carry_over_counts_in_the_tie(club, commits):
    event = actions.event_start(event=teams_event(club, format="knockout", teams=2, boards_per_match=2, rounds=0))
    match = Match.objects.get(event=event, round=1)
    match_carry_over_set(match=match, home=10.5, away=0)
    match.refresh_from_db()
    assert match.imps_home == 10.5 and match.carry_over_home == 10.5
    with pytest.raises(Exception, match="0 to 999"):
        match_carry_over_set(match=match, home=-1, away=0)


@pytest.mark.django_db
def test_a_teams_pair_is_not_withdrawn_alone(club):
    event = teams_event(club, teams=2)
    with pytest.raises(Conflict, match="withdraw the team"):
        entry_withdraw(entry=Entry.objects.filter(event=event).first())


@pytest.mark.django_db
def test_a_team_withdrawn_before_its_match_gives_its_opponent_a_bye(club, commits):
    from tournaments.services.teams import team_withdraw

    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    gone = Match.objects.get(event=event, round=1, number=2).away
    team_withdraw(team=gone)  # round 1 is drawn; the director does not re-draw it
    match = Match.objects.get(event=event, round=1, number=2)
    assert (match.status, match.vp_home, match.vp_away) == ("complete", 12, 0)
    section = Section.objects.get(event=event)
    plan = section.schedule.round(1)
    for tp in plan.tables[:2]:  # match 1 is played; match 2's tables have no opponents
        client, url = phone(event, tp.table)
        for b in tp.boards:
            sent = client.post(url, {"board": b, "contract": "3NT", "declarer": "N", "tricks": 9}, format="json")
            client.post(url + "confirm/", {"result": sent.json()["id"]}, format="json")
    teams_round_draw(event=event, round_number=2)  # not held up by the withdrawn team's match
    assert gone.pk not in {t for m in Match.objects.filter(event=event, round=2) for t in (m.home_id, m.away_id)}


@pytest.mark.django_db
def test_a_swiss_round_redrawn_is_paired_from_the_same_standings(club, commits):
    event = actions.event_start(event=teams_event(club, teams=5, boards_per_match=2, rounds=3))
    play_round(event, random.Random(13))
    teams_round_draw(event=event, round_number=2)
    drawn = [(m.home_id, m.away_id) for m in Match.objects.filter(event=event, round=2)]
    teams_round_draw(event=event, round_number=2)  # the round's bye is not counted in its own re-draw
    assert [(m.home_id, m.away_id) for m in Match.objects.filter(event=event, round=2)] == drawn


@pytest.mark.django_db
def test_standings_after_a_round(club, director, commits):
    event = actions.event_start(event=teams_event(club, format="round_robin", teams=4, boards_per_match=2, rounds=0))
    play_round(event, random.Random(3))
    after_one = {s.team.number: s.total for s in TeamStanding.objects.filter(event=event).select_related("team")}
    teams_round_draw(event=event, round_number=2)
    event.refresh_from_db()
    play_round(event, random.Random(4))
    client = APIClient()
    client.force_authenticate(director)
    url = f"/api/clubs/{club.slug}/events/{event.pk}/standings/"
    body = client.get(url, {"round": 1}).json()
    assert body["after_round"] == 1 and {r["team"]["number"]: r["total"] for r in body["standings"]} == after_one
    assert client.get(url, {"round": "x"}).status_code == 400
    assert client.get(url).json()["after_round"] is None
