"""A two-session championship played through the API: session 1 with four pairs, the
championship set up on it, session 2 added by carrying the pairs, every board played."""
from __future__ import annotations

import datetime
import random

from tests.tournaments.factories_event import plays, random_result, started_event
from tournaments.models import Event
from tournaments.services.championships import championship_create, championship_next_session


def play_all(client, base, movement, seed: int) -> None:
    rng = random.Random(seed)
    entered = set(movement.get("names") or {})
    for _r, _t, board, ns, ew in plays(movement):
        if entered and not {str(ns), str(ew)} <= entered:
            continue  # a sit-out: the field is short of a pair
        response = client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew,
                                                    **random_result(rng, "duplicate_bridge")}, format="json")
        assert response.status_code == 201, response.content


def two_sessions(client, club, director, *, tables: int = 2, carry_over: str = "sum", qualify_top=None,
                 movement=None, before_start=None, **rules):
    """(championship, session 1, session 2): both played and finished; ``before_start(session 2)``
    runs before session 2 starts (a substitute, say)."""
    event, base, movement = started_event(client, club, kind="howell", tables=tables)
    play_all(client, base, movement, seed=1)
    assert client.post(f"{base}/finish/").status_code == 200
    first = Event.objects.get(pk=event["id"])
    championship = championship_create(club=club, name="Club championship", carry_over=carry_over,
                                       qualify_top=qualify_top, event=first, created_by=director, **rules)
    second = championship_next_session(championship=championship, date=datetime.date(2026, 12, 1),
                                       movement=movement or {"kind": "howell", "tables": 2, "boards_per_round": 2},
                                       user=director)
    if before_start is not None:
        before_start(second)
    base2 = f"/api/clubs/{club.slug}/events/{second.pk}"
    assert client.post(f"{base2}/start/").status_code == 200, client.post(f"{base2}/start/").content
    movement2 = client.get(f"{base2}/movement/").json()["sections"][0]
    play_all(client, base2, movement2, seed=2)
    assert client.post(f"{base2}/finish/").status_code == 200
    first.refresh_from_db()
    second.refresh_from_db()
    return championship, first, second
