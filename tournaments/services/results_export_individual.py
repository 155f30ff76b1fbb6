"""USEBIO 1.2 and results PBN of a finished individual: one participant per player, every
traveller line naming its four players.

USEBIO: ``EVENT_TYPE="INDIVIDUAL"``, ``PARTICIPANTS/PLAYER`` and ``NORTH_PLAYER_NUMBER`` ...
``WEST_PLAYER_NUMBER`` (``tournaments.deals.usebio_individual``). Results PBN: the ScoreTable
columns Ruter writes for individuals (``PlayerId_North``, ``PlayerId_South``, ``PlayerId_East``,
``PlayerId_West``, ``MP_North`` ... ``MP_West``, ``Percentage_North`` ...; ``IMP_North`` ... when
scored by IMPs), each player credited with the side's points, and a TotalScoreTable of players
(``Rank``, ``PlayerId``, ``TotalScoreMP``/``TotalIMP``, ``TotalPercentage``, ``Name``, ``NrBoards``,
``MemberID``), as in Ruter 4's individual export.
"""
from __future__ import annotations

from dataclasses import dataclass

from scoring.models import Score, Standing
from tournaments.deals.pbn import write_pbn_bytes
from tournaments.deals.usebio import UsebioBoard, UsebioEvent, UsebioLine, UsebioPair, UsebioPlayer
from tournaments.models import Event, Result, ScoringMethod

from .results_export import (ExportRefused, blank_game, board_games, entry_labels, event_hands, fmt_points, rank_cells,
                             recorded_convention, score_text, with_rules)

BOARD_SCORING = {ScoringMethod.MATCHPOINTS: "MATCH_POINTS", ScoringMethod.IMPS: "BUTLER_IMPS",
                 ScoringMethod.CROSS_IMPS: "CROSS_IMPS"}
SEATS = ("North", "South", "East", "West")


@dataclass(frozen=True)
class _Line:
    result: Result
    seats: tuple[str, str, str, str]  # North, South, East, West player numbers
    ns_points: float | None
    ew_points: float | None
    ns_pct: float | None
    ew_pct: float | None


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def _lines(event: Event, labels: dict[int, str]) -> list[_Line]:
    """Every scored result in board, section, round and table order, with its four players."""
    scores = {s.result_id: s for s in Score.objects.filter(event=event)}
    out = []
    for r in Result.objects.filter(event=event, confirmed=True).order_by("board", "section__position", "round",
                                                                         "table"):
        sc = scores.get(r.pk)
        if sc is None:
            continue  # not scored: not in the standings either
        if r.south_id is None or r.west_id is None:
            raise ExportRefused(f"board {r.board}, table {r.table}: the result names only two players; an "
                                f"individual's result names North, South, East and West")
        pct = (sc.pct_ns, sc.pct_ew)
        if event.scoring == ScoringMethod.MATCHPOINTS and sc.top and None in pct:
            pct = tuple(None if v is None else 100 * v / sc.top for v in (sc.mp_ns, sc.mp_ew))
        out.append(_Line(r, (labels[r.ns_id], labels[r.south_id], labels[r.ew_id], labels[r.west_id]),
                         _round(sc.value("ns", event.scoring)), _round(sc.value("ew", event.scoring)),
                         _round(pct[0]), _round(pct[1])))
    return out


def _players(event: Event, labels: dict[int, str]) -> list[tuple[Standing, UsebioPair]]:
    imp = event.scoring != ScoringMethod.MATCHPOINTS
    standings = list(Standing.objects.filter(event=event).select_related(
        "entry", "entry__member_a", "entry__guest_a", "section"))
    standings.sort(key=lambda s: (s.section.position, s.position))
    out = []
    for st in standings:
        e = st.entry
        if e.member_a is not None:
            person = UsebioPlayer(e.member_a.full_name, e.member_a.federation_number or e.member_a.membership_number)
        else:
            person = UsebioPlayer(e.guest_a.name if e.guest_a else e.names)
        out.append((st, UsebioPair(labels[e.pk], (person,), place=st.rank, total_score=round(st.total, 2),
                                   boards_played=st.boards,
                                   percentage=None if imp or st.percentage is None else round(st.percentage, 2))))
    return out


def individual_to_usebio(event: Event) -> UsebioEvent:
    """The pure USEBIO event of a finished individual (checked by ``check_exportable``)."""
    labels = entry_labels(event)
    players = tuple(p for _st, p in _players(event, labels))
    by_board: dict[int, list[UsebioLine]] = {}
    for line in _lines(event, labels):
        r = line.result
        score, ns_score, ew_score = score_text(r)
        north, south, east, west = line.seats
        by_board.setdefault(r.board, []).append(UsebioLine(
            north, east, south=south, west=west, score=score, contract=r.contract, played_by=r.declarer,
            lead=r.lead, tricks=r.tricks, ns_points=line.ns_points, ew_points=line.ew_points,
            ns_score=ns_score, ew_score=ew_score))
    boards = tuple(UsebioBoard(str(b), tuple(lines)) for b, lines in sorted(by_board.items()))
    return UsebioEvent("INDIVIDUAL", players, boards, description=event.name, date=f"{event.date:%d/%m/%Y}",
                       club_name=event.club.name, program="Cardroom", scoring_method=BOARD_SCORING[event.scoring],
                       winner_type=1, identifier=str(event.pk), hands=event_hands(event),
                       program_version=recorded_convention(event))


def _head(r: Result) -> list[str]:
    """Contract, Declarer, Result, Lead, Score_NS, Score_EW of one line (``^A+`` when arbitral)."""
    score, ns_score, ew_score = score_text(r)
    if score == "":
        return ["-", "-", "-", "-", "^" + (ns_score or "A"), "^" + (ew_score or "A")]
    s = int(score)
    return [r.contract or "-", r.declarer or "-", "-" if r.tricks is None else str(r.tricks), r.lead or "-",
            str(s) if s >= 0 else "-", str(-s) if s <= 0 else "-"]


def individual_results_pbn(event: Event) -> bytes:
    """Results PBN of a finished individual, in Ruter's individual columns."""
    imp = event.scoring != ScoringMethod.MATCHPOINTS
    labels = entry_labels(event)
    cols = "Table\\2R;Round\\2R;" + "".join(f"PlayerId_{s}\\2R;" for s in SEATS)
    cols += "Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;"
    if imp:
        cols += ";".join(f"IMP_{s}\\6R" for s in SEATS)
    else:
        cols += ";".join(f"MP_{s}\\6R" for s in SEATS) + ";" + ";".join(f"Percentage_{s}\\6R" for s in SEATS)
    by_board: dict[int, list[list[str]]] = {}
    for line in _lines(event, labels):
        r = line.result
        points = [line.ns_points, line.ns_points, line.ew_points, line.ew_points]
        if not imp:
            points += [line.ns_pct, line.ns_pct, line.ew_pct, line.ew_pct]
        by_board.setdefault(r.board, []).append(
            [str(r.table), str(r.round), *line.seats, *_head(r), *(fmt_points(v) for v in points)])
    games = board_games(event)
    out = []
    for board, table in sorted(by_board.items()):
        game = games.get(str(board)) or blank_game(event, str(board))
        out.append(with_rules(game, event).with_tag("Competition", "Individuals")
                   .with_tag("ScoreTable", cols, table))
    players = _players(event, labels)
    tied, ranks = rank_cells([(p.place, "") for _st, p in players])
    total_cols = "Rank\\3R;" + ("RankTie\\3R;" if tied else "") + "PlayerId\\3R;" + ("TotalIMP\\8R;" if imp else "TotalScoreMP\\8R;TotalPercentage\\6R;")
    total_cols += "Name\\30L;NrBoards\\3R;MemberID\\8R"
    totals = []
    for (_st, p), rank in zip(players, ranks):
        row = rank + [p.number, fmt_points(p.total_score)] + ([] if imp else [fmt_points(p.percentage)])
        totals.append(row + [p.players[0].name, str(p.boards_played or 0), p.players[0].national_id or "-"])
    if out:
        out[0] = out[0].with_tag("TotalScoreTable", total_cols, totals)
    return write_pbn_bytes(out)
