"""A small demo progressive euchre party: twelve players at three tables, the books' rules,
round 1 played and closed, round 2 seated. Idempotent: a second call returns the same party."""
from __future__ import annotations

import datetime

from django.db import transaction

from clubs.models import Member
from tournaments.models import Game
from tournaments.models.party import Party
from tournaments.services import party as services

DEMO_NAME = "Demo progressive euchre"
LADIES = {"Beatrice", "Daphne", "Flora", "Harriet", "Julia", "Lydia", "Nora", "Prudence", "Rosalind", "Violet"}
# Round 1 when the bell rings: the head table finished 5-2, table 2 stands 3-2, table 3 2-2 on
# points with the tricks of the current hand 1-2 (Hoyle's Games Modernized, Progressive Euchre).
ROUND_ONE = {1: ([5, 2], None), 2: ([3, 2], None), 3: ([2, 2], [1, 2])}


@transaction.atomic
def load_demo_party(club) -> Party:
    existing = Party.objects.filter(event__club=club, event__name=DEMO_NAME, event__game=Game.PROGRESSIVE_EUCHRE).first()
    if existing:
        return existing
    party = services.party_create(club=club, name=DEMO_NAME, date=datetime.date.today(),
                                  game=Game.PROGRESSIVE_EUCHRE, progression="hoyle", tables=3,
                                  options={"game_points": 5, "rounds": 6}, deal_seed="demo-party")
    members = list(Member.objects.filter(club=club, active=True).order_by("membership_number"))
    ladies = [m for m in members if m.first_name in LADIES][:6]
    gents = [m for m in members if m.first_name not in LADIES][:6]
    for i in range(6):
        for group, category in ((ladies, "lady"), (gents, "gentleman")):
            if i < len(group):
                services.party_player_add(party=party, member=group[i], category=category)
            else:
                services.party_player_add(party=party, guest=f"Guest {category} {i + 1}", category=category)
    services.party_start(party=party)
    for table, (points, tricks) in ROUND_ONE.items():
        services.party_result_enter(party=party, round_number=1, table=table, points=points, tricks=tricks,
                                    entered_by="demo")
    services.party_round_close(party=party, round_number=1)
    return Party.objects.get(pk=party.pk)


DEMO_HEARTS = "Demo progressive hearts"
# Round 1's chips lost per seat (minus: won) at the three tables; the four biggest losers
# (9, 6, 4 and 2 chips) retire and eight play on at two tables.
HEARTS_ROUND_ONE = {1: [6, -4, 1, -3], 2: [-5, 9, -2, -2], 3: [2, 4, -7, 1]}


@transaction.atomic
def load_demo_hearts(club) -> Party:
    """Twelve players of progressive hearts (the Standard Hoyle's elimination), round 1 closed
    and the eight left seated at two tables. Idempotent."""
    existing = Party.objects.filter(event__club=club, event__name=DEMO_HEARTS).first()
    if existing:
        return existing
    party = services.party_create(club=club, name=DEMO_HEARTS, date=datetime.date.today(),
                                  game=Game.PROGRESSIVE_HEARTS, progression="hearts", tables=3,
                                  deal_seed="demo-hearts")
    members = list(Member.objects.filter(club=club, active=True).order_by("-membership_number")[:12])
    for member in members:
        services.party_player_add(party=party, member=member)
    for n in range(len(members) + 1, 13):
        services.party_player_add(party=party, guest=f"Guest {n}")
    services.party_start(party=party)
    for table, chips in HEARTS_ROUND_ONE.items():
        services.party_hearts_enter(party=party, round_number=1, table=table, chips=chips, entered_by="demo")
    services.party_round_close(party=party, round_number=1)
    return Party.objects.get(pk=party.pk)
