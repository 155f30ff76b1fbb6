"""Reads for a duplicate event, as plain data (dicts and lists) for pages, the API and prints:
the movement with pair labels and names, travellers, score cards, standings, the round view
and a member's history."""
from __future__ import annotations

from collections import defaultdict
import hashlib
import hmac

from django.db.models import Q

from scoring.models import EventScoring, Score, Standing
from scoring.selectors import standings_health
from tournaments.models import (BoardNotPlayed, Entry, EntryStatus, Event, NotPlayedStatus, Result, ResultChange,
                                ScoringMethod, Section)
from tournaments.movements.model import label_key

IMP_METHODS = (ScoringMethod.IMPS, ScoringMethod.CROSS_IMPS)


IMPORT_REASON = "imported from USEBIO"  # the lifecycle reason the USEBIO import writes (services.usebio)


def is_imported(event: Event) -> bool:
    """An event made from a results file (its section's movement says ``source: usebio``):
    played elsewhere, so no tables, PINs or rounds to run here."""
    return event.sections.filter(movement__source="usebio").exists()


def event_import_origin(event: Event) -> dict | None:
    """Where an imported event came from, for its page: the file's format and program, the
    convention its standings keep, and when and by whom it was imported; None if played here."""
    if not is_imported(event):
        return None
    change = event.changes.filter(reason__startswith=IMPORT_REASON).select_related("by").first()
    program = ""
    if change is not None and change.reason.startswith(IMPORT_REASON + " (") and change.reason.endswith(")"):
        program = change.reason[len(IMPORT_REASON) + 2:-1]
    by = change.by if change is not None else event.created_by
    return {"format": "USEBIO", "program": "" if program == "unknown program" else program,
            "convention": event.convention, "at": change.at if change is not None else event.created_at,
            "by": (by.get_full_name() or by.get_username()) if by is not None else ""}


def event_sections(event: Event) -> list[Section]:
    """The event's sections, their movements deferred: ``Section.schedule`` takes the process's
    parse of the stored movement by its fingerprint, so a page that reads the sections again
    decodes no JSON (a 35-table movement is 55 KB)."""
    return list(event.sections.defer("movement"))


def section_named(event: Event, name: str | None) -> Section | None:
    sections = event_sections(event)
    if not name:
        return sections[0] if sections else None
    return next((s for s in sections if s.name == name), None)


def entry_names(section: Section) -> dict[str, str]:
    """Label -> names of the pair now holding it (active entries win over withdrawn ones)."""
    out = {}
    for e in section.entries.order_by("-status"):  # "withdrawn" before "active": active overwrites
        out[e.label] = e.names
    return out


def event_movement(event: Event) -> dict:
    """Each section's movement in the movement CLI's JSON shape, with ``names`` per label."""
    sections = []
    for s in event_sections(event):
        names = entry_names(s)
        sections.append({"section": s.name, "names": {k: names[k] for k in sorted(names, key=label_key)},
                         **s.movement})
    return {"event": event.pk, "current_round": event.current_round, "sections": sections}


def _score_value(event: Event, score: Score | None, side: str):
    return None if score is None else score.value(side, event.scoring)


def side_labels(t) -> tuple[str, str]:
    """The labels a movement table's results are stored under: the pairs, or an individual's
    North and East (``Result.ns``/``Result.ew``; South and West are their partners)."""
    return (t.n, t.e) if t.is_individual else (t.ns, t.ew)


def _side_names(r: Result) -> tuple[str, str]:
    if not r.is_individual:
        return r.ns.names, r.ew.names
    return f"{r.ns.names} & {r.south.names}", f"{r.ew.names} & {r.west.names}"


def _row(event: Event, r: Result, score: Score | None, scheduled: set | None = None) -> dict:
    turned = scheduled is not None and (r.ns.label, r.ew.label) not in scheduled and \
        (r.ew.label, r.ns.label) in scheduled
    ns_names, ew_names = _side_names(r)
    return {"arrow_switch_missed": turned, "cards_group": r.cards_group, "id": r.pk, "board": r.board, "round": r.round, "table": r.table, "ns": r.ns.label,
            "ew": r.ew.label, **r.seats(), "ns_side": r.ns_label, "ew_side": r.ew_label,
            "ns_names": ns_names, "ew_names": ew_names, "contract": r.contract,
            "declarer": r.declarer, "tricks": r.tricks, "tricks_ns": r.tricks_ns, "lead": r.lead,
            "adjusted_ns": r.adjusted_ns, "adjusted_ew": r.adjusted_ew, "score_ns": r.score_ns,
            "score_ew": None if r.score_ns is None else -r.score_ns, "confirmed": r.confirmed,
            "summary": r.summary,
            "mp_ns": score and score.mp_ns, "mp_ew": score and score.mp_ew,
            "pct_ns": score and score.pct_ns, "pct_ew": score and score.pct_ew,
            "imp_ns": score and score.imp_ns, "imp_ew": score and score.imp_ew,
            "plus_ns": score and score.plus_ns, "plus_ew": score and score.plus_ew,
            "value_ns": _score_value(event, score, "ns"), "value_ew": _score_value(event, score, "ew"),
            "top": score and score.top}


def board_traveller(event: Event, board: int, section: Section | None = None, *,
                    with_audit: bool = True, include_unconfirmed: bool = False, read=None) -> dict:
    """One board's traveller: rows in movement order (round, table) with raw and comparative
    scores, the plays still missing, and the audit trail of changes. ``read``: the section's
    entries and the board's results at every table as a table's request already read them
    (``selectors_table.TableState`` of this board): only the scores and the cancelled plays are
    asked for then (the table page's traveller, issue 18)."""
    section = section or section_named(event, None)
    if read is None:
        qs = Result.objects.filter(section=section, board=board).select_related("ns", "ew", "south", "west", "score")
        if not include_unconfirmed:
            qs = qs.filter(confirmed=True)
        results = [(r, getattr(r, "score", None)) for r in qs.order_by("round", "table")]
        active = set(section.entries.filter(status=EntryStatus.ACTIVE).values_list("label", flat=True)) \
            if section else set()
    else:
        if read.board != board:
            raise ValueError(f"the table's rows hold board {read.board}'s results, not board {board}'s")
        wanted = sorted((r for r in read.results if r.board == board and (include_unconfirmed or r.confirmed)),
                        key=lambda r: (r.round, r.table, r.pk))
        scores = {s.result_id: s for s in Score.objects.filter(result_id__in=[r.pk for r in wanted])} \
            if wanted else {}
        results = [(r, scores.get(r.pk)) for r in wanted]
        active = {e.label for e in read.entries if e.status == EntryStatus.ACTIVE}
    plays = section.schedule.board_plays(board) if section else ()
    scheduled = {side_labels(t) for _round, t in plays}
    rows = [_row(event, r, score, scheduled) for r, score in results]
    done = {(row["ns"], row["ew"]) for row in rows} | {(ns, ew) for _b, ns, ew in cancelled(section, board)}
    missing = []
    for rnd, t in plays:
        if side_labels(t) not in done and all(e in active for e in t.entrants):
            ns, ew = side_labels(t)
            missing.append({"round": rnd, "table": t.table, "ns": ns, "ew": ew})
    audit = []
    if with_audit and section:
        for c in ResultChange.objects.filter(section=section, board=board).select_related("by"):
            audit.append({"at": c.at, "action": c.action, "by": c.by.username if c.by else "",
                          "table": c.by_table, "before": c.before, "after": c.after, "reason": c.reason})
    return {"event": event.pk, "section": section.name if section else "", "board": board,
            "scoring": event.scoring, "rows": rows, "missing": missing, "audit": audit}


_SEAT_WORDS = ("North", "South", "East", "West")


def _seat_of(t, label: str) -> tuple[str, tuple[str, ...], str]:
    """A pair's or a player's side at a movement table ("ns"/"ew"), the opponents and (an
    individual) the partner this round."""
    if not t.is_individual:
        return ("ns", (t.ew,), "") if t.ns == label else ("ew", (t.ns,), "")
    if label in (t.n, t.s):
        return "ns", (t.e, t.w), t.s if label == t.n else t.n
    return "ew", (t.n, t.s), t.w if label == t.e else t.e


def pair_score_card(event: Event, label: str, section: Section | None = None) -> dict | None:
    """A pair's personal score card (an individual: a player's, with the partner of each round):
    round by round, opponents, boards, contract, result, score, matchpoints or IMPs, and the
    running total."""
    section = section or section_named(event, None)
    if section is None:
        return None
    entry = section.entries.filter(label=label).order_by("status").first()
    if entry is None:
        return None
    results = {(r.board, r.ns.label, r.ew.label): r for r in Result.objects.filter(
        Q(ns=entry) | Q(ew=entry) | Q(south=entry) | Q(west=entry), section=section, confirmed=True)
        .select_related("ns", "ew", "score")}
    names = entry_names(section)
    rounds = []
    running = 0.0
    for rnd, t in section.schedule.plays(label):
        if t is None:
            rounds.append({"round": rnd, "table": None, "direction": "", "opponents": "",
                           "opponent_names": "", "boards": [], "sit_out": True})
            continue
        ns, ew = side_labels(t)
        seat, opp, partner = _seat_of(t, label)
        boards = []
        for b in t.boards:
            r, sat = results.get((b, ns, ew)), seat
            if r is None and (b, ew, ns) in results:  # a missed arrow switch, scored as seated
                r, sat = results[(b, ew, ns)], "ew" if seat == "ns" else "ns"
            score = getattr(r, "score", None) if r else None
            value = _score_value(event, score, sat)
            if value is not None:
                running += value
            raw = None if r is None or r.score_ns is None else (r.score_ns if sat == "ns" else -r.score_ns)
            boards.append({"board": b, "result": r.summary if r else "", "contract": r.contract if r else "",
                           "declarer": r.declarer if r else "", "tricks": r.tricks if r else None,
                           "tricks_ns": r.tricks_ns if r else None, "score": raw,
                           "adjusted": (r.adjusted_ns if sat == "ns" else r.adjusted_ew) if r else "",
                           "arrow_switch_missed": sat != seat,
                           "value": value, "top": score.top if score else None,
                           "running_total": round(running, 4)})
        rounds.append({"round": rnd, "table": t.table, "direction": seat.upper(),
                       "seat": _SEAT_WORDS[t.entrants.index(label)] if t.is_individual else "",
                       "partner": partner, "partner_names": names.get(partner, "") if partner else "",
                       "opponents": " & ".join(opp), "opponent_names": " & ".join(names.get(o, "") for o in opp),
                       "boards": boards})
    standing = Standing.objects.filter(section=section, entry=entry).first()
    return {"event": event.pk, "section": section.name, "label": label, "names": entry.names,
            "scoring": event.scoring, "rounds": rounds, "total": round(running, 4),
            "rank": standing.rank if standing else "", "overall": standing.overall if standing else "",
            "percentage": standing.percentage if standing else None}


def standings_etag(event: Event, user=None) -> str:
    """A fingerprint of everything the standings (API and live poll) show this viewer: the event's
    row (status, results version, last save), the last scoring run, the double-dummy progress,
    whether the correction period runs, and who asks (what they may follow). Two cheap queries; a
    poll that finds nothing new compares it and gets a 304 without reading or rendering the rows."""
    from tournaments.selectors_boards import board_analysis_progress
    from tournaments.selectors_lifecycle import provisional_until

    state = EventScoring.objects.filter(event_id=event.pk).values_list(
        "version", "runs", "computed_at", "error").first()
    parts = (event.pk, event.status, event.results_version, event.updated_at, event.current_round, state,
             board_analysis_progress(event=event), provisional_until(event), getattr(user, "pk", None))
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def event_standings(event: Event) -> dict:
    """The ranking as of the last completed scoring run: per section and field (one field for
    a Howell, N-S and E-W for a Mitchell), ties shown "3=", with the time it was computed. An event
    scored across the field adds each row's ``overall`` rank and the ``overall`` ranking (per
    direction when the sections are two-winner)."""
    state = EventScoring.objects.filter(event=event).first()
    rows = []
    field_order = {"NS": 0, "EW": 1}
    standings = Standing.objects.filter(event=event).select_related("entry", "section").defer("section__movement")
    for st in sorted(standings, key=lambda st: (st.section.position, field_order.get(st.field, 2), st.field,
                                                st.position)):
        row = {"rank": st.rank, "label": st.entry.label, "names": st.entry.names, "section": st.section.name,
               "total": st.total, "percentage": st.percentage, "boards": st.boards}
        if st.field:
            row["direction"] = st.field
        if st.overall:
            row["overall"], row["overall_position"] = st.overall, st.overall_position
        rows.append(row)
    health = standings_health(event)
    from tournaments.selectors_lifecycle import provisional_until

    overall = sorted((row for row in rows if "overall" in row),
                     key=lambda row: (field_order.get(row.get("direction", ""), 2), row["overall_position"]))
    return {"event": event.pk, "status": event.status, "scoring": event.scoring, "across_field": event.across_field,
            "overall": overall,
            "provisional_until": provisional_until(event),
            "computed_at": state.computed_at if state else None, "version": state.version if state else 0,
            "results_version": health["results_version"], "current": health["current"],
            "out_of_date": health["message"], "standings": rows}


def cancelled(section: Section | None, board: int | None = None) -> set[tuple[int, str, str]]:
    """(board, ns, ew) of plays the director cancelled after the table reported them not
    played: no longer missing (scored as a missing result)."""
    if section is None:
        return set()
    rows = BoardNotPlayed.objects.filter(section=section, status=NotPlayedStatus.CANCELLED)
    if board is not None:
        rows = rows.filter(board=board)
    return set(rows.values_list("board", "ns__label", "ew__label"))


def round_status(event: Event, round_number: int | None = None) -> list[dict]:
    """The director's round view: for each table of the round, the boards still missing (and of
    those, the ones awaiting confirmation and the ones reported not played)."""
    round_number = round_number or max(1, event.current_round)
    out = []
    for section in event_sections(event):
        active = set(section.entries.filter(status=EntryStatus.ACTIVE).values_list("label", flat=True))
        have = set(Result.objects.filter(section=section, round=round_number, confirmed=True)
                   .values_list("board", "ns__label", "ew__label"))
        pending = set(Result.objects.filter(section=section, round=round_number, confirmed=False)
                      .values_list("board", "ns__label", "ew__label"))
        have |= cancelled(section)
        awaiting = set(BoardNotPlayed.objects.filter(section=section, round=round_number,
                                                     status=NotPlayedStatus.AWAITING)
                       .values_list("board", "ns__label", "ew__label"))
        plan = section.schedule.round(round_number)
        for t in plan.tables if plan else ():
            ns, ew = side_labels(t)
            playing = all(e in active for e in t.entrants)
            missing = [b for b in t.boards if (b, ns, ew) not in have] if playing else []
            out.append({"section": section.name, "round": round_number, "table": t.table, "ns": ns,
                        "ew": ew, "boards": list(t.boards), "missing": missing, "playing": playing,
                        "unconfirmed": [b for b in t.boards if (b, ns, ew) in pending],
                        "not_played": [b for b in t.boards if (b, ns, ew) in awaiting]})
    return out


def member_history(member) -> list[dict]:
    """A member's events of every game and status, newest first, for the director's member
    page (``tournaments.selectors_player.player_history``, the rows a player's ``/me/`` shows)."""
    from tournaments.selectors_player import ALL, player_history

    return player_history(members=[member], statuses=ALL)


def label_entries(section: Section) -> dict[str, Entry]:
    return {e.label: e for e in section.entries.filter(status=EntryStatus.ACTIVE)}


def event_pin(event: Event, place: str) -> str:
    """The four-digit PIN of a place in the event (``"A:3"`` a section's table, ``"table:3"`` a
    party's, ``"player:P4"`` a patience player's phone), derived from the event's one
    ``pin_secret``: nothing stored, and a new secret changes every PIN at once."""
    digest = hmac.new(event.pin_secret.encode(), place.encode(), hashlib.sha256).hexdigest()
    return f"{int(digest[:8], 16) % 10000:04d}"


def table_pin(event: Event, section: Section, table: int) -> str:
    """A section table's PIN (printed on the table card)."""
    return event_pin(event, f"{section.name}:{table}")


def tables_with_pins(event: Event) -> list[dict]:
    out = []
    for s in event_sections(event):
        for t in range(1, s.schedule.tables + 1):
            out.append({"section": s.name, "table": t, "pin": table_pin(event, s, t)})
    return out


def results_by_board(event: Event) -> dict[int, list[Result]]:
    out: dict[int, list[Result]] = defaultdict(list)
    for r in Result.objects.filter(event=event, confirmed=True).select_related("ns", "ew", "south", "west"):
        out[r.board].append(r)
    return out
