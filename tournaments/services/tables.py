"""Writes from a table's device (page or API alike): a result for one of the table's boards of
its current round, the other side's confirmation, a board reported "not played" and the
director's decision on it, and players identified by membership number at the first round.
The table's round and boards come from ``selectors_table.table_round``; scoring from ``play``."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cardroom.limits import MAX_BOARD_NUMBER
from scoring.engine import Adjustment
from tournaments.models import BoardNotPlayed, Event, NotPlayedStatus, Result, ResultChange, Section
from tournaments.selectors_table import PENDING, TO_PLAY, TableState, table_round, table_state
from tournaments.services import results
from tournaments.services.lifecycle import correction_check

DECISIONS = ("cancel", "adjust", "play")


def _now(event: Event, section: Section, table: int, state: TableState | None = None) -> dict:
    if event.status not in results.OPEN:
        raise ValidationError({"event": ["The event is not in play: ask the director."]})
    now = table_round(event, section, table, state=state)
    if now is None:
        raise ValidationError({"table": [f"The movement has no table {table}."]})
    if not now["playing"]:
        raise ValidationError({"board": [f"No play at table {table} in round {now['round']} (a pair sits out)."]})
    return now


def _board(now: dict, value, allowed: tuple[str, ...]) -> int:
    """The board number, checked against the table's boards of its current round."""
    try:
        board = int(value)
    except (TypeError, ValueError):
        raise ValidationError({"board": [f"{value!r} is not a board number."]}) from None
    status = next((b["status"] for b in now["boards"] if b["board"] == board), None)
    if status is None:
        boards = ", ".join(str(b["board"]) for b in now["boards"])
        raise ValidationError({"board": [f"Board {board} is not at table {now['table']} in round {now['round']} "
                                         f"(boards {boards})."]})
    if status not in allowed:
        raise ValidationError({"board": [f"Board {board} is {status}."]})
    return board


def table_result_submit(*, event: Event, section: Section, table: int, data: dict) -> tuple[Result, bool]:
    """One side enters a result for a board still to play (or replaces its own result still
    awaiting confirmation); it waits for the other side's confirmation. The table's round, the
    section's entries and the board's results are read once, before the event's lock."""
    if event.status not in results.OPEN:
        raise ValidationError({"event": ["The event is not in play: ask the director."]})
    version = event.results_version
    try:
        wanted = int(data.get("board"))
    except (TypeError, ValueError):
        wanted = None  # ``_board`` says so, naming the field
    state = table_state(section, table, board=wanted if wanted and 0 < wanted <= MAX_BOARD_NUMBER else None)
    now = _now(event, section, table, state)
    board = _board(now, data.get("board"), (TO_PLAY, PENDING))
    body = dict(data, board=board, ns=now["ns"], ew=now["ew"], section=section.name,
                **{seat["seat"]: seat["label"] for seat in now["seats"]})  # an individual's four players
    return results.table_result_store(event=event, section=section, table=table, data=body, entries=state.entries,
                                      seen=state.results, version=version)


def table_result_confirm(*, event: Event, section: Section, table: int, result_id, seen: str | None = None) -> Result:
    """The other side (any device with the table's PIN) agrees the result: it counts. With
    ``seen`` (the summary its page showed, e.g. "4H N 9") a result entered again meanwhile is
    not confirmed: the device is told to check it."""
    if event.status not in results.OPEN:
        raise ValidationError({"event": ["The event is not in play: ask the director."]})
    try:
        number = int(result_id)
    except (TypeError, ValueError):
        raise ValidationError({"result": ["No result with that id at this table."]}) from None
    return results.table_result_confirm_store(event=event, section=section, table=table, result_id=number, shown=seen)


@transaction.atomic
def table_board_not_played(*, event: Event, section: Section, table: int, board, reason: str = "") -> BoardNotPlayed:
    """The table reports a board not played (e.g. out of time); it waits for the director.
    A result of this table still awaiting confirmation is withdrawn, in the audit trail."""
    now = _now(event, section, table)
    number = _board(now, board, (TO_PLAY, PENDING))
    reason = str(reason or "").strip()
    if len(reason) > 200:
        raise ValidationError({"reason": ["Keep the reason under 200 characters."]})
    entries = section.entries.filter(status="active")
    ns, ew = entries.get(label=now["ns"]), entries.get(label=now["ew"])
    for result in Result.objects.filter(section=section, board=number, ns=ns, ew=ew, confirmed=False):
        ResultChange.objects.create(event=event, section=section, result=None, board=number,
                                    action=ResultChange.Action.DELETE, before=result.snapshot(), after=None,
                                    by_table=table, reason="the table reported the board not played")
        result.delete()
    report = BoardNotPlayed(event=event, section=section, board=number, round=now["round"], table=table,
                            ns=ns, ew=ew, reason=reason or "not played")
    report.save()
    return report


@transaction.atomic
def board_not_played_decide(*, report: BoardNotPlayed, user, decision: str, adjusted_ns: Adjustment | None = None,
                            adjusted_ew: Adjustment | None = None) -> BoardNotPlayed | None:
    """The director's decision on a board reported not played: ``cancel`` (the board is not
    scored for that table: the scoring's rule for a missing result applies), ``adjust`` (an
    artificial adjusted score for each side, Law 12C2, e.g. A/A or A+/A-, as read by
    ``scoring.engine.entry.read_adjusted``), or ``play`` (the
    report is dropped and the table plays the board after all; returns None)."""
    report = BoardNotPlayed.objects.select_for_update().select_related("event", "section", "ns", "ew").get(
        pk=report.pk)
    if decision not in DECISIONS:
        raise ValidationError({"decision": [f"{decision!r}: choose one of {', '.join(DECISIONS)}."]})
    correction_check(event=report.event)  # after publishing, only within the correction period
    if report.status != NotPlayedStatus.AWAITING:
        raise ValidationError({"decision": [f"Board {report.board} at table {report.table} is already decided "
                                            f"({report.get_status_display()})."]})
    if decision == "play":
        report.delete()
        return None
    if decision == "adjust":
        if not (adjusted_ns or adjusted_ew):
            raise ValidationError({"adjusted_ns": ["Give the adjusted score (A+, A, A-, 60%) for N-S or E-W."]})
        data = {"board": report.board, "ns": report.ns.label, "ew": report.ew.label, "section": report.section.name,
                "adjusted_ns": adjusted_ns, "adjusted_ew": adjusted_ew}
        tp = report.section.schedule.table(report.round, report.table)
        if tp is not None and tp.is_individual:  # an individual's four players, from the movement
            data.update(north=tp.n, south=tp.s, east=tp.e, west=tp.w)
        try:
            result, _created = results.result_submit(event=report.event, data=data, user=user, source="director",
                                                     override=True)
        except results.ResultConflict as exc:
            raise ValidationError({"board": [f"{exc}: correct it on the traveller."]}) from None
        report.result = result
    report.status = NotPlayedStatus.ADJUSTED if decision == "adjust" else NotPlayedStatus.CANCELLED
    report.decided_by = user if getattr(user, "is_authenticated", False) else None
    report.decided_at = timezone.now()
    report.save()
    return report


def table_identify(*, event: Event, section: Section, table: int, numbers: dict) -> list[tuple[str, str]]:
    """Players identified at the table by membership number (first round only): a pair with
    no names takes the members' names; otherwise each number is checked against the entered
    pair and a mismatch is returned as a warning for the director. Returns (level, text) messages."""
    now = _now(event, section, table)
    if not now["identify"]:
        raise ValidationError({"members": ["Players are identified at the first round only."]})
    out = []
    for side in ("ns", "ew"):
        given = [str(n).strip() for n in (numbers.get(side) or []) if str(n).strip()]
        if not given:
            continue
        members = {m.membership_number: m for m in event.club.members.filter(membership_number__in=given)}
        unknown = [n for n in given if n not in members]
        if unknown:
            raise ValidationError({side: [f"No member with number {', '.join(unknown)} in this club."]})
        entry = section.entries.get(status="active", label=now[side])
        entered = {entry.member_a_id, entry.member_b_id} - {None}
        people = [members[n] for n in given]
        if not entry.names.strip():
            entry.names = " & ".join(m.full_name for m in people)
            entry.member_a = people[0]
            entry.member_b = people[1] if len(people) > 1 else None
            entry.save(update_fields=["names", "member_a", "member_b"])
            Event.objects.filter(pk=event.pk).update(updated_at=timezone.now())  # the standings' ETag
            out.append(("success", f"Pair {entry.label}: {entry.names}."))
            continue
        strangers = [m for m in people if m.pk not in entered]
        if strangers:
            who = ", ".join(f"{m.full_name} ({m.membership_number})" for m in strangers)
            out.append(("warning", f"{who} not entered as pair {entry.label} ({entry.names}): tell the director."))
        else:
            out.append(("success", f"Pair {entry.label} checked: {entry.names}."))
    return out
