"""The issue's two evenings at the service and API level ("done when"): a six-round Swiss of 12
teams and a complete round robin of 5 teams with a bye, every result entered from the tables'
phones (two rooms a match), the standings checked against a computation from the plays alone
(``scoring.engine`` IMPs and VPs, no database); and a knockout of 4 teams in two segments."""
import random
from collections import defaultdict
from itertools import combinations

import pytest
from rest_framework.test import APIClient

from scoring.engine.imps import imps
from scoring.engine.vpscales import victory_points_on
from tests.tournaments.factories_teams import play_round, play_score, teams_event
from tournaments.models import Match, TeamStanding
from tournaments.services import actions
from tournaments.services.teams import teams_round_draw


def independent_totals(event, plays_by_round, *, bye_rule="fixed", bye_vp=12.0):
    """Team number -> VPs over the event, from the plays and the draw only."""
    bpm = event.teams_event.boards_per_match
    totals, vps = defaultdict(float), defaultdict(list)
    byes = []
    for m in Match.objects.filter(event=event).select_related("home", "away"):
        if m.away_id is None:
            byes.append(m.home.number)
            continue
        plays = plays_by_round[m.round]
        boards = sorted(b for (t, b) in plays if t == m.table_open)
        margin = sum(imps(play_score(plays[(m.table_open, b)], b) - play_score(plays[(m.table_closed, b)], b))
                     for b in boards)
        home, away = victory_points_on("wbf_continuous", margin, bpm)
        for team, vp in ((m.home.number, home), (m.away.number, away)):
            totals[team] += vp
            vps[team].append(vp)
    for team in byes:
        totals[team] += round(sum(vps[team]) / len(vps[team]), 2) if bye_rule == "average" else bye_vp
    return {t: round(v, 2) for t, v in totals.items()}


def stored_totals(event):
    rows = list(TeamStanding.objects.filter(event=event).select_related("team").order_by("position"))
    assert [r.total for r in rows] == sorted((r.total for r in rows), reverse=True)
    return {r.team.number: r.total for r in rows}


@pytest.mark.django_db
def test_a_six_round_swiss_of_twelve_teams(club, director, commits):
    event = actions.event_start(event=teams_event(club, format="swiss", teams=12, boards_per_match=1, rounds=6,
                                                  options={"first_round": "random", "draw_seed": "tuesday"}))
    rng = random.Random(12)
    plays = {1: play_round(event, rng)}
    for r in range(2, 7):
        teams_round_draw(event=event, round_number=r)
        event.refresh_from_db()
        plays[r] = play_round(event, rng)
    meetings = [frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event)]
    assert len(meetings) == 36 and len(set(meetings)) == 36  # six rounds of six matches, no rematch
    assert all(m.status == "complete" for m in Match.objects.filter(event=event))
    assert stored_totals(event) == pytest.approx(independent_totals(event, plays))
    client = APIClient()
    client.force_authenticate(director)
    standings = client.get(f"/api/clubs/{club.slug}/events/{event.pk}/standings/").json()
    assert [len(h) for h in standings["history"].values()] == [6] * 12
    assert client.post(f"/api/clubs/{club.slug}/events/{event.pk}/rounds/7/draw/").status_code == 409
    finished = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/finish/", {}, format="json")
    assert finished.status_code == 200 and finished.json()["status"] == "finished"


@pytest.mark.django_db
def test_a_complete_round_robin_of_five_teams_with_a_bye(club, director, commits):
    event = actions.event_start(event=teams_event(club, format="round_robin", teams=5, boards_per_match=2, rounds=0,
                                                  options={"bye": {"rule": "average"}}))
    rng = random.Random(5)
    plays = {1: play_round(event, rng)}
    teams_round_draw(event=event, round_number=2)  # a round robin's next round: drawn before the last is played
    event.refresh_from_db()
    plays[2] = play_round(event, rng)
    for r in range(3, 6):
        teams_round_draw(event=event, round_number=r)
        event.refresh_from_db()
        plays[r] = play_round(event, rng)
    matches = list(Match.objects.filter(event=event).select_related("home", "away"))
    played = sorted(tuple(sorted((m.home.number, m.away.number))) for m in matches if m.away_id)
    assert played == sorted(combinations(range(1, 6), 2))  # everyone met everyone once
    assert sorted(m.home.number for m in matches if not m.away_id) == [1, 2, 3, 4, 5]  # one bye each
    assert stored_totals(event) == pytest.approx(independent_totals(event, plays, bye_rule="average"))
    client = APIClient()
    client.force_authenticate(director)
    url = f"/api/clubs/{club.slug}/events/{event.pk}"
    grid = client.get(f"{url}/standings/").json()["grid"]
    assert sorted(grid) == ["1", "2", "3", "4", "5"] and all(len(row) == 4 for row in grid.values())
    assert client.post(f"{url}/rounds/6/draw/").status_code == 409  # the round robin is complete


@pytest.mark.django_db
def test_a_knockout_of_four_teams_in_two_segments(club, commits):
    event = actions.event_start(event=teams_event(club, format="knockout", teams=4, boards_per_match=2, rounds=0,
                                                  options={"segments": 2}))
    first = [(m.home.number, m.away.number, m.tie) for m in Match.objects.filter(event=event, round=1)]
    assert first == [(1, 4, "1-1"), (2, 3, "1-2")]
    rng = random.Random(9)
    play_round(event, rng)
    teams_round_draw(event=event, round_number=2)
    event.refresh_from_db()
    second = [(m.home.number, m.away.number, m.tie, m.segment) for m in Match.objects.filter(event=event, round=2)]
    assert second == [(1, 4, "1-1", 2), (2, 3, "1-2", 2)]
    play_round(event, rng)
    teams_round_draw(event=event, round_number=3)
    winners = []
    for tie in ("1-1", "1-2"):
        rows = list(Match.objects.filter(event=event, tie=tie).select_related("home", "away"))
        home = sum(m.imps_home for m in rows)
        away = sum(m.imps_away for m in rows)
        winners.append(rows[0].home.number if home > away or (home == away) else rows[0].away.number)
    final = [(m.home.number, m.away.number, m.tie) for m in Match.objects.filter(event=event, round=3)]
    assert final == [(winners[0], winners[1], "2-1")]
    event.refresh_from_db()
    play_round(event, rng)
    teams_round_draw(event=event, round_number=4)
    event.refresh_from_db()
    play_round(event, rng)
    with pytest.raises(Exception, match="drawn|over"):
        teams_round_draw(event=event, round_number=5)
