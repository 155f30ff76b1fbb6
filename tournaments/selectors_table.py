"""What one table's device shows: the table's own current round, its pairs, its boards with
dealer and vulnerability and what is still to play, results awaiting confirmation, boards
reported not played, and where everyone goes after the last board. The table page and the
table API render the same dict.

A table's current round: the earliest round, up to the event's current round, in which the
table plays and has boards still missing (a result not yet confirmed is still missing; a board
reported "not played" is not). When every such round is complete the table moves on by itself
to the next round, but only after a round it actually played (a sit-out table waits for the
director to move the event on), and never past the movement's last round.
"""
from __future__ import annotations

from datetime import timedelta
from typing import NamedTuple

from django.db.models import Exists, IntegerField, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from tournaments.deals.boards import board_dealer, board_vulnerability
from tournaments.models import BoardNotPlayed, Entry, EntryStatus, Event, NotPlayedStatus, PinMiss, Result, Section
from tournaments.models.sections import movement_key
from tournaments.movements.model import Movement
from tournaments.movements.moves import moves_text, next_play, table_moves

TO_PLAY, PENDING, DONE = "to play", "awaiting confirmation", "done"


def _vulnerable(event: Event) -> bool:
    """Vulnerability belongs to contract bridge only (Law 2); whist, bridge whist and auction
    have none."""
    from tournaments.services.boards import rules_for_game

    return rules_for_game(event.game).vulnerable


def _board(event: Event, number: int, status: str) -> dict:
    return {"board": number, "dealer": board_dealer(number),
            "vulnerable": board_vulnerability(number) if _vulnerable(event) else None, "status": status}


def _status(rnd: int, board: int, results: dict, reports: dict) -> str:
    report = reports.get((rnd, board))
    if report is not None:
        return report.get_status_display()
    result = results.get((rnd, board))
    if result is None:
        return TO_PLAY
    return DONE if result.confirmed else PENDING


def _moves(movement: Movement, rnd: int, table: int, present: frozenset[str]) -> dict | None:
    moves = table_moves(movement, rnd, table, present)
    if not moves:
        return None
    return {"round": rnd, "text": moves_text(moves),
            "moves": [{"who": m.who, "label": m.label, "text": m.text, "table": m.table} for m in moves]}


def _sit_outs(movement: Movement, rnd: int, table: int, present: frozenset[str], names: dict) -> list[dict]:
    """Pairs with no play this round at this table (or, for a table the round leaves empty,
    the round's sit-outs), each with when and where it plays next."""
    plan = movement.round(rnd)
    tp = plan.table(table)
    labels = [x for x in tp.entrants if x in present] if tp else [x for x in plan.sit_out if x in present]
    out = []
    for label in labels:
        seat = next_play(movement, label, rnd, present)
        out.append({"label": label, "names": names.get(label, ""), "next": seat.text if seat else "",
                    "next_round": seat.round if seat else None, "next_table": seat.table if seat else None,
                    "next_direction": seat.direction if seat else ""})
    return out


SEAT_NAMES = ("north", "south", "east", "west")


def _sides(tp, names: dict) -> dict:
    """The table's sides: "ns"/"ew" the pairs' numbers (an individual: North's and East's, the
    entries its results are stored under), their names (an individual: "North & South"), and an
    individual's four players by seat (``seats``; empty for pairs)."""
    if tp is None:
        return {"ns": "", "ew": "", "ns_names": "", "ew_names": "", "seats": []}
    if not tp.is_individual:
        return {"ns": tp.ns, "ew": tp.ew, "ns_names": names.get(tp.ns, ""), "ew_names": names.get(tp.ew, ""),
                "seats": []}
    return {"ns": tp.n, "ew": tp.e, "ns_names": " & ".join(names.get(x, x) for x in (tp.n, tp.s)),
            "ew_names": " & ".join(names.get(x, x) for x in (tp.e, tp.w)),
            "seats": [{"seat": seat, "label": label, "names": names.get(label, "")}
                      for seat, label in zip(SEAT_NAMES, tp.entrants)]}


def table_section(*, club_slug: str, event_id: int, name: str, table: int, client: str,
                  pin_window: int) -> Section | None:
    """A table's request in one query: the section with its event and club, the movement's
    fingerprint instead of its JSON (``Section.schedule`` keeps the parse per process), the
    client's wrong-PIN streak here and the table's recent streaks (``pin_window`` seconds:
    ``services.pins``), and whether the table has boards reported not played."""
    misses = PinMiss.objects.filter(event=OuterRef("event_id"), table=f"{name}/{table}")
    mine = misses.filter(client=client)
    recent = (misses.filter(last_try__gte=timezone.now() - timedelta(seconds=pin_window))
              .values("event").annotate(n=Sum("streak")).values("n"))
    return (Section.objects.select_related("event__club").defer("movement")
            .filter(event_id=event_id, name=name, event__deleted_at__isnull=True,
                    event__club__slug=club_slug, event__club__deleted_at__isnull=True)
            .annotate(movement_key=movement_key(),
                      pin_streak=Subquery(mine.values("streak")[:1]),
                      pin_table_streaks=Coalesce(Subquery(recent, output_field=IntegerField()), Value(0)),
                      reports_here=Exists(BoardNotPlayed.objects.filter(section=OuterRef("pk"), table=table)))
            .first())


class TableState(NamedTuple):
    """What a table's round is worked out from: the section's entries (withdrawn first, active
    last), its results at the table (and, given a board, that board's at every table) with
    their entries attached, and the table's boards reported not played."""

    entries: list[Entry]
    results: list[Result]
    reports: list[BoardNotPlayed]


def table_state(section: Section, table: int, *, board: int | None = None) -> TableState:
    """Two queries (three when the table has boards reported not played)."""
    entries = list(section.entries.order_by("-status", "joined_round", "pk"))
    by_id = {e.pk: e for e in entries}
    wanted = Q(table=table) if board is None else Q(table=table) | Q(board=board)
    results = list(Result.objects.filter(wanted, section=section).order_by("board"))
    for r in results:
        _attach(r, by_id, "ns", "ew", "south", "west")
    reports = []
    if getattr(section, "reports_here", True):
        reports = list(BoardNotPlayed.objects.filter(section=section, table=table))
        for r in reports:
            _attach(r, by_id, "ns", "ew")
            r.section = section
    return TableState(entries, results, reports)


def _attach(row, by_id: dict[int, Entry], *fields: str) -> None:
    """The row's entries from the ones already read (no query per foreign key)."""
    for field in fields:
        entry = by_id.get(getattr(row, f"{field}_id"))
        if entry is not None:
            setattr(row, field, entry)


def table_round(event: Event, section: Section, table: int, *, state: TableState | None = None) -> dict | None:
    """The table's current round as plain data (see the module docstring); None if the
    movement has no such table."""
    movement = section.schedule
    if not movement.rounds or not movement.has_table(table):
        return None
    read = state or table_state(section, table)
    active = {e.label: e for e in read.entries if e.status == EntryStatus.ACTIVE}
    present = frozenset(active)
    joined = {label: e.joined_round for label, e in active.items()}  # a late pair plays from its first round
    results = {(r.round, r.board): r for r in read.results if r.table == table}
    reports = {(r.round, r.board): r for r in read.reports}
    event_round = min(max(1, event.current_round), movement.rounds)

    def state(rnd):
        tp = movement.table(rnd, table)
        playing = tp is not None and all(x in present and joined[x] <= rnd for x in tp.entrants)
        statuses = {b: _status(rnd, b, results, reports) for b in tp.boards} if playing else {}
        return tp, playing, any(s in (TO_PLAY, PENDING) for s in statuses.values()), statuses

    current, played_before = movement.first_round, False
    for plan in movement:
        if plan.round > event_round and not played_before:
            break
        current = plan.round
        tp, playing, missing, statuses = state(plan.round)
        if missing:
            break
        played_before = playing
    tp, playing, missing, statuses = state(current)
    names = {e.label: e.names for e in read.entries}  # active entries come last: theirs win
    boards = [_board(event, b, statuses.get(b, TO_PLAY)) for b in (tp.boards if tp else ())]
    complete = playing and not missing
    started = any(s != TO_PLAY for s in statuses.values())
    awaiting_draw = complete and current == movement.last_round and _rounds_to_draw(event)
    return {
        "event": event.pk, "section": section.name, "table": table, "round": current, "rounds": movement.rounds,
        "event_round": event_round, "playing": playing,
        **_sides(tp, names),
        "boards": boards,
        "to_play": [b["board"] for b in boards if b["status"] == TO_PLAY] if playing else [],
        "done": [b for b, s in statuses.items() if s == DONE],
        "pending": [r.snapshot() | {"id": r.pk, "summary": r.summary} for (rnd, _b), r in results.items()
                    if rnd == current and not r.confirmed],
        "not_played": [r.as_dict() for (rnd, _b), r in reports.items() if rnd == current],
        "sit_out": [] if playing else _sit_outs(movement, current, table, present, names),
        "complete": complete, "finished": complete and current == movement.last_round and not awaiting_draw,
        "awaiting_draw": awaiting_draw,
        "moves": _moves(movement, current, table, present),
        "moves_before": None if started or current == movement.first_round
        else _moves(movement, current - 1, table, present),
        "identify": current == movement.first_round and playing and not (tp and tp.is_individual),
    }


def _rounds_to_draw(event: Event) -> bool:
    """A teams event whose next round is still to be drawn (its movement ends at the last round
    drawn): the tables wait for the director's draw, the evening is not over."""
    if not event.is_teams:
        return False
    from tournaments.selectors_teams import teams_settings

    settings = teams_settings(event)
    return settings["current_round"] < settings["rounds_planned"]


def not_played_awaiting(event: Event) -> list[dict]:
    """Boards tables reported not played that still wait for the director."""
    rows = BoardNotPlayed.objects.filter(event=event, status=NotPlayedStatus.AWAITING)
    return [r.as_dict() for r in rows.select_related("section", "ns", "ew")]
