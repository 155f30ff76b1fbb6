"""Scored events for the competition and rating tests: real events, sections and entries, with
standings written as a scoring run would (the tests are about what comes after scoring)."""
from __future__ import annotations

import datetime

from scoring.models import Standing
from tournaments.models import Event
from tournaments.services import entries, events


def scored_event(club, date: datetime.date, pairs, *, status: str = "published", name: str = "Pairs",
                 boards: int = 24) -> Event:
    """``pairs``: (member_a, member_b, percentage) in finishing order (equal percentages tie)."""
    event = events.event_setup(club=club, name=name, date=date, game="duplicate_bridge", scoring="matchpoints",
                               movement={"kind": "howell", "tables": max(2, (len(pairs) + 1) // 2),
                                         "boards_per_round": 2})
    section = event.sections.get()
    ranked = sorted(pairs, key=lambda p: -p[2])
    rows = []
    for position, (a, b, pct) in enumerate(ranked, start=1):
        members = [x for x in (a, b) if x is not None]
        entry = entries.entry_add(event=event, members=members,
                                  guests=[f"Guest {position}{k}" for k in range(2 - len(members))])
        place = 1 + sum(1 for p in ranked if p[2] > pct)
        tied = sum(1 for p in ranked if p[2] == pct) > 1
        rows.append(Standing(event=event, section=section, entry=entry, position=position,
                             rank=f"{place}{'=' if tied else ''}", total=pct, top=100, percentage=pct,
                             boards=boards))
    Standing.objects.bulk_create(rows)
    Event.objects.filter(pk=event.pk).update(status=status)
    event.refresh_from_db()
    return event
