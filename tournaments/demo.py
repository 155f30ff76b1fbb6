"""Demo duplicate events: last week's pairs, finished and published; tonight's, in play after
round 1. Idempotent: events are found by name and left alone once made."""
from __future__ import annotations

import datetime
import random

from django.db import transaction

from clubs.models import Member
from tournaments.models import Event, Game
from tournaments.services import actions, entries, events
from tournaments.services import results

FINISHED = "Demo pairs (published)"
LIVE = "Demo pairs (in play)"
CONTRACTS = ["3NT", "4H", "4S", "2H", "3C", "1NT", "5D", "2S"]


def _play(event: Event, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    section = event.sections.get()
    active = set(section.entries.values_list("label", flat=True))
    for rnd, t in section.schedule.seatings():
        if rnd > rounds or t.ns not in active or t.ew not in active:
            continue
        for b in t.boards:
            results.result_submit(event=event, data={"board": b, "ns": t.ns, "ew": t.ew,
                                                     "contract": rng.choice(CONTRACTS), "declarer": rng.choice("NESW"),
                                                     "tricks": rng.randint(7, 11)})


def _event(club, name, date, movement, members, seed, rounds):
    event = Event.objects.filter(club=club, name=name).first()
    if event is not None:
        return event
    event = events.event_setup(club=club, name=name, date=date, game=Game.DUPLICATE_BRIDGE,
                                       scoring="matchpoints", movement=movement, deal_seed=f"demo-{seed}")
    for a, b in zip(members[::2], members[1::2]):
        entries.entry_add(event=event, members=[a, b])
    actions.event_start(event=event)
    _play(event, rounds, seed)
    return event


@transaction.atomic
def load_demo_events(club) -> tuple[Event, Event]:
    """A published 4-table Howell and a 3-table Mitchell with round 1 in."""
    members = list(Member.objects.filter(club=club, active=True).order_by("membership_number"))
    today = datetime.date.today()
    done = _event(club, FINISHED, today - datetime.timedelta(days=7),
                  {"kind": "howell", "tables": 4, "boards_per_round": 3}, members[:16], 1, rounds=99)
    if done.status == "playing":
        actions.event_finish(event=done)
        actions.event_publish(event=done)
    live = _event(club, LIVE, today, {"kind": "mitchell", "tables": 3, "boards_per_round": 3}, members[16:28], 2,
                  rounds=1)
    return done, live
