"""Results: boards attached at the start, results submitted, confirmed, corrected
and deleted -- every one validated against the movement and kept in the audit trail.

What a submitted result says (its fields, its raw score from ``scoring.engine``: Law 77 for
contract bridge, the 1904 and 1908 codes for bridge whist and auction, tricks for duplicate
whist; and where the movement puts it) is read by ``result_fields``; this module stores it.
"""
from __future__ import annotations

import contextlib

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from cardroom.db import Columns, made_once, null_safe_equal, planned_once, retry_transient
from cardroom.errors import Conflict
from scoring.services import Claim, event_rescore_later, rescore_claim_params, rescore_claim_sql, result_check
from tournaments.models import Entry, EntryStatus, Event, EventStatus, Result, ResultChange, Section
from tournaments.selectors_boards import event_board_numbers
from tournaments.selectors_table import RESULT_SEATS, table_result

from .lifecycle import correction_check
from .result_fields import INDIVIDUAL_SEATS, locate, raw_score, scoring_fields

OPEN = (EventStatus.PLAYING,)


class ResultConflict(Conflict):
    """A different result is already stored for this board and these pairs (HTTP 409); the
    answer carries the stored one (``id``, ``existing``)."""

    def __init__(self, result: Result):
        super().__init__(f"board {result.board} {result.ns_label} v {result.ew_label} already has a result",
                         id=result.pk, existing=result.snapshot())
        self.result = result


def event_attach_boards(*, event: Event) -> None:
    """Deal the event's board set from its seed unless one is attached (dealt or imported)."""
    from tournaments.models import BoardSet
    from tournaments.services.boards import boardset_deal

    if BoardSet.objects.filter(event=event, boards__isnull=False).exists():
        return
    boards = event_board_numbers(event=event)
    if boards:
        boardset_deal(event=event, count=max(boards))


def _lock(event: Event, *, share: bool = False) -> int | None:
    """Writers of one event's results queue on its row, taken first (no deadlocks); NO KEY
    UPDATE leaves the scoring run's inserts (which only share-lock the key) free. Returns the
    event's ``results_version`` as locked. ``share``: a writer that counts no change (a table's
    unconfirmed result) only keeps the count from moving until it commits: such writers do not
    queue on each other, and one that counts waits for them (and they for it)."""
    with planned_once() as cursor:  # written out: every table's POST takes it (issue 18)
        cursor.execute(_lock_statement(share), [event.pk])
        row = cursor.fetchone()
    return row[0] if row else None


@made_once
def _lock_statement(share: bool) -> str:
    features = connection.features
    lock = (" FOR SHARE" if share and features.has_select_for_update
            else " FOR NO KEY UPDATE" if features.has_select_for_no_key_update
            else " FOR UPDATE" if features.has_select_for_update else "")  # SQLite: the write lock is the file's
    return (f"SELECT results_version FROM {connection.ops.quote_name(Event._meta.db_table)} "
            f"WHERE id = %s AND deleted_at IS NULL{lock}")


def _bump(event: Event) -> None:
    """One more change to the event's results (``results_version``; its row stays locked until
    the commit), and a rescore queued for after it."""
    with planned_once() as cursor:  # written out: every table's confirmation runs it (issue 18)
        cursor.execute(_bump_statement(), [event.pk])
    _rescore_after_commit(event)


@made_once
def _bump_statement() -> str:
    return (f"UPDATE {connection.ops.quote_name(Event._meta.db_table)} "
            "SET results_version = results_version + 1 WHERE id = %s")


def _rescore_after_commit(event: Event, claim: Claim | None = None) -> None:
    event_rescore_later(event=event, claim=claim)  # a burst of results: one run


def one_round_trip() -> bool:
    """Whether several writes of a table's request go to the database as one statement
    (PostgreSQL's data-modifying ``WITH``): a round trip to the database server, not the
    work, is what each costs there (issue 18). SQLite, in-process, has no round trip to save
    and no such ``WITH``: the writes are made one by one, in the same order."""
    return connection.vendor == "postgresql"


_CHANGE = Columns(ResultChange)


def _change(result: Result | None, *, event, section, board, action, before, after, user=None, table=None,
            reason="") -> ResultChange:
    return ResultChange(event=event, section=section, result=result, board=board, action=action, before=before,
                        after=after, reason=reason[:400],
                        by=user if getattr(user, "is_authenticated", False) else None, by_table=table)


def _audit(result: Result | None, *, count: bool = False, **change) -> None:
    """The change's audit row. ``count``: the change is counted too (``_bump``), by the same
    statement where the database allows it (``one_round_trip``)."""
    row = _change(result, **change)
    if not count:
        _CHANGE.insert(row)
    elif one_round_trip():
        _CHANGE.insert(row, before=f"counted AS ({_bump_statement()})", params=[row.event_id])
        _rescore_after_commit(row.event)
    else:
        _CHANGE.insert(row)
        _bump(row.event)


def _same(result: Result, fields: dict) -> bool:
    return all(getattr(result, k) == v for k, v in fields.items())


@retry_transient
def result_submit(*, event: Event, data: dict, user=None, source: str = "api", table: int | None = None,
                  override: bool = False, confirmed: bool = True) -> tuple[Result, bool]:
    """Store a result; returns (result, created). Resubmitting the same result is a no-op;
    a different one for the same board and pairs raises ResultConflict (a correction is
    ``result_correct``). An unconfirmed table result may be replaced by its own table."""
    if event.status not in OPEN and not override:
        raise ValidationError({"event": ["The event is not in play."]})
    if event.status not in OPEN:
        correction_check(event=event)  # a director's late result is a correction
    section, board, ns, ew, slot, south, west = locate(event=event, data=data, override=override)
    if table is not None and slot.table != table:
        raise ValidationError({"table": [f"Board {board} for these pairs is not at table {table}."]})
    if not override:
        seated = {"ns": ns, "ew": ew} if south is None else {"north": ns, "south": south, "east": ew, "west": west}
        side = next((side for side, entry in seated.items() if entry.status != EntryStatus.ACTIVE), None)
        if side:
            raise ValidationError({side: ["That player has withdrawn." if south else "That pair has withdrawn."]})
    fields = scoring_fields(event, data)
    score = raw_score(event, board, fields)
    values = dict(fields, score_ns=score)
    try:
        with transaction.atomic():
            _lock(event)
            existing = Result.objects.select_for_update().filter(section=section, board=board, ns=ns, ew=ew).first()
            if existing is not None:
                if _same(existing, values):
                    if confirmed and not existing.confirmed:
                        return result_confirm(result=existing, user=user, table=table), False
                    return existing, False
                if table is not None and not existing.confirmed and existing.table == table:
                    before = existing.snapshot()
                    for k, v in values.items():
                        setattr(existing, k, v)
                    existing.confirmed = confirmed
                    result_check(result=existing, replacing=existing.pk)
                    existing.save()
                    _audit(existing, event=event, section=section, board=board, action=ResultChange.Action.UPDATE,
                           before=before, after=existing.snapshot(), user=user, table=table, count=confirmed)
                    return existing, False
                raise ResultConflict(existing)
            result = Result(event=event, section=section, board=board, round=slot.round, table=slot.table,
                            ns=ns, ew=ew, south=south, west=west, source=source, confirmed=confirmed,
                            entered_by=user if getattr(user, "is_authenticated", False) else None, **values)
            result.full_clean(validate_unique=False, validate_constraints=False)
            result_check(result=result)
            result.save()
            _audit(result, event=event, section=section, board=board, action=ResultChange.Action.CREATE,
                   before=None, after=result.snapshot(), user=user, table=table, count=confirmed)
            return result, True
    except IntegrityError:
        existing = Result.objects.filter(section=section, board=board, ns=ns, ew=ew).first()
        if existing is None:
            raise
        if _same(existing, values):
            return existing, False
        raise ResultConflict(existing) from None


ENTRIES = ("event", "section", "ns", "ew", "south", "west", "entered_by")


@retry_transient
def table_result_store(*, event: Event, section: Section, table: int, data: dict, entries: list[Entry],
                       seen: list[Result], version: int) -> tuple[Result, bool]:
    """A table's own result, awaiting confirmation: ``result_submit`` (source "table") from what
    the table's request already read: the section, its entries, the board's results (``seen``)
    and the event's ``results_version`` then. The result and its audit row are stored with the
    event's row share-locked, and only while no confirmed result changed since the board was
    read and checked (``_insert_checked``): thirty tables' results at once do not queue on each
    other, only on a confirmation. A result already stored for these pairs (the same again, the
    table's own replacement, one stored meanwhile) goes the general way, under the lock
    throughout."""
    def general():
        return result_submit(event=event, data=data, source="table", table=table, confirmed=False)

    section, board, ns, ew, slot, south, west = locate(event=event, data=data, section=section, entries=entries)
    if slot.table != table:
        raise ValidationError({"table": [f"Board {board} for these pairs is not at table {table}."]})
    seated = {"ns": ns, "ew": ew} if south is None else {"north": ns, "south": south, "east": ew, "west": west}
    side = next((side for side, entry in seated.items() if entry.status != EntryStatus.ACTIVE), None)
    if side:
        raise ValidationError({side: ["That player has withdrawn." if south else "That pair has withdrawn."]})
    board_results = [r for r in seen if r.board == board]
    if any((r.ns_id, r.ew_id) == (ns.pk, ew.pk) for r in board_results):
        return general()
    fields = scoring_fields(event, data)
    result = Result(event=event, section=section, board=board, round=slot.round, table=slot.table, ns=ns, ew=ew,
                    south=south, west=west, source="table", confirmed=False,
                    **fields, score_ns=raw_score(event, board, fields))
    result.clean_fields(exclude=ENTRIES)  # the rows it points to were just read: no query per key
    result_check(result=result, board=[r for r in board_results if r.confirmed], entries=entries)
    try:
        stored = _insert_checked(result, table=table, version=version, entries=entries)
    except IntegrityError:
        stored = False
    return (result, True) if stored else general()


@retry_transient
def table_result_confirm_store(*, event: Event, section: Section, table: int, result_id: int,
                               shown: str | None = None) -> Result:
    """The other side agrees its table's result (``result_confirm`` for a table's device): the
    result is read (``table_result``), then confirmed by a compare-and-set on the row as read,
    audited with it (its snapshot, as the trail keeps it) and the change counted on the event's
    row (``results_version``) by ``_confirm_as_read``: on PostgreSQL one statement, its own
    transaction, whose commit does not wait for the disk (``_commit_without_waiting_for_disk``),
    so the event's lock, which every table's writes queue on, is held for no round trip. When
    the row changed between the read and the write (the table entered it again, a director
    corrected it), it is read again. The result's row is locked before the event's, the other
    way round from the director's writers: a correction of this very result at the same
    instant can deadlock, which the database breaks and ``retry_transient`` runs again. A
    result already confirmed changes nothing; one not at this table (or gone) is a 400. With
    ``shown`` (the summary the device showed), a result that no longer reads so (the table
    entered it again) is a 400 and stays unconfirmed."""
    for _attempt in range(ATTEMPTS):
        result = table_result(section=section, table=table, result_id=result_id)
        if result is None:  # not this table's, or gone
            raise ValidationError({"result": ["No result with that id at this table."]})
        if result.confirmed:  # by the other device, or a director
            return result
        if shown is not None and result.summary != shown:  # entered again: check it
            raise ValidationError({"board": [f"Board {result.board} was entered again ({result.summary}): "
                                             "check it and confirm."]})
        result.event, result.section = event, section
        if _confirm_as_read(result, table=table):
            return result
    raise ValidationError({"result": ["The result kept changing while it was confirmed: check it and confirm."]})


#: How often a table's write is tried again when what it was checked against moved meanwhile.
ATTEMPTS = 3


def _alone():
    """A table's one-statement write as its own transaction (autocommit: no BEGIN and COMMIT
    round trips, issue 18); inside a caller's transaction, a savepoint, so a refused statement
    leaves that transaction usable."""
    return transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext()


_RESULT = Columns(Result)


def _insert_checked(result: Result, *, table: int, version: int, entries: list[Entry]) -> bool:
    """Store a table's new result and its audit row with the event's row share-locked (``_lock``)
    until the commit, if no confirmed result changed since its board was read and checked
    (the event's ``results_version`` is still ``version``); when one did, check the board again
    (``result_check`` raises a refusal). False: the event is gone, or its count kept moving.

    On PostgreSQL (``one_round_trip``) one statement, its own transaction, whose commit does
    not wait for the disk (``_commit_without_waiting_for_disk``): the lock, then the inserts
    only while the count is ``version``; a count that moved stores nothing, the board is checked
    again and the insert tried again with the count as it now is. Elsewhere, in a transaction,
    the inserts, then the lock: a refusal then rolls them back."""
    change = _change(result, event=result.event, section=result.section, board=result.board,
                     action=ResultChange.Action.CREATE, before=None, after=result.snapshot(), table=table)
    if not one_round_trip():
        with transaction.atomic():
            _RESULT.insert(result)
            change.result_id = result.pk
            _CHANGE.insert(change)
            if _lock(result.event, share=True) != version:  # a confirmed result changed since the board was read
                result_check(result=result, entries=entries)  # refused: the insert is rolled back
        return True
    inserted, values = _RESULT.insert_statement(result, where="(SELECT results_version FROM locked) = %s")
    audit, audit_values = _CHANGE.insert_statement(change, given={"result_id": "(SELECT id FROM inserted)"},
                                                   where="EXISTS (SELECT 1 FROM inserted)")
    sql = (f"WITH locked AS ({_lock_statement(share=True)}), inserted AS ({inserted}), audit AS ({audit}) "
           "SELECT (SELECT id FROM inserted), (SELECT results_version FROM locked)"
           f"{_commit_without_waiting_for_disk(settings.CARDROOM_ENTRY_ASYNC_COMMIT)}")
    for _attempt in range(ATTEMPTS):
        with _alone(), planned_once() as cursor:
            cursor.execute(sql, [result.event_id, *values, version, *audit_values])
            pk, now = cursor.fetchone()[:2]
        if pk is not None:
            _RESULT.inserted(result, pk)
            return True
        if now is None:  # the event is gone: the general way says so
            return False
        result_check(result=result, entries=entries)  # the board as it now is
        version = now
    return False


def _commit_without_waiting_for_disk(allowed: bool) -> str:
    """What a statement of the transaction returns besides (no round trip of its own) so that
    its commit does not wait for PostgreSQL's disk flush (``set_config`` of
    ``synchronous_commit``, local: this transaction only), if ``allowed``: a table's
    confirmation (CARDROOM_CONFIRM_ASYNC_COMMIT) or entry (CARDROOM_ENTRY_ASYNC_COMMIT);
    settings.py says what each risks. SQLite: nothing."""
    if allowed and connection.vendor == "postgresql":
        return ", set_config('synchronous_commit', 'off', true)"
    return ""


def _confirm_as_read(result: Result, *, table: int) -> bool:
    """Confirm ``result`` if its row (and its entries' numbers) still reads as ``result`` was
    read, not confirmed, at this table (a compare-and-set on the row as read), audit it as
    confirmed and count the change on the event's row (``_audit``'s ``count``, which queues the
    rescore for after the commit). False: the row changed or went, and nothing was written.
    On PostgreSQL (``one_round_trip``) one statement, its own transaction, which also claims
    the event's queued run (``scoring.services.rescore_claim_sql``): a burst of confirmations
    queues one run with no round trip but the statement's."""
    confirm, same_table = _confirm_statement()
    same, params = _RESULT.unchanged(result, table=same_table, skip=("confirmed",))
    confirm = f"{confirm} AND {same} AND {_same_labels_condition()}"
    params += [getattr(result, seat).label if getattr(result, f"{seat}_id") else None for seat in RESULT_SEATS]
    result.confirmed = True
    what = dict(event=result.event, section=result.section, board=result.board, action=ResultChange.Action.CONFIRM,
                before=None, after=result.snapshot(), table=table)
    if not one_round_trip():
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(confirm, [True, result.pk, table, *params])
                done = cursor.rowcount == 1
            if done:
                _audit(result, count=True, **what)
        result.confirmed = done
        return done
    audit, audit_values = _CHANGE.insert_statement(_change(result, **what), where="EXISTS (SELECT 1 FROM confirmed)")
    claim, at = rescore_claim_params(result.event_id)
    with _alone(), planned_once() as cursor:
        # the locks in the order every writer takes them: the event's row (``counted``), then the
        # queued-run marker's (``queued`` reads ``counted``, so it runs after it); the other way
        # round, a director's correction at the same instant would deadlock with it
        cursor.execute(f"WITH confirmed AS ({confirm} RETURNING id), "
                       f"counted AS ({_bump_statement()} AND EXISTS (SELECT 1 FROM confirmed) RETURNING id), "
                       f"audit AS ({audit}), queued AS ({rescore_claim_sql('EXISTS (SELECT 1 FROM counted)')}) "
                       f"SELECT (SELECT id FROM confirmed), EXISTS (SELECT 1 FROM queued)"
                       f"{_commit_without_waiting_for_disk(settings.CARDROOM_CONFIRM_ASYNC_COMMIT)}",
                       [True, result.pk, table, *params, result.event_id, *audit_values, *claim])
        confirmed, won = cursor.fetchone()[:2]
    done = confirmed is not None
    if done:  # the run queued (or the one already queued) is claimed by the same statement
        _rescore_after_commit(result.event, Claim(at, won))
    else:
        result.confirmed = False
    return done


@made_once
def _confirm_statement() -> tuple[str, str]:
    """The compare-and-set's UPDATE up to the row-as-read condition, and the results table's
    name as that condition refers to it."""
    quote = connection.ops.quote_name
    results = quote(Result._meta.db_table)
    return (f"UPDATE {results} SET confirmed = %s WHERE id = %s AND {quote('table')} = %s AND NOT confirmed",
            results)


@made_once
def _same_labels_condition() -> str:
    """The result's entries still have the numbers read with it (a parameter per seat)."""
    quote = connection.ops.quote_name
    results, entries = quote(Result._meta.db_table), quote(Entry._meta.db_table)
    return " AND ".join(f"(SELECT e.label FROM {entries} e WHERE e.id = {results}.{seat}_id) {null_safe_equal()} %s"
                        for seat in RESULT_SEATS)


@retry_transient  # the event's lock, then the result's: a table's confirm takes them the other way
@transaction.atomic
def result_confirm(*, result: Result, user=None, table: int | None = None) -> Result:
    """The opponents agree a table's result: it now counts in the scores."""
    _lock(result.event)
    if Result.objects.filter(pk=result.pk, confirmed=False).update(confirmed=True):
        result.refresh_from_db()
        _audit(result, event=result.event, section=result.section, board=result.board,
               action=ResultChange.Action.CONFIRM, before=None, after=result.snapshot(), user=user, table=table,
               count=True)
    return result


@retry_transient  # the event's lock, then the result's: a table's confirm takes them the other way
@transaction.atomic
def result_correct(*, result: Result, data: dict, user, reason: str = "") -> Result:
    """A director's correction or adjusted score (Law 12C); the trail keeps before and after."""
    _lock(result.event)
    result = Result.objects.select_for_update().select_related("event__club").get(pk=result.pk)
    event = result.event
    correction_check(event=event)
    merged = {"board": result.board, "ns": result.ns.label, "ew": result.ew.label, "section": result.section.name,
              **result.seats()}
    merged.update({k: v for k, v in data.items() if k in ("board", "ns", "ew", "round", "table", "section",
                                                          *INDIVIDUAL_SEATS)})
    section, board, ns, ew, slot, south, west = locate(event=event, data=merged, override=True)
    fields = scoring_fields(event, data)
    values = dict(fields, score_ns=raw_score(event, board, fields))
    before = result.snapshot()
    result.section, result.board, result.ns, result.ew = section, board, ns, ew
    result.south, result.west = south, west
    result.round, result.table = slot.round or result.round, slot.table or result.table
    for k, v in values.items():
        setattr(result, k, v)
    result.confirmed = True
    result.source = "director"
    result_check(result=result, replacing=result.pk)
    result.save()
    _audit(result, event=event, section=section, board=board, action=ResultChange.Action.UPDATE,
           before=before, after=result.snapshot(), user=user, reason=reason, count=True)
    return result


@retry_transient  # the event's lock, then the result's: a table's confirm takes them the other way
@transaction.atomic
def result_delete(*, result: Result, user, reason: str = "") -> None:
    """A director removes a result (kept in the trail); the correction rule applies."""
    _lock(result.event)
    result.event.refresh_from_db()
    correction_check(event=result.event)
    before = result.snapshot()
    _audit(None, event=result.event, section=result.section, board=result.board, action=ResultChange.Action.DELETE,
           before=before, after=None, user=user, reason=reason, count=True)
    result.delete()


@retry_transient  # the event's lock, then the result's: a table's confirm takes them the other way
@transaction.atomic
def board_set_cards_groups(*, event: Event, section: Section, board: int, groups: dict, user,
                           reason: str = "") -> list[Result]:
    """A fouled board, or a board played at the wrong table: the director marks which results
    were played with the same cards (``{result id: group label}``, "" for the board as dealt);
    each group is then scored on its own and factored to the board's top (Law 87B)."""
    correction_check(event=event)
    _lock(event)
    results = {r.pk: r for r in Result.objects.select_for_update().filter(event=event, section=section, board=board)}
    wanted = {}
    for key, label in groups.items():
        try:
            rid = int(key)
        except (TypeError, ValueError):
            rid = None
        if rid not in results:
            raise ValidationError({"groups": [f"{key!r} is not a result of board {board} in section {section.name}."]})
        label = str(label if label is not None else "").strip().upper()
        if len(label) > 8:
            raise ValidationError({"groups": [f"{label!r}: a group label has at most 8 characters."]})
        wanted[rid] = label
    changed = []
    for rid, label in wanted.items():
        result = results[rid]
        if result.cards_group == label:
            continue
        before = result.snapshot()
        result.cards_group = label
        result.save(update_fields=["cards_group", "updated_at"])
        _audit(result, event=event, section=section, board=board, action=ResultChange.Action.UPDATE,
               before=before, after=result.snapshot(), user=user, reason=reason or "cards group")
        changed.append(result)
    if changed:
        _bump(event)
    return changed
