"""``pbn score`` for teams files: read the matches another program wrote and rescore them.

Two shapes are read, both as the programs write them:

- **match rows** (Ruter, and the PBN 2.1 team columns): a ``ScoreTable`` with ``TeamId_Home`` and
  ``TeamId_Away``, one row a match, with ``Round``, the IMPs (``IMP_Home``/``IMP_Away``, or Ruter's
  ``MatchDetails`` "segment,home,away|...|200,home,away" where 200 is the total) and the VPs the
  program gave (``VP_Home``/``VP_Away``); a row of dashes is a match not played yet, a row with one
  team a bye. A ``TotalScoreTable`` (``TeamId``, ``TeamName``, ``TotalScoreVP``) gives names and the
  printed ranking. The file does not say how long a match was: ``boards`` must be given.
- **one game per table** (RealBridge): ``Board``, ``Table``, ``HomeTeam`` (the team sitting N-S at
  that table) and ``VisitTeam``, the contract or ``Score``, and ``ScoreIMP "NS 4 EW -4"``; the two
  tables where two teams met on a board are the match's rooms.

Rescoring: match IMPs from the rooms' scores (``teams.match_score``: WBF IMP scale, Law 86B
adjusted scores) or, for match rows, the IMPs the file gives (segments summed); VPs for the margin
on the chosen scale (``teams.victory_points_on``, WBF 2013 continuous by default); totals ranked by
``teams.rank_teams`` (VPs, head-to-head, IMP quotient). Every figure the program printed is kept
beside Cardroom's (``"printed"``) and the agreement counted (``"check"``).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Sequence

from tournaments.deals.pbn import PbnGame, PbnTag

from .contract import board_vulnerability, parse_vulnerability
from .errors import ScoringError
from .pbnresults import PbnScoreError, _row
from .teams import VP_SCALES, MatchBoard, TeamRow, match_score, rank_teams, victory_points_on

_MISSING = ("", "-", "?", "--")
_TOTAL_SEGMENT = "200"  # Ruter's MatchDetails: the segment numbered 200 is the match total
_SCORE_IMP = re.compile(r"^\s*NS\s*(-?\d+(?:\.\d+)?)", re.I)
_SCORE = re.compile(r"^\s*(NS|EW)\s*(-?\d+(?:\.\d+)?)\s*$", re.I)
TOLERANCE = 0.005  # printed figures have two decimals


@dataclass(frozen=True)
class TeamsBoard:
    """One board of a match: each room's N-S score and the IMPs the program printed at each
    table (home's at the open table, N-S = home; at the closed table N-S = away)."""

    board: int
    open_ns: object = None
    closed_ns: object = None
    printed_open: float | None = None
    printed_closed: float | None = None
    printed_scores: tuple[tuple[float | None, object], ...] = ()  # (printed Score, ours) per table


@dataclass(frozen=True)
class TeamsMatch:
    round: int | None
    home: str
    away: str  # "" for a bye
    line: int
    imps_home: float | None = None  # from the file's match row (None for per-table files)
    imps_away: float | None = None
    segments: tuple[tuple[float, float], ...] = ()
    printed_imps: tuple[float, float] | None = None
    printed_vp: tuple[float, float] | None = None
    boards: tuple[TeamsBoard, ...] = ()


@dataclass(frozen=True)
class TeamsFile:
    matches: tuple[TeamsMatch, ...]
    names: dict[str, str] = field(default_factory=dict)
    printed_ranking: tuple[tuple[str, str, float | None], ...] = ()  # (rank, team, total)
    shape: str = "matches"
    not_played: int = 0


def teams_shape(games: Sequence[PbnGame]) -> str | None:
    """"matches" (match rows), "tables" (one game per table), or None for a pairs file."""
    for game in games:
        tag = game.tag("ScoreTable")
        if tag is not None and {"TeamId_Home", "TeamId_Away"} <= set(tag.columns):
            return "matches"
    if any(game.value("HomeTeam") and game.value("VisitTeam") for game in games):
        return "tables"
    return None


def _number(text: str, what: str, line: int) -> float:
    try:
        value = float(text.strip().replace(",", "."))
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or abs(value) > 1e6:
        raise PbnScoreError(f"{what} is not a number: {text!r}", None, line)
    return value


def _pair(row: dict, home: str, away: str, line: int) -> tuple[float, float] | None:
    a, b = row.get(home, "").strip(), row.get(away, "").strip()
    if a in _MISSING and b in _MISSING:
        return None
    if a in _MISSING or b in _MISSING:
        raise PbnScoreError(f"{home} and {away}: one is missing ({a!r}, {b!r})", None, line)
    return _number(a, home, line), _number(b, away, line)


def _details(text: str, line: int) -> tuple[tuple[tuple[float, float], ...], tuple[float, float] | None]:
    """Ruter's MatchDetails: (segments, printed total)."""
    segments, total = [], None
    for part in text.split("|"):
        fields = [f.strip() for f in part.split(",")]
        if len(fields) != 3:
            raise PbnScoreError(f"MatchDetails {text!r}: expected segment,home,away parts", None, line)
        imps = (_number(fields[1], "MatchDetails IMPs", line), _number(fields[2], "MatchDetails IMPs", line))
        if fields[0] == _TOTAL_SEGMENT:
            total = imps
        else:
            segments.append(imps)
    return tuple(segments), total


def _match_rows(tag: PbnTag) -> tuple[list[TeamsMatch], int]:
    matches, not_played = [], 0
    for i, row in enumerate(tag.records()):
        line = tag.row_line(i)
        home, away = row.get("TeamId_Home", "").strip(), row.get("TeamId_Away", "").strip()
        home, away = ("" if home in _MISSING else home), ("" if away in _MISSING else away)
        if not home and not away:
            continue
        if home == away:
            raise PbnScoreError(f"team {home} plays itself", None, line)
        rnd = row.get("Round", "").strip()
        rnd = None if rnd in _MISSING else int(_number(rnd, "Round", line))
        if not home or not away:  # a bye: the VPs the program gave, nothing to rescore
            column = "VP_Home" if home else "VP_Away"
            if row.get(column, "").strip() not in _MISSING:
                vp = _number(row[column], column, line)
                matches.append(TeamsMatch(rnd, home or away, "", line, printed_vp=(vp, 0.0)))
            continue
        details = row.get("MatchDetails", "").strip()
        segments, total = _details(details, line) if details not in _MISSING else ((), None)
        printed_imps = _pair(row, "IMP_Home", "IMP_Away", line) or total
        printed_vp = _pair(row, "VP_Home", "VP_Away", line)
        if not segments and printed_imps is None and printed_vp is None:
            not_played += 1
            continue
        imps = (sum(s[0] for s in segments), sum(s[1] for s in segments)) if segments else printed_imps
        if imps is None:
            raise PbnScoreError(f"match {home} v {away} has VPs but no IMPs to rescore", None, line)
        matches.append(TeamsMatch(rnd, home, away, line, imps_home=imps[0], imps_away=imps[1], segments=segments,
                                  printed_imps=printed_imps, printed_vp=printed_vp))
    return matches, not_played


def _room_score(game: PbnGame, board: str):
    """(our N-S score or adjustment, the printed Score) for one table's game."""
    line = game.line_of("Contract")
    try:
        vul_text = game.value("Vulnerable")
        vul = parse_vulnerability(vul_text) if vul_text else board_vulnerability(int(board))
    except (ScoringError, ValueError) as exc:
        raise PbnScoreError(str(exc), board, game.line_of("Vulnerable")) from None
    printed = game.value("Score")
    contract = game.value("Contract") or ""
    row = {"PairId_NS": "home", "PairId_EW": "visit", "Contract": contract,
           "Declarer": game.value("Declarer") or "", "Result": game.value("Result") or "",
           "Score_NS": "" if contract else _signed(printed)}
    kind, result = _row(row, vul, board, line, False)
    if kind != "result":
        return None, printed
    score = result.adjusted_ns if result.artificial else result.score_ns
    return score, printed


def _printed_imps(game: PbnGame, board: str) -> float | None:
    text = game.value("ScoreIMP")
    if text is None:
        return None
    found = _SCORE_IMP.match(text)
    if not found:
        raise PbnScoreError(f"ScoreIMP {text!r}: expected \"NS <imps> EW <imps>\"", board, game.line_of("ScoreIMP"))
    return float(found.group(1))


def _table_matches(games: Sequence[PbnGame]) -> list[TeamsMatch]:
    """Games one per table: the two tables of each board where two teams met are the rooms."""
    first_line: dict[tuple[int | None, frozenset], int] = {}
    rooms: dict[tuple[int | None, frozenset], dict[int, dict[str, tuple]]] = {}
    for game in games:
        home, visit, board = game.value("HomeTeam"), game.value("VisitTeam"), game.value("Board")
        if not (home or visit):
            continue
        if not (home and visit and board):
            raise PbnScoreError("a table's game needs Board, HomeTeam and VisitTeam", board, game.line)
        if home == visit:
            raise PbnScoreError(f"{home} plays itself", board, game.line_of("HomeTeam"))
        try:
            number = int(board.lstrip("0") or board)
            rnd = int(game.value("Round")) if game.value("Round") else None
            table = int(game.value("Table") or 0)
        except ValueError as exc:
            raise PbnScoreError(f"bad Board, Round or Table: {exc}", board, game.line) from None
        key = (rnd, frozenset((home, visit)))
        seen = rooms.setdefault(key, {}).setdefault(number, {})
        if home in seen:
            raise PbnScoreError(f"{home} sits N-S against {visit} twice on this board", board, game.line)
        seen[home] = (table, *_room_score(game, board), _printed_imps(game, board))
        first_line.setdefault(key, game.line)
    out = []
    for key, by_board in rooms.items():  # home: the team N-S at the lower table on the first board
        home = min(by_board[min(by_board)].items(), key=lambda kv: kv[1][0])[0]
        away = next(iter(key[1] - {home}))
        boards = []
        for number in sorted(by_board):
            tables = by_board[number]
            o, c = tables.get(home), tables.get(away)
            boards.append(TeamsBoard(number, o[1] if o else None, c[1] if c else None,
                                     o[3] if o else None, c[3] if c else None,
                                     tuple((_printed_score(t[2]), t[1]) for t in (o, c) if t)))
        out.append(TeamsMatch(key[0], home, away, first_line[key], boards=tuple(boards)))
    return sorted(out, key=lambda m: (m.round or 0, m.line))


def _printed_score(text: str | None) -> float | None:
    """A ``Score`` tag's N-S points: "NS 90" is 90, "EW 150" is -150; None when unreadable."""
    found = _SCORE.match(text or "")
    if not found:
        return None
    return float(found.group(2)) * (1 if found.group(1).upper() == "NS" else -1)


def _signed(text: str | None) -> str:
    value = _printed_score(text)
    return "" if value is None else f"{value:g}"


def read_teams(games: Sequence[PbnGame], shape: str) -> TeamsFile:
    """A teams file's matches, team names and printed ranking (PbnScoreError on a bad row)."""
    names: dict[str, str] = {}
    ranking: list[tuple[str, str, float | None]] = []
    for game in games:
        for row in game.table("TotalScoreTable") or []:
            team = row.get("TeamId", "").strip()
            if team in _MISSING:
                continue
            if row.get("TeamName", "").strip() not in _MISSING:
                names[team] = row["TeamName"].strip()
            total = next((row[c] for c in ("TotalScoreVP", "TotalVP", "TotalScoreIMP") if row.get(c, "").strip()
                          not in _MISSING), None)
            ranking.append((row.get("Rank", "").strip(), team,
                            None if total is None else _number(total, "TotalScoreVP", game.line)))
    if shape == "tables":
        matches, not_played = _table_matches(games), 0
    else:
        matches, not_played = [], 0
        for game in games:
            tag = game.tag("ScoreTable")
            if tag is not None and "TeamId_Home" in tag.columns:
                found, skipped = _match_rows(tag)
                matches.extend(found)
                not_played += skipped
    if not matches:
        raise PbnScoreError("no teams match with a result found (ScoreTable rows with TeamId_Home and "
                            "TeamId_Away, or games with HomeTeam and VisitTeam)")
    return TeamsFile(tuple(matches), names, tuple(ranking), shape, not_played)


def _agree(a: float | None, b: float | None) -> bool:
    return a is None or b is None or abs(a - b) <= TOLERANCE


def _r2(x: float | None) -> float | None:
    return None if x is None else round(x + 0.0, 2)


def score_teams(parsed: TeamsFile, *, vp_scale: str = "wbf_continuous", boards: int | None = None) -> dict:
    """The JSON ``pbn score`` prints for a teams file (ScoringError when it cannot be scored)."""
    if vp_scale not in VP_SCALES:
        raise ScoringError(f"unknown VP scale {vp_scale!r}: expected one of {', '.join(VP_SCALES)}")
    if boards is not None and not 1 <= boards <= 200:
        raise ScoringError(f"a match has 1 to 200 boards, not {boards}")
    with_vp = vp_scale != "none"
    if with_vp and boards is None and parsed.shape == "matches" and any(m.away for m in parsed.matches):
        raise ScoringError("the file does not say how many boards a match has: give --boards N "
                           "(or --vp-scale none for IMPs only)")
    rows, check = [], {"matches": 0, "agree": 0, "tables": 0, "tables_agree": 0, "scores": 0, "scores_agree": 0}
    totals: dict[str, list[float]] = {}
    head_to_head: dict[tuple[str, str], float] = {}
    for m in parsed.matches:
        entry = {"round": m.round, "home": m.home, "away": m.away or None}
        agrees = True
        if not m.away:
            vp = m.printed_vp or (None, None)
            entry.update(bye=True, vp_home=_r2(vp[0]), printed={"vp_home": vp[0]} if m.printed_vp else {})
            totals.setdefault(m.home, [0.0, 0.0, 0.0])[0] += vp[0] or 0.0
            rows.append(entry)
            continue
        length = boards
        board_rows = []
        if m.boards:
            length = boards or len(m.boards)
            score = match_score([MatchBoard(b.board, b.open_ns, b.closed_ns) for b in m.boards],
                                vp_scale=vp_scale, boards_in_match=length)
            imps_home, imps_away = score.imps_home, score.imps_away
            vp_home, vp_away = score.vp_home, score.vp_away
            for b, s in zip(m.boards, score.boards):
                ok = _agree(s.imps, b.printed_open) and _agree(-s.imps, b.printed_closed)
                check["tables"] += (b.printed_open is not None) + (b.printed_closed is not None)
                check["tables_agree"] += ((b.printed_open is not None and _agree(s.imps, b.printed_open))
                                          + (b.printed_closed is not None and _agree(-s.imps, b.printed_closed)))
                for printed, ours in b.printed_scores:
                    if printed is not None and isinstance(ours, (int, float)):
                        check["scores"] += 1
                        check["scores_agree"] += _agree(ours, printed)
                        ok = ok and _agree(ours, printed)
                agrees = agrees and ok
                board_rows.append({"board": b.board, "open_ns": _label(b.open_ns), "closed_ns": _label(b.closed_ns),
                                   "imps_home": _r2(s.imps) if s.compared else None,
                                   "printed_imps_home": b.printed_open, "printed_imps_closed": b.printed_closed})
        else:
            imps_home, imps_away = m.imps_home, m.imps_away
            vp_home = vp_away = None
            if with_vp:
                vp_home, vp_away = victory_points_on(vp_scale, imps_home - imps_away, length)
        entry.update(imps_home=_r2(imps_home), imps_away=_r2(imps_away), vp_home=_r2(vp_home), vp_away=_r2(vp_away),
                     boards=length)
        printed = {}
        if m.segments:
            entry["segments"] = [list(s) for s in m.segments]
        if m.printed_imps:
            printed.update(imps_home=m.printed_imps[0], imps_away=m.printed_imps[1])
            agrees = agrees and _agree(imps_home, m.printed_imps[0]) and _agree(imps_away, m.printed_imps[1])
        if m.printed_vp and with_vp:
            printed.update(vp_home=m.printed_vp[0], vp_away=m.printed_vp[1])
            agrees = agrees and _agree(vp_home, m.printed_vp[0]) and _agree(vp_away, m.printed_vp[1])
        if board_rows:
            entry["board_imps"] = board_rows
        entry.update(printed=printed, agrees=agrees)
        check["matches"] += 1
        check["agree"] += agrees
        rows.append(entry)
        mine = vp_home if with_vp else imps_home - imps_away
        theirs = vp_away if with_vp else imps_away - imps_home
        for team, own, got, gave in ((m.home, mine, imps_home, imps_away), (m.away, theirs, imps_away, imps_home)):
            acc = totals.setdefault(team, [0.0, 0.0, 0.0])
            acc[0] += own
            acc[1] += got
            acc[2] += gave
        head_to_head[(m.home, m.away)] = head_to_head.get((m.home, m.away), 0.0) + mine
        head_to_head[(m.away, m.home)] = head_to_head.get((m.away, m.home), 0.0) + theirs
    printed_rank = {team: (rank, total) for rank, team, total in parsed.printed_ranking}
    ranked = rank_teams([TeamRow(t, round(v[0], 2), v[1], v[2]) for t, v in totals.items()],
                        head_to_head=head_to_head)
    ranking = []
    for _, label, team in ranked:
        item = {"rank": label, "team": team, "name": parsed.names.get(team), "total": _r2(totals[team][0]),
                "imps_for": _r2(totals[team][1]), "imps_against": _r2(totals[team][2])}
        if team in printed_rank:
            item.update(printed_rank=printed_rank[team][0], printed_total=printed_rank[team][1])
        ranking.append(item)
    if parsed.printed_ranking:
        check["ranking"] = len(printed_rank)
        check["ranking_agree"] = sum(1 for r in ranking if r["team"] in printed_rank
                                     and _agree(r["total"], printed_rank[r["team"]][1])
                                     and str(r["rank"]) == str(printed_rank[r["team"]][0]))
    method = f"teams: imps to vp ({vp_scale})" if with_vp else "teams: imps"
    return {"method": method, "vp_scale": vp_scale, "boards_per_match": boards,
            "names": parsed.names, "not_played": parsed.not_played, "matches": rows, "ranking": ranking,
            "check": check}


def _label(score) -> object:
    return score if isinstance(score, (int, float)) or score is None else getattr(score, "label", str(score))
