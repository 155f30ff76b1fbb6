"""Demo teams events, built through the teams services and the results path as a director and
the tables would: last week's Swiss teams evening (eight teams, four rounds of 3-board matches,
finished and published) and tonight's round robin of five teams (a bye each round; rounds 1 and 2
played, round 3 under way). Idempotent: events are found by name and left alone once made.

The boards come from ``demo_teams.pbn`` (20 boards dealt by Cardroom with their double-dummy
analysis), imported as a dealing machine's file would be (the boards each event plays), so the
demo queues no analysis; each room's contract is the board's double-dummy best, played a trick
better or worse now and then. Short matches keep ``make run`` quick: every result goes through
``result_submit``.
"""
from __future__ import annotations

import datetime
import random
import re
from pathlib import Path

from django.db import transaction

from clubs.models import Member
from tournaments.deals.doubledummy import DoubleDummy
from tournaments.models import Board, Event, Section
from tournaments.services import actions, boards, results
from tournaments.services.teams import team_add, teams_event_setup, teams_round_draw, teams_start

SWISS = "Demo Swiss teams (published)"
ROUND_ROBIN = "Demo round-robin teams (in play)"
BOARDS_FILE = Path(__file__).with_name("demo_teams.pbn")
SWISS_TEAMS = ("Aces High", "Grand Slammers", "The Finessers", "Double Dummies", "Vienna Coup",
               "Squeeze Play", "Endplayers", "Trump Echo")
ROUND_ROBIN_TEAMS = ("Riverside A", "Riverside B", "Weir Road", "Abbey Green", "Pulteney")
GAME_LEVEL = {"NT": 3, "S": 4, "H": 4, "D": 5, "C": 5}
BOARDS_PER_MATCH = 3


def best_contract(dd: DoubleDummy) -> tuple[str, str, int]:
    """(declarer, strain, level) the board's double dummy favours: the seat and strain taking
    the most tricks (no trumps, then the majors, on a tie), bid to game or slam when they make."""
    declarer, strain = max(((seat, s) for seat in "NESW" for s in ("NT", "S", "H", "D", "C")),
                           key=lambda k: (dd[k], ("C", "D", "H", "S", "NT").index(k[1])))
    tricks = dd[declarer, strain]
    level = tricks - 6 if tricks - 6 >= 6 else min(tricks - 6, GAME_LEVEL[strain])
    return declarer, strain, max(1, level)


def room_play(dd: DoubleDummy, rng: random.Random) -> dict:
    declarer, strain, level = best_contract(dd)
    if level > 1 and rng.random() < 0.2:  # this room stops lower
        level -= 1
    tricks = max(0, min(13, dd[declarer, strain] + rng.choice((-1, 0, 0, 0, 1))))
    return {"contract": f"{level}{strain}", "declarer": declarer, "tricks": tricks}


def _play_round(event: Event, round_number: int, rng: random.Random, *, boards_at: dict | None = None) -> None:
    """Every table of the round enters its boards (with ``boards_at``, table -> how many it has
    entered so far; tables not named have entered none)."""
    section = Section.objects.get(event=event)
    analysis = {b.number: DoubleDummy.from_dict(b.double_dummy)
                for b in Board.objects.filter(board_set__event=event).exclude(double_dummy=None)}
    plan = section.schedule.round(round_number)
    for tp in plan.tables:
        played = tp.boards if boards_at is None else tp.boards[:boards_at.get(tp.table, 0)]
        for board in played:
            results.result_submit(event=event, data={"board": board, "ns": tp.ns, "ew": tp.ew,
                                                     **room_play(analysis[board], rng)})


def boards_file(count: int) -> str:
    """The demo's PBN file cut to its first ``count`` boards (a record a blank-line-separated block)."""
    text = BOARDS_FILE.read_text(encoding="latin-1")
    head, *records = text.split("\n\n")
    kept = [r for r in records if (m := re.search(r'^\[Board "(\d+)"\]', r, re.M)) and int(m.group(1)) <= count]
    return "\n\n".join([head, *kept]) + "\n"


def _teams_event(club, name: str, date: datetime.date, fmt: str, rounds: int, teams: list[list[dict]],
                 team_names: tuple[str, ...]) -> tuple[Event, bool]:
    event = Event.objects.filter(club=club, name=name).first()
    if event is not None:
        return event, False
    event = teams_event_setup(club=club, name=name, date=date, game="duplicate_bridge", format=fmt,
                              boards_per_match=BOARDS_PER_MATCH, rounds=rounds, deal_seed=f"demo-{fmt}")
    planned = rounds or len(team_names) - 1 + len(team_names) % 2  # a round robin: every team meets every team
    boards.boardset_import_pbn(event=event, data=boards_file(planned * BOARDS_PER_MATCH))
    for seed, (team_name, players) in enumerate(zip(team_names, teams), start=1):
        team_add(event=event, name=team_name, seed=seed, players=players)
    return teams_start(event=event), True


def _players(members: list[Member], guests: int = 0, prefix: str = "") -> list[list[dict]]:
    """Teams of four: members first, then guest teams; the first named is the captain."""
    people = [{"member": m.pk} for m in members] + [{"guest": f"{prefix} guest {i + 1}"} for i in range(4 * guests)]
    return [[{**p, "captain": i == 0} for i, p in enumerate(people[k:k + 4])] for k in range(0, len(people), 4)]


@transaction.atomic
def load_demo_teams(club) -> tuple[Event, Event]:
    """A published 8-team Swiss (4 rounds) and a 5-team round robin in play, round 3 under way."""
    members = list(Member.objects.filter(club=club, active=True).order_by("membership_number"))
    today = datetime.date.today()
    swiss, made = _teams_event(club, SWISS, today - datetime.timedelta(days=3), "swiss", 4,
                               _players(members[2:26], guests=2, prefix="Swiss"), SWISS_TEAMS)
    if made:
        rng = random.Random(12)
        for r in range(1, 5):
            if r > 1:
                teams_round_draw(event=swiss, round_number=r)
            _play_round(swiss, r, rng)
        actions.event_finish(event=swiss)
        actions.event_publish(event=swiss)
    league, made = _teams_event(club, ROUND_ROBIN, today, "round_robin", 0, _players(members[6:26]),
                                ROUND_ROBIN_TEAMS)
    if made:
        rng = random.Random(5)
        for r in range(1, 4):
            if r > 1:
                teams_round_draw(event=league, round_number=r)
            # round 3 under way: match 1 complete, match 2's closed room half way through its boards
            _play_round(league, r, rng, boards_at={1: 3, 2: 3, 3: 3, 4: 1} if r == 3 else None)
    return Event.objects.get(pk=swiss.pk), Event.objects.get(pk=league.pk)
