"""Demo championship: last week's published pairs as session 1, and session 2 with the top six
carried over (sum of matchpoints), played, finished and published. Idempotent: the
championship is found by name and left alone once made."""
from __future__ import annotations

import datetime

from django.db import transaction

from tournaments.models import CarryRule, Championship, Event
from tournaments.services import actions
from tournaments.services.championships import championship_create, championship_next_session

NAME = "Demo championship"


@transaction.atomic
def load_demo_championship(club, first: Event) -> Championship:
    from .demo import _play

    championship = Championship.objects.filter(club=club, name=NAME).first()
    if championship is not None:
        return championship
    championship = championship_create(club=club, name=NAME, carry_over=CarryRule.SUM, qualify_top=6, event=first)
    from scoring.services_championships import championship_standings_write

    championship_standings_write(championship_id=championship.pk)  # the qualifiers, before the commit's task
    second = championship_next_session(championship=championship, date=first.date + datetime.timedelta(days=1),
                                       movement={"kind": "howell", "tables": 3, "boards_per_round": 3})
    # a seed of the demo's own, as its other evenings have, so its boards (and their shipped
    # analysis, demo_analyses.json) are the same at every load
    Event.objects.filter(pk=second.pk).update(deal_seed="demo-3")
    second.refresh_from_db()
    actions.event_start(event=second)
    _play(second, 99, 3)
    actions.event_finish(event=second, confirm=True)
    actions.event_publish(event=second)
    return championship
