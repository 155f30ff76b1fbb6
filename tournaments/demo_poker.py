"""A demo progressive poker party (Standard Hoyle): nineteen players at four tables (five at
the head, four, four, six at the booby table), a loan from the banker at the booby table,
round 1 played to the bell and counted, a latecomer who sat down at the booby table, round 2
seated. Idempotent: a second call returns the same party."""
from __future__ import annotations

import datetime

from django.db import transaction

from clubs.models import Member
from tournaments.models import Game
from tournaments.models.party import Party, PartyRound
from tournaments.services import party as services

DEMO_POKER = "Demo progressive poker"
LADIES = {"Beatrice", "Daphne", "Flora", "Harriet", "Julia", "Lydia", "Nora", "Prudence", "Rosalind", "Violet"}
# Round 1 at the bell: at each table the first seat took these chips from the second.
SHIFTS = {1: 120, 2: 45, 3: 30, 4: 12}


@transaction.atomic
def load_demo_poker(club) -> Party:
    existing = Party.objects.filter(event__club=club, event__name=DEMO_POKER).first()
    if existing:
        return existing
    party = services.party_create(club=club, name=DEMO_POKER, date=datetime.date.today(),
                                  game=Game.PROGRESSIVE_POKER, progression="poker", tables=4,
                                  deal_seed="demo-poker")
    members = list(Member.objects.filter(club=club, active=True).order_by("membership_number")[:19])
    for member in members:
        services.party_player_add(party=party, member=member,
                                  category="lady" if member.first_name in LADIES else "gentleman")
    for n in range(len(members) + 1, 20):
        services.party_player_add(party=party, guest=f"Guest {n}", category="lady" if n % 2 else "gentleman")
    services.party_start(party=party)
    seating = [list(t[0]) for t in PartyRound.objects.get(party=party, number=1).seating]
    services.poker_ledger_add(party=party, player=seating[3][1], kind="borrowed", chips=25, note="lost his chips")
    services.party_player_add(party=party, guest="A latecomer", category="lady")
    services.poker_bell(party=party, round_number=1, jackpot=seating[0][2])
    held = services.chips_held(party, 1)
    for t, players in enumerate(seating, start=1):
        counts = {p: held[p] for p in players}
        counts[players[0]] += SHIFTS[t]
        counts[players[1]] -= SHIFTS[t]
        services.poker_report(party=party, round_number=1, table=t, chips=counts,
                              pots=[] if t == 1 else [players[2], players[0]], entered_by="demo")
    services.party_round_close(party=party, round_number=1)
    return Party.objects.get(pk=party.pk)
