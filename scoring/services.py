"""Scoring runs: read an event's confirmed results, score them with ``scoring.engine`` and
replace the derived rows (scores and standings) in one transaction.

A run locks the event's ``EventScoring`` row (SELECT ... FOR UPDATE), so concurrent runs
queue rather than interleave; a run that dies before commit leaves the previous standings in
place, and the next run completes them. Running twice changes nothing. A run the engine
refuses records why on ``EventScoring`` (shown as "standings are out of date: ..."); the beat
sweep (``standings_sweep``) rescores events left behind by a lost task or a broker outage.
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
import weakref
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from cardroom.db import made_once, retry_transient
from cardroom.tasks import PENDING_SECONDS, enqueue_once_on_commit
from scoring.engine import (convention, BOOKS_METHODS, BoardResults, FieldPart, Method, Result as EngineResult, ScoringError,
                            books_session, field_boards, field_standings, parse_adjustment, score_field, seating_fields)
from tournaments.models import Entry, Event, EventStatus, Result, ScoringMethod, Section

from .models import BoardTally, EventScoring, RescoreQueued, Score, Standing

log = logging.getLogger(__name__)

# Event.scoring -> the engine's method: ``score_session`` compares, ``books_session`` the books' methods.
ENGINE_METHOD = {ScoringMethod.MATCHPOINTS: "matchpoints", ScoringMethod.IMPS: "butler",
                 ScoringMethod.CROSS_IMPS: "cross-imps", ScoringMethod.AVERAGE: "average",
                 ScoringMethod.TOTAL_TRICKS: "total_tricks"}


class Claim(NamedTuple):
    """A write's claim of its event's queued run (``rescore_claim_sql``), made at ``at``: ``won``
    when no run was queued (this write queues one), else a run queued and not started yet takes
    the write's change too."""

    at: datetime
    won: bool


def event_rescore_later(*, event: Event, force: bool = False, claim: Claim | None = None) -> None:
    """Queue a scoring run after the current transaction commits. With ``CARDROOM_COALESCE`` (a
    worker takes the runs) a run already queued and not started takes this change instead
    (``RescoreQueued``): a burst of results costs one run, plus one for those committed while it
    runs. ``claim``: the caller's own statement claimed the queued run (a table's confirmation,
    ``rescore_claim_sql`` inside its write: no other round trip); else it is claimed here. A
    ``force`` run (every board, ``event_rescore``) is coalesced with its own kind only."""
    from .tasks import rescore_event

    if force:
        enqueue_once_on_commit(rescore_event, event.pk, True, coalesce=True)
        return
    if not settings.CARDROOM_COALESCE:
        enqueue_once_on_commit(rescore_event, event.pk)
        return
    claim = claim or rescore_claim(event.pk)
    if claim.won:  # a broker that refuses the task frees the claim for the next change
        enqueue_once_on_commit(rescore_event, event.pk, released=lambda: rescore_release(event.pk, claim.at))


@made_once
def rescore_claim_sql(when: str = "1 = 1", *, returning: bool = True) -> str:
    """The statement, or a data-modifying ``WITH`` part of one (PostgreSQL's), that claims the
    event's queued run when ``when`` holds: it returns a row if the claim is won (no run was
    queued, or the one queued is older than ``PENDING_SECONDS``: lost), none if a run queued and
    not started will read this change. Parameters: ``rescore_claim_params`` (``when`` takes none).
    A writer claims after it locked the event's row (``results_version``), as every writer does:
    in the other order two writers of one event could deadlock."""
    quote = connection.ops.quote_name
    table = quote(RescoreQueued._meta.db_table)
    return (f"INSERT INTO {table} (event_id, at) SELECT %s, %s WHERE {when} ON CONFLICT (event_id) "
            f"DO UPDATE SET at = excluded.at WHERE {table}.at < %s" + (" RETURNING event_id" if returning else ""))


def rescore_claim_params(event_id: int) -> tuple[list, datetime]:
    """``rescore_claim_sql``'s parameters for this event, and the claim's time."""
    now = timezone.now()
    adapt = connection.ops.adapt_datetimefield_value
    return [event_id, adapt(now), adapt(now - timedelta(seconds=PENDING_SECONDS))], now


def rescore_claim(event_id: int) -> Claim:
    """Claim the event's queued run in a statement of its own (``rescore_claim_sql``; the row
    it wrote or none, without RETURNING, which SQLite has only from 3.35)."""
    params, at = rescore_claim_params(event_id)
    with connection.cursor() as cursor:
        cursor.execute(rescore_claim_sql(returning=False), params)
        return Claim(at, cursor.rowcount == 1)


def rescore_release(event_id: int, at: datetime) -> None:
    """The run claimed at ``at`` was not queued after all: the next change queues one."""
    RescoreQueued.objects.filter(event_id=event_id, at=at).delete()


def rescore_started(event_id: int) -> None:
    """A queued run starts (``scoring.tasks.rescore_event``): what commits from now on needs
    another run, which the next change queues."""
    RescoreQueued.objects.filter(event_id=event_id).delete()


def expected_plays(section: Section, active: set[str]) -> dict[int, int]:
    """Board -> how many tables the movement as played gives it between two entered pairs
    (a late pair's rounds before it came and a withdrawn pair's after it left are sit-outs
    there, so those boards count against nobody)."""
    counts: dict[int, int] = defaultdict(int)
    for _round, t in section.schedule.seatings():
        if all(e in active for e in t.entrants):
            for b in t.boards:
                counts[b] += 1
    return counts


def entrant_keys(entries: list[Entry]) -> dict[int, str]:
    """Entry id -> its name for the engine: the pair number, made unique with the entry id when
    a late pair took a withdrawn pair's place (each is scored and ranked on its own)."""
    count = Counter(e.label for e in entries)
    return {e.pk: e.label if count[e.label] == 1 else f"{e.label}/{e.pk}" for e in entries}


def engine_result(r: Result, keys: dict[int, str] | None = None) -> EngineResult:
    """A stored result as the engine reads it (the one conversion: scoring runs, result checks
    and prints use it); the cards group keeps a fouled board apart."""
    if r.ns_id == r.ew_id:
        raise ScoringError(f"board {r.board}: pair {(keys or {}).get(r.ns_id) or r.ns.label} cannot play against itself")
    ns, ew = result_sides(r, keys or {})
    adjusted_ns = parse_adjustment(r.adjusted_ns) if r.adjusted_ns else None
    adjusted_ew = parse_adjustment(r.adjusted_ew) if r.adjusted_ew else None
    if r.score_ns is None:
        return EngineResult(ns=ns, ew=ew, adjusted_ns=adjusted_ns, adjusted_ew=adjusted_ew,
                            group=r.cards_group)
    tricks_ns = r.tricks_ns
    if tricks_ns is None and r.tricks is not None:
        tricks_ns = r.tricks if r.declarer in "NS" else 13 - r.tricks
    return EngineResult(ns=ns, ew=ew, score_ns=float(r.score_ns), adjusted_ns=adjusted_ns,
                        adjusted_ew=adjusted_ew, contract=r.contract, declarer=r.declarer, tricks=r.tricks,
                        tricks_ns=tricks_ns, group=r.cards_group)


def result_sides(r: Result, keys: dict[int, str]) -> tuple:
    """The engine's two sides of a stored result: the pairs' names, or an individual's
    (North, South) and (East, West) players, every player credited with the side's score."""
    def key(side: str) -> str:  # by the id: the entry's row is read only when ``keys`` lacks it
        found = keys.get(getattr(r, side + "_id"))
        return getattr(r, side).label if found is None else found

    if r.south_id is None and r.west_id is None:
        return key("ns"), key("ew")
    return (key("ns"), key("south")), (key("ew"), key("west"))


def section_fields(section: Section, boards: list[BoardResults]) -> dict[str, str]:
    """Pair -> its field ("NS"/"EW") in a two-winner movement, from where the movement seats it,
    so a board played the other way round (a missed arrow switch) is scored as seated."""
    if section.schedule.winners != 2:
        return {}
    seatings = [(t.ns, t.ew) for _round, t in section.schedule.seatings() if t.ns and t.ew]
    return seating_fields(seatings, boards)


def section_boards(section: Section, results: list[Result], entries: list[Entry],
                   keys: dict[int, str] | None = None, *, expected: dict[int, int] | None = None) -> list[BoardResults]:
    """The engine's input: one BoardResults per board, results in movement order (``expected``:
    the section's ``expected_plays`` when the caller already has them)."""
    if expected is None:
        expected = expected_plays(section, {e.label for e in entries})
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    return [BoardResults(board=b, results=tuple(engine_result(r, keys) for r in sorted(rs, key=lambda r: (r.round, r.table))),
                         expected=max(expected.get(b, 0), len(rs)) or None)
            for b, rs in sorted(by_board.items())]


def full_card(section: Section) -> int:
    """Boards on a full card: the most boards the movement gives any one pair."""
    boards: dict[str, int] = defaultdict(int)
    for _round, t in section.schedule.seatings():
        for label in t.entrants:
            if label:
                boards[label] += len(t.boards)
    return max(boards.values(), default=0)


@dataclass(frozen=True)
class SectionPlan:
    """What scoring reads of a section's movement as played, for one set of pair numbers:
    ``expected_plays``, the fields the movement seats (``section_fields`` before the boards'
    own, or why it cannot: ``refusal``) and ``full_card``. Shared: read it, never change it."""

    expected: dict[int, int]
    two_winner: bool
    seated: dict[str, str]
    refusal: str
    card: int

    def fields(self, boards: list[BoardResults]) -> dict[str, str]:
        """``section_fields`` of these boards: the movement's seats first, then where the
        boards put entrants the movement never seats."""
        if not self.two_winner:
            return {}
        if self.refusal:
            raise ScoringError(self.refusal)
        out = dict(self.seated)
        for entrant, direction in seating_fields((), boards).items():
            out.setdefault(entrant, direction)
        return out


#: Section plans kept per process (issue 18: a table's POST walked the whole schedule three
#: times), keyed by section id, the parse of its stored movement and its pair numbers. The parse
#: is one object per stored value (``Section.schedule``: per section id and ``movement_hash``),
#: so a new movement, a late pair or a withdrawal (each reseats the section, a new stored
#: movement) is a new key; an entry is taken only for the very parse it was worked out from
#: (a weak reference: the plans keep no movement alive, and a reused id finds a dead one).
PLANS: OrderedDict[tuple, tuple[weakref.ref, SectionPlan]] = OrderedDict()
PLANS_KEPT = 256
_plans_lock = threading.Lock()


def section_plan(section: Section, labels: Iterable[str]) -> SectionPlan:
    """The section's plan for these pair numbers, worked out once per process and movement."""
    schedule = section.schedule
    active = frozenset(labels)
    key = (getattr(section, "pk", None), id(schedule), active)
    with _plans_lock:
        found = PLANS.get(key)
        if found is not None and found[0]() is schedule:
            PLANS.move_to_end(key)
            return found[1]
    plan = _section_plan(schedule, active)
    with _plans_lock:
        PLANS[key] = (weakref.ref(schedule), plan)
        PLANS.move_to_end(key)
        while len(PLANS) > PLANS_KEPT:
            PLANS.popitem(last=False)
    return plan


def _section_plan(schedule, active: frozenset[str]) -> SectionPlan:
    """One walk of the schedule for ``expected_plays``, ``section_fields`` and ``full_card``."""
    expected: dict[int, int] = defaultdict(int)
    card: dict[str, int] = defaultdict(int)
    seatings = []
    for _round, t in schedule.seatings():
        if all(e in active for e in t.entrants):
            for b in t.boards:
                expected[b] += 1
        for label in t.entrants:
            if label:
                card[label] += len(t.boards)
        if t.ns and t.ew:
            seatings.append((t.ns, t.ew))
    two_winner, seated, refusal = schedule.winners == 2, {}, ""
    if two_winner:
        try:
            seated = seating_fields(seatings)
        except ScoringError as exc:
            refusal = str(exc)
    return SectionPlan(dict(expected), two_winner, seated, refusal, max(card.values(), default=0))


def event_convention(event: Event):
    """The scoring program's rules the event is scored by (its own, set from the club's when it was
    created; Cardroom's for events older than conventions)."""
    return convention(event.convention or "cardroom")


@dataclass
class _Played:
    """One section's input to the engine: its entries by engine name, boards and fields."""

    section: Section
    results: list[Result]
    keys: dict[int, str]
    by_label: dict[str, Entry]
    boards: list[BoardResults]
    fields: dict[str, str]
    plan: SectionPlan


def _played(section: Section, results: list[Result], entries: list[Entry] | None = None) -> _Played:
    entries = list(section.entries.all()) if entries is None else list(entries)
    keys = entrant_keys(entries)
    plan = section_plan(section, (e.label for e in entries))
    boards = section_boards(section, results, entries, keys, expected=plan.expected)
    return _Played(section, results, keys, {keys[e.pk]: e for e in entries}, boards,
                   plan.fields(boards) if boards else {}, plan)


def _event_method(event: Event) -> str:
    method = "butler" if event.is_teams else ENGINE_METHOD.get(event.scoring)
    if method is None:
        raise ScoringError(f"{event.get_scoring_display().lower()} does not score boards")
    return method


def _score_rows(event: Event, played: _Played, boards, rows) -> tuple[list[Score], list[Standing]]:
    """The derived rows of one section: ``boards`` its scored boards, ``rows`` its standings as
    (position, standing, overall rank, overall position)."""
    index = {(r.board, *result_sides(r, played.keys)): r for r in played.results}
    scores = [Score(event=event, result=index[(bs.board, rs.result.ns, rs.result.ew)], top=bs.top,
                    mp_ns=rs.mp_ns, mp_ew=rs.mp_ew, pct_ns=rs.pct_ns, pct_ew=rs.pct_ew,
                    imp_ns=rs.imp_ns, imp_ew=rs.imp_ew, plus_ns=rs.plus_ns, plus_ew=rs.plus_ew)
              for bs in boards for rs in bs.results]
    standings = [Standing(event=event, section=played.section, entry=played.by_label[st.entrant], position=position,
                          rank=st.rank, field=st.field, total=round(st.total, 4), top=st.top,
                          percentage=None if st.percentage is None else round(st.percentage, 4),
                          boards=st.boards, overall=overall, overall_position=overall_position)
                 for position, st, overall, overall_position in rows]
    return scores, standings


def _score_field(event: Event, field: list[_Played], *, across: bool,
                 rows: bool = True) -> tuple[list[Score], list[Standing]]:
    """Score a field of sections (one section, or every section of an event scored across the
    field) with ``score_field``; the books' methods score a section on its own. ``rows=False``
    (a result check: only whether the engine refuses) builds no Score and Standing rows."""
    field = [p for p in field if p.boards]
    if not field:
        return [], []
    method = _event_method(event)
    if method in BOOKS_METHODS:
        if across:
            raise ScoringError("across_field: the books' methods (average, total tricks) score each section alone")
        (played,) = field
        session = books_session(played.boards, method, fields=played.fields,
                                card=played.plan.card if method == "total_tricks" else 0)
        if not rows:
            return [], []
        return _score_rows(event, played, session.boards,
                           [(position, st, "", None) for position, st in enumerate(session.standings, start=1)])
    scored = score_field({p.section.name: p.boards for p in field}, Method(method),
                         fields={p.section.name: p.fields for p in field}, convention=event_convention(event))
    if not rows:
        return [], []
    scores: list[Score] = []
    standings: list[Standing] = []
    for played in field:
        rows = [(st.position, st, st.overall if across else "", st.overall_position if across else None)
                for st in scored.standings if st.group == played.section.name]
        s, st = _score_rows(event, played, scored.boards[played.section.name], rows)
        scores += s
        standings += st
    return scores, standings


def across_field_refusal(sections: list[Section]) -> str:
    """Why these sections cannot be scored across the field ("" when they can): they must play
    the same boards."""
    numbers = {s.name: set(s.schedule.board_numbers()) for s in sections}
    first = next(iter(numbers.values()), set())
    odd = [name for name, boards in numbers.items() if boards != first]
    if odd:
        return ("the sections do not play the same boards (section " + ", ".join(odd) +
                " differs from section " + next(iter(numbers)) + "): each section's movement must use the same boards")
    return ""


def _scored_sections(event: Event):
    """The sections whose pairs are scored board by board: every section of a pairs event; of a
    teams event only with its ``butler`` option (the pairs within the teams ranked by Butler
    IMPs across the field), its matches being scored by ``teams_rescore``."""
    if event.is_teams:
        from tournaments.models import TeamsEvent
        from tournaments.services.teams import teams_options

        settings = TeamsEvent.objects.filter(event=event).first()
        if settings is None or not teams_options(settings)["butler"]:
            return []
    # the movement's JSON is not read: its fingerprint finds the process's parse of it (and the
    # plan worked out from that), so a run after each confirmation parses nothing (issue 18)
    return list(event.sections.defer("movement"))


#: What a scoring run reads of a result (its pairs by id: ``entrant_keys`` names them).
SCORED_FIELDS = ("id", "section_id", "board", "round", "table", "ns_id", "ew_id", "south_id", "west_id", "contract",
                 "declarer", "tricks", "tricks_ns", "adjusted_ns", "adjusted_ew", "score_ns", "cards_group")


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
        results = list(Result.objects.filter(event=event, confirmed=True).only(*SCORED_FIELDS))
        by_section: dict[int, list[Result]] = defaultdict(list)
        for r in results:
            by_section[r.section_id].append(r)
        scores: list[Score] = []
        standings: list[Standing] = []
        sections = _scored_sections(event)
        across = event.across_field and bool(sections)  # one section alone: a field of one, overall = its places
        if across and (why := across_field_refusal(sections)):
            raise ScoringError(f"across_field: {why}")
        fields = [sections] if across else [[section] for section in sections]
        by_board = not force and not across and _board_by_board(event, sections, by_section)
        if not by_board:
            BoardTally.objects.filter(event=event).delete()  # a whole run: the next by-board run starts afresh
        for field in fields if not by_board else ():
            try:
                s, st = _score_field(event, [_played(section, by_section.get(section.pk, [])) for section in field],
                                     across=across)
            except ScoringError as exc:
                raise ScoringError(f"{'across the field' if across else 'section ' + field[0].name}: {exc}") from exc
            scores += s
            standings += st
        if by_board:
            for section in sections:
                try:
                    _rescore_changed_boards(event, _played(section, by_section.get(section.pk, [])))
                except ScoringError as exc:
                    raise ScoringError(f"section {section.name}: {exc}") from exc
        else:
            Score.objects.filter(event=event).delete()
            Standing.objects.filter(event=event).delete()
            Score.objects.bulk_create(scores, batch_size=2000)
            Standing.objects.bulk_create(standings, batch_size=2000)
        if event.is_teams:
            from tournaments.services.teams import teams_rescore

            teams_rescore(event=event)
        state.version = version
        state.runs += 1
        state.computed_at = timezone.now()
        state.results_scored = len(results)
        state.duration_ms = round(1000 * (time.perf_counter() - started), 2)
        state.error, state.failed_at = "", None
        state.save()
        if event.championship_id:  # a session of a championship: its cumulative table follows
            from .tasks import championship_standings

            enqueue_once_on_commit(championship_standings, event.championship_id)
        from .services_national import heat_rescored

        heat_rescored(event_id=event.pk)  # a heat of a simultaneous: its national ranking follows
        if event.status == EventStatus.PUBLISHED:  # a correction after publishing
            from .tasks import update_competitions

            enqueue_once_on_commit(update_competitions, event.pk)
    return True


def event_rescore_recorded(*, event_id: int, force: bool = False) -> bool:
    """``event_rescore``, but a run that fails records why on the event (``error``, ``failed_at``)
    for the director's page and the API instead of leaving the standings silently stale."""
    try:
        return event_rescore(event_id=event_id, force=force)
    except Event.DoesNotExist:
        return False
    except Exception as exc:
        message = str(exc) if isinstance(exc, ScoringError) else f"{type(exc).__name__}: {exc}"
        log.exception("scoring event %s failed: %s", event_id, message)
        EventScoring.objects.filter(event_id=event_id).update(error=message[:2000], failed_at=timezone.now())
        return False


#: Methods whose totals are sums of per-board scores that no other board changes (matchpoints
#: factored per board, Butler, cross-IMPs): a run rescores only the boards whose input changed.
BOARD_BY_BOARD = {"matchpoints", "butler", "cross-imps"}
#: Above this many results a section is scored in one piece (the engine's column path for big fields).
BOARD_BY_BOARD_UP_TO = 1999


def _board_by_board(event: Event, sections: list[Section], by_section: dict[int, list[Result]]) -> bool:
    """Whether this run may rescore only the changed boards: a pairs event scored section by
    section by a per-board-sum method, with no adjusted score (Average-plus worth the session
    percentage moves with every board) and no section big enough for the column path."""
    if not settings.SCORING_BY_BOARD or event.is_teams or ENGINE_METHOD.get(event.scoring) not in BOARD_BY_BOARD:
        return False
    for section in sections:
        results = by_section.get(section.pk, [])
        if len(results) > BOARD_BY_BOARD_UP_TO or any(r.adjusted_ns or r.adjusted_ew for r in results):
            return False
    return True


def _board_digest(method: Method, board: BoardResults, result_ids: list[int]) -> str:
    """What a board's scores depend on: the method, the engine's input and the result rows."""
    return hashlib.sha256(repr((method, board, result_ids)).encode()).hexdigest()


def _rescore_changed_boards(event: Event, played: _Played) -> int:
    """Rescore the boards of one section whose input changed since their stored tally, replace
    only their Score rows, and rank the section from every board's tally (``field_standings``
    sums them in board order, as one run over every board does). Returns the boards rescored."""
    section = played.section
    method = event_convention(event).method(_event_method(event))
    groups = {section.name: played.boards}
    stored = {t.board: t for t in BoardTally.objects.filter(section=section)}
    ids: dict[int, list[int]] = defaultdict(list)
    for r in sorted(played.results, key=lambda r: (r.round, r.table)):
        ids[r.board].append(r.pk)
    parts: list[FieldPart] = []
    changed: list[int] = []
    scores: list[Score] = []
    tallies: list[BoardTally] = []
    for board in played.boards:
        digest = _board_digest(method, board, ids[board.board])
        kept = stored.pop(board.board, None)
        if kept is not None and kept.digest == digest:
            parts.append(FieldPart.from_json(json.loads(kept.tally)))
            continue
        part = field_boards(groups, method, boards=[board.board])
        parts.append(part)
        changed.append(board.board)
        scores += _score_rows(event, played, part.boards[section.name], [])[0]
        tallies.append(BoardTally(event=event, section=section, board=board.board, digest=digest,
                                  tally=json.dumps(part.to_json(boards=False))))
    gone = [*changed, *stored]  # rescored boards, and boards no confirmed result is left on
    if gone:
        Score.objects.filter(event=event, result__section=section, result__board__in=gone).delete()
        BoardTally.objects.filter(section=section, board__in=gone).delete()
        Score.objects.bulk_create(scores, batch_size=2000)
        BoardTally.objects.bulk_create(tallies, batch_size=2000)
    ranked = field_standings(parts, method, fields={section.name: played.fields})
    standings = _score_rows(event, played, [], [(st.position, st, "", None) for st in ranked])[1]
    Standing.objects.filter(event=event, section=section).delete()
    Standing.objects.bulk_create(standings, batch_size=2000)
    return len(changed)


def events_behind(*, limit: int = 100) -> list[int]:
    """Ids of events whose stored standings are older than their results (a lost or failed
    scoring task, a broker outage), oldest first."""
    from django.db.models import Q

    return list(Event.objects.filter(results_version__gt=0)
                .filter(Q(scoring_state__isnull=True) | Q(scoring_state__version__lt=F("results_version")) |
                        Q(scoring_state__runs=0))
                .order_by("pk").values_list("pk", flat=True)[:limit])


def standings_sweep(*, limit: int = 100) -> dict[int, bool]:
    """Rescore every event whose standings are behind its results; event id -> scored. Run by
    Celery beat (``SCORING_SWEEP_SECONDS``), so a lost task heals itself. Idempotent: a second
    run finds nothing to do (an event whose results the engine refuses stays behind, with its
    error recorded)."""
    return {event_id: event_rescore_recorded(event_id=event_id) for event_id in events_behind(limit=limit)}


def standings_require_current(*, event: Event) -> None:
    """Finish and publish refuse while the standings are behind the results: a run that was lost
    is completed here first; one the engine refuses raises ``StandingsBehind`` saying why."""
    from .selectors import StandingsBehind, standings_health

    if standings_health(event)["current"]:
        return
    event_rescore_recorded(event_id=event.pk)
    health = standings_health(event)
    if not health["current"]:
        raise StandingsBehind(health["message"])


def result_check(*, result: Result, replacing: int | None = None, board: list[Result] | None = None,
                 entries: list[Entry] | None = None) -> None:
    """Refuse, with a ValidationError naming the field, a result the scoring run would reject:
    the board's confirmed results, with this one in place, go through the same scoring code.
    A table's request passes the ``board``'s confirmed results and the section's ``entries``
    it already read (else both are read here)."""
    if board is None:
        board = (Result.objects.filter(section=result.section, board=result.board, confirmed=True)
                 .select_related("ns", "ew", "south", "west"))
    board = [r for r in board if r.pk != replacing and (r.ns_id, r.ew_id) != (result.ns_id, result.ew_id)]
    try:
        _score_field(result.event, [_played(result.section, board + [result], entries)], across=False, rows=False)
    except ScoringError as exc:
        field = "ew" if result.ns_id == result.ew_id else "board"
        raise ValidationError({field: [f"Scoring would refuse this result: {exc}"]}) from None
