"""Fill an ``EventSheet`` from the database: the section's movement and names, the event's
boards with their analysis, the confirmed results and the stored scores and standings (so a
print shows exactly what the standings page shows)."""
from __future__ import annotations

import hashlib
import json

from scoring.engine import BoardScore, ResultScore, SessionScore
from scoring.engine import Standing as EngineStanding
from scoring.services import ENGINE_METHOD, engine_result, entrant_keys
from tournaments.deals.doubledummy import BoardAnalysis, DoubleDummy, Par
from tournaments.models import Event, Result, Section
from tournaments.selectors_boards import event_board_set, event_boards, whist_tricks
from tournaments.selectors_event import entry_names, event_sections, section_named
from tournaments.services.boards import board_to_pure, rules_for_game

from .render import PrintError
from .sheet import EventSheet, OverallRow, PlayedResult, TableLink
from .teams_source import teams_fingerprint, teams_sheet

PRINT_VERSION = 4  # bump when templates change what a stored pack looks like


def _analysis(row) -> BoardAnalysis | None:
    if not row.double_dummy:
        return None
    par = Par.from_dict(row.par) if row.par else None
    return BoardAnalysis(row.number, DoubleDummy.from_dict(row.double_dummy), par, whist_tricks(row))


def _played(r: Result, keys: dict[int, str]) -> PlayedResult:
    return PlayedResult(board=r.board, round=r.round, table=r.table, ns=r.ns_label, ew=r.ew_label,
                        contract=r.contract, declarer=r.declarer, tricks=r.tricks, tricks_ns=r.tricks_ns,
                        lead=r.lead, score_ns=r.score_ns, adjusted_ns=r.adjusted_ns, adjusted_ew=r.adjusted_ew,
                        ns_entrant=keys.get(r.ns_id, ""), ew_entrant=keys.get(r.ew_id, ""))


def _stored_session(event: Event, section: Section, results: list[Result],
                    keys: dict[int, str]) -> SessionScore | None:
    """The stored Score and Standing rows as the engine's SessionScore shape, each pair under
    the same per-entry key the scorer used (``scoring.services.entrant_keys``), so a late pair
    that took a withdrawn pair's number is its own row here as on the standings page."""
    from scoring.models import Standing

    boards: dict[int, list] = {}
    tops: dict[int, float | None] = {}
    for r in results:
        score = getattr(r, "score", None)
        if score is None or (r.score_ns is None and not (r.adjusted_ns or r.adjusted_ew)):
            continue
        tops[r.board] = score.top
        boards.setdefault(r.board, []).append(ResultScore(engine_result(r, keys), mp_ns=score.mp_ns,
                                                          mp_ew=score.mp_ew, pct_ns=score.pct_ns,
                                                          pct_ew=score.pct_ew, imp_ns=score.imp_ns,
                                                          imp_ew=score.imp_ew, plus_ns=score.plus_ns,
                                                          plus_ew=score.plus_ew))
    standings = tuple(
        EngineStanding(st.rank, keys.get(st.entry_id, st.entry.label), st.total, st.top, st.percentage,
                       st.boards, st.field)
        for st in Standing.objects.filter(section=section).select_related("entry").order_by("field", "position"))
    if not boards and not standings:
        return None
    method = ENGINE_METHOD.get(event.scoring, event.scoring)
    return SessionScore(method, tuple(BoardScore(b, tops[b], None, tuple(rs)) for b, rs in sorted(boards.items())),
                        standings)


def _names(section: Section, keys: dict[int, str]) -> dict[str, str]:
    """Names by pair number (the pair now holding it) and by per-entry key (each entry's own)."""
    names = entry_names(section)
    for e in section.entries.all():
        names.setdefault(keys[e.pk], e.names)
    return names


def table_links(event: Event, section: Section, public_url: str) -> tuple[TableLink, ...]:
    """Each table of the section: its scoring page under ``public_url`` and its PIN."""
    from django.urls import reverse

    from tournaments.selectors_event import table_pin

    base = public_url.rstrip("/")
    return tuple(
        TableLink(t, base + reverse("event-table", kwargs={"slug": event.club.slug, "pk": event.pk,
                                                           "section": section.name, "table": t}),
                  table_pin(event, section, t))
        for t in range(1, section.schedule.tables + 1))


def event_sheet(event: Event, section: str | None = None, *, public_url: str | None = None) -> EventSheet:
    """One section of the event as a sheet (the first section unless named); with
    ``public_url`` (for a director's table cards) it carries each table's address and PIN."""
    chosen = section_named(event, section)
    if chosen is None:
        raise PrintError(f"section {section!r} is not in this event" if section else "this event has no movement yet",
                         "section" if section else "non_field_errors")
    movement = chosen.schedule
    if not movement.rounds:
        raise PrintError("this event has no movement yet")
    rules = rules_for_game(event.game)
    rows = list(event_boards(event=event))
    board_set = event_board_set(event=event)
    results = list(Result.objects.filter(section=chosen, confirmed=True).select_related("ns", "ew", "south", "west",
                                                                                         "score")
                   .order_by("board", "round", "table"))
    keys = entrant_keys(list(chosen.entries.all()))
    return EventSheet(
        club=event.club.name, name=event.name, date=event.date, game=event.game, scoring=event.scoring,
        movement=movement, boards=tuple(board_to_pure(r, rules) for r in rows),
        seed=board_set.seed if board_set else "", seed_algorithm=board_set.algorithm if board_set else "",
        analyses={r.number: a for r in rows if (a := _analysis(r)) is not None},
        names=_names(chosen, keys), results=tuple(_played(r, keys) for r in results),
        section=chosen.name if len(event_sections(event)) > 1 else "",
        scored=_stored_session(event, chosen, results, keys),
        tables=table_links(event, chosen, public_url) if public_url else (),
        provisional_until=_provisional_text(event), teams=teams_sheet(event, movement),
        overall=_overall(event),
    )


def _overall(event: Event) -> tuple[OverallRow, ...]:
    """The stored ranking across the field (per direction for two-winner sections); () when the
    event is not scored across the field."""
    if not event.across_field:
        return ()
    from scoring.models import Standing

    keys: dict[int, str] = {}
    for s in event_sections(event):
        keys.update(entrant_keys(list(s.entries.all())))
    rows = (Standing.objects.filter(event=event).exclude(overall="").select_related("entry", "section")
            .defer("section__movement"))
    order = {"NS": 0, "EW": 1}
    return tuple(OverallRow(st.overall, st.field, st.section.name, keys.get(st.entry_id, st.entry.label),
                            st.entry.names, st.total, st.top, st.percentage, st.rank)
                 for st in sorted(rows, key=lambda st: (order.get(st.field, 2), st.overall_position or 0)))


def _provisional_text(event: Event) -> str:
    """"Tue 24 Nov 2026, 21:30" while the correction period after publishing runs, else ""."""
    from django.utils import timezone

    from tournaments.selectors_lifecycle import club_zone, provisional_until

    until = provisional_until(event)
    return f"{timezone.localtime(until, club_zone(event.club)):%a %d %b %Y, %H:%M}" if until else ""


def user_pairs(event: Event, user) -> set[str]:
    """Labels of the pairs the user plays in (through a linked Member), in any section."""
    if not getattr(user, "is_authenticated", False):
        return set()
    from django.db.models import Q

    return set(event.entries.filter(Q(member_a__user=user) | Q(member_b__user=user)).values_list("label", flat=True))


def event_fingerprint(event: Event) -> str:
    """A digest of everything a pack prints: it changes when results, boards, analysis,
    movement or names change, or a scoring run rewrites the scores and standings, and not
    otherwise."""
    from scoring.models import EventScoring

    board_set = event_board_set(event=event)
    scoring = EventScoring.objects.filter(event=event).values_list("version", "runs").first()
    boards = list(event_boards(event=event).values_list("number", "deal", "turn_up", "analysed_at"))
    data = {
        "v": PRINT_VERSION, "event": [event.pk, event.name, str(event.date), event.game, event.scoring,
                                      event.results_version, event.club.name, event.across_field],
        "sections": [[s.name, s.movement, sorted(entry_names(s).items())] for s in event_sections(event)],
        "boards": [[n, d, t, str(a)] for n, d, t, a in boards],
        "set": [board_set.seed, board_set.algorithm] if board_set else None,
        "scored": list(scoring) if scoring else None,
        "provisional": _provisional_text(event),
        "teams": teams_fingerprint(event),
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
