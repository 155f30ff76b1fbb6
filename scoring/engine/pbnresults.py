"""Read a results file's ``ScoreTable`` rows into oriented results, as the programs write them.

Pairs (``PairId_NS``/``PairId_EW``) or individuals (``PlayerId_North`` ... ``PlayerId_West``).
Every raw score is recomputed from Contract/Declarer/Result and the board's vulnerability
(Law 77); arbitral scores (``A+``, ``A``, ``A-``, ``A60``, ``60%``, ``^``-prefixed, or a bare
percentage such as ``"50"`` where the contract goes) may stand in Contract, Score_NS or Score_EW;
a row with no contract but a score keeps that score; ``NP`` (not played) is listed, not scored.
A row with one side missing (``-``) is a bye when it says ``Bye`` or has no result (the present
side sat the board out), else a result against an absent pair (the present side's arbitral score);
a row of dashes only is skipped. Anything else stops with PbnScoreError naming board and line.

A file without ScoreTables may hold one game per table (Board, North ... West, Contract, Declarer,
Result), as JFR Pary and KOPS export: those games are the results.

``ResultsFile`` is what any results reader (PBN here, USEBIO in ``usebiotool``) hands the scorer:
the boards, the file's own scoring text and the program that wrote it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from tournaments.deals.located import located
from tournaments.deals.pbn import PbnGame, PbnTag, decode_pbn, read_pbn

from .adjustments import Adjustment, parse_adjustment
from .contract import board_vulnerability, duplicate_score, parse_contract, parse_vulnerability
from .errors import ScoringError
from .session import BoardResults, Result

_MISSING = ("", "-", "?", "--")
_BYE = ("BYE", "SITOUT", "SIT-OUT", "SITOUTS", "PAUSE")
_NOT_PLAYED = ("NP", "NOTPLAYED", "NOT PLAYED")
_SEATS = ("North", "South", "East", "West")
_CREATOR = re.compile(r"^%\s*(?:Creator|Generator|Application)\s*:?\s*(.+?)\s*$", re.I | re.M)
_VERSION = re.compile(r'^%\s*<META\s+name=Version\s+content="([^"]*)"', re.I | re.M)
PROGRESS_EVERY = 100  # boards between two progress reports


class PbnScoreError(ScoringError):
    def __init__(self, message: str, board: str | None = None, line: int | None = None):
        super().__init__(located(message, board=board, line=line))
        self.board, self.line = board, line


@dataclass(frozen=True)
class PbnBoard:
    game: PbnGame
    board: str
    results: BoardResults
    not_played: tuple[tuple[str, str], ...] = ()
    bye_sides: tuple[tuple[str, str], ...] = ()  # (entrant, "NS"/"EW") who sat the board out


@dataclass(frozen=True)
class ResultsFile:
    """A results file as read: its boards, ``[Scoring]`` text and writing program (None when unknown)."""

    boards: tuple[PbnBoard, ...]
    scoring: str | None = None
    program: str | None = None
    individual: bool = False
    version: str | None = None  # the program's version (Ruter's META Version), when the file says it
    recorded: str | None = None  # the rule set Cardroom recorded ([CardroomConvention]) in a file it wrote
    rank_tie: bool = False  # the file's TotalScoreTable has Ruter 4.9's RankTie column

    @property
    def file_rules(self) -> dict:
        """Rules the file's own tables show: a RankTie column means ties share their first place."""
        return {"ties": "shared"} if self.rank_tie else {}


def _score_cell(value: str) -> float | None:
    text = value.strip().upper().replace(" ", "")
    for prefix in ("NS", "EW"):
        if text.startswith(prefix):
            sign = 1 if prefix == "NS" else -1
            return sign * float(text[2:])
    return None if text in _MISSING else float(text)


def _arbitral(text: str, *, contract: bool = False) -> Adjustment | None:
    """An arbitral score in a cell; in the Contract column a bare 0-100 (``"50"``) is a percentage."""
    text = text.strip()
    if text in _MISSING:
        return None
    if contract and re.fullmatch(r"\d{1,3}(\.\d+)?", text) and float(text) <= 100:
        return Adjustment("%", float(text))
    return parse_adjustment(text)


def _side(row: dict[str, str], individual: bool, direction: str, board: str, line: int):
    """The entrant(s) of one side: a pair id, a (player, player) tuple, or "" when absent."""
    if not individual:
        value = row.get(f"PairId_{direction}", "").strip()
        return "" if value in _MISSING else value
    seats = _SEATS[:2] if direction == "NS" else _SEATS[2:]
    players = [row.get(f"PlayerId_{s}", "").strip() for s in seats]
    present = [p for p in players if p not in _MISSING]
    if present and len(present) < 2:
        raise PbnScoreError(f"{direction} has only one player ({present[0]})", board, line)
    return tuple(present) if present else ""


def _row(row: dict[str, str], vul: str, board: str, line: int, individual: bool):
    """("result", Result) | ("bye", [(entrant, direction)]) | ("not played", None) | ("skip", None)."""
    get = lambda col: row.get(col, "").strip()  # noqa: E731
    ns, ew = _side(row, individual, "NS", board, line), _side(row, individual, "EW", board, line)
    contract, declarer, tricks = get("Contract"), get("Declarer"), get("Result")
    cells = [get(c) for c in ("Contract", "Declarer", "Result", "Score_NS", "Score_EW")]
    said_bye = any(c.upper() in _BYE for c in cells)
    if not ns or not ew:
        present = [(e, d) for e, d in ((ns, "NS"), (ew, "EW")) if e]
        if not present:
            if said_bye or all(c in _MISSING for c in cells):
                return "skip", None
            raise PbnScoreError("result without PairId_NS and PairId_EW", board, line)
        if said_bye or all(c in _MISSING for c in cells):
            return "bye", present
        (entrant, direction), = present
        adj = (_arbitral(get(f"Score_{direction}")) or _arbitral(contract, contract=True)
               or _arbitral(get(f"Percentage_{direction}"), contract=True))
        if adj is None:
            missing = ("PairId_" if not individual else "PlayerIds of ") + ("EW" if direction == "NS" else "NS")
            raise PbnScoreError(f"result without {missing} (a bye says Bye or has no result; the opponents "
                                f"of an absent pair get an arbitral score such as A+ or 60%)", board, line)
        if direction == "NS":
            return "result", Result(ns, "", adjusted_ns=adj, contract=contract)
        return "result", Result("", ew, adjusted_ew=adj, contract=contract)
    if contract.upper() in _NOT_PLAYED or said_bye:
        return "not played", None
    adj_ns = _arbitral(get("Score_NS")) or _arbitral(contract, contract=True)
    adj_ew = _arbitral(get("Score_EW"))
    if adj_ns or adj_ew:
        return "result", Result(ns, ew, adjusted_ns=adj_ns, adjusted_ew=adj_ew, contract=contract)
    try:
        if contract not in _MISSING:
            con = parse_contract(contract)
            if con.passed:
                return "result", Result(ns, ew, 0, contract="Pass")
            if tricks in _MISSING:
                raise ScoringError(f"contract {contract} without a Result (tricks taken)")
            score = duplicate_score(con, declarer, tricks, vul)
            return "result", Result(ns, ew, score, contract=str(con), declarer=declarer.upper(), tricks=int(tricks))
        s_ns, s_ew = _score_cell(get("Score_NS")), _score_cell(get("Score_EW"))
    except (ScoringError, ValueError) as exc:
        raise PbnScoreError(str(exc), board, line) from None
    if s_ns is None and s_ew is None:
        raise PbnScoreError("result has neither a contract nor a score", board, line)
    score = s_ns if s_ns is not None else -s_ew
    return "result", Result(ns, ew, int(score) if float(score).is_integer() else score)


def _board(game: PbnGame, tag: PbnTag, board: str, individual: bool) -> PbnBoard:
    try:
        vul_text = game.value("Vulnerable")
        vul = parse_vulnerability(vul_text) if vul_text else board_vulnerability(int(board))
    except (ScoringError, ValueError) as exc:
        raise PbnScoreError(str(exc), board, game.line_of("Vulnerable")) from None
    results, not_played, byes = [], [], []
    for i, row in enumerate(tag.records()):
        kind, value = _row(row, vul, board, tag.row_line(i), individual)
        if kind == "result":
            results.append(value)
        elif kind == "bye":
            byes.extend(value)
        elif kind == "not played":
            not_played.append(tuple("-".join(s) if isinstance(s, tuple) else s
                                    for s in (_side(row, individual, "NS", board, 0),
                                              _side(row, individual, "EW", board, 0))))
    bye_names = tuple(e for entrant, _ in byes for e in (entrant if isinstance(entrant, tuple) else (entrant,)))
    return PbnBoard(game, board, BoardResults(board, tuple(results), byes=bye_names), tuple(not_played),
                    tuple((e if isinstance(e, str) else "-".join(e), d) for e, d in byes))


def read_boards(games: Sequence[PbnGame], progress: Callable[[str], None] | None = None) -> list[PbnBoard]:
    """Every game with a ScoreTable as oriented results (the cards as dealt); ``progress(text)``
    every PROGRESS_EVERY games."""
    out: list[PbnBoard] = []
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
        board = board.lstrip("0") or board  # "01" is board 1 (dealing programs pad)
        if board in seen:
            raise PbnScoreError(f"board appears twice (first at line {seen[board]})", board, tag.line)
        seen[board] = tag.line
        out.append(_board(game, tag, board, "PlayerId_North" in tag.columns))
    return out


def _side_of(game: PbnGame, first: str, second: str) -> str:
    """A pair as a per-table game names it: "Para-1" when both players carry the pair's name."""
    a, b = game.value(first) or "", game.value(second) or ""
    return a if a == b or not b else (b if not a else f"{a}-{b}")


def per_table_boards(games: Sequence[PbnGame]) -> list[PbnBoard]:
    """Results written one game per table (PBN's own way, as JFR Pary and KOPS export): every game
    with a Contract is a result of its Board, the pairs named by North/South and East/West."""
    by_board: dict[str, list[PbnGame]] = {}
    for game in games:
        if game.value("Contract") is not None and game.value("Board") is not None:
            board = game.value("Board")
            by_board.setdefault(board.lstrip("0") or board, []).append(game)
    out = []
    for board, played in by_board.items():
        results = []
        for game in played:
            line = game.line_of("Contract")
            row = {"PairId_NS": _side_of(game, "North", "South"), "PairId_EW": _side_of(game, "East", "West"),
                   "Contract": game.value("Contract") or "", "Declarer": game.value("Declarer") or "",
                   "Result": game.value("Result") or ""}
            if not row["PairId_NS"] or not row["PairId_EW"]:
                raise PbnScoreError("a result game without North/South or East/West names", board, line)
            try:
                vul_text = game.value("Vulnerable")
                vul = parse_vulnerability(vul_text) if vul_text else board_vulnerability(int(board))
            except (ScoringError, ValueError) as exc:
                raise PbnScoreError(str(exc), board, game.line_of("Vulnerable")) from None
            kind, value = _row(row, vul, board, line, False)
            if kind == "result":
                results.append(value)
        out.append(PbnBoard(played[0], board, BoardResults(board, tuple(results))))
    return out


def _first(games: Sequence[PbnGame], *names: str) -> str | None:
    for game in games:
        for name in names:
            if game.value(name):
                return game.value(name)
    return None


def read_results(data: bytes | str, progress: Callable[[str], None] | None = None) -> ResultsFile:
    """Read a PBN results file; PbnError (bad syntax, with a line) or PbnScoreError (bad result)."""
    text = decode_pbn(data)
    games = read_pbn(text)
    if progress is not None:
        progress(f"parsed {len(games)} games")
    boards = read_boards(games, progress) or per_table_boards(games)
    if not boards:
        raise PbnScoreError("no ScoreTable results found (nor games with a Contract, one per table)")
    creator = _CREATOR.search(text[:4000])
    program = _first(games, "Application", "Generator") or (creator.group(1) if creator else None)
    individual = any(b.game.tag("ScoreTable") is not None and "PlayerId_North" in b.game.tag("ScoreTable").columns
                     for b in boards)
    version = _VERSION.search(text[:4000])
    rank_tie = any(g.tag("TotalScoreTable") is not None and "RankTie" in g.tag("TotalScoreTable").columns
                   for g in games)
    return ResultsFile(tuple(boards), _first(games, "Scoring"), program, individual,
                       version.group(1) if version else None, _first(games, "CardroomConvention"), rank_tie)
