"""Helpers for the simultaneous pairs tests: a simultaneous whose start window is open now, and
a club's heat joined, filled with pairs, started and played through the services."""
from __future__ import annotations

import datetime
import random

from django.utils import timezone

from tests.tournaments.factories_event import make_members
from tournaments.services import actions, entries, results
from tournaments.services import simultaneous as services

MOVEMENT = {"kind": "mitchell", "tables": 3, "boards_per_round": 3}  # 9 boards, 3 rounds
CONTRACTS = ["3NT", "4H", "4S", "2H", "3C", "1NT", "5D", "2S"]


def make_sim(organizer, *, released: bool = False, boards: int = 9, **fields):
    now = timezone.now()
    values = {"name": "Spring Simultaneous", "date": timezone.localdate(), "boards": boards,
              "starts_at": now - datetime.timedelta(hours=1), "ends_at": now + datetime.timedelta(hours=1),
              "release_at": now + datetime.timedelta(hours=4), "deal_seed": "sim-seed", **fields}
    sim = services.simultaneous_create(organizer=organizer, **values)
    if released:
        release(sim)
    return sim


def release(sim) -> None:
    """Move the release time into the past (the window stays as it was)."""
    type(sim).objects.filter(pk=sim.pk).update(release_at=sim.starts_at)
    sim.refresh_from_db()


def played_heat(sim, club, *, seed: int, start: int = 1, movement=MOVEMENT):
    """``club`` joins, enters six pairs, starts and plays every board."""
    heat = services.heat_join(simultaneous=sim, club=club, movement=movement)
    event = heat.event
    members = make_members(club, 12, start=start)
    for a, b in zip(members[::2], members[1::2]):
        entries.entry_add(event=event, members=[a, b])
    actions.event_start(event=event)
    rng = random.Random(seed)
    section = event.sections.get()
    for _rnd, t in section.schedule.seatings():
        for b in t.boards:
            results.result_submit(event=event, data={"board": b, "ns": t.ns, "ew": t.ew,
                                                     "contract": rng.choice(CONTRACTS),
                                                     "declarer": rng.choice("NESW"), "tricks": rng.randint(7, 11)})
    heat.refresh_from_db()
    return heat
