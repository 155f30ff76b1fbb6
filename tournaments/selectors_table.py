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

import contextlib
from datetime import timedelta
from typing import NamedTuple

from django.db import connection
from django.utils import timezone

from cardroom.db import Columns, made_once, planned_once
from clubs.models import Club
from tournaments.deals.boards import board_dealer, board_vulnerability
from tournaments.models import BoardNotPlayed, Entry, EntryStatus, Event, NotPlayedStatus, PinMiss, Result, Section
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


_SECTION, _EVENT, _CLUB = Columns(Section, defer=("movement",)), Columns(Event), Columns(Club)


class Ahead(NamedTuple):
    """What a table's request reads besides its section, sent to PostgreSQL with the section's
    read in one round trip (``table_section``; issue 18): the table's state (``table_state``,
    with ``board``'s results at every table) or one of its results (``table_result``)."""

    board: int | None = None
    result: int | None = None

    def key(self, table: int) -> tuple:
        return ("result", table, self.result) if self.result is not None else ("state", table, self.board)


def table_section(*, club_slug: str, event_id: int, name: str, table: int, client: str,
                  pin_window: int, ahead: Ahead | None = None) -> Section | None:
    """A table's request in one query: the section with its event and club, the movement's
    fingerprint (``Section.movement_hash``) instead of its JSON (``Section.schedule`` keeps the
    parse per process), the client's wrong-PIN streak here (``pin_streak``) and the table's
    recent streaks (``pin_table_streaks``, ``pin_window`` seconds: ``services.pins``), and
    whether the table has boards reported not played (``reports_here``). Written out in SQL:
    every table phone's request runs it, and the ORM's building and compiling of the same
    query cost more than the database's answer (issue 18).

    ``ahead``: on PostgreSQL, what the request reads next goes in the same round trip (a
    pipeline: two statements, one wait), kept on the section for its one use by ``table_state``
    or ``table_result`` with the same arguments; it is read whatever the PIN, and dropped
    unused when the request goes no further."""
    seat = f"{name}/{table}"
    since = connection.ops.adapt_datetimefield_value(timezone.now() - timedelta(seconds=pin_window))
    params = [seat, client, seat, since, table, event_id, name, club_slug]
    pipelined, rows = ahead is not None and connection.vendor == "postgresql", None
    with planned_once() as cursor, (planned_once() if pipelined else contextlib.nullcontext()) as later:
        if pipelined:
            sql, more = (_table_result_sql(), [event_id, name, table, ahead.result]) if ahead.result is not None \
                else (_table_state_sql(ahead.board is not None), [event_id, name, table, *_given(ahead.board)])
            with connection.wrap_database_errors, connection.connection.pipeline():  # Django's errors, as execute's
                cursor.execute(_table_section_sql(), params)
                later.execute(sql, more)
            rows = later.fetchall()
        else:
            cursor.execute(_table_section_sql(), params)
        row = cursor.fetchone()
    if row is None:
        return None
    ends = (len(_SECTION), len(_SECTION) + len(_EVENT), len(_SECTION) + len(_EVENT) + len(_CLUB))
    section, event, club = (_SECTION.build(row[:ends[0]]), _EVENT.build(row[ends[0]:ends[1]]),
                            _CLUB.build(row[ends[1]:ends[2]]))
    event.club = club
    section.event = event
    section.pin_streak, section.pin_table_streaks, section.reports_here = \
        row[ends[2]], int(row[ends[2] + 1] or 0), bool(row[ends[2] + 2])
    if pipelined:
        section.read_ahead = (ahead.key(table), rows)
    return section


def _read_ahead(section: Section, key: tuple) -> list | None:
    """The rows ``table_section`` read ahead for ``key``, once (a second read is a fresh one)."""
    kept = getattr(section, "read_ahead", None)
    if kept is None or kept[0] != key:
        return None
    section.read_ahead = None
    return kept[1]


def _given(board: int | None) -> list:
    return [] if board is None else [board]


@made_once
def _table_section_sql() -> str:
    quote = connection.ops.quote_name
    misses, reports = quote(PinMiss._meta.db_table), quote(BoardNotPlayed._meta.db_table)
    return (f"SELECT {_SECTION.sql('s')}, {_EVENT.sql('e')}, {_CLUB.sql('c')}, "
            f"(SELECT m.streak FROM {misses} m WHERE m.event_id = s.event_id AND m.{quote('table')} = %s "
            f"AND m.client = %s LIMIT 1), "
            f"COALESCE((SELECT SUM(m.streak) FROM {misses} m WHERE m.event_id = s.event_id "
            f"AND m.{quote('table')} = %s AND m.last_try >= %s), 0), "
            f"EXISTS(SELECT 1 FROM {reports} r WHERE r.section_id = s.id AND r.{quote('table')} = %s) "
            f"FROM {quote(Section._meta.db_table)} s "
            f"JOIN {quote(Event._meta.db_table)} e ON e.id = s.event_id "
            f"JOIN {quote(Club._meta.db_table)} c ON c.id = e.club_id "
            f"WHERE s.event_id = %s AND s.name = %s AND e.deleted_at IS NULL AND c.slug = %s "
            f"AND c.deleted_at IS NULL")

# A table's request reads every pair of its section: only what its round, its results and their
# check use (the members, guests, team and history of an entry are the director's).
_RESULT, _ENTRY, LABEL = Columns(Result), Columns(Entry, defer=(
    "member_a_id", "member_b_id", "guest_a_id", "guest_b_id", "team_id", "carried_from_id", "created_at")), \
    Columns(Entry, defer=tuple(f.attname for f in Entry._meta.concrete_fields if f.attname not in ("id", "label")))
RESULT_SEATS = ("ns", "ew", "south", "west")


def table_result(*, section: Section, table: int, result_id: int) -> Result | None:
    """One result of the table, with its entries' numbers (``ns``, ``ew``, an individual's
    ``south`` and ``west``: id and label only, what its snapshot shows), in one query written
    out in SQL (a table's confirm, issue 18), or as ``table_section`` read it ahead."""
    rows = _read_ahead(section, ("result", table, result_id))
    if rows is None:
        with planned_once() as cursor:
            cursor.execute(_table_result_sql(), [section.event_id, section.name, table, result_id])
            rows = cursor.fetchall()
    if not rows:
        return None
    row = rows[0]
    result = _RESULT.build(row[:len(_RESULT)])
    for i, seat in enumerate(RESULT_SEATS):
        pk, label = row[len(_RESULT) + 2 * i: len(_RESULT) + 2 * i + 2]
        if pk is not None:
            setattr(result, seat, LABEL.build((pk, label)))
    return result


@made_once
def _table_result_sql() -> str:
    quote = connection.ops.quote_name
    entries = quote(Entry._meta.db_table)
    return (f"SELECT {_RESULT.sql('r')}, "
            + ", ".join(f"{seat}.id, {seat}.label" for seat in RESULT_SEATS)
            + f" FROM {quote(Result._meta.db_table)} r "
            + " ".join(f"LEFT JOIN {entries} {seat} ON {seat}.id = r.{seat}_id" for seat in RESULT_SEATS)
            + f" WHERE r.section_id = ({_section_id_sql()}) AND r.{quote('table')} = %s AND r.id = %s")


@made_once
def _section_id_sql() -> str:
    """The section's id from its event and name (unique together): a statement sent before
    the section's row is back (``table_section``'s ``ahead``) names it so."""
    return f"SELECT id FROM {connection.ops.quote_name(Section._meta.db_table)} WHERE event_id = %s AND name = %s"

class TableState(NamedTuple):
    """What a table's round is worked out from: the section's entries (withdrawn first, active
    last), its results at the table (and, given a board, that board's at every table) with
    their entries attached, and the table's boards reported not played."""

    entries: list[Entry]
    results: list[Result]
    reports: list[BoardNotPlayed]
    board: int | None = None  # the board whose results at every table are in ``results``


def table_state(section: Section, table: int, *, board: int | None = None) -> TableState:
    """One query (two when the table has boards reported not played), written out in SQL
    (every table request runs it: issue 18), or as ``table_section`` read it ahead."""
    rows = _read_ahead(section, ("state", table, board))
    if rows is None:
        with planned_once() as cursor:
            cursor.execute(_table_state_sql(board is not None), [section.event_id, section.name, table, *_given(board)])
            rows = cursor.fetchall()
    first = 4 + len(_ENTRY)  # the row's kind and order, the entry's columns, then the result's
    entries = _ENTRY.build_all(row[4:first] for row in rows if row[0] == 0)
    results = _RESULT.build_all(row[first:] for row in rows if row[0] == 1)
    by_id = {e.pk: e for e in entries}
    for r in results:
        _attach(r, by_id, "ns", "ew", "south", "west")
    reports = []
    if getattr(section, "reports_here", True):
        reports = list(BoardNotPlayed.objects.filter(section=section, table=table))
        for r in reports:
            _attach(r, by_id, "ns", "ew")
            r.section = section
    return TableState(entries, results, reports, board)


@made_once
def _table_state_sql(board: bool) -> str:
    """The section's entries (withdrawn first, then by the round they joined) and the table's
    results (with ``board``: and that board's; by board) in one statement, a round trip less on
    every table request: each row says which it is (0 or 1), then how it sorts, and carries the
    other's columns as NULLs. The section is named by its event and name (``_section_id_sql``)."""
    quote = connection.ops.quote_name
    wanted = f"r.{quote('table')} = %s" + (" OR r.board = %s" if board else "")
    return (f"WITH s AS ({_section_id_sql()}) "
            f"SELECT 0, e.status, e.joined_round, e.id, {_ENTRY.sql('e')}, {_RESULT.nulls()} "
            f"FROM {quote(Entry._meta.db_table)} e WHERE e.section_id = (SELECT id FROM s) "
            f"UNION ALL SELECT 1, NULL, r.board, r.id, {_ENTRY.nulls()}, {_RESULT.sql('r')} "
            f"FROM {quote(Result._meta.db_table)} r WHERE r.section_id = (SELECT id FROM s) AND ({wanted}) "
            "ORDER BY 1, 2 DESC, 3, 4")


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
    return [r.as_dict() for r in rows.select_related("section", "ns", "ew").defer("section__movement")]
