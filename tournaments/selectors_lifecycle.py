"""Reads for an event's lifecycle: what is still missing before Finish, the audit trail of
status changes, and the correction period after publishing (results provisional until it ends)."""
from __future__ import annotations

import datetime

from django.utils import timezone

from tournaments.models import (BoardNotPlayed, Entry, EntryStatus, Event, EventChange, EventStatus, NotPlayedStatus,
                                Result)


def _seated(entries: list[Entry], round_number: int) -> bool:
    """Whether a pair holding this label plays this round: it had joined, and had not withdrawn
    before it (a withdrawn pair's later opponents sit out)."""
    for e in entries:
        if e.joined_round and round_number < e.joined_round:
            continue
        if e.status == EntryStatus.WITHDRAWN and round_number > (e.withdrawn_after_round or 0):
            continue
        return True
    return False


def results_missing(event: Event) -> list[dict]:
    """Each table of each round with a board still without a confirmed result, in movement order:
    ``{"section", "round", "table", "ns", "ew", "missing", "unconfirmed", "not_played"}`` (board
    lists; ``not_played``: reported by the table, awaiting the director). A board entered with
    the pairs the other way round (a missed arrow switch) counts as in, one the director
    cancelled for the table is not expected, nor are tables with a sit-out, a pair not yet
    arrived or one already withdrawn."""
    out = []
    for section in event.sections.all():
        by_label: dict[str, list[Entry]] = {}
        for e in section.entries.all():
            by_label.setdefault(e.label, []).append(e)
        confirmed, pending, reported = set(), set(), set()
        for board, ns, ew, status in BoardNotPlayed.objects.filter(section=section).values_list(
                "board", "ns__label", "ew__label", "status"):
            (reported if status == NotPlayedStatus.AWAITING else confirmed).add((board, ns, ew))
        for board, ns, ew, ok in Result.objects.filter(section=section).values_list(
                "board", "ns__label", "ew__label", "confirmed"):
            for key in ((board, ns, ew), (board, ew, ns)):
                (confirmed if ok else pending).add(key)
        for rnd, t in section.schedule.seatings():
            ns, ew = t.ns, t.ew
            if not (_seated(by_label.get(ns, []), rnd) and _seated(by_label.get(ew, []), rnd)):
                continue
            absent = [b for b in t.boards if (b, ns, ew) not in confirmed]
            if absent:
                out.append({"section": section.name, "round": rnd, "table": t.table, "ns": ns,
                            "ew": ew, "missing": [b for b in absent if (b, ns, ew) not in pending | reported],
                            "unconfirmed": [b for b in absent if (b, ns, ew) in pending],
                            "not_played": [b for b in absent if (b, ns, ew) in reported - pending]})
    return out


def missing_lines(missing: list[dict], *, sections: int = 1) -> list[str]:
    """The missing results as sentences, one a table ("Round 2, table 3 (5 v 1): boards 4, 5
    missing; board 6 not confirmed")."""
    lines = []
    for m in missing:
        where = f"Section {m['section']}, round {m['round']}" if sections > 1 else f"Round {m['round']}"
        parts = []
        if m["missing"]:
            parts.append(f"board{'s' if len(m['missing']) > 1 else ''} {', '.join(map(str, m['missing']))} missing")
        if m["unconfirmed"]:
            parts.append(f"board{'s' if len(m['unconfirmed']) > 1 else ''} "
                         f"{', '.join(map(str, m['unconfirmed']))} not confirmed")
        if m["not_played"]:
            parts.append(f"board{'s' if len(m['not_played']) > 1 else ''} "
                         f"{', '.join(map(str, m['not_played']))} reported not played, awaiting the director")
        lines.append(f"{where}, table {m['table']} ({m['ns']} v {m['ew']}): {'; '.join(parts)}")
    return lines


def event_changes(event: Event) -> list[dict]:
    """The lifecycle's audit trail, oldest first; a row whose status is unchanged is a note
    (new table PINs, say) and its reason says what was done."""
    return [{"at": c.at, "from": c.from_status, "to": c.to_status, "by": c.by.username if c.by else "",
             "reason": c.reason,
             "what": c.reason if c.from_status == c.to_status else change_name(c.from_status, c.to_status)}
            for c in EventChange.objects.filter(event=event).select_related("by")]


def change_name(source: str, target: str) -> str:
    from tournaments.services.lifecycle import TRANSITIONS

    return TRANSITIONS.get((source, target), f"{source} to {target}")


def club_zone(club):
    """The club's time zone (the server's if the stored name is unknown)."""
    import zoneinfo

    try:
        return zoneinfo.ZoneInfo(club.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return timezone.get_current_timezone()


def correction_until(event: Event) -> datetime.datetime | None:
    """When a published event's correction period ends (the club's ``correction_hours`` after
    publishing); None when the event is not published."""
    if event.status != EventStatus.PUBLISHED or event.published_at is None:
        return None
    return event.published_at + datetime.timedelta(hours=event.club.correction_hours)


def provisional_until(event: Event) -> datetime.datetime | None:
    """The end of the correction period while it runs (results are provisional), else None."""
    until = correction_until(event)
    return until if until is not None and timezone.now() < until else None
