"""``pbn score``: rescore the ``ScoreTable`` results of a PBN file written by any scoring
program, and write JSON or a PBN with fresh ``ScoreTable`` and ``TotalScoreTable``.

The file is read by ``pbnresults`` (byes, absent pairs, arbitral scores, individuals); it is
scored the way the program that wrote it scores: the family from its ``[Scoring]``
(``MatchPoints;MP1``, ``IMP;Cross``, ``IMP;Butler-2;Mean``) and the rule set from its
``[Application]``/``[Generator]`` (``conventions``), unless ``--method`` or ``--convention`` says
otherwise; the JSON names both (``"method"``, ``"convention"``). A bad file stops the run with exit
code 2 naming board and line. A teams file (``TeamId_Home`` match rows, or ``HomeTeam`` games one per
table) is rescored by ``pbnteams`` instead: match IMPs, VPs on ``--vp-scale`` for ``--boards`` boards,
the ranking, and what the program printed beside them. Pure Python: ``manage.py pbn`` is a thin
wrapper over ``run``.
"""
from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

from tournaments.deals.pbn import PbnError, decode_pbn, read_pbn, write_pbn
from tournaments.deals.usebio import looks_like_xml

from .conventions import CONVENTIONS, Convention, convention_tag, resolve, scoring_tag
from .errors import ScoringError
from .pbnresults import PbnBoard, PbnScoreError, ResultsFile, read_boards, read_results
from .pbnteams import read_teams, score_teams, teams_shape
from .vpscales import VP_SCALES
from .session import BoardResults, SessionScore, direction_fields, score_session

__all__ = ["CLI_METHODS", "PbnBoard", "PbnScoreError", "build_parser", "read_boards", "run", "score_pbn",
           "score_pbn_file", "score_results", "to_json", "to_pbn"]

CLI_METHODS = ("matchpoints", "neuberg", "butler", "cross-imps")


def _numbered_per_direction(boards: Sequence[BoardResults]) -> bool:
    """Mitchell numbering: some board has the same pair number in both directions."""
    return any({r.ns for r in b.results if r.ns} & {r.ew for r in b.results if r.ew} for b in boards)


def _typed(boards: Sequence[PbnBoard]) -> list[BoardResults]:
    """Mitchell pair numbers are per direction: make "1" N-S and "1" E-W distinct entrants."""
    tag = lambda e, d: f"{e} {d}" if e else e  # noqa: E731
    return [BoardResults(b.results.board, tuple(
        replace(r, ns=tag(r.ns, "NS"), ew=tag(r.ew, "EW")) for r in b.results.results),
        b.results.expected, tuple(tag(e, d) for e, d in b.bye_sides)) for b in boards]


def score_results(parsed: ResultsFile, *, method: str | None = None, convention: str | None = None,
                  fields: str = "auto", progress: Callable[[str], None] | None = None):
    """Score a read results file: (family, Convention, SessionScore, two fields used)."""
    family, rules = resolve(parsed.scoring, parsed.program, method=method, name=convention, version=parsed.version,
                            recorded=parsed.recorded, file_rules=parsed.file_rules)
    oriented = [b.results for b in parsed.boards]
    per_direction = not parsed.individual and _numbered_per_direction(oriented)
    two = not parsed.individual and (fields == "two" or (fields == "auto" and per_direction))
    if two and per_direction:
        oriented = _typed(parsed.boards)
    if progress is not None:
        progress(f"scoring {len(oriented)} boards ({family}, {rules.name} rules)")
    session = score_session(oriented, family, convention=rules,
                            fields=direction_fields(oriented) if two else None)
    if progress is not None:
        progress(f"scored {len(oriented)} boards")
    return family, rules, session, two


def score_pbn_file(data: bytes | str, *, method: str | None = None, convention: str | None = None,
               fields: str = "auto", progress: Callable[[str], None] | None = None):
    """Read and score a PBN; returns (ResultsFile, family, Convention, SessionScore, two fields).
    ``progress(text)`` hears how far it got (a long file takes a while)."""
    if method is not None and method not in CLI_METHODS:
        raise ScoringError(f"bad method {method!r}: expected one of {', '.join(CLI_METHODS)}")
    parsed = read_results(data, progress)
    family, rules, session, two = score_results(parsed, method=method, convention=convention, fields=fields,
                                                progress=progress)
    return parsed, family, rules, session, two


def score_pbn(data: bytes | str, *, method: str | None = None, convention: str | None = None,
              fields: str = "auto", progress: Callable[[str], None] | None = None):
    """Read and score a PBN; returns (boards, SessionScore, two fields used)."""
    parsed, _, _, session, two = score_pbn_file(data, method=method, convention=convention, fields=fields,
                                            progress=progress)
    return list(parsed.boards), session, two


def _pair(entrant, two: bool):
    """A pair id as printed (a player list for an individual side, None for an absent side)."""
    if isinstance(entrant, tuple):
        return list(entrant) or None
    if not entrant:
        return None
    return entrant[:-3] if two and entrant[-3:] in (" NS", " EW") else entrant


def _r2(x: float | None) -> float | None:
    return None if x is None else round(x + 0.0, 2)


def to_json(method: str, boards: Sequence[PbnBoard], session: SessionScore, two: bool, *,
            convention: Convention | str = "cardroom", individual: bool = False) -> dict:
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
        if pb.bye_sides:
            entry["byes"] = [{"entrant": e, "direction": d} for e, d in pb.bye_sides]
        out_boards.append(entry)
    ranking = []
    for st in session.standings:
        item = {"rank": st.rank, "player" if individual else "pair": _pair(st.entrant, two),
                "total": _r2(st.total), "percentage": _r2(st.percentage), "boards": st.boards}
        if st.rank_tie:
            item["rank_tie"] = st.rank_tie
        if two:
            item["field"] = st.field
        ranking.append(item)
    name = convention if isinstance(convention, str) else convention.name
    family = "matchpoints" if method == "neuberg" else method
    return {"method": family, "convention": name, "boards": out_boards, "ranking": ranking}


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _cell(entrant) -> str:
    return "-" if entrant is None else ("-".join(entrant) if isinstance(entrant, list) else entrant)


def record_rules(game, family: str, rules: Convention):
    """A game with the tags that let Cardroom (and the programs) read back how it was scored:
    ``[Scoring]`` in the programs' words, ``[Application "Cardroom"]`` and Cardroom's own
    ``[CardroomConvention]`` (the rule set and any rule changed from it)."""
    return (game.with_tag("Scoring", scoring_tag(family, rules)).with_tag("Application", "Cardroom")
            .with_tag("CardroomConvention", convention_tag(rules)))


def total_rank_cells(standings) -> tuple[bool, list[list[str]]]:
    """Rank (and, when a place is shared, Ruter 4.9's RankTie: "25" "26"; "-" beside the others)
    for each standing, and whether the RankTie column is there."""
    tied = any(st.rank_tie for st in standings)
    if not tied:
        return False, [[st.rank] for st in standings]
    return True, [[st.rank.rstrip("="), st.rank_tie or "-"] for st in standings]


def to_pbn(boards: Sequence[PbnBoard], session: SessionScore, two: bool, *, family: str | None = None,
           rules: Convention | None = None) -> str:
    imp = session.method in ("butler", "cross-imps")
    individual = any(isinstance(r.result.ns, tuple) or isinstance(r.result.ew, tuple)
                     for bs in session.boards for r in bs.results)
    seats = ("North", "South", "East", "West")
    if individual:  # Ruter's individual columns: a player per seat, each player's points
        cols = "".join(f"PlayerId_{seat}\\2R;" for seat in seats)
    else:
        cols = "PairId_NS\\2R;PairId_EW\\2R;"
    cols += "Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;"
    kinds = ("IMP",) if imp else ("MP", "Percentage")
    if individual:
        cols += ";".join(f"{kind}_{seat}\\6R" for kind in kinds for seat in seats)
    else:
        cols += ";".join(f"{kind}_{side}\\6R" for kind in kinds for side in ("NS", "EW"))
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
            pairs = [rs.imp_ns, rs.imp_ew] if imp else [rs.mp_ns, rs.mp_ew, rs.pct_ns, rs.pct_ew]
            if individual:
                players = [*(r.ns or ("-", "-")), *(r.ew or ("-", "-"))]
                vals = [v for a, b in zip(pairs[::2], pairs[1::2]) for v in (a, a, b, b)]
                rows.append(players + head + [_fmt(v) for v in vals])
            else:
                rows.append([_cell(_pair(r.ns, two)), _cell(_pair(r.ew, two))] + head + [_fmt(v) for v in pairs])
        for entrant, direction in ([] if individual else pb.bye_sides):  # the sitting-out side, as Magic Contest writes it
            sides = [entrant, "-"] if direction == "NS" else ["-", entrant]
            rows.append(sides + ["-", "-", "-", "Bye", "Bye"] + ["-"] * (2 if imp else 4))
        game = pb.game if rules is None else record_rules(pb.game, family or session.method, rules)
        games.append(game.with_tag("ScoreTable", cols, rows))
    tied, rank_cells = total_rank_cells(session.standings)
    total_cols = "Rank\\3R;" + ("RankTie\\3R;" if tied else "") + ("PlayerId\\3R;" if individual else "PairId\\3R;") + (
        "Direction\\2R;" if two else "")
    total_cols += "TotalIMP\\8R;NrBoards\\3R" if imp else "TotalMP\\8R;TotalPercentage\\6R;NrBoards\\3R"
    total_rows = []
    for st, ranks in zip(session.standings, rank_cells):
        row = ranks + [_cell(_pair(st.entrant, two))] + ([st.field] if two else [])
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
    score.add_argument("--method", choices=CLI_METHODS,
                       help="override the file's [Scoring] (default: what the file says, else matchpoints)")
    score.add_argument("--convention", choices=tuple(CONVENTIONS),
                       help="score by this program's rules (default: the program named in the file's "
                            "[Application]/[Generator], else Cardroom's)")
    score.add_argument("--format", choices=("json", "pbn"), default="json")
    score.add_argument("--fields", choices=("auto", "one", "two"), default="auto",
                       help="two: rank N-S and E-W separately (Mitchell); auto: two when pair numbers "
                            "are per direction (the same number on both sides of a board)")
    score.add_argument("--vp-scale", choices=tuple(VP_SCALES),
                       help="teams files: the VP scale (default wbf_continuous, the WBF 2013 scale)")
    score.add_argument("--boards", type=int, metavar="N",
                       help="teams files: boards in a match (needed when the file gives match IMPs only)")
    score.add_argument("-o", "--output", help="write here instead of returning the text")
    return parser


_TEAMS_MARKS = (b"teamid_home", b"hometeam")


def _teams_games(data: bytes):
    """The parsed games when ``data`` is a teams file (match rows or one game per table), else None."""
    if not any(mark in data[:4_000_000].lower() for mark in _TEAMS_MARKS):
        return None, None
    games = read_pbn(decode_pbn(data))
    shape = teams_shape(games)
    return (games, shape) if shape else (None, None)


def _run_teams(args, games, shape, progress) -> tuple[int, str]:
    if args.method or args.convention or args.format != "json":
        return 2, (f"{args.file}: a teams file is scored by IMPs and victory points and written as JSON; "
                   "--method, --convention and --format pbn are for pairs files")
    parsed = read_teams(games, shape)
    if progress is not None:
        progress(f"scoring {len(parsed.matches)} matches")
    result = score_teams(parsed, vp_scale=args.vp_scale or "wbf_continuous", boards=args.boards)
    return 0, json.dumps(result, indent=1, ensure_ascii=False) + "\n"


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
        from .usebiotool import score_file as score_usebio_file
        return score_usebio_file(args.file, data, args.method, args.convention)
    try:
        games, shape = _teams_games(data)
        if games is not None:
            code, text = _run_teams(args, games, shape, progress)
            if code or not args.output:
                return code, text
            Path(args.output).write_text(text, encoding="utf-8")
            return 0, ""
        if args.vp_scale or args.boards is not None:
            return 2, f"{args.file}: --vp-scale and --boards are for teams files (no TeamId_Home or HomeTeam here)"
        parsed, family, rules, session, two = score_pbn_file(data, method=args.method, convention=args.convention,
                                                             fields=args.fields, progress=progress)
    except PbnError as exc:
        return 2, f"{args.file}: line {exc.line}: {exc.message}" if exc.line else f"{args.file}: {exc.message}"
    except ScoringError as exc:
        return 2, f"{args.file}: {exc}"
    if args.format == "json":
        text = json.dumps(to_json(family, parsed.boards, session, two, convention=rules,
                                  individual=parsed.individual), indent=1) + "\n"
    else:
        text = to_pbn(parsed.boards, session, two, family=family, rules=rules)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8" if args.format == "json" else "latin-1",
                                     errors="strict" if args.format == "json" else "replace")
        return 0, ""
    return 0, text
