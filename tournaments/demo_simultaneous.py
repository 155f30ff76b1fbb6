"""Demo simultaneous pairs: the demo club organizes one; three neighbouring clubs each play a
heat on its twelve boards with their own movement (a Mitchell, a Howell, a bigger Mitchell),
every board played, the heats published, the hand records released and the national results
published, so the organizer's pages show the heats, the national ranking and the booklet.
Idempotent: found by name and left alone once made."""
from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils import timezone

from clubs import services as club_services
from clubs.models import Club, Member
from tournaments.models import Simultaneous
from tournaments.services import actions, entries, results
from tournaments.services import simultaneous as services

NAME = "Demo simultaneous pairs"
CONTRACTS = ["3NT", "4H", "4S", "2H", "3C", "1NT", "5D", "2S", "3NT", "4S"]
HEAT_CLUBS = [
    ({"slug": "abbey", "name": "Abbey Bridge Club", "city": "Wells"}, {"kind": "mitchell", "tables": 3, "boards_per_round": 4}),
    ({"slug": "castle", "name": "Castle Bridge Club", "city": "Taunton"}, {"kind": "howell", "tables": 3, "boards_per_round": 2}),
    ({"slug": "downs", "name": "Downs Bridge Club", "city": "Salisbury"}, {"kind": "mitchell", "tables": 5, "boards_per_round": 2}),
]
FIRST = ["Alice", "Basil", "Clara", "Desmond", "Edith", "Felix", "Gwen", "Hugo", "Iris", "Jasper", "Kitty", "Leo",
         "Mabel", "Ned", "Olive", "Percy", "Queenie", "Rupert", "Sybil", "Toby"]


def _club(fields: dict) -> Club:
    club = Club.objects.filter(slug=fields["slug"]).first()
    if club is None:
        club = club_services.club_create(time_zone="Europe/London", **fields)
    return club


def _members(club: Club, n: int) -> list[Member]:
    have = list(Member.objects.filter(club=club, active=True).order_by("membership_number"))
    for i in range(len(have), n):
        have.append(club_services.member_create(club=club, membership_number=str(500 + i), first_name=FIRST[i % 20],
                                                last_name=f"{club.name.split()[0]}{i + 1}"))
    return have[:n]


def _heat(sim: Simultaneous, club: Club, movement: dict, seed: int) -> None:
    heat = services.heat_join(simultaneous=sim, club=club, name=f"{club.name.split()[0]} heat", movement=movement)
    event = heat.event
    tables = movement["tables"]
    pairs = 2 * tables
    members = _members(club, 2 * pairs)
    for a, b in zip(members[::2], members[1::2]):
        entries.entry_add(event=event, members=[a, b])
    actions.event_start(event=event)
    rng = random.Random(seed)
    for _rnd, t in event.sections.get().schedule.seatings():
        for b in t.boards:
            results.result_submit(event=event, data={"board": b, "ns": t.ns, "ew": t.ew, "contract": rng.choice(CONTRACTS),
                                                     "declarer": rng.choice("NESW"), "tricks": rng.randint(7, 11)})


@transaction.atomic
def load_demo_simultaneous(organizer: Club) -> Simultaneous:
    """The organizer's simultaneous with three heats played, finished and published."""
    sim = Simultaneous.objects.filter(organizer=organizer, name=NAME).first()
    if sim is not None:
        return sim
    now = timezone.now()
    sim = services.simultaneous_create(
        organizer=organizer, name=NAME, date=timezone.localdate(), boards=12, deal_seed="demo-simultaneous",
        starts_at=now - datetime.timedelta(hours=3), ends_at=now + datetime.timedelta(hours=1),
        release_at=now + datetime.timedelta(hours=2))
    for seed, (fields, movement) in enumerate(HEAT_CLUBS, start=1):
        _heat(sim, _club(fields), movement, seed)
    _finish(sim)
    return sim


def _finish(sim: Simultaneous) -> None:
    """Finish and publish the heats (a finish scores what is behind first), release the hand
    records and publish the national results."""
    for heat in sim.heats.select_related("event"):
        event = heat.event
        if event.status == "playing":
            actions.event_finish(event=event, confirm=True)
        if event.status == "finished":
            actions.event_publish(event=event)
    if sim.release_at > timezone.now():
        services.simultaneous_update(simultaneous=sim, release_at=timezone.now())
    if sim.status == "open":
        services.simultaneous_transition(simultaneous=sim, action="close")
    if sim.status == "closed":
        services.simultaneous_transition(simultaneous=sim, action="publish")
