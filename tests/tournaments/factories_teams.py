"""Helpers for the teams tests: a teams event with teams of four members, results entered from
the tables' phones, and an independent computation of a match's score (IMPs and VPs straight from
``scoring.engine``, no database)."""
from __future__ import annotations

import datetime
import random

from rest_framework.test import APIClient

from scoring.engine import board_vulnerability, duplicate_score
from scoring.engine.imps import imps, victory_points
from tests.tournaments.factories_event import CONTRACTS, make_members
from tournaments.models import Event, Section
from tournaments.selectors_event import table_pin
from tournaments.services.teams import team_add, teams_event_setup


def teams_event(club, *, format="swiss", teams=4, boards_per_match=2, rounds=3, options=None, start_member=1,
                **fields) -> Event:
    event = teams_event_setup(club=club, name=f"{format} teams", date=datetime.date(2026, 11, 24),
                              game="duplicate_bridge", format=format, boards_per_match=boards_per_match,
                              rounds=rounds, options=options or {}, deal_seed="teams-seed", **fields)
    members = make_members(club, 4 * teams, start=start_member)
    for k in range(teams):
        four = members[4 * k:4 * k + 4]
        team_add(event=event, name=f"Team {k + 1}", seed=k + 1,
                 players=[{"member": m.pk, "captain": i == 0} for i, m in enumerate(four)])
    return event


def random_play(rng: random.Random) -> dict:
    return {"contract": rng.choice(CONTRACTS), "declarer": rng.choice("NESW"), "tricks": rng.randint(6, 12)}


def play_score(play: dict, board: int) -> int:
    return duplicate_score(play["contract"], play["declarer"], play["tricks"], board_vulnerability(board))


def play_round(event: Event, rng: random.Random, *, confirm: bool = True) -> dict:
    """Every table of the event's current round enters each of its boards from its phone (the
    table API with the PIN) and the other side confirms. Returns {(table, board): play}."""
    section = Section.objects.get(event=event)
    plan = section.schedule.round(event.teams_event.current_round)
    played = {}
    for tp in plan.tables:
        phone = APIClient()
        phone.credentials(HTTP_X_TABLE_PIN=table_pin(event, section, tp.table))
        url = f"/api/clubs/{event.club.slug}/events/{event.pk}/tables/A/{tp.table}/"
        for board in tp.boards:
            play = random_play(rng)
            sent = phone.post(url, {"board": board, **play}, format="json")
            assert sent.status_code == 201, sent.content
            if confirm:
                done = phone.post(url + "confirm/", {"result": sent.json()["id"]}, format="json")
                assert done.status_code == 200, done.content
            played[(tp.table, board)] = play
    return played


def expected_match(boards: list[int], open_plays: dict, closed_plays: dict, boards_in_match: int):
    """Home's and away's IMPs and WBF VPs, computed from the plays alone."""
    won = lost = 0
    for b in boards:
        diff = play_score(open_plays[b], b) - play_score(closed_plays[b], b)
        i = imps(diff)
        won += max(i, 0)
        lost += max(-i, 0)
    vp_home, vp_away = victory_points(won - lost, boards_in_match)
    return won, lost, vp_home, vp_away
