"""Issue 12's "done when", from the pages alone: a director runs a six-round Swiss of 12 teams and
a complete round robin of five teams (a bye each round) from the pages; every table enters and
confirms from its phone's page (two rooms a match); the standings page shows the VPs, every
match's stored score is the rooms' IMPs and VPs computed independently from the plays, no Swiss
match is played twice; and a player signs in and opens their own team's match score card."""
import random
from collections import defaultdict

import pytest
from django.test import Client

from scoring.engine import board_vulnerability, duplicate_score
from scoring.engine.imps import imps, victory_points
from tests.tournaments.factories_event import CONTRACTS, make_members
from tournaments.models import Event, Match, Result, TeamStanding
from tournaments.selectors_event import table_pin



def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def teams_url(event, *parts) -> str:
    return f"/clubs/{event.club.slug}/events/{event.pk}/teams/" + "".join(f"{p}/" for p in parts)


def set_up(client, club, *, name, format, teams, rounds, members):
    made = client.post(f"/clubs/{club.slug}/events/new/", {
        "name": name, "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "imps", "format": format,
        "boards_per_match": "1", "rounds": str(rounds), "vp_scale": "wbf_continuous"})
    assert made.status_code == 302, made.content.decode()[:800]
    event = Event.objects.get(name=name)
    for k in range(teams):
        body = {"name": f"{name} {k + 1}", "seed": str(k + 1), "captain": "1"}
        body.update({f"player_{i}": members[4 * k + i - 1].membership_number for i in range(1, 5)})
        added = client.post(teams_url(event, "add"), body)
        assert added.status_code == 302, added.content.decode()[:800]
    assert client.post(f"/clubs/{club.slug}/events/{event.pk}/do/start/").status_code == 302
    return event


def play_round_from_phones(event, number, rng) -> dict:
    """Each table of round ``number`` signs in on its phone's page with the PIN from its table
    card, enters its board and confirms it. Returns {(table, board): N-S score}."""
    section = event.sections.get()
    scores = {}
    for tp in section.schedule.round(number).tables:
        phone = Client()
        page = f"/clubs/{event.club.slug}/events/{event.pk}/table/A/{tp.table}/"
        assert phone.post(page, {"pin": table_pin(event, section, tp.table)}).status_code == 302
        for board in tp.boards:
            play = {"contract": rng.choice(CONTRACTS), "declarer": rng.choice("NESW"), "tricks": rng.randint(6, 12)}
            assert phone.post(page, {"board": board, **play}).status_code == 302
            pending = Result.objects.get(section=section, table=tp.table, board=board)
            assert phone.post(page, {"confirm": pending.pk}).status_code == 302
            scores[(tp.table, board)] = duplicate_score(play["contract"], play["declarer"], play["tricks"],
                                                        board_vulnerability(board))
    return scores


def check_matches(event, number, scores) -> None:
    """Every match of the round is complete with the IMPs and VPs of its two rooms' plays."""
    for match in Match.objects.filter(event=event, round=number, away__isnull=False):
        board = next(b for (t, b) in scores if t == match.table_open)
        margin = imps(scores[(match.table_open, board)] - scores[(match.table_closed, board)])
        vp_home, vp_away = victory_points(margin, 1)
        assert match.status == "complete", (number, match.pk, match.round, match.table_open, sorted(scores))
        assert (match.imps_home - match.imps_away, match.vp_home, match.vp_away) == (margin, vp_home, vp_away)


def test_a_six_round_swiss_of_twelve_teams_from_the_pages(club, director, player, commits):
    members = make_members(club, 48)
    members[0].user = player  # Penny plays in team 1
    members[0].save(update_fields=["user"])
    web = signed_in(director)
    event = set_up(web, club, name="Swiss", format="swiss", teams=12, rounds=6, members=members)
    rng, met = random.Random(12), set()
    for number in range(1, 7):
        if number > 1:
            drawn = web.post(teams_url(event, "rounds", number, "draw"))
            assert drawn.status_code == 302, drawn.content.decode()[:800]
        scores = play_round_from_phones(event, number, rng)  # each confirm commits and rescores
        check_matches(event, number, scores)
        for match in Match.objects.filter(event=event, round=number):
            pair = frozenset((match.home_id, match.away_id))
            assert pair not in met  # never a rematch
            met.add(pair)
    assert len(met) == 36
    totals = defaultdict(float)
    for match in Match.objects.filter(event=event):
        totals[match.home_id] += match.vp_home
        totals[match.away_id] += match.vp_away
    standings = web.get(teams_url(event, "standings")).content.decode()
    for row in TeamStanding.objects.filter(event=event):
        assert row.total == pytest.approx(totals[row.team_id]) and f"{row.total:.2f}" in standings
    # Penny, at home, opens her team's last match score card.
    own = Match.objects.filter(event=event, round=6).filter(home__players__member=members[0]).first() or \
        Match.objects.get(event=event, round=6, away__players__member=members[0])
    card = signed_in(player).get(teams_url(event, "matches", own.pk))
    assert card.status_code == 200 and own.home.name in card.content.decode()


def test_a_complete_round_robin_of_five_teams_with_a_bye_from_the_pages(club, director, commits):
    members = make_members(club, 20)
    web = signed_in(director)
    event = set_up(web, club, name="Robin", format="round_robin", teams=5, rounds=0, members=members)
    rng, met, byes = random.Random(5), set(), defaultdict(int)
    for number in range(1, 6):
        if number > 1:
            assert web.post(teams_url(event, "rounds", number, "draw")).status_code == 302
        scores = play_round_from_phones(event, number, rng)  # each confirm commits and rescores
        check_matches(event, number, scores)
        for match in Match.objects.filter(event=event, round=number):
            if match.away_id is None:
                byes[match.home_id] += 1
            else:
                met.add(frozenset((match.home_id, match.away_id)))
    assert len(met) == 10 and sorted(byes.values()) == [1] * 5  # everyone met everyone once; one bye each
    standings = web.get(teams_url(event, "standings")).content.decode()
    assert 'id="match-grid"' in standings
    for row in TeamStanding.objects.filter(event=event):
        assert f"{row.total:.2f}" in standings
