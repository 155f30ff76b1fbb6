"""Big fields scored a column at a time (NumPy): a session whose every result is a plain table
score (no artificial or split score, no fouled board, no absent side, no bye) gives the same
numbers as ``session.score_session``'s result-by-result path, float for float (the same
operations in the same order; the totals are summed board by board as that path sums them),
at array speed: an Epson-scale field (26 boards x 21,000 results) in a fraction of a second.

Each board's scores stay columns (``ResultScores``): a ``ResultScore`` is made when one is read.
"""
from __future__ import annotations

import gc
from collections.abc import Sequence
from contextlib import contextmanager
from itertools import chain
from typing import Mapping

import numpy as np

from .imps import cross_imps, datum, imps
from .session import BoardResults, BoardScore, Method, ResultScore, SessionScore, Tally, standings_of

_COLUMNS = ("mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew")


class ResultScores(Sequence):
    """A board's scored results as columns; reads as a tuple of ``ResultScore``."""

    __slots__ = ("_results", "_columns", "_lists")

    def __init__(self, results: tuple, columns: Mapping[str, np.ndarray]):
        self._results = results
        self._columns = dict(columns)
        self._lists: dict[str, list] | None = None

    def column(self, name: str) -> list:
        """One field of every result (e.g. "mp_ns"), as Python numbers (None where unset)."""
        if self._lists is None:
            self._lists = {k: v.tolist() for k, v in self._columns.items()}
        return self._lists[name] if name in self._lists else [None] * len(self._results)

    def __len__(self) -> int:
        return len(self._results)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        result = self._results[index]  # IndexError as a tuple's
        return ResultScore(result, **{k: v[index].item() for k, v in self._columns.items()})

    def __iter__(self):
        columns = [(k, self.column(k)) for k in self._columns]
        for i, result in enumerate(self._results):
            yield ResultScore(result, **{k: v[i] for k, v in columns})

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"ResultScores({len(self)} results)"


def score_columns(boards: Sequence[BoardResults], method: Method, *, fields: Mapping[str, str] | None = None,
                  tiebreaks: Sequence[Mapping[str, float]] = ()) -> SessionScore | None:
    """``score_session`` column by column, or None when the session is not plain: an artificial
    or split score, a fouled board, an absent side, an entrant that is not one name, a bye
    credited with IMPs, or rounding per board (those are scored result by result)."""
    with _collector_paused():
        return _score_columns(boards, method, fields=fields, tiebreaks=tiebreaks)


@contextmanager
def _collector_paused():
    """Pause Python's cyclic garbage collector while a big field is scored: the scoring makes
    no cycles, but its allocations would set off full collections that walk the caller's whole
    heap (an Epson field's 546,000 ``Result`` objects), costing more than the scoring itself."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _score_columns(boards: Sequence[BoardResults], method: Method, *, fields: Mapping[str, str] | None,
                   tiebreaks: Sequence[Mapping[str, float]]) -> SessionScore | None:
    if method.board_decimals is not None or (method.is_imps and method.bye_boards != "none" and
                                             any(b.byes for b in boards)):
        return None
    expected = max((len(b.results) for b in boards), default=0)
    sides: list[list[str]] = []
    values: list[np.ndarray] = []
    credit_tops: list[np.ndarray] = []
    comparisons: list[np.ndarray] = []
    board_scores = []
    for board in boards:
        results = board.results
        n = len(results)
        if not n or any([r.adjusted_ns or r.adjusted_ew for r in results]) or len({r.group for r in results}) != 1:
            return None
        pair_sides: list[str] = [""] * (2 * n)
        pair_sides[0::2] = [r.ns for r in results]
        pair_sides[1::2] = [r.ew for r in results]
        sides.append(pair_sides)
        listed = [r.score_ns for r in results]
        scores = np.array(listed, dtype=np.float64)
        if np.isnan(scores).any():  # None (an artificial score) reads as NaN
            return None
        n_expected = board.expected or max(expected, n)
        credit = np.empty(2 * n)
        if method.is_imps:
            ns, board_datum, compared = _imp_columns(listed, n_expected, method)
            credit[0::2], credit[1::2] = ns, -ns
            comparisons.append(np.full(2 * n, compared, dtype=np.int64))
            credit_tops.append(np.zeros(2 * n))
            board_scores.append(BoardScore(board.board, None, board_datum,
                                           ResultScores(results, {"imp_ns": ns, "imp_ew": -ns})))
        else:
            shown, shown_top, credited, credit_top = _mp_columns(scores, n_expected, method)
            credit[0::2], credit[1::2] = credited, credit_top - credited
            credit_tops.append(np.full(2 * n, credit_top))
            mp_ew = shown_top - shown
            pct = (lambda mp: 100 * mp / shown_top) if shown_top else (lambda mp: np.full(n, 50.0))
            board_scores.append(BoardScore(board.board, shown_top, None, ResultScores(
                results, {"mp_ns": shown, "mp_ew": mp_ew, "pct_ns": pct(shown), "pct_ew": pct(mp_ew)})))
        values.append(credit)
    index: dict[str, int] = {}
    number = index.setdefault
    who = np.array([number(e, len(index)) for e in chain.from_iterable(sides)], dtype=np.intp)
    if "" in index or any([type(e) is not str for e in index]):  # an absent side; players, not a pair
        return None
    size = len(index)
    # bincount adds in array order: each entrant's boards in board order, as the reference path does.
    totals = np.bincount(who, weights=np.concatenate(values), minlength=size).tolist()
    tops = np.bincount(who, weights=np.concatenate(credit_tops), minlength=size).tolist()
    played = np.bincount(who, minlength=size).tolist()
    compared = (np.bincount(who, weights=np.concatenate(comparisons), minlength=size).astype(np.int64).tolist()
                if comparisons else [0] * size)
    entrants = list(index)
    tally = Tally(dict(zip(entrants, totals)), dict(zip(entrants, tops)), dict(zip(entrants, played)),
                  dict(zip(entrants, compared)))
    standings = standings_of(method, tally.totals, tally.tops, tally.played, tally.compared,
                             fields=fields, tiebreaks=tiebreaks)
    return SessionScore(method.kind, tuple(board_scores), standings, tally)


_FACTORING = {"neuberg": "neuberg", "ties": "ties", "own-top": "none"}


def _matchpoints(scores: np.ndarray, unit: float) -> np.ndarray:
    """Law 78A by runs of equal scores: 2 per score beaten, 1 per tie (times ``unit``)."""
    _, where, counts = np.unique(scores, return_inverse=True, return_counts=True)
    below = np.cumsum(counts) - counts
    return ((2 * below + counts - 1) * unit)[where]


def _mp_columns(scores: np.ndarray, expected: int, method: Method):
    """As ``session._mp_board`` for one group of table scores: (shown, top, credited, credit top)."""
    unit = 1.0 if method.scale == "ebu" else 0.5
    n = len(scores)
    mps = _matchpoints(scores, unit)
    factoring = _FACTORING[method.short_boards]
    if factoring == "neuberg" and n != expected:
        mps = (mps + unit) * expected / n - unit
    elif factoring == "ties":
        mps = mps + (expected - n) * unit
    top = max(0, (expected if factoring != "none" else max(1, n)) - 1) * 2 * unit
    if method.short_boards != "own-top":
        return mps, top, mps, top
    credited = (mps + unit) * expected / n - unit if n != expected else mps
    return mps, top, credited, max(0, expected - 1) * 2 * unit


def _imp_columns(listed: list, expected: int, method: Method):
    """As ``session._imp_board`` for one group: (N-S IMPs, datum, comparisons per result)."""
    board_datum = datum(listed, drop=method.datum_drop, rounding=method.datum_rounding,
                        drop_percent=method.datum_drop_percent)
    m = len(listed)
    if method.kind == "butler":
        return np.array([float(imps(s - board_datum)) for s in listed]), board_datum, m - 1
    totals = np.array(cross_imps(listed), dtype=np.float64)
    style = method.cross_style
    if style == "average":
        values = totals / (m - 1) if m > 1 else np.zeros(m)
    elif style == "cross2":
        values = totals
    else:
        factored = m > 1 and (m < expected or (m > expected and method.factor_long))
        values = totals * ((expected - 1) / (m - 1) if factored else (1.0 if m > 1 else 0.0))
    return values, board_datum, m - 1
