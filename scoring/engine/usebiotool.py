"""``usebio score``: rescore the traveller lines of a USEBIO 1.2 file and print the same JSON
as ``pbn score`` (boards, results with MPs or IMPs, ranking), plus what the file printed
(``printed``: each pair's place and total) and how many pairs Cardroom reproduces.

The method comes from the file (``EVENT_TYPE``/``BOARD_SCORING_METHOD``: matchpoints, Butler
or cross-IMPs) unless ``--method`` overrides it. The N-S ``SCORE`` is taken as written; a line
without one is scored from its contract (Law 77, the board's standard vulnerability).
Artificial scores: Compscore's ``A5050``/``A6040`` (N-S then E-W percentage), ``A+``/``A``/``A-``,
or ``NS_SCORE``/``EW_SCORE`` percentages.
"""
from __future__ import annotations

import argparse
import json
import math
import re
from pathlib import Path
from typing import Sequence

from tournaments.deals.pbn import PbnGame
from tournaments.deals.usebio import UsebioError, UsebioEvent, UsebioLine, read_usebio
from tournaments.deals.usebio_teams import is_teams_type, read_usebio_teams, usebio_event_type

from .adjustments import Adjustment, parse_adjustment
from .conventions import DEFAULT, convention as named_convention, parse_convention_tag, program_convention
from .contract import board_vulnerability, duplicate_score, parse_contract
from .errors import ScoringError
from .pbntool import CLI_METHODS, PbnBoard, PbnScoreError, to_json
from .session import BoardResults, Result, direction_fields, score_session
from .vpscales import VP_SCALES

METHOD_OF_POINTS = {"MATCH": "matchpoints", "BUTLER": "butler", "CROSS_IMP": "cross-imps"}
# Beyond any bridge score (13 down, redoubled, vulnerable: 7,600): a file with more is wrong.
MAX_TABLE_SCORE = 10_000
_SPLIT_PCT = re.compile(r"^A(\d{2,3})(\d{2,3})$")


def method_of(event: UsebioEvent) -> str:
    return METHOD_OF_POINTS[event.points_kind]


def _artificial(line: UsebioLine) -> tuple[Adjustment | None, Adjustment | None]:
    score = line.score.strip().upper().replace(" ", "")
    m = _SPLIT_PCT.match(score)
    if m and int(m.group(1)) + int(m.group(2)) <= 200 and len(score) in (5, 7):
        return Adjustment("%", float(m.group(1))), Adjustment("%", float(m.group(2)))
    ns = parse_adjustment(line.ns_score) if line.ns_score else None
    ew = parse_adjustment(line.ew_score) if line.ew_score else None
    if ns or ew:
        return ns, ew
    adj = parse_adjustment(score) if score.startswith("A") else None
    return adj, None


def line_result(board: str, line: UsebioLine) -> Result:
    """One traveller line as an oriented Result; PbnScoreError names board and line."""
    if line.tricks is not None and not 0 <= line.tricks <= 13:
        raise PbnScoreError(f"TRICKS {line.tricks!r}: a side takes 0 to 13" if line.tricks < 10 ** 6 else
                            "TRICKS is not 0 to 13", board, line.line)
    adj_ns, adj_ew = _artificial(line)
    ns, ew = line.sides  # pair numbers, or an individual's (North, South) and (East, West)
    contract, declarer = line.contract.strip().upper(), line.played_by
    try:
        if contract:
            con = parse_contract(contract)
            contract, declarer = str(con), ("" if con.passed else declarer)
            if not con.passed and declarer not in ("N", "E", "S", "W"):
                raise ScoringError(f"contract {contract} without PLAYED_BY (N, E, S or W)")
    except ScoringError as exc:
        raise PbnScoreError(str(exc), board, line.line) from None
    try:
        if adj_ns or adj_ew:
            score = line.score.strip()
            if re.fullmatch(r"-?\d+", score):  # a split score: the table result stands for one side
                return Result(ns, ew, int(score), adjusted_ns=adj_ns, adjusted_ew=adj_ew, contract=contract)
            return Result(ns, ew, adjusted_ns=adj_ns, adjusted_ew=adj_ew, contract=contract)
        if line.score.strip() not in ("",):
            score = float(line.score)
            if not math.isfinite(score) or abs(score) > MAX_TABLE_SCORE:
                raise ValueError(line.score)
            score = int(score) if score.is_integer() else score
        elif contract:
            con = parse_contract(contract)
            if con.passed:
                score = 0
            elif line.tricks is None:
                raise ScoringError(f"contract {contract} without TRICKS or SCORE")
            else:
                score = duplicate_score(con, declarer, line.tricks, board_vulnerability(int(board)))
        else:
            raise ScoringError("TRAVELLER_LINE with neither SCORE nor CONTRACT")
    except (ScoringError, ValueError) as exc:
        raise PbnScoreError(f"{exc}" if isinstance(exc, ScoringError) else f"SCORE {line.score[:12]!r} is not a score",
                            board, line.line) from None
    return Result(ns, ew, score, contract=contract, declarer=declarer,
                  tricks=None if contract == "Pass" else line.tricks)


def event_boards(event: UsebioEvent) -> list[BoardResults]:
    return [BoardResults(b.number, tuple(line_result(b.number, t) for t in b.lines)) for b in event.boards]


def convention_of(event: UsebioEvent, name: str | None = None):
    """The rule set: ``name`` when given, else the one Cardroom recorded in a file it wrote
    (``PROGRAM_VERSION`` "convention ruter;ties=shared"), else that of the program that wrote the
    file (``PROGRAM_NAME``, e.g. Compscore3), else Cardroom's."""
    if name:
        return named_convention(name)
    recorded = re.fullmatch(r"\s*convention\s+(\S+)\s*", event.program_version or "", re.I)
    if recorded and re.search(r"\bcardroom\b", event.program or "", re.I):
        try:
            return parse_convention_tag(recorded.group(1))
        except ScoringError as exc:
            raise ScoringError(f"PROGRAM_VERSION {event.program_version!r}: {exc}") from None
    return program_convention(event.program) or DEFAULT


def score_usebio(data: bytes | str, *, method: str | None = None, convention: str | None = None):
    """Read and score a USEBIO file: (event, boards as PbnBoard, SessionScore, two fields);
    ``convention_of(event, convention)`` names the rule set used."""
    event = read_usebio(data)
    rules = convention_of(event, convention)
    method = method or method_of(event)
    if method not in CLI_METHODS:
        raise ScoringError(f"bad method {method!r}: expected one of {', '.join(CLI_METHODS)}")
    boards = event_boards(event)
    ns = {r.ns for b in boards for r in b.results}
    ew = {r.ew for b in boards for r in b.results}
    two = not event.individual and not (ns & ew) and (
        event.winner_type == 2 or any(p.direction in ("NS", "EW") for p in event.pairs))
    fields = direction_fields(boards) if two else None
    session = score_session(boards, rules.method(method), fields=fields)
    empty = PbnGame(())
    wrapped = [PbnBoard(empty, str(b.board), b) for b in boards]
    return event, wrapped, session, two


def _place(text: str) -> str:
    return str(text).strip().rstrip("=")


def printed(event: UsebioEvent, session) -> dict:
    """The file's own standings and how many pairs Cardroom reproduces (place and total)."""
    imp = session.method in ("butler", "cross-imps")
    ours = {s.entrant: s for s in session.standings}
    rows, same = [], 0
    for p in event.pairs:
        value = p.total_score if imp or p.percentage is None else p.percentage
        st = ours.get(p.number)
        mine = None if st is None else (st.total if imp else st.percentage)
        agree = st is not None and value is not None and abs(round(mine, 2) - value) < 0.0051 and \
            (not p.place or _place(p.place) == _place(st.rank))
        same += agree
        rows.append({"player" if event.individual else "pair": p.number, "place": p.place or None, "score": value, "matches": agree})
    out = {"printed": rows, "matching": same, "pairs": len(event.pairs)}  # participants (players of an individual)
    if event.individual:
        out["players"] = len(event.pairs)
    return out


def to_usebio_json(event: UsebioEvent, boards, session, two: bool, convention: str | None = None) -> dict:
    out = to_json(session.method, boards, session, two, individual=event.individual)
    out.update(convention=convention_of(event, convention).name, source="usebio", program=event.program or None,
               event=event.description or None,
               date=event.date or None)
    out.update(printed(event, session))
    return out


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise _UsageError(f"{self.format_usage()}{self.prog}: error: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="usebio", description="Read, score, import and export USEBIO 1.2 XML.")
    sub = parser.add_subparsers(dest="action", required=True)
    score = sub.add_parser("score", help="rescore a USEBIO file; JSON as `pbn score`")
    score.add_argument("file")
    score.add_argument("--method", choices=CLI_METHODS, default=None,
                       help="default: the file's own (EVENT_TYPE / BOARD_SCORING_METHOD)")
    score.add_argument("--convention", default=None,
                       help="a program's rule set (ruter, compscore, ebuscore...); default: the file's PROGRAM_NAME")
    score.add_argument("--vp-scale", choices=tuple(VP_SCALES), default=None,
                       help="teams files: the VP scale (default: WBF 2013 continuous, or none when the file's "
                            "MATCH_SCORING_METHOD is IMPS)")
    score.add_argument("--boards", type=int, default=None,
                       help="teams files: boards per match for the VPs (default: each match's own boards)")
    score.add_argument("-o", "--output")
    imp = sub.add_parser("import", help="import the file as a finished event of a club")
    imp.add_argument("club", help="club slug")
    imp.add_argument("file")
    imp.add_argument("--vp-scale", choices=tuple(VP_SCALES), default=None,
                     help="teams files: the event's VP scale (default: WBF 2013 continuous)")
    exp = sub.add_parser("export", help="write a finished event as USEBIO 1.2 (or results PBN)")
    exp.add_argument("event", type=int, help="event id")
    exp.add_argument("--format", choices=("usebio", "pbn"), default="usebio")
    exp.add_argument("-o", "--output")
    return parser


def parse_args(argv: Sequence[str]):
    """(args, None) or (None, (exit code, text)) for usage errors and --help."""
    parser = build_parser()
    try:
        return parser.parse_args(list(argv)), None
    except _UsageError as exc:
        return None, (2, str(exc))
    except SystemExit:
        return None, (0, parser.format_help())


def score_teams_file(path: str, data: bytes, vp_scale: str | None = None, boards: int | None = None
                     ) -> tuple[int, str]:
    """``usebio score`` of a teams file: (exit code, JSON or the error naming element and line)."""
    from .usebioteams import score_usebio_teams

    try:
        out = score_usebio_teams(read_usebio_teams(data), vp_scale=vp_scale, boards=boards)
    except UsebioError as exc:
        return 2, f"{path}: line {exc.line}: {exc.message}" if exc.line else f"{path}: {exc.message}"
    except ScoringError as exc:  # PbnScoreError too: it names board and line
        return 2, f"{path}: {exc}"
    return 0, json.dumps(out, indent=1) + "\n"


def score_file(path: str, data: bytes, method: str | None = None, convention: str | None = None,
               vp_scale: str | None = None, boards: int | None = None) -> tuple[int, str]:
    try:
        teams = is_teams_type(usebio_event_type(data))
    except UsebioError as exc:
        return 2, f"{path}: line {exc.line}: {exc.message}" if exc.line else f"{path}: {exc.message}"
    if teams:
        return score_teams_file(path, data, vp_scale, boards)
    try:
        event, boards, session, two = score_usebio(data, method=method, convention=convention)
    except UsebioError as exc:
        return 2, f"{path}: line {exc.line}: {exc.message}" if exc.line else f"{path}: {exc.message}"
    except ScoringError as exc:
        return 2, f"{path}: {exc}"
    return 0, json.dumps(to_usebio_json(event, boards, session, two, convention), indent=1) + "\n"


def run(argv: Sequence[str]) -> tuple[int, str]:
    """``usebio score`` as a function: (exit code, stdout text or error)."""
    args, early = parse_args(argv)
    if early:
        return early
    if args.action != "score":
        return 2, f"usebio {args.action} needs the database: run it through manage.py"
    try:
        data = Path(args.file).read_bytes()
    except OSError as exc:
        return 2, f"{args.file}: cannot read: {exc.strerror or exc}"
    code, text = score_file(args.file, data, args.method, args.convention, args.vp_scale, args.boards)
    if code == 0 and args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        return 0, ""
    return code, text
