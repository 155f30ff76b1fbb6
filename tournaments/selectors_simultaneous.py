"""Reads for simultaneous pairs, for pages, API and the booklet print alike: a club's
simultaneous events, the heats, the national ranking (stored ``NationalStanding`` rows), a club's
heat ranking (its event's own stored standings) and the commentary booklet (each board's hand
record with double dummy and par, and how the whole field did on it).

Who sees what: a simultaneous' face (name, times, heats) is public; the national ranking is the
organizer's directors' at any time and everyone's once published; the booklet the organizer's
directors' at any time and everyone's from ``release_at``; a heat's ranking follows its event's
``Sight`` (the organizer's directors see every heat's)."""
from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Q
from django.utils import timezone

from clubs.permissions import is_director
from scoring.models import NationalScoring, NationalStanding
from tournaments.models import Board, BoardSet, Heat, Result, Simultaneous, SimultaneousStatus


def club_simultaneous(*, club):
    """The simultaneous events a club's pages list: those it organizes, those it has a heat in,
    and every open one (it may join)."""
    return (Simultaneous.objects.filter(Q(organizer=club) | Q(heats__club=club) | Q(status=SimultaneousStatus.OPEN))
            .distinct().select_related("organizer").annotate(heat_count=Count("heats", distinct=True))
            .order_by("-date", "-id"))


def simultaneous_of(*, club, pk) -> Simultaneous | None:
    """The URL's simultaneous among the club's (``club_simultaneous``), or None."""
    return club_simultaneous(club=club).filter(pk=pk).first()


def joinable(*, club):
    """Open simultaneous events the club has no heat in yet, whose start window has not closed."""
    return (Simultaneous.objects.filter(status=SimultaneousStatus.OPEN, ends_at__gt=timezone.now())
            .exclude(heats__club=club).select_related("organizer").order_by("date", "id"))


def club_heat(*, simultaneous: Simultaneous, club) -> Heat | None:
    return Heat.objects.filter(simultaneous=simultaneous, club=club).select_related("club", "event").first()


def heats(*, simultaneous: Simultaneous) -> list[Heat]:
    """Every heat with its club, event, pairs and confirmed results counted."""
    return list(Heat.objects.filter(simultaneous=simultaneous).select_related("club", "event")
                .annotate(pairs=Count("event__entries", distinct=True),
                          results=Count("event__results", filter=Q(event__results__confirmed=True), distinct=True))
                .order_by("club__name", "id"))


def is_organizer(user, simultaneous: Simultaneous) -> bool:
    return is_director(user, simultaneous.organizer)


def standings_visible(user, simultaneous: Simultaneous) -> bool:
    return simultaneous.status == SimultaneousStatus.PUBLISHED or is_organizer(user, simultaneous)


def released(simultaneous: Simultaneous) -> bool:
    return timezone.now() >= simultaneous.release_at


def booklet_visible(user, simultaneous: Simultaneous) -> bool:
    return released(simultaneous) or is_organizer(user, simultaneous)


def heat_ranking_visible(user, heat: Heat) -> bool:
    from tournaments.visibility import event_sight

    return is_organizer(user, heat.simultaneous) or event_sight(heat.event, user).standings


def national_standings(*, simultaneous: Simultaneous) -> dict:
    """The national ranking as last stored: one row per pair (per direction when heats play
    two-winner movements), with its club and its heat's pair number."""
    state = NationalScoring.objects.filter(simultaneous=simultaneous).first()
    rows = []
    for st in (NationalStanding.objects.filter(simultaneous=simultaneous)
               .select_related("entry", "heat__club").order_by("field", "position")):
        rows.append({"rank": st.rank, "position": st.position, "field": st.field, "club": st.heat.club.name,
                     "club_slug": st.heat.club.slug, "heat": st.heat_id, "event": st.heat.event_id,
                     "label": st.entry.label, "names": st.entry.names, "total": st.total, "top": st.top,
                     "percentage": st.percentage, "boards": st.boards})
    return {"simultaneous": simultaneous.pk, "status": simultaneous.status, "scoring": simultaneous.scoring,
            "results_version": simultaneous.results_version, "version": state.version if state else 0,
            "computed_at": state.computed_at if state else None,
            "current": bool(state) and state.version >= simultaneous.results_version and not state.error,
            "fields": sorted({r["field"] for r in rows}), "standings": rows}


def heat_ranking(*, heat: Heat) -> dict:
    """The heat's own ranking (its event's stored standings) with each pair's national rank."""
    from tournaments.selectors_event import event_standings

    local = event_standings(heat.event)
    national = {(st.entry.section.name, st.entry.label): st for st in
                NationalStanding.objects.filter(heat=heat).select_related("entry__section")}
    for row in local["standings"]:
        st = national.get((row["section"], row["label"]))
        row["national_rank"] = st.rank if st else None
        row["national_percentage"] = st.percentage if st else None
    return {"heat": heat.pk, "club": heat.club.name, "club_slug": heat.club.slug, "event": heat.event_id,
            "event_name": heat.event.name, **{k: local[k] for k in ("status", "computed_at", "current", "standings")}}


def booklet_boards(*, simultaneous: Simultaneous) -> list[Board]:
    """The simultaneous' boards (identical in every heat) from the heat whose set is the most
    analysed; empty before any club has joined."""
    board_set = (BoardSet.objects.filter(event__heat__simultaneous=simultaneous)
                 .annotate(analysed=Count("boards", filter=Q(boards__analysed_at__isnull=False)))
                 .order_by("-analysed", "pk").first())
    if board_set is None:
        return []
    return list(Board.objects.filter(board_set=board_set, number__lte=simultaneous.boards)
                .select_related("board_set").order_by("number"))


FREQUENCY_KEYS = ("contract", "declarer", "tricks", "tricks_ns", "adjusted_ns", "adjusted_ew", "score_ns")
TEXT_KEYS = ("contract", "declarer", "adjusted_ns", "adjusted_ew")


def field_frequencies(*, simultaneous: Simultaneous) -> dict[int, list[dict]]:
    """Board -> how the whole field did: each distinct contract and score with how many tables
    (across every heat) reached it and its share, highest N-S score first."""
    rows = (Result.objects.filter(event__heat__simultaneous=simultaneous, confirmed=True)
            .values("board", *FREQUENCY_KEYS).annotate(count=Count("id")))
    out: dict[int, list[dict]] = defaultdict(list)
    totals: dict[int, int] = defaultdict(int)
    for row in rows:
        totals[row["board"]] += row["count"]
        text = Result(**{k: (row[k] or "") if k in TEXT_KEYS else row[k] for k in FREQUENCY_KEYS}).summary
        out[row["board"]].append({"result": text, "contract": row["contract"], "declarer": row["declarer"],
                                  "tricks": row["tricks"], "score_ns": row["score_ns"], "count": row["count"]})
    for board, lines in out.items():
        for line in lines:
            line["percent"] = round(100.0 * line["count"] / totals[board], 1)
        lines.sort(key=lambda x: (x["score_ns"] is None, -(x["score_ns"] or 0), -x["count"], x["result"]))
    return dict(out)


def booklet(*, simultaneous: Simultaneous) -> dict:
    """The commentary booklet's data (JSON-able): per board its deal, double dummy, par and the
    field's frequencies."""
    frequencies = field_frequencies(simultaneous=simultaneous)
    boards = []
    for b in booklet_boards(simultaneous=simultaneous):
        lines = frequencies.get(b.number, [])
        boards.append({"number": b.number, "dealer": b.dealer, "vulnerability": b.vulnerability, "deal": b.deal,
                       "double_dummy": b.double_dummy, "par": b.par, "results": sum(x["count"] for x in lines),
                       "frequencies": lines})
    return {"simultaneous": simultaneous.pk, "name": simultaneous.name, "date": simultaneous.date,
            "release_at": simultaneous.release_at, "heats": simultaneous.heats.count(), "boards": boards}
