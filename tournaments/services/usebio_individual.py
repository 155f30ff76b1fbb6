"""USEBIO import of an individual (``EVENT_TYPE="INDIVIDUAL"``): a finished individual event whose
entries are the file's players and whose results name the four players of each table.

The movement is rebuilt as for pairs (``services.usebio.rebuilt_movement``), a table being the
four players who met on a set of boards: each meeting goes to the first round where none of the
four is seated yet, meetings in order of their first board.
"""
from __future__ import annotations

from collections import defaultdict

from scoring.engine.usebiotool import line_result
from tournaments.deals.usebio import UsebioEvent
from tournaments.models import Entry, Event, Result, Section
from tournaments.models.results import ResultSource
from tournaments.movements.model import Movement, RoundPlan, TablePlay

Seats = tuple[str, str, str, str]  # North, South, East, West


def _seats(t) -> Seats:
    return (t.ns, t.south, t.ew, t.west)


def rebuilt_individual_movement(event: UsebioEvent) -> Movement:
    """Who sat where on which boards, as rounds of four-player tables."""
    meetings: dict[Seats, list[int]] = defaultdict(list)
    for b in event.boards:
        for t in b.lines:
            meetings[_seats(t)].append(int(b.number))
    rounds: list[dict[Seats, list[int]]] = []
    seated: list[set[str]] = []
    for seats, boards in sorted(meetings.items(), key=lambda kv: (min(kv[1]), kv[0])):
        r = next((i for i, s in enumerate(seated) if not s & set(seats)), None)
        if r is None:
            rounds.append({})
            seated.append(set())
            r = len(rounds) - 1
        rounds[r][seats] = sorted(boards)
        seated[r] |= set(seats)
    plans = tuple(RoundPlan(i + 1, tuple(TablePlay(t + 1, tuple(bs), n=n, s=s, e=e, w=w)
                                         for t, ((n, s, e, w), bs) in enumerate(plan.items())))
                  for i, plan in enumerate(rounds))
    per_round = max((len(t.boards) for p in plans for t in p.tables), default=0)
    return Movement("usebio", 1, max((len(p.tables) for p in plans), default=0), per_round, plans, shared=True)


def individual_rows(event: Event, section: Section, movement: Movement, pure: UsebioEvent, people) -> list[Result]:
    """Create one entry per player (``people(players) -> (members, guests)``) and return the
    results to store, each naming its four players."""
    labels = [p.number for p in pure.pairs] or sorted({x for b in pure.boards for t in b.lines for x in _seats(t)})
    players = {p.number: p.players for p in pure.pairs}
    entries = {}
    for label in labels:
        members, guests = people(players.get(label, ()))
        names = (members[0].full_name if members else guests[0].name if guests else f"Player {label}")
        entries[label] = Entry(event=event, section=section, label=label, names=names[:400],
                               member_a=members[0] if members else None, guest_a=guests[0] if guests else None)
    Entry.objects.bulk_create(entries.values())
    slots = {(b, t.n, t.s, t.e, t.w): (rnd, t.table) for rnd, t in movement.seatings() for b in t.boards}
    rows = []
    for b in pure.boards:
        for t in b.lines:
            r = line_result(b.number, t)
            north, south, east, west = _seats(t)
            rnd, table = slots[(int(b.number), north, south, east, west)]
            rows.append(Result(
                event=event, section=section, board=int(b.number), round=rnd, table=table,
                ns=entries[north], south=entries[south], ew=entries[east], west=entries[west],
                contract=r.contract[:8], declarer=r.declarer[:1], tricks=r.tricks, lead=t.lead[:3],
                adjusted_ns=r.adjusted_ns.label if r.adjusted_ns else "",
                adjusted_ew=r.adjusted_ew.label if r.adjusted_ew else "",
                score_ns=None if r.score_ns is None else int(round(r.score_ns)), source=ResultSource.DIRECTOR,
                entered_by=event.created_by))
    return rows
