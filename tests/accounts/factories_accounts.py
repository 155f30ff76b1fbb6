"""A small published pairs event whose first pair is a linked member (for /me/ and the results
email), played through the API as the event tests do."""
from __future__ import annotations

import datetime
import random

from tests.commits import one_commit
from tests.tournaments.factories_event import create_event, enter_pairs, plays, random_result
from tournaments.models import Event


def published_event(client, club, members, *, name="Tuesday pairs", date=None, seed=3, publish=True) -> Event:
    """``members`` in pairs (first with second, ...), a Howell of len(members)/4 tables, every
    board played, finished and (unless ``publish`` is False) published."""
    event = create_event(client, club, movement={"kind": "howell", "tables": len(members) // 4,
                                                 "boards_per_round": 2}, name=name)
    labels = enter_pairs(client, club, event["id"], members)
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    rng = random.Random(seed)
    with one_commit():
        for _r, _t, board, ns, ew in plays(movement):
            body = {"board": board, "ns": ns, "ew": ew, **random_result(rng, "duplicate_bridge")}
            assert client.post(f"{base}/results/", body, format="json").status_code == 201
    assert client.post(f"{base}/finish/", {"confirm": True}, format="json").status_code == 200
    if publish:
        assert client.post(f"{base}/publish/").status_code == 200, client.post(f"{base}/publish/").content
    row = Event.objects.get(pk=event["id"])
    if date is not None:
        Event.objects.filter(pk=row.pk).update(date=date)
        row.refresh_from_db()
    row.labels = labels
    return row


def day(n: int) -> datetime.date:
    return datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * n)
