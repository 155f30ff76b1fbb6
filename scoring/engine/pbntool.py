"""``pbn score``: rescore the ``ScoreTable`` results of a PBN file written by any scoring
program, and write JSON or a PBN with fresh ``ScoreTable`` and ``TotalScoreTable``.

Every raw score is recomputed from Contract/Declarer/Result and the board's vulnerability
(Law 77); arbitral scores (``A+``, ``A``, ``A-``, ``A60``, ``40%``, optionally ``^``-prefixed)
may stand in Contract, Score_NS or Score_EW; a row with no contract but a Score_NS/Score_EW
keeps that score. A row whose Contract is ``NP`` (not played) is listed, not scored.
Anything else that cannot be scored stops the run with exit code 2, naming board and line.
Pure Python: the Django command ``manage.py pbn`` is a thin wrapper over ``run``.
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from tournaments.deals.pbn import PbnError, PbnGame, read_pbn, write_pbn
from tournaments.deals.usebio import looks_like_xml

from .adjustments import parse_adjustment
from .contract import board_vulnerability, duplicate_score, parse_contract, parse_vulnerability
from .errors import ScoringError
from .session import BoardResults, Method, Result, SessionScore, direction_fields, score_session

CLI_METHODS = ("matchpoints", "neuberg", "butler", "cross-imps")
_MISSING = ("", "-", "?")


class PbnScoreError(ScoringError):
    def __init__(self, message: str, board: str | None = None, line: int | None = None):
        where = ", ".join(p for p in (f"board {board}" if board else "", f"line {line}" if line else "") if p)
        super().__init__(f"{where}: {message}" if where else message)
        self.board, self.line = board, line


@dataclass(frozen=True)
class PbnBoard:
    game: PbnGame
    board: str
    results: BoardResults
    not_played: tuple[tuple[str, str], ...] = ()


def _score_cell(value: str) -> float | None:
    text = value.strip().upper().replace(" ", "")
    for prefix in ("NS", "EW"):
        if text.startswith(prefix):
            sign = 1 if prefix == "NS" else -1
            return sign * float(text[2:])
    return None if text in _MISSING else float(text)


def _row_result(row: dict[str, str], vul: str, board: str, line: int) -> Result | None:
    get = lambda col: row.get(col, "").strip()  # noqa: E731
    ns, ew = get("PairId_NS"), get("PairId_EW")
    if ns in _MISSING or ew in _MISSING:
        raise PbnScoreError("result without PairId_NS and PairId_EW", board, line)
    contract, declarer, tricks = get("Contract"), get("Declarer"), get("Result")
    if contract.upper() in ("NP", "NOTPLAYED"):
        return None
    adj_ns = parse_adjustment(get("Score_NS")) if get("Score_NS") not in _MISSING else None
    adj_ew = parse_adjustment(get("Score_EW")) if get("Score_EW") not in _MISSING else None
    adj_ns = adj_ns or (parse_adjustment(contract) if contract not in _MISSING else None)
    if adj_ns or adj_ew:
        return Result(ns, ew, adjusted_ns=adj_ns, adjusted_ew=adj_ew, contract=contract)
    try:
        if contract not in _MISSING:
            con = parse_contract(contract)
            if con.passed:
                return Result(ns, ew, 0, contract="Pass")
            if tricks in _MISSING:
                raise ScoringError(f"contract {contract} without a Result (tricks taken)")
            score = duplicate_score(con, declarer, tricks, vul)
            return Result(ns, ew, score, contract=str(con), declarer=declarer.upper(), tricks=int(tricks))
        s_ns, s_ew = _score_cell(get("Score_NS")), _score_cell(get("Score_EW"))
    except (ScoringError, ValueError) as exc:
        raise PbnScoreError(str(exc), board, line) from None
    if s_ns is None and s_ew is None:
        raise PbnScoreError("result has neither a contract nor a score", board, line)
    score = s_ns if s_ns is not None else -s_ew
    return Result(ns, ew, int(score) if float(score).is_integer() else score)


PROGRESS_EVERY = 100  # boards between two progress reports


def read_boards(games: Sequence[PbnGame], progress: Callable[[str], None] | None = None) -> list[PbnBoard]:
    """Turn every game with a ScoreTable into oriented results (the cards as dealt);
    ``progress(text)`` every PROGRESS_EVERY games."""
    out = []
    seen: dict[str, int] = {}
    for index, game in enumerate(games, start=1):
        if progress is not None and index % PROGRESS_EVERY == 0:
            progress(f"read {index} of {len(games)} boards")
        tag = game.tag("ScoreTable")
        if tag is None:
            continue
        board = game.value("Board")
        if board is None:
            raise PbnScoreError("ScoreTable without a Board tag", None, tag.line)
        if board in seen:
            raise PbnScoreError(f"board appears twice (first at line {seen[board]})", board, tag.line)
        seen[board] = tag.line
        try:
            vul_text = game.value("Vulnerable")
            vul = parse_vulnerability(vul_text) if vul_text else board_vulnerability(int(board))
        except (ScoringError, ValueError) as exc:
            raise PbnScoreError(str(exc), board, game.line_of("Vulnerable")) from None
        results, not_played = [], []
        for i, row in enumerate(tag.records()):
            result = _row_result(row, vul, board, tag.line + 1 + i)
            if result is None:
                not_played.append((row.get("PairId_NS", ""), row.get("PairId_EW", "")))
            else:
                results.append(result)
        out.append(PbnBoard(game, board, BoardResults(board, tuple(results)), tuple(not_played)))
    return out


def _numbered_per_direction(boards: Sequence[BoardResults]) -> bool:
    """Mitchell numbering: some board has the same pair number in both directions."""
    return any({r.ns for r in b.results} & {r.ew for r in b.results} for b in boards)


def _typed(boards: Sequence[BoardResults]) -> list[BoardResults]:
    """Mitchell pair numbers are per direction: make "1" N-S and "1" E-W distinct entrants."""
    return [BoardResults(b.board, tuple(
        Result(**{**r.__dict__, "ns": f"{r.ns} NS", "ew": f"{r.ew} EW"}) for r in b.results), b.expected)
        for b in boards]


def score_pbn(data: bytes | str, *, method: str = "matchpoints", fields: str = "auto",
              progress: Callable[[str], None] | None = None):
    """Read and score a PBN; returns (boards, SessionScore, fields used). ``progress(text)``
    hears how far it got (a long file takes a while)."""
    if method not in CLI_METHODS:
        raise ScoringError(f"bad method {method!r}: expected one of {', '.join(CLI_METHODS)}")
    games = read_pbn(data)
    if progress is not None:
        progress(f"parsed {len(games)} games")
    boards = read_boards(games, progress)
    if not boards:
        raise PbnScoreError("no ScoreTable results found")
    oriented = [b.results for b in boards]
    per_direction = _numbered_per_direction(oriented)
    two = fields == "two" or (fields == "auto" and per_direction)
    if two and per_direction:
        oriented = _typed(oriented)
    kind = "matchpoints" if method == "neuberg" else method
    if progress is not None:
        progress(f"scoring {len(boards)} boards")
    session = score_session(oriented, Method(kind), fields=direction_fields(oriented) if two else None)
    if progress is not None:
        progress(f"scored {len(boards)} boards")
    return boards, session, two


def _pair(entrant: str, two: bool) -> str:
    return entrant[:-3] if two and entrant[-3:] in (" NS", " EW") else entrant


def _r2(x: float | None) -> float | None:
    return None if x is None else round(x + 0.0, 2)


def to_json(method: str, boards: Sequence[PbnBoard], session: SessionScore, two: bool) -> dict:
    imp = session.method in ("butler", "cross-imps")
    out_boards = []
    for pb, bs in zip(boards, session.boards):
        rows = []
        for rs in bs.results:
            r = rs.result
            row = {"ns": _pair(r.ns, two), "ew": _pair(r.ew, two), "contract": r.contract or None,
                   "declarer": r.declarer or None, "tricks": r.tricks, "score_ns": r.score_ns}
            if r.artificial:
                row.update(adjusted_ns=r.adjusted_ns.label, adjusted_ew=r.adjusted_ew.label)
            if imp:
                row.update(imp_ns=_r2(rs.imp_ns), imp_ew=_r2(rs.imp_ew))
            else:
                row.update(mp_ns=_r2(rs.mp_ns), mp_ew=_r2(rs.mp_ew), pct_ns=_r2(rs.pct_ns), pct_ew=_r2(rs.pct_ew))
            rows.append(row)
        entry = {"board": int(pb.board) if pb.board.isdigit() else pb.board}
        if imp:
            entry["datum"] = bs.datum
        else:
            entry["top"] = _r2(bs.top)
        entry["results"] = rows
        if pb.not_played:
            entry["not_played"] = [{"ns": ns, "ew": ew} for ns, ew in pb.not_played]
        out_boards.append(entry)
    ranking = []
    for st in session.standings:
        item = {"rank": st.rank, "pair": _pair(st.entrant, two), "total": _r2(st.total),
                "percentage": _r2(st.percentage), "boards": st.boards}
        if two:
            item["field"] = st.field
        ranking.append(item)
    return {"method": method, "boards": out_boards, "ranking": ranking}


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def to_pbn(boards: Sequence[PbnBoard], session: SessionScore, two: bool) -> str:
    imp = session.method in ("butler", "cross-imps")
    cols = "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;"
    cols += "IMP_NS\\6R;IMP_EW\\6R" if imp else "MP_NS\\6R;MP_EW\\6R;Percentage_NS\\6R;Percentage_EW\\6R"
    games = []
    for pb, bs in zip(boards, session.boards):
        rows = []
        for rs in bs.results:
            r = rs.result
            if r.artificial:
                head = ["-", "-", "-", "^" + r.adjusted_ns.label, "^" + r.adjusted_ew.label]
            else:
                s = int(r.score_ns) if float(r.score_ns).is_integer() else r.score_ns
                head = [r.contract or "-", r.declarer or "-", "-" if r.tricks is None else str(r.tricks),
                        str(s) if s >= 0 else "-", str(-s) if s <= 0 else "-"]
            vals = [rs.imp_ns, rs.imp_ew] if imp else [rs.mp_ns, rs.mp_ew, rs.pct_ns, rs.pct_ew]
            rows.append([_pair(r.ns, two), _pair(r.ew, two)] + head + [_fmt(v) for v in vals])
        games.append(pb.game.with_tag("ScoreTable", cols, rows))
    total_cols = "Rank\\3R;PairId\\3R;" + ("Direction\\2R;" if two else "")
    total_cols += "TotalIMP\\8R;NrBoards\\3R" if imp else "TotalMP\\8R;TotalPercentage\\6R;NrBoards\\3R"
    total_rows = []
    for st in session.standings:
        row = [st.rank, _pair(st.entrant, two)] + ([st.field] if two else [])
        row += [_fmt(st.total)] + ([] if imp else [_fmt(st.percentage)]) + [str(st.boards)]
        total_rows.append(row)
    games[0] = games[0].with_tag("TotalScoreTable", total_cols, total_rows)
    return write_pbn(games, export=False)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # report instead of printing and exiting: run() stays pure
        raise _UsageError(f"{self.format_usage()}{self.prog}: error: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pbn", description="Rescore PBN result files.")
    sub = parser.add_subparsers(dest="action", required=True)
    score = sub.add_parser("score", help="recompute raw and comparative scores and the ranking")
    score.add_argument("file")
    score.add_argument("--method", choices=CLI_METHODS, default="matchpoints")
    score.add_argument("--format", choices=("json", "pbn"), default="json")
    score.add_argument("--fields", choices=("auto", "one", "two"), default="auto",
                       help="two: rank N-S and E-W separately (Mitchell); auto: two when pair numbers "
                            "are per direction (the same number on both sides of a board)")
    score.add_argument("-o", "--output", help="write here instead of returning the text")
    return parser


def run(argv: Sequence[str], progress: Callable[[str], None] | None = None) -> tuple[int, str]:
    """The whole tool as a function: (exit code, text for stdout or an error for stderr);
    ``progress(text)`` reports how far it got (the command writes it to stderr)."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except _UsageError as exc:
        return 2, str(exc)
    except SystemExit:  # --help
        return 0, parser.format_help()
    try:
        data = Path(args.file).read_bytes()
    except OSError as exc:
        return 2, f"{args.file}: cannot read: {exc.strerror or exc}"
    if looks_like_xml(data):  # a USEBIO XML file: `usebio score` reads it
        from .usebiotool import score_file
        explicit = any(a == "--method" or a.startswith("--method=") for a in argv)
        return score_file(args.file, data, args.method if explicit else None, getattr(args, "convention", None))
    try:
        boards, session, two = score_pbn(data, method=args.method, fields=args.fields, progress=progress)
    except PbnError as exc:
        return 2, f"{args.file}: line {exc.line}: {exc.message}" if exc.line else f"{args.file}: {exc.message}"
    except ScoringError as exc:
        return 2, f"{args.file}: {exc}"
    if args.format == "json":
        text = json.dumps(to_json(args.method, boards, session, two), indent=1) + "\n"
    else:
        text = to_pbn(boards, session, two)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8" if args.format == "json" else "latin-1",
                                     errors="strict" if args.format == "json" else "replace")
        return 0, ""
    return 0, text
