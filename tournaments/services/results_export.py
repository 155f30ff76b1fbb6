"""Results for federations and other programs: USEBIO 1.2 and results PBN of a finished event.

Both are written from the stored rows (results, their scores, the standings), so what a
federation receives is what the club's standings page shows: places with ties ("3="),
percentages or IMP totals, players by their federation numbers (``Member.federation_number``, the
club's mapping; the membership number when it is blank), and every traveller line with contract, declarer, lead, tricks,
score and matchpoints or IMPs. The results PBN follows the column conventions of the PBN 2.1
``ScoreTable``/``TotalScoreTable`` that Ruter, Magic Contest and EBUScore write (``PairId_NS``,
``Score_NS``, ``MP_NS``, ``Percentage_NS``, ``IMP_NS``; ``Rank``, ``PairId``, ``TotalScoreMP``...),
with ``OptimumResultTable`` when the boards were analysed.
"""
from __future__ import annotations

from collections import defaultdict

from scoring.models import Score, Standing
from tournaments.deals.pbn import PbnGame, make_game, write_pbn_bytes
from tournaments.deals.records import board_to_game
from tournaments.deals.usebio import UsebioBoard, UsebioEvent, UsebioLine, UsebioPair, UsebioPlayer, write_usebio
from tournaments.models import Event, EventStatus, Result, ScoringMethod
from tournaments.models.events import DUPLICATE_GAMES

from .boards import board_to_pure, rules_for_game

EVENT_TYPES = {ScoringMethod.MATCHPOINTS: ("MP_PAIRS", "MATCH_POINTS"),
               ScoringMethod.IMPS: ("BUTLER_PAIRS", "BUTLER_IMPS"),
               ScoringMethod.CROSS_IMPS: ("CROSS_IMP_PAIRS", "CROSS_IMPS")}


FAMILY = {ScoringMethod.MATCHPOINTS: "matchpoints", ScoringMethod.IMPS: "butler",
          ScoringMethod.CROSS_IMPS: "cross-imps"}


def with_rules(game: PbnGame, event: Event) -> PbnGame:
    """The game with how the event was scored, so `pbn score` reads the file back by the same
    rules: ``[Scoring]`` in the programs' words, ``[Application "Cardroom"]`` and
    ``[CardroomConvention]`` (the event's rule set, e.g. ``ruter``)."""
    from scoring.engine.conventions import convention_tag, scoring_tag
    from scoring.services import event_convention

    rules = event_convention(event)
    return (game.with_tag("Scoring", scoring_tag(FAMILY[event.scoring], rules)).with_tag("Application", "Cardroom")
            .with_tag("CardroomConvention", convention_tag(rules)))


def recorded_convention(event: Event) -> str:
    """USEBIO ``PROGRAM_VERSION`` of a file Cardroom writes: "convention NAME" (the event's rule
    set, as ``[CardroomConvention]`` in a results PBN), which ``usebio score`` reads back."""
    from scoring.engine.conventions import convention_tag
    from scoring.services import event_convention

    return f"convention {convention_tag(event_convention(event))}"


def rank_cells(places: list[tuple[str, str]]) -> tuple[bool, list[list[str]]]:
    """(place, field) of each row -> whether a place is shared, and each row's Rank cells: the
    place alone, or, when some place is shared, the place without "=" and Ruter 4.9's RankTie
    (the tie's last place, "-" when not tied)."""
    from scoring.engine.ranking import tie_ends

    ends: dict[str, dict[str, str]] = {}
    for field in {f for _, f in places}:
        ends[field] = tie_ends([(place, "") for place, f in places if f == field])
    if not any(ends.values()):
        return False, [[place] for place, _ in places]
    return True, [[place.rstrip("="), ends[field].get(place, "-")] for place, field in places]


class ExportRefused(ValueError):
    """The event cannot be written in that format (not finished, not an MP/IMP pairs or individual event)."""


def check_exportable(event: Event) -> None:
    if event.status not in (EventStatus.FINISHED, EventStatus.PUBLISHED):
        raise ExportRefused("only a finished or published event is exported; finish it first")
    if event.is_teams:
        raise ExportRefused("a teams event is written as USEBIO (its matches, rooms and VPs); results PBN carries "
                            "pairs events")
    if event.game not in DUPLICATE_GAMES or event.scoring not in EVENT_TYPES:
        raise ExportRefused(f"USEBIO and results PBN carry matchpoint and IMP pairs and individual events, not "
                            f"{event.get_game_display()} scored by {event.get_scoring_display()}")
    if not event.standings.exists():
        raise ExportRefused("the event has no standings yet")
    from tournaments.visibility import hands_held

    if hands_held(event):
        raise ExportRefused("this event is a heat of a simultaneous and carries its deals: it is exported once "
                            "the organizer has released the hand records")


def entry_labels(event: Event) -> dict[int, str]:
    """Entry id -> the pair number written ("3NS"; "B3NS" when the event has several sections)."""
    several = event.sections.count() > 1
    return {e.pk: f"{e.section.name}{e.label}" if several else e.label
            for e in event.entries.select_related("section").defer("section__movement")}


def score_text(r: Result) -> tuple[str, str, str]:
    """(SCORE, NS_SCORE, EW_SCORE): the N-S score, and the arbitral awards of an adjusted line."""
    score = "" if r.score_ns is None else str(r.score_ns)
    return score, r.adjusted_ns or "", r.adjusted_ew or ""


def event_hands(event: Event) -> dict:
    """The event's dealt cards as USEBIO HANDSET data: board -> {seat: "S.H.D.C"}."""
    board_set = event.board_sets.first()
    if board_set is None:
        return {}
    out = {}
    for row in board_set.boards.order_by("number"):
        first, _, hands = row.deal.partition(":")
        order = "NESW"[("NESW".index(first.upper()) if first.upper() in "NESW" else 0):] + "NESW"
        out[str(row.number)] = {seat: hand for seat, hand in zip(order[:4], hands.split())}
    return out


def event_to_usebio(event: Event) -> UsebioEvent:
    check_exportable(event)
    if event.is_individual:
        from .results_export_individual import individual_to_usebio

        return individual_to_usebio(event)
    event_type, method = EVENT_TYPES[event.scoring]
    imp = event.scoring != ScoringMethod.MATCHPOINTS
    labels = entry_labels(event)
    standings = list(Standing.objects.filter(event=event).select_related(
        "entry", "entry__member_a", "entry__member_b", "entry__guest_a", "entry__guest_b", "section"))
    standings.sort(key=lambda s: (s.section.position, {"NS": 0, "EW": 1}.get(s.field, 2), s.position))
    pairs = []
    for st in standings:
        e = st.entry
        people = [UsebioPlayer(m.full_name, m.federation_number or m.membership_number)
                  for m in (e.member_a, e.member_b) if m]
        people += [UsebioPlayer(g.name) for g in (e.guest_a, e.guest_b) if g]
        pairs.append(UsebioPair(labels[e.pk], tuple(people), direction=st.field, place=st.rank,
                                total_score=round(st.total, 2), boards_played=st.boards,
                                percentage=None if imp or st.percentage is None else round(st.percentage, 2)))
    by_board: dict[int, list] = defaultdict(list)
    scores = {s.result_id: s for s in Score.objects.filter(event=event)}
    for r in Result.objects.filter(event=event, confirmed=True).select_related("ns", "ew").order_by(
            "board", "section__position", "round", "table"):
        sc = scores.get(r.pk)
        if sc is None:
            continue  # not scored (e.g. a result outside the movement): not in the standings either
        score, ns_score, ew_score = score_text(r)
        points = (sc.value("ns", event.scoring), sc.value("ew", event.scoring))
        by_board[r.board].append(UsebioLine(
            labels[r.ns_id], labels[r.ew_id], score=score, contract=r.contract, played_by=r.declarer,
            lead=r.lead, tricks=r.tricks, ns_points=None if points[0] is None else round(points[0], 2),
            ew_points=None if points[1] is None else round(points[1], 2), ns_score=ns_score, ew_score=ew_score))
    boards = tuple(UsebioBoard(str(b), tuple(lines)) for b, lines in sorted(by_board.items()))
    two = any(st.field for st in standings)
    return UsebioEvent(event_type, tuple(pairs), boards, description=event.name, date=f"{event.date:%d/%m/%Y}",
                       club_name=event.club.name, program="Cardroom", scoring_method=method,
                       winner_type=2 if two else 1, identifier=str(event.pk), hands=event_hands(event),
                       program_version=recorded_convention(event))


def event_export_usebio(event: Event) -> bytes:
    """USEBIO 1.2 XML of a finished pairs or teams event (UTF-8)."""
    if event.is_teams:
        from .results_export_teams import event_export_usebio_teams

        return event_export_usebio_teams(event)
    return write_usebio(event_to_usebio(event))


def _pbn_pair(label: str, two: bool) -> str:
    """PBN numbers Mitchell pairs per direction ("3" N-S and "3" E-W), the field in Direction."""
    return label[:-2] if two and label[-2:] in ("NS", "EW") and label[:-2] else label


def fmt_points(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def board_games(event: Event) -> dict[str, PbnGame]:
    """Board number -> its PBN game: the deal, and the OptimumResultTable when analysed."""
    from tournaments.deals.doubledummy import BoardAnalysis, DoubleDummy, Par

    date = f"{event.date:%Y.%m.%d}"
    rows = {}
    board_set = event.board_sets.first()
    if board_set is not None:
        rules = rules_for_game(event.game)
        for row in board_set.boards.all():
            analysis = None
            if row.double_dummy:
                analysis = BoardAnalysis(row.number, DoubleDummy.from_dict(row.double_dummy),
                                         Par.from_dict(row.par) if row.par else None)
            rows[str(row.number)] = board_to_game(board_to_pure(row, rules), event=event.name,
                                                  site=event.club.name, date=date, analysis=analysis)
    return rows


def blank_game(event: Event, board: str) -> PbnGame:
    """A board's game when the event keeps no deal for it."""
    return make_game([("Event", event.name), ("Site", event.club.name), ("Date", f"{event.date:%Y.%m.%d}"),
                      ("Board", board)])


def event_export_results_pbn(event: Event) -> bytes:
    """Results PBN: per board the deal (and OptimumResultTable when analysed) with its
    ScoreTable, and the TotalScoreTable on the first board."""
    if event.is_individual:
        from .results_export_individual import individual_results_pbn

        check_exportable(event)
        return individual_results_pbn(event)
    usebio = event_to_usebio(event)
    imp = event.scoring != ScoringMethod.MATCHPOINTS
    rows = board_games(event)
    cols = "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;"
    cols += "IMP_NS\\6R;IMP_EW\\6R" if imp else "MP_NS\\6R;MP_EW\\6R;Percentage_NS\\6R;Percentage_EW\\6R"
    top = {}
    for sc in Score.objects.filter(event=event).select_related("result"):
        top[str(sc.result.board)] = sc.top
    two = usebio.winner_type == 2
    games: list[PbnGame] = []
    for b in usebio.boards:
        table = []
        for t in b.lines:
            if t.score == "":
                head = ["-", "-", "-", "-", "^" + (t.ns_score or "A"), "^" + (t.ew_score or "A")]
            else:
                s = int(t.score)
                head = [t.contract or "-", t.played_by or "-", "-" if t.tricks is None else str(t.tricks),
                        t.lead or "-", str(s) if s >= 0 else "-", str(-s) if s <= 0 else "-"]
            vals = [t.ns_points, t.ew_points]
            if not imp:
                board_top = top.get(b.number)
                vals += [None if v is None or not board_top else 100 * v / board_top for v in vals]
            table.append([_pbn_pair(t.ns, two), _pbn_pair(t.ew, two)] + head + [fmt_points(v) for v in vals])
        game = rows.get(b.number) or blank_game(event, b.number)
        games.append(with_rules(game, event).with_tag("ScoreTable", cols, table))
    tied, ranks = rank_cells([(p.place, p.direction if two else "") for p in usebio.pairs])
    total_cols = "Rank\\3R;" + ("RankTie\\3R;" if tied else "") + "PairId\\4R;" + ("Direction\\2R;" if two else "")
    total_cols += "TotalIMP\\8R;NrBoards\\3R;Names\\40L" if imp else \
        "TotalScoreMP\\8R;TotalPercentage\\6R;NrBoards\\3R;Names\\40L"
    total_rows = []
    for p, rank in zip(usebio.pairs, ranks):
        row = rank + [_pbn_pair(p.number, two)] + ([p.direction] if two else []) + [fmt_points(p.total_score)]
        row += ([] if imp else [fmt_points(p.percentage)]) + [str(p.boards_played or 0),
                                                          " - ".join(pl.name for pl in p.players)]
        total_rows.append(row)
    if games:
        games[0] = games[0].with_tag("TotalScoreTable", total_cols, total_rows)
    return write_pbn_bytes(games)
