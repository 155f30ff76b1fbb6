"""Scoring runs: read an event's confirmed results, score them with ``scoring.engine`` and
replace the derived rows (scores and standings) in one transaction.

A run locks the event's ``EventScoring`` row (SELECT ... FOR UPDATE), so concurrent runs
queue rather than interleave; a run that dies before commit leaves the previous standings in
place, and the next run completes them. Running twice changes nothing.
"""
from __future__ import annotations

import time
from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from cardroom.db import retry_transient
from cardroom.tasks import enqueue_once_on_commit
from scoring.engine import BoardResults, Method, Result as EngineResult, parse_adjustment, rank, score_session
from scoring.engine.books import above_average
from scoring.engine.session import direction_fields
from tournaments.models import Entry, Event, Result, ScoringMethod, Section

from .models import EventScoring, Score, Standing

ENGINE_METHOD = {ScoringMethod.MATCHPOINTS: "matchpoints", ScoringMethod.IMPS: "butler",
                 ScoringMethod.CROSS_IMPS: "cross-imps"}


def event_rescore_later(*, event: Event, force: bool = False) -> None:
    """Queue a scoring run after the current transaction commits."""
    from .tasks import rescore_event

    if force:
        enqueue_once_on_commit(rescore_event, event.pk, True)
    else:
        enqueue_once_on_commit(rescore_event, event.pk)


def expected_plays(section: Section, active: set[str]) -> dict[int, int]:
    """Board -> how many tables the movement gives it between two entered pairs."""
    counts: dict[int, int] = defaultdict(int)
    for plan in section.movement.get("rounds_detail", []):
        for t in plan["tables"]:
            if t.get("ns") in active and t.get("ew") in active:
                for b in t["boards"]:
                    counts[int(b)] += 1
    return counts


def engine_result(r: Result) -> EngineResult:
    if r.adjusted_ns or r.adjusted_ew:
        return EngineResult(ns=r.ns.label, ew=r.ew.label, adjusted_ns=parse_adjustment(r.adjusted_ns),
                            adjusted_ew=parse_adjustment(r.adjusted_ew))
    return EngineResult(ns=r.ns.label, ew=r.ew.label, score_ns=float(r.score_ns), contract=r.contract,
                        declarer=r.declarer, tricks=r.tricks)


def section_boards(section: Section, results: list[Result], entries: list[Entry]) -> list[BoardResults]:
    """The engine's input: one BoardResults per board, results in movement order."""
    expected = expected_plays(section, {e.label for e in entries})
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    return [BoardResults(board=b, results=tuple(engine_result(r) for r in sorted(rs, key=lambda r: (r.round, r.table))),
                         expected=max(expected.get(b, 0), len(rs)) or None)
            for b, rs in sorted(by_board.items())]


def score_books(boards: list[BoardResults], fields: dict[str, str], tricks: bool, trick_of) -> tuple[dict, dict]:
    """The books' methods: each pair's total against its direction's average (Standard Hoyle,
    Duplicate Bridge: "the average taken from 380 would leave 130"), or total tricks won
    (Foster's compass whist). Returns (per-result plus/minus, entrant -> (value, boards))."""
    totals: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    per_result = {}
    for board in boards:
        real = [r for r in board.results if not r.artificial]
        mean = sum(r.score_ns for r in real) / len(real) if real else 0.0
        for r in board.results:
            if r.artificial:
                continue
            if tricks:
                ns_value, ew_value = trick_of(board.board, r), 13 - trick_of(board.board, r)
            else:
                ns_value, ew_value = r.score_ns, -r.score_ns
            per_result[(board.board, r.ns, r.ew)] = r.score_ns - mean
            totals[r.ns] += ns_value
            totals[r.ew] += ew_value
            played[r.ns] += 1
            played[r.ew] += 1
    if tricks:
        return per_result, {e: (v, played[e]) for e, v in totals.items()}
    groups: dict[str, dict[str, float]] = defaultdict(dict)
    for e, v in totals.items():
        groups[fields.get(e, "")][e] = v
    out = {}
    for group in groups.values():
        out.update({e: (v, played[e]) for e, v in above_average(group).items()})
    return per_result, out


def _score_section(event: Event, section: Section, results: list[Result]) -> tuple[list[Score], list[Standing]]:
    entries = list(section.entries.all())
    by_label = {e.label: e for e in entries if e.status == "active"}
    by_label.update({e.label: e for e in entries if e.label not in by_label})
    boards = section_boards(section, results, [e for e in entries if e.status == "active"])
    if not boards:
        return [], []
    two_winner = section.movement.get("winners", 1) == 2
    fields = direction_fields(boards) if two_winner else {}
    index = {(r.board, r.ns.label, r.ew.label): r for r in results}
    scores: list[Score] = []
    standings: list[Standing] = []
    if event.scoring in ENGINE_METHOD:
        session = score_session(boards, Method(ENGINE_METHOD[event.scoring]), fields=fields)
        for bs in session.boards:
            for rs in bs.results:
                r = index[(bs.board, rs.result.ns, rs.result.ew)]
                scores.append(Score(event=event, result=r, top=bs.top, mp_ns=rs.mp_ns, mp_ew=rs.mp_ew,
                                    pct_ns=rs.pct_ns, pct_ew=rs.pct_ew, imp_ns=rs.imp_ns, imp_ew=rs.imp_ew))
        for position, st in enumerate(session.standings, start=1):
            standings.append(Standing(event=event, section=section, entry=by_label[st.entrant], position=position,
                                      rank=st.rank, field=st.field, total=round(st.total, 4), top=st.top,
                                      percentage=None if st.percentage is None else round(st.percentage, 4),
                                      boards=st.boards))
        return scores, standings
    tricks = event.scoring == ScoringMethod.TOTAL_TRICKS

    def trick_of(board, er):
        r = index[(board, er.ns, er.ew)]
        if r.tricks_ns is not None:
            return r.tricks_ns
        if r.tricks is None:
            return 0
        return r.tricks if r.declarer in "NS" else 13 - r.tricks

    per_result, values = score_books(boards, fields, tricks, trick_of)
    for key, plus in per_result.items():
        scores.append(Score(event=event, result=index[key], imp_ns=plus, imp_ew=-plus))
    grouped: dict[str, dict[str, float]] = defaultdict(dict)
    for e, (v, _n) in values.items():
        grouped[fields.get(e, "") if (two_winner or not tricks) else ""][e] = v
    position = 0
    for field in sorted(grouped):
        for rank_label, e in rank(grouped[field]):
            position += 1
            v, n = values[e]
            pct = round(100 * v / (13 * n), 4) if tricks and n else None
            standings.append(Standing(event=event, section=section, entry=by_label[e], position=position,
                                      rank=rank_label, field=field, total=round(v, 4), top=None,
                                      percentage=pct, boards=n))
    return scores, standings


@retry_transient
def event_rescore(*, event_id: int, force: bool = False) -> bool:
    """Score every section of the event and replace its derived rows; returns False when the
    stored standings already reflect the latest results (nothing to do)."""
    EventScoring.objects.get_or_create(event_id=event_id)
    with transaction.atomic():
        state = EventScoring.objects.select_for_update().get(event_id=event_id)
        event = Event.objects.get(pk=event_id)
        version = event.results_version
        if not force and state.runs and state.version >= version:
            return False
        started = time.perf_counter()
        results = list(Result.objects.filter(event=event, confirmed=True).select_related("ns", "ew"))
        by_section: dict[int, list[Result]] = defaultdict(list)
        for r in results:
            by_section[r.section_id].append(r)
        scores: list[Score] = []
        standings: list[Standing] = []
        for section in event.sections.all():
            s, st = _score_section(event, section, by_section.get(section.pk, []))
            scores += s
            standings += st
        Score.objects.filter(event=event).delete()
        Standing.objects.filter(event=event).delete()
        Score.objects.bulk_create(scores, batch_size=2000)
        Standing.objects.bulk_create(standings, batch_size=2000)
        state.version = version
        state.runs += 1
        state.computed_at = timezone.now()
        state.results_scored = len(results)
        state.duration_ms = round(1000 * (time.perf_counter() - started), 2)
        state.save()
    return True
