"""The national ranking of a simultaneous: every heat's confirmed results of a board compared as
one field (``scoring.engine.field``), written as ``NationalScore`` rows and ``NationalStanding``.

A run is split into board chunks so several Celery workers (on several hosts) share it:

1. ``national_plan`` (under the ``NationalScoring`` row lock, as ``event_rescore``) reads the
   simultaneous' ``results_version`` and a digest of each board's confirmed results (one
   aggregate query) and picks the boards whose digest differs from the part last stored for
   them: every board on the first run or a forced one, the changed board only after one
   result. The boards are grouped into chunks of ``NATIONAL_CHUNK_BOARDS`` (a setting).
2. ``national_chunk`` (one task per chunk, a Celery group) scores its boards across the whole
   field with ``field_boards``, replaces their ``NationalScore`` rows and stores each board's
   part (``FieldPart.to_json``, with the digest it was read at) in the cache. Runs of the same
   chunk queue on a PostgreSQL advisory lock and read after taking it, so the last writer has
   read the newest results.
3. ``national_merge`` (the chord's callback) adds every board's stored part with
   ``field_standings`` and writes the standings that changed. A part missing from the cache
   (evicted, a restarted Redis) is scored again there.

So a corrected result costs one board's field plus the merge, not the whole simultaneous.
Every step is idempotent: running it twice changes nothing. ``national_rescore`` runs all
three in this process (tests, the beat sweep, a run without a broker).
"""
from __future__ import annotations

import logging
import time
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from cardroom.db import retry_transient
from cardroom.tasks import enqueue_once_on_commit
from scoring.engine import ScoringError
from scoring.engine.field import FieldPart, field_boards, field_standings
from tournaments.models import Heat, Simultaneous

from .models import NationalScore, NationalScoring, NationalStanding
from .selectors_national import (Field, board_digests, board_universe, heat_results, national_field, part_key,
                                 stored_parts)
from .services import section_boards

log = logging.getLogger(__name__)

#: How long a board's stored part is kept (a missing one is scored again by the merge).
PART_SECONDS = 3 * 24 * 3600
NATIONAL_SCORE_COLUMNS = ("simultaneous_id", "result_id", "board", "top", "mp_ns", "mp_ew", "pct_ns", "pct_ew",
                          "imp_ns", "imp_ew")


def national_rescore_later(*, simultaneous_id: int, force: bool = False) -> None:
    """Queue a national run after the current transaction commits (coalesced: a burst of heat
    results costs one run, plus one for what commits while it runs)."""
    from .tasks import rescore_national

    enqueue_once_on_commit(rescore_national, simultaneous_id, *((True,) if force else ()), coalesce=True)


def heat_rescored(*, event_id: int) -> None:
    """Called by ``event_rescore`` once an event's standings are rewritten: when the event is a
    heat of a simultaneous, its national input changed (bump ``results_version``, queue a run)."""
    simultaneous_id = Heat.objects.filter(event_id=event_id).values_list("simultaneous_id", flat=True).first()
    if simultaneous_id is None:
        return
    Simultaneous.objects.filter(pk=simultaneous_id).update(results_version=F("results_version") + 1)
    national_rescore_later(simultaneous_id=simultaneous_id)


def chunks_of(boards, size: int | None = None) -> list[tuple[int, ...]]:
    """The boards to score grouped by the fixed chunk each falls in (boards 1-2, 3-4, ... by default)."""
    size = max(1, size or getattr(settings, "NATIONAL_CHUNK_BOARDS", 2))
    grouped: dict[int, list[int]] = defaultdict(list)
    for b in sorted(boards):
        grouped[(b - 1) // size].append(b)
    return [tuple(bs) for _i, bs in sorted(grouped.items())]


# -- 1. the plan -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class NationalPlan:
    simultaneous_id: int
    version: int
    chunks: tuple[tuple[int, ...], ...]


@retry_transient
def national_plan(*, simultaneous_id: int, force: bool = False) -> NationalPlan | None:
    """What a run has to do: None when the national standings already reflect the latest heat
    results; else the version it scores and the chunks of boards whose results changed."""
    NationalScoring.objects.get_or_create(simultaneous_id=simultaneous_id)
    with transaction.atomic():
        state = NationalScoring.objects.select_for_update().get(simultaneous_id=simultaneous_id)
        simultaneous = Simultaneous.objects.get(pk=simultaneous_id)
        version = simultaneous.results_version
        if not force and state.runs and state.version >= version:
            return None
        digests = board_digests(simultaneous_id)
        boards = board_universe(simultaneous, digests)
        stored = {} if force else stored_parts(simultaneous, boards)
        changed = [b for b in boards if (stored.get(b) or {}).get("digest") != digests.get(b, "")]
        chunks = tuple(chunks_of(changed))
        state.chunks = len(chunks)
        state.save(update_fields=["chunks"])
    return NationalPlan(simultaneous_id, version, chunks)


# -- 2. a chunk --------------------------------------------------------------------------------------

def chunk_lock(simultaneous_id: int, boards) -> None:
    """Runs scoring the same boards queue (PostgreSQL advisory locks, released at commit); the
    one that takes it second reads the newer results. SQLite has one writer anyway."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for b in sorted(boards):  # always in board order: two chunks never wait on each other
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [0x4E41 << 16 | (simultaneous_id >> 16) & 0xFFFF,
                                                                     (simultaneous_id & 0xFFFF) << 15 | b])


@retry_transient
def national_chunk(*, simultaneous_id: int, boards, field: Field | None = None) -> dict[int, dict]:
    """Score ``boards`` across every heat, replace their ``NationalScore`` rows and store each
    board's part; returns board -> {"digest", "part"} (what it stored)."""
    boards = sorted(set(boards))
    with transaction.atomic():
        chunk_lock(simultaneous_id, boards)
        simultaneous = Simultaneous.objects.select_related("organizer").get(pk=simultaneous_id)
        digests = board_digests(simultaneous_id, boards)  # read before the results: never newer than they are
        field = field or national_field(simultaneous)
        rows = heat_results(simultaneous_id, boards, field)
        by_section: dict[int, list] = defaultdict(list)
        for r in rows:
            by_section[r.section_id].append(r)
        groups = {}
        for sid, rs in by_section.items():
            section, pairs = field.sections[sid], field.section_pairs(sid)
            groups[sid] = section_boards(section, rs, pairs, field.keys[sid],
                                         expected=section.schedule.expected(frozenset(p.label for p in pairs)))
        index = {(Field.group(r.section_id), r.board, field.keys[r.section_id][r.ns_id],
                  field.keys[r.section_id][r.ew_id]): r.id for r in rows}
        scores, stored = [], {}
        for b in boards:
            board_groups = {Field.group(sid): [br for br in brs if br.board == b] for sid, brs in groups.items()}
            board_groups = {g: brs for g, brs in board_groups.items() if brs}
            part = field_boards(board_groups, field.method, convention=field.convention) if board_groups else None
            if part is not None:
                scores += national_scores(simultaneous_id, part, index)
            stored[b] = {"digest": digests.get(b, ""), "part": part.to_json(boards=False) if part is not None else None}
        NationalScore.objects.filter(simultaneous_id=simultaneous_id, board__in=boards).delete()
        NationalScore.objects.filter(simultaneous_id=simultaneous_id, result__board__in=boards).delete()  # moved boards
        national_scores_write(scores)
        cache.set_many({part_key(simultaneous, b): v for b, v in stored.items()}, PART_SECONDS)
    return stored


def national_scores(simultaneous_id: int, part: FieldPart, index: dict) -> list[tuple]:
    """The part's per-result scores as ``NationalScore`` rows (tuples of NATIONAL_SCORE_COLUMNS)."""
    out = []
    for group, board_scores in part.boards.items():
        for bs in board_scores:
            for rs in bs.results:
                out.append((simultaneous_id, index[(group, bs.board, rs.result.ns, rs.result.ew)], bs.board, bs.top,
                            rs.mp_ns, rs.mp_ew, rs.pct_ns, rs.pct_ew, rs.imp_ns, rs.imp_ew))
    return out


def national_scores_write(rows: list[tuple]) -> None:
    copy_rows(NationalScore, NATIONAL_SCORE_COLUMNS, rows)


def copy_rows(model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """Insert rows (tuples of ``columns``): PostgreSQL's COPY (a tenth of the time of Django's
    INSERTs for 78,000 rows), else bulk_create."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor, cursor.cursor.copy(
                f"COPY {model._meta.db_table} ({', '.join(columns)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    model.objects.bulk_create([model(**dict(zip(columns, row))) for row in rows], batch_size=5000)


# -- 3. the merge ------------------------------------------------------------------------------------

@retry_transient
def national_merge(*, simultaneous_id: int, version: int, force: bool = False) -> bool:
    """Add every board's stored part into the national standings and write those that changed;
    False when a run of this version (or a later one) has already merged."""
    NationalScoring.objects.get_or_create(simultaneous_id=simultaneous_id)
    with transaction.atomic():
        state = NationalScoring.objects.select_for_update().get(simultaneous_id=simultaneous_id)
        if not force and state.runs and state.version >= version:
            return False
        started = time.perf_counter()
        simultaneous = Simultaneous.objects.select_related("organizer").get(pk=simultaneous_id)
        field = national_field(simultaneous)
        boards = board_universe(simultaneous, board_digests(simultaneous_id))
        stored = stored_parts(simultaneous, boards)
        missing = [b for b in boards if b not in stored]
        if missing:  # evicted or never stored: score them here
            log.info("national %s: scoring boards %s again for the merge", simultaneous_id, missing)
            stored.update(national_chunk(simultaneous_id=simultaneous_id, boards=missing, field=field))
        parts = [FieldPart.from_json(stored[b]["part"]) for b in boards if stored[b]["part"] is not None]
        standings = field_standings(parts, field.method, fields=field.fields, convention=field.convention,
                                    group_ranks=False) \
            if parts else ()
        national_standings_write(simultaneous_id, field, standings)
        state.version = max(state.version, version)
        state.runs += 1
        state.computed_at = timezone.now()
        state.results_scored = NationalScore.objects.filter(simultaneous_id=simultaneous_id).count()
        state.duration_ms = round(1000 * (time.perf_counter() - started), 2)
        state.error = ""
        state.save()
    return True


def national_standings_write(simultaneous_id: int, field: Field, standings) -> int:
    """Replace only the standings that changed (a corrected result moves some places, not all
    12,000); returns how many rows were written."""
    by_name = {(Field.group(sid), name): entry_id for sid, keys in field.keys.items() for entry_id, name in keys.items()}
    rows = {}
    for st in standings:
        entry_id = by_name[(st.group, st.entrant)]
        rows[entry_id] = (field.sections[int(st.group)].heat, st.overall_position, st.overall, st.field,
                          round(st.total, 4), None if st.top is None else round(st.top, 4),
                          None if st.percentage is None else round(st.percentage, 4), st.boards)
    columns = ("heat_id", "position", "rank", "field", "total", "top", "percentage", "boards")
    existing = {row[1]: (row[0], tuple(row[2:])) for row in NationalStanding.objects.filter(
        simultaneous_id=simultaneous_id).values_list("pk", "entry_id", *columns)}
    stale = [pk for entry_id, (pk, values) in existing.items() if rows.get(entry_id) != values]
    fresh = [(simultaneous_id, entry_id, *values)
             for entry_id, values in rows.items() if existing.get(entry_id, (None, None))[1] != values]
    for i in range(0, len(stale), 5000):
        NationalStanding.objects.filter(pk__in=stale[i:i + 5000]).delete()
    copy_rows(NationalStanding, ("simultaneous_id", "entry_id", *columns), fresh)
    return len(fresh)


# -- the whole run in this process -------------------------------------------------------------------

def national_rescore(*, simultaneous_id: int, force: bool = False) -> bool:
    """Plan, score the changed chunks and merge, here (no broker needed); False when nothing was to do."""
    plan = national_plan(simultaneous_id=simultaneous_id, force=force)
    if plan is None:
        return False
    for boards in plan.chunks:
        national_chunk(simultaneous_id=simultaneous_id, boards=boards)
    return national_merge(simultaneous_id=simultaneous_id, version=plan.version, force=force)


def national_failed(*, simultaneous_id: int, exc: BaseException) -> None:
    """Record why a run failed (shown by the organizer's pages; the sweep tries again)."""
    message = str(exc) if isinstance(exc, ScoringError) else f"{type(exc).__name__}: {exc}"
    log.error("national scoring of simultaneous %s failed: %s", simultaneous_id, message)
    NationalScoring.objects.filter(simultaneous_id=simultaneous_id).update(error=message[:2000])


def nationals_behind(*, limit: int = 20) -> list[int]:
    """Simultaneous events whose national standings are older than their heats' results."""
    return list(Simultaneous.objects.filter(results_version__gt=0)
                .filter(Q(scoring_state__isnull=True) | Q(scoring_state__version__lt=F("results_version")))
                .order_by("pk").values_list("pk", flat=True)[:limit])
