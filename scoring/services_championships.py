"""A championship's cumulative table: every session's stored standings read into
``scoring.engine.carryover`` lines (each pair named by its identity, the first entry of its
chain), carried over by the championship's rules, and stored as ``CumulativeStanding`` rows
after each session. Rebuilt whole whenever a session is rescored
(``scoring.tasks.championship_standings``); running it twice writes the same rows."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournaments.models import Championship, Entry, Event

from .engine.carryover import CarryRules, SessionLine, cumulative_table
from .models import CumulativeStanding, Standing


def championship_rules(championship: Championship) -> CarryRules:
    return CarryRules(rule=championship.carry_over, factor=championship.carry_factor,
                      qualify_top=championship.qualify_top, per_section=championship.qualify_per_section)


def identities(entries: dict[int, Entry]) -> dict[int, int]:
    """Entry id -> the id of the first entry of its chain (``Entry.carried_from``)."""
    out: dict[int, int] = {}
    for pk in entries:
        seen, at = set(), pk
        while entries.get(at) is not None and entries[at].carried_from_id in entries and at not in seen:
            seen.add(at)
            at = entries[at].carried_from_id
        out[pk] = at
    return out


@transaction.atomic
def championship_standings_write(*, championship_id: int) -> int:
    """Rebuild the championship's cumulative tables, one after each session with standings;
    returns the rows written (0 for a championship that is gone)."""
    championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
    if championship is None:
        return 0
    sessions = list(Event.objects.filter(championship=championship).order_by("session"))
    entries = {e.pk: e for e in Entry.objects.filter(event__in=sessions)}
    who = identities(entries)
    standings = list(Standing.objects.filter(event__in=sessions).select_related("section").defer("section__movement"))
    number = {e.pk: e.session for e in sessions}
    lines = [SessionLine(entrant=str(who[s.entry_id]), session=number[s.event_id], total=s.total,
                         percentage=s.percentage, boards=s.boards, section=s.section.name) for s in standings]
    rules = championship_rules(championship)
    rows = []
    for event in sessions:
        if not any(line.session == event.session for line in lines):
            continue
        in_session = {str(who[e.pk]): e.pk for e in entries.values() if e.event_id == event.pk}
        for line in cumulative_table(lines, rules, after=event.session):
            rows.append(CumulativeStanding(
                championship=championship, event=event, session=event.session, entry_id=in_session[line.entrant],
                identity_id=int(line.entrant), section=line.section, position=line.position, rank=line.rank,
                session_score=line.session_score, carried=line.carried, cumulative=line.cumulative,
                played=line.played, detail=list(line.detail), qualified=line.qualified))
    CumulativeStanding.objects.filter(championship=championship).delete()
    CumulativeStanding.objects.bulk_create(rows, batch_size=2000)
    Championship.objects.filter(pk=championship.pk).update(computed_at=timezone.now())
    return len(rows)
