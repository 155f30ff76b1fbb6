"""USEBIO import: a club's old results (or BBO/RealBridge sessions converted to USEBIO) become a
finished event with its pairs, every traveller line as a result, and stored standings.

The file is read and scored in memory first (``scoring.engine.usebiotool``); any error names
the element and line and nothing is stored. An individual's file becomes an individual event
(``services.usebio_individual``). Pairs keep the file's numbers ("3", "2NS"); a
player whose ``NATIONAL_ID_NUMBER`` is a member's federation number or membership number (or, failing that, whose
name is exactly one active member's) is linked to that member, anyone else is a guest. The
movement is rebuilt from who met whom on which boards (rounds in board order).
"""
from __future__ import annotations

import re
from collections import defaultdict
from datetime import date as Date

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from cardroom import limits
from clubs.models import Member
from clubs.services import guest_record
from scoring.engine import ScoringError
from scoring.engine.usebiotool import convention_of, line_result, method_of, printed, score_usebio
from tournaments.deals.boards import board_dealer, board_vulnerability
from tournaments.deals.pbn import make_game, write_pbn
from tournaments.deals.usebio import UsebioError, UsebioEvent
from tournaments.deals.usebio_teams import is_teams_type, usebio_event_type
from tournaments.models import Entry, Event, EventStatus, Game, Result, ScoringMethod, Section
from tournaments.models.events import EventFormat
from tournaments.models.results import ResultSource
from tournaments.movements.model import Movement, RoundPlan, TablePlay

from .boards import boardset_import_pbn
from .lifecycle import event_transition

SCORING_OF_METHOD = {"matchpoints": ScoringMethod.MATCHPOINTS, "butler": ScoringMethod.IMPS,
                     "cross-imps": ScoringMethod.CROSS_IMPS}
_DATE = (re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$"), re.compile(r"^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$"))


class UsebioImportError(ValueError):
    """A file that cannot be imported; the message names element, board and line."""


def usebio_date(text: str) -> Date:
    """USEBIO writes DD/MM/YYYY; ISO dates are accepted too."""
    for pattern, order in zip(_DATE, ((3, 2, 1), (1, 2, 3))):
        m = pattern.match(text.strip())
        if m:
            try:
                return Date(*(int(m.group(i)) for i in order))
            except ValueError:
                break
    raise UsebioImportError(f"DATE {text!r} is not a date (DD/MM/YYYY)")


def rebuilt_movement(event: UsebioEvent, two: bool) -> Movement:
    """Who met whom on which boards, as rounds: each meeting goes to the first round where
    neither pair is seated yet, meetings taken in order of their first board."""
    meetings: dict[tuple[str, str], list[int]] = defaultdict(list)
    for b in event.boards:
        for t in b.lines:
            meetings[(t.ns, t.ew)].append(int(b.number))
    rounds: list[dict[tuple[str, str], list[int]]] = []
    seated: list[set[str]] = []
    for (ns, ew), boards in sorted(meetings.items(), key=lambda kv: (min(kv[1]), kv[0])):
        r = next((i for i, s in enumerate(seated) if ns not in s and ew not in s), None)
        if r is None:
            rounds.append({})
            seated.append(set())
            r = len(rounds) - 1
        rounds[r][(ns, ew)] = sorted(boards)
        seated[r] |= {ns, ew}
    plans = tuple(RoundPlan(i + 1, tuple(TablePlay(t + 1, tuple(bs), ns, ew)
                                         for t, ((ns, ew), bs) in enumerate(plan.items())))
                  for i, plan in enumerate(rounds))
    per_round = max((len(t.boards) for p in plans for t in p.tables), default=0)
    return Movement("usebio", 2 if two else 1, max((len(p.tables) for p in plans), default=0), per_round,
                    plans, shared=True)


def _people(club, players) -> tuple[list, list]:
    members, guests = [], []
    for p in players[:2]:
        member = None
        if p.national_id:  # the club's federation number mapping first, then its own numbers
            member = Member.objects.filter(club=club, federation_number=p.national_id).first() or \
                Member.objects.filter(club=club, membership_number=p.national_id).first()
        if member is None and p.name:
            first, _, last = " ".join(p.name.split()).rpartition(" ")
            found = list(Member.objects.filter(club=club, active=True, first_name__iexact=first,
                                               last_name__iexact=last)[:2]) if first else []
            member = found[0] if len(found) == 1 else None
        if member is not None and member not in members:
            members.append(member)
        elif p.name:
            guests.append(guest_record(club=club, name=p.name[:limits.NAME_MAX]))
    return members, guests


def _check(event: UsebioEvent) -> None:
    for b in event.boards:
        if not b.number.isdigit() or not 0 < int(b.number) <= limits.MAX_BOARD_NUMBER:
            raise UsebioImportError(f"line {b.line}: BOARD_NUMBER {b.number!r}: board numbers are 1 to "
                                    f"{limits.MAX_BOARD_NUMBER}")
        for t in b.lines:
            for what, value, most in (("CONTRACT", t.contract, 8), ("LEAD", t.lead, 3), ("PAIR_NUMBER", t.ns, 16),
                                      ("PAIR_NUMBER", t.ew, 16)):
                if len(value) > most:
                    raise UsebioImportError(f"board {b.number}, line {t.line}: {what} {value!r} is longer than "
                                            f"{most} characters")
    what = "player" if event.individual else "pair"
    for b in event.boards:
        seen: dict[tuple, int] = {}
        for t in b.lines:
            seats = (t.ns, t.south, t.ew, t.west) if event.individual else (t.ns, t.ew)
            if len(set(seats)) < len(seats):
                raise UsebioImportError(f"board {b.number}, line {t.line}: a {what} sits twice at the table")
            if any(len(x) > 16 for x in seats):
                raise UsebioImportError(f"board {b.number}, line {t.line}: a {what} number is longer than 16 "
                                        f"characters")
            if seats in seen:
                raise UsebioImportError(f"board {b.number}, line {t.line}: {' '.join(seats)} already played it "
                                        f"(line {seen[seats]})")
            seen[seats] = t.line
    numbers = {p.number for p in event.pairs} | {x for b in event.boards for t in b.lines
                                                 for x in (t.ns, t.south, t.ew, t.west) if x}
    if len(numbers) > limits.MAX_PAIRS:
        raise UsebioImportError(f"more than {limits.MAX_PAIRS} {what}s (limit)")


@transaction.atomic
def event_import_usebio(*, club, data: bytes | str, user=None, name: str = "", vp_scale: str | None = None
                        ) -> Event:
    """Create a finished event from a USEBIO file; standings are scored before returning.
    ``event.usebio_report`` tells how many pairs' places and totals equal the file's. A teams
    file is imported as a teams event (``services.usebio_teams``)."""
    try:
        teams = is_teams_type(usebio_event_type(data))
    except UsebioError as exc:
        raise UsebioImportError(f"line {exc.line}: {exc.message}" if exc.line else exc.message) from None
    if teams:
        from .usebio_teams import event_import_usebio_teams

        return event_import_usebio_teams(club=club, data=data, user=user, name=name, vp_scale=vp_scale)
    try:
        pure, _boards, session, two = score_usebio(data)
    except UsebioError as exc:
        raise UsebioImportError(f"line {exc.line}: {exc.message}" if exc.line else exc.message) from None
    except ScoringError as exc:
        raise UsebioImportError(str(exc)) from None
    _check(pure)
    when = usebio_date(pure.date) if pure.date else None
    if when is None:
        raise UsebioImportError("EVENT has no DATE")
    title = (name or pure.description or f"USEBIO import {pure.date}")[:limits.NAME_MAX]
    event = Event(club=club, name=title, date=when, game=Game.DUPLICATE_BRIDGE,
                  scoring=SCORING_OF_METHOD[method_of(pure)], convention=convention_of(pure).name,
                  format=EventFormat.INDIVIDUAL if pure.individual else EventFormat.PAIRS,
                  created_by=user if getattr(user, "pk", None) else None)
    try:
        event.full_clean()
    except ValidationError as exc:
        raise UsebioImportError("; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())) from None
    event.save()
    if pure.individual:
        from .usebio_individual import individual_rows, rebuilt_individual_movement

        movement = rebuilt_individual_movement(pure)
    else:
        movement = rebuilt_movement(pure, two)
    section = Section.objects.create(event=event, name="A", position=1,
                                     movement=movement.to_dict() | {"shared": True, "source": "usebio"})
    if pure.individual:
        rows = individual_rows(event, section, movement, pure, lambda players: _people(club, players))
    else:
        rows = _pair_rows(event, section, movement, pure, club)
    Result.objects.bulk_create(rows, batch_size=2000)
    Event.objects.filter(pk=event.pk).update(current_round=movement.rounds, results_version=1)
    if pure.hands:
        _store_hands(event, pure)
    reason = f"imported from USEBIO ({pure.program or 'unknown program'})"
    event_transition(event=event, to=EventStatus.PLAYING, user=user, reason=reason)
    event_transition(event=event, to=EventStatus.FINISHED, user=user, reason=reason)
    from scoring.services import event_rescore

    event_rescore(event_id=event.pk, force=True)
    event.refresh_from_db()
    event.usebio_report = {**printed(pure, session), **stored_matches(event, pure)}
    return event


def _pair_rows(event: Event, section: Section, movement: Movement, pure: UsebioEvent, club) -> list[Result]:
    """Create the pairs' entries and return the results to store."""
    entries = {}
    labels = [p.number for p in pure.pairs] or sorted({x for b in pure.boards for t in b.lines for x in (t.ns, t.ew)})
    players = {p.number: p.players for p in pure.pairs}
    for label in labels:
        members, guests = _people(club, players.get(label, ()))
        names = " & ".join([m.full_name for m in members] + [g.name for g in guests]) or f"Pair {label}"
        entries[label] = Entry(event=event, section=section, label=label, names=names[:400],
                               member_a=members[0] if members else None,
                               member_b=members[1] if len(members) > 1 else None,
                               guest_a=guests[0] if guests else None, guest_b=guests[1] if len(guests) > 1 else None)
    Entry.objects.bulk_create(entries.values())
    slots = movement.slots()
    rows = []
    for b in pure.boards:
        for t in b.lines:
            r = line_result(b.number, t)
            rnd, table = slots[(int(b.number), t.ns, t.ew)]
            rows.append(Result(
                event=event, section=section, board=int(b.number), round=rnd, table=table,
                ns=entries[t.ns], ew=entries[t.ew], contract=r.contract[:8], declarer=r.declarer[:1],
                tricks=r.tricks, lead=t.lead[:3], adjusted_ns=r.adjusted_ns.label if r.adjusted_ns else "",
                adjusted_ew=r.adjusted_ew.label if r.adjusted_ew else "",
                score_ns=None if r.score_ns is None else int(round(r.score_ns)), source=ResultSource.DIRECTOR,
                entered_by=event.created_by))
    return rows


def stored_matches(event: Event, pure: UsebioEvent) -> dict:
    """How many pairs' stored places and totals (percentages for matchpoints) equal the file's."""
    imp = event.scoring != ScoringMethod.MATCHPOINTS
    stored = imported_matches(event)
    same = 0
    for p in pure.pairs:
        rank, total, pct = stored.get(p.number, (None, None, None))
        value, mine = (p.total_score, total) if imp or p.percentage is None else (p.percentage, pct)
        same += rank is not None and value is not None and mine is not None and abs(round(mine, 2) - value) < 0.0051 \
            and (not p.place or p.place.rstrip("=") == rank.rstrip("="))
    return {"matching": same, "convention": event.convention}


def hands_as_pbn(event: UsebioEvent) -> str:
    """The file's HANDSET as PBN hand records (dealer and vulnerability from the board number)."""
    games = []
    for number, seats in sorted(event.hands.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0):
        if not number.isdigit():
            raise UsebioImportError(f"HANDSET board {number!r} is not a board number")
        hands = [seats.get(seat, "...").upper().replace("10", "T") for seat in "NESW"]
        games.append(make_game([("Board", number), ("Dealer", board_dealer(int(number))),
                                ("Vulnerable", board_vulnerability(int(number))), ("Deal", "N:" + " ".join(hands))]))
    return write_pbn(games)


def _store_hands(event: Event, pure: UsebioEvent) -> None:
    try:
        boardset_import_pbn(event=event, data=hands_as_pbn(pure))
    except ValidationError as exc:
        raise UsebioImportError(f"HANDSET: {' '.join(exc.messages)}") from None


def imported_matches(event: Event) -> dict:
    """Stored standings of an imported event, keyed by pair label (for checks and tests)."""
    return {s.entry.label: (s.rank, s.total, s.percentage)
            for s in event.standings.select_related("entry").filter(~Q(entry__label=""))}
