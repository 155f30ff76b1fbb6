"""Scoring a session: data in (boards of oriented results), data out (per-result scores,
per-entrant totals, percentages, boards played and ranks). Deterministic, no I/O.

Orientation is the caller's job: ``Result.ns`` is the entrant who held the N-S cards of the
board *as dealt*, so arrow-switched rounds are compared with the results of the same cards.
Entrants may be pairs, teams or (for individual events) tuples of players, every player of a
side receiving the side's score. Two-winner movements pass ``fields`` (e.g. from
``direction_fields``) so each field is ranked on its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterable, Mapping, Sequence

from .adjustments import Adjustment
from .errors import ScoringError
from .imps import cross_imps, datum, imps
from .matchpoints import board_matchpoints, matchpoints
from .ranking import natural_key, rank

METHODS = ("matchpoints", "neuberg", "butler", "cross-imps")


@dataclass(frozen=True)
class Result:
    """One table's result on one board; ``score_ns`` is None for an artificial score. A split
    score keeps ``score_ns`` (compared as usual, kept by one side) and adjusts the other side."""

    ns: str | tuple[str, ...]
    ew: str | tuple[str, ...]
    score_ns: float | None = None
    adjusted_ns: Adjustment | None = None
    adjusted_ew: Adjustment | None = None
    group: Hashable = ""  # fouled board: results obtained with the same cards share a group
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None

    def __post_init__(self) -> None:
        adjusted = self.adjusted_ns is not None or self.adjusted_ew is not None
        if not adjusted and self.score_ns is None:
            raise ScoringError(f"result {self.ns} v {self.ew}: give either a score or adjusted scores")
        if self.score_ns is not None and self.adjusted_ns is not None and self.adjusted_ew is not None:
            raise ScoringError(f"result {self.ns} v {self.ew}: with a table score, adjust one side only")
        artificial = self.score_ns is None
        if artificial and (self.adjusted_ns is None or self.adjusted_ew is None):
            ns = self.adjusted_ns or self.adjusted_ew.complement()
            ew = self.adjusted_ew or self.adjusted_ns.complement()
            object.__setattr__(self, "adjusted_ns", ns)
            object.__setattr__(self, "adjusted_ew", ew)

    @property
    def artificial(self) -> bool:
        return self.score_ns is None

    @property
    def split(self) -> bool:
        """A split score (Law 12C): one side keeps the table result, the other is adjusted."""
        return self.score_ns is not None and (self.adjusted_ns is not None or self.adjusted_ew is not None)


@dataclass(frozen=True)
class BoardResults:
    board: str | int
    results: tuple[Result, ...]
    expected: int | None = None  # results the board should have had; default: the session's most


@dataclass(frozen=True)
class Method:
    """How to compare: ``kind`` in METHODS; matchpoint ``scale`` "ebu"/"acbl"; Butler ``datum_drop``;
    cross-IMPs as a ``cross_imps_average`` (divided by comparisons) or a factored total."""

    kind: str = "matchpoints"
    scale: str = "ebu"
    datum_drop: int = 1
    cross_imps_average: bool = True

    def __post_init__(self) -> None:
        if self.kind not in METHODS:
            raise ScoringError(f"bad method {self.kind!r}: expected one of {', '.join(METHODS)}")

    @property
    def is_imps(self) -> bool:
        return self.kind in ("butler", "cross-imps")


@dataclass(frozen=True)
class ResultScore:
    result: Result
    mp_ns: float | None = None
    mp_ew: float | None = None
    pct_ns: float | None = None
    pct_ew: float | None = None
    imp_ns: float | None = None
    imp_ew: float | None = None


@dataclass(frozen=True)
class BoardScore:
    board: str | int
    top: float | None
    datum: int | None
    results: tuple[ResultScore, ...]


@dataclass(frozen=True)
class Standing:
    rank: str
    entrant: str
    total: float
    top: float | None
    percentage: float | None
    boards: int
    field: str = ""


@dataclass(frozen=True)
class SessionScore:
    method: str
    boards: tuple[BoardScore, ...]
    standings: tuple[Standing, ...] = field(default_factory=tuple)


def _members(side: str | tuple[str, ...]) -> tuple[str, ...]:
    return side if isinstance(side, tuple) else (side,)


def direction_fields(boards: Sequence[BoardResults]) -> dict[str, str]:
    """Entrant -> "NS" or "EW" for a two-winner movement; an entrant seen both ways is an error."""
    out: dict[str, str] = {}
    for board in boards:
        for r in board.results:
            for direction, side in (("NS", r.ns), ("EW", r.ew)):
                for e in _members(side):
                    if out.setdefault(e, direction) != direction:
                        raise ScoringError(f"{e} sat both N-S and E-W: not a two-winner field")
    return out


def seating_fields(seatings: Iterable[tuple[str, str]],
                   boards: Sequence[BoardResults] = ()) -> dict[str, str]:
    """Entrant -> "NS" or "EW" for a two-winner movement, from where the *movement* seats each
    entrant (``seatings``: its (ns, ew) pairs). A result played the other way round (a missed
    arrow switch) then keeps each pair in its own field: its N-S score is compared with the
    other N-S scores of the board and counted in the pair's home field, as scoring programs
    do. Entrants the movement never seats take the direction they sat in ``boards``."""
    out: dict[str, str] = {}
    for ns, ew in seatings:
        for direction, e in (("NS", ns), ("EW", ew)):
            if out.setdefault(e, direction) != direction:
                raise ScoringError(f"the movement seats {e} both N-S and E-W: not a two-winner movement")
    for board in boards:
        for r in board.results:
            for direction, side in (("NS", r.ns), ("EW", r.ew)):
                for e in _members(side):
                    out.setdefault(e, direction)
    return out


def seated_against_field(result: Result, fields: Mapping[str, str]) -> bool:
    """True when the result's pairs sat the other way round from their fields (missed arrow switch)."""
    return any(fields.get(e) == "EW" for e in _members(result.ns)) or \
        any(fields.get(e) == "NS" for e in _members(result.ew))


def _expected(boards: Sequence[BoardResults]) -> int:
    return max((len(b.results) for b in boards), default=0)


def _mp_board(board: BoardResults, expected: int, method: Method):
    n = board.expected or max(expected, len(board.results))
    mps, board_top = board_matchpoints(
        [r.score_ns for r in board.results], groups=[r.group for r in board.results],
        expected=n, scale=method.scale,
    )
    return mps, board_top


def _imp_board(board: BoardResults, expected: int, method: Method):
    groups: dict[Hashable, list[int]] = {}
    for i, r in enumerate(board.results):
        if not r.artificial:
            groups.setdefault(r.group, []).append(i)
    out: list[float | None] = [None] * len(board.results)
    board_datum = None
    n_expected = board.expected or max(expected, len(board.results))
    for label, idx in groups.items():
        scores = [board.results[i].score_ns for i in idx]
        d = datum(scores, drop=method.datum_drop)
        if board_datum is None or label == "":
            board_datum = d
        if method.kind == "butler":
            values = [float(imps(s - d)) for s in scores]
        else:
            totals = cross_imps(scores)
            if method.cross_imps_average:
                values = [t / (len(idx) - 1) if len(idx) > 1 else 0.0 for t in totals]
            else:
                factor = (n_expected - 1) / (len(idx) - 1) if len(idx) > 1 else 0.0
                values = [t * factor for t in totals]
        for i, v in zip(idx, values):
            out[i] = v
    return out, board_datum, n_expected


def score_session(
    boards: Sequence[BoardResults],
    method: str | Method = "matchpoints",
    *,
    fields: Mapping[str, str] | None = None,
    tiebreaks: Sequence[Mapping[str, float]] = (),
) -> SessionScore:
    """Score every board and rank the entrants.

    Matchpoints: each board is Neuberg-factored to its expected number of results (artificial
    results excluded from the comparison and given their Law 12C percentage of the top,
    Average-plus/minus using the entrant's percentage on its other boards; a split score's
    table result stays in the comparison for the side that keeps it). IMPs: Butler
    against the datum or cross-IMPs; artificial scores count their IMP equivalent.
    Standings: MP events rank by percentage (Sum MP / Sum top), IMP events by total IMPs.
    """
    method = method if isinstance(method, Method) else Method(str(method))
    imp = method.is_imps
    expected = _expected(boards)
    raw: list[tuple[BoardResults, list, float | None, int | None, int]] = []
    totals: dict[str, float] = {}
    tops: dict[str, float] = {}
    played: dict[str, int] = {}

    def credit(side, value, board_top):
        for e in _members(side):
            totals[e] = totals.get(e, 0.0) + value
            tops[e] = tops.get(e, 0.0) + (board_top or 0.0)
            played[e] = played.get(e, 0) + 1

    for board in boards:
        if imp:
            values, board_datum, n = _imp_board(board, expected, method)
            board_top = None
        else:
            values, board_top = _mp_board(board, expected, method)
            board_datum, n = None, None
        raw.append((board, values, board_top, board_datum, n))
        board_top_or_0 = board_top or 0.0
        for r, v in zip(board.results, values):
            if v is None:
                continue
            for side, value, adjusted in ((r.ns, v, r.adjusted_ns),
                                          (r.ew, (board_top - v) if board_top is not None else -v, r.adjusted_ew)):
                if adjusted is not None:
                    continue  # a split score: this side's adjustment is credited below
                for e in (side if isinstance(side, tuple) else (side,)):
                    totals[e] = totals.get(e, 0.0) + value
                    tops[e] = tops.get(e, 0.0) + board_top_or_0
                    played[e] = played.get(e, 0) + 1

    session_pct = {e: 100 * totals[e] / tops[e] for e in totals if tops.get(e)}

    def side_pct(side) -> float | None:
        known = [session_pct[e] for e in _members(side) if e in session_pct]
        return sum(known) / len(known) if known else None

    board_scores = []
    for board, values, board_top, board_datum, n in raw:
        scored = []
        for r, v in zip(board.results, values):
            if imp:
                if r.artificial:
                    per = 1 if (method.kind == "butler" or method.cross_imps_average) else max(1, n - 1)
                    ins, iew = r.adjusted_ns.imps() * per, r.adjusted_ew.imps() * per
                    credit(r.ns, ins, None)
                    credit(r.ew, iew, None)
                else:
                    ins, iew = v, -v
                    if r.split:
                        per = 1 if (method.kind == "butler" or method.cross_imps_average) else max(1, n - 1)
                        if r.adjusted_ns is not None:
                            ins = r.adjusted_ns.imps() * per
                            credit(r.ns, ins, None)
                        else:
                            iew = r.adjusted_ew.imps() * per
                            credit(r.ew, iew, None)
                scored.append(ResultScore(r, imp_ns=ins, imp_ew=iew))
                continue
            if r.artificial:
                p_ns = r.adjusted_ns.mp_percent(side_pct(r.ns))
                p_ew = r.adjusted_ew.mp_percent(side_pct(r.ew))
                mp_ns, mp_ew = board_top * p_ns / 100, board_top * p_ew / 100
                credit(r.ns, mp_ns, board_top)
                credit(r.ew, mp_ew, board_top)
            else:
                mp_ns, mp_ew = v, board_top - v
                if r.adjusted_ns is not None:
                    mp_ns = board_top * r.adjusted_ns.mp_percent(side_pct(r.ns)) / 100
                    credit(r.ns, mp_ns, board_top)
                elif r.adjusted_ew is not None:
                    mp_ew = board_top * r.adjusted_ew.mp_percent(side_pct(r.ew)) / 100
                    credit(r.ew, mp_ew, board_top)
            pct = (lambda mp: 100 * mp / board_top if board_top else 50.0)
            scored.append(ResultScore(r, mp_ns=mp_ns, mp_ew=mp_ew, pct_ns=pct(mp_ns), pct_ew=pct(mp_ew)))
        board_scores.append(BoardScore(board.board, board_top, board_datum, tuple(scored)))

    standings = []
    field_of = dict(fields or {})
    by_field: dict[str, dict[str, float]] = {}
    for e in totals:
        value = totals[e] if imp else (100 * totals[e] / tops[e] if tops[e] else 50.0)
        by_field.setdefault(field_of.get(e, ""), {})[e] = value
    for label in sorted(by_field, key=natural_key):
        for position, e in rank(by_field[label], tiebreaks=tiebreaks):
            pct = None if imp else by_field[label][e]
            standings.append(Standing(position, e, totals[e], None if imp else tops[e],
                                      pct, played[e], label))
    return SessionScore(method.kind, tuple(board_scores), tuple(standings))


__all__ = [
    "BoardResults", "BoardScore", "Method", "METHODS", "Result", "ResultScore", "SessionScore",
    "Standing", "direction_fields", "matchpoints", "score_session", "seated_against_field", "seating_fields",
]
