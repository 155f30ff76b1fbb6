"""A demo poker patience evening: six players, three deals decided before commencing, deal 1
played from phones and closed, deal 2 in play (ten cards called). Idempotent."""
from __future__ import annotations

import datetime

from django.db import transaction

from clubs.models import Member
from tournaments.models.patience import Patience
from tournaments.services import patience as services

DEMO_NAME = "Demo poker patience"


def demo_order(player: int) -> list[int]:
    """Each demo player's squares in the order they fill them (player 0: row by row, the next
    column by column, and so on), so their grids and scores differ."""
    orders = [list(range(25)), [c * 5 + r for r in range(5) for c in range(5)]]
    base = orders[player % 2]
    shift = 5 * (player // 2)
    return base[shift:] + base[:shift]


@transaction.atomic
def load_demo_patience(club) -> Patience:
    existing = Patience.objects.filter(event__club=club, event__name=DEMO_NAME).first()
    if existing:
        return existing
    patience = services.patience_create(club=club, name=DEMO_NAME, date=datetime.date.today(),
                                        options={"deals": 3, "comparison": "matchpoints"}, deal_seed="demo-patience")
    for member in Member.objects.filter(club=club, active=True).order_by("membership_number")[:5]:
        services.patience_player_add(patience=patience, member=member)
    services.patience_player_add(patience=patience, guest="Guest patience player")
    services.patience_start(patience=patience)
    labels = list(patience.players.order_by("id").values_list("label", flat=True))
    for called in (25, 10):
        for _ in range(called):
            deal = services.patience_call(patience=patience)
            for i, label in enumerate(labels):
                order = demo_order(i)
                services.patience_place(patience=patience, label=label, square=order[len(deal.called) - 1],
                                        card=deal.called[-1])
        if called == 25:
            services.patience_deal_close(patience=patience)
    return Patience.objects.get(pk=patience.pk)
