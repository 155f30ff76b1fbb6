"""Big fields scored a column at a time (NumPy): a session whose every result is a plain table
score (no artificial or split score, no fouled board, no absent side, no bye) gives the same
numbers as ``session.score_session``'s result-by-result path, float for float (the same
operations in the same order; the totals are summed board by board as that path sums them),
at array speed: an Epson-scale field (26 boards x 21,000 results) in a fraction of a second.

Each board's scores stay columns (``ResultScores``) and so do the standings (``Standings``): a
``ResultScore`` or ``Standing`` is made when one is read. Matchpoints, cross-IMPs and Butler IMPs
are array operations per board; each entrant is numbered once (a board listing the same entrants in
the same order as the one before reuses its numbers) and its totals added with ``np.add.at``.
"""
from __future__ import annotations

import gc
from abc import abstractmethod
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from functools import partial
from operator import itemgetter
from typing import Mapping

import numpy as np

from .imps import IMP_THRESHOLDS, datum
from .ranking import natural_key, rank_order, rounded, tie_ends
from .session import (BoardResults, BoardScore, Method, ResultScore, SessionScore, Standing, Tally,
                      standings_of)

_COLUMNS = ("mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew")


class _Columns(Sequence):
    """Rows kept as columns (NumPy arrays, or callables that make one when first read); an item
    is made when one is read (``_row``). Compares equal to any sequence of the same items."""

    __slots__ = ("_columns", "_lists")

    def __init__(self, columns: Mapping[str, np.ndarray | Callable[[], np.ndarray]]):
        self._columns = dict(columns)
        self._lists: dict[str, list] | None = None

    def _array(self, name: str) -> np.ndarray:
        value = self._columns[name]
        if callable(value):
            value = self._columns[name] = value()
        return value

    def _all(self) -> dict[str, list]:
        if self._lists is None:
            self._lists = {k: (v if type(v) is list else self._array(k).tolist()) for k, v in self._columns.items()}
        return self._lists

    @abstractmethod
    def _row(self, index: int, values: dict):
        """One item made from its row's values: each kind of columns makes its own."""

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if not -len(self) <= index < len(self):
            raise IndexError(f"{type(self).__name__} index out of range")
        index = index % len(self)
        return self._row(index, {k: v[index] if type(v) is list else self._array(k)[index].item()
                                 for k, v in self._columns.items()})

    def __iter__(self):
        columns = list(self._all().items())
        for i in range(len(self)):
            yield self._row(i, {k: v[i] for k, v in columns})

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))


class ResultScores(_Columns):
    """A board's scored results as columns; reads as a tuple of ``ResultScore``."""

    __slots__ = ("_results",)

    def __init__(self, results: tuple, columns: Mapping[str, np.ndarray | Callable[[], np.ndarray]]):
        super().__init__(columns)
        self._results = results

    def column(self, name: str) -> list:
        """One field of every result (e.g. "mp_ns"), as Python numbers (None where unset)."""
        lists = self._all()
        return lists[name] if name in lists else [None] * len(self._results)

    def _row(self, index: int, values: dict) -> ResultScore:
        return ResultScore(self._results[index], **values)

    def __len__(self) -> int:
        return len(self._results)

    def __repr__(self) -> str:
        return f"ResultScores({len(self)} results)"


class Standings(_Columns):
    """A session's standings as columns (rank, entrant, total, top, percentage, boards, field, rank_tie);
    reads as a tuple of ``Standing``."""

    __slots__ = ("_size",)

    def __init__(self, columns: Mapping[str, list]):
        super().__init__(columns)
        self._size = len(columns["rank"])

    def _row(self, index: int, values: dict) -> Standing:
        return Standing(**values)

    def __len__(self) -> int:
        return self._size

    def __repr__(self) -> str:
        return f"Standings({len(self)} entrants)"


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
    index: dict = {}
    # Each entrant's totals, added board by board in the reference path's order (np.add.at adds
    # in array order, one element at a time); the arrays grow as entrants appear.
    totals, tops = np.zeros(0), np.zeros(0)
    played, compared = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    board_scores = []
    seated: list = []
    seated_ids = None
    for board in boards:
        results = board.results
        n = len(results)
        groups = [r.group for r in results if r.adjusted_ns is None and r.adjusted_ew is None]
        if not n or len(groups) != n or groups.count(groups[0]) != n:  # an adjusted score; a fouled board
            return None
        sides: list = [None] * (2 * n)
        sides[0::2] = [r.ns for r in results]
        sides[1::2] = [r.ew for r in results]
        if sides != seated:  # boards that list the same entrants in the same order share their numbers
            seated, seated_ids = sides, _numbered(sides, index)
            if len(index) > len(totals):
                totals, tops, played, compared = (np.concatenate((a, np.zeros(len(index) - len(a), a.dtype)))
                                                  for a in (totals, tops, played, compared))
        scores = np.array([r.score_ns for r in results], dtype=np.float64)
        if np.isnan(scores).any():  # None (an artificial score) reads as NaN
            return None
        n_expected = board.expected or max(expected, n)
        credit = np.empty(2 * n)
        if method.is_imps:
            ns, board_datum, comparisons = _imp_columns(scores, n_expected, method)
            credit[0::2], credit[1::2] = ns, -ns
            np.add.at(compared, seated_ids, comparisons)
            credit_top = 0.0
            board_scores.append(BoardScore(board.board, None, board_datum,
                                           ResultScores(results, {"imp_ns": ns, "imp_ew": partial(np.negative, ns)})))
        else:
            shown, shown_top, credited, credit_top = _mp_columns(scores, n_expected, method)
            credit[0::2], credit[1::2] = credited, credit_top - credited
            board_scores.append(BoardScore(board.board, shown_top, None,
                                           ResultScores(results, _mp_shown(shown, shown_top))))
        np.add.at(totals, seated_ids, credit)
        np.add.at(tops, seated_ids, credit_top)
        np.add.at(played, seated_ids, 1)
    if "" in index or any([type(e) is not str for e in index]):  # an absent side; players, not a pair
        return None
    entrants = list(index)
    tally = Tally(dict(zip(entrants, totals.tolist())), dict(zip(entrants, tops.tolist())),
                  dict(zip(entrants, played.tolist())), dict(zip(entrants, compared.tolist())))
    if tiebreaks:
        standings = standings_of(method, tally.totals, tally.tops, tally.played, tally.compared,
                                 fields=fields, tiebreaks=tiebreaks)
    else:
        standings = _standings(method, entrants, totals, tops, played, compared, fields)
    return SessionScore(method.kind, tuple(board_scores), standings, tally)


def _numbered(sides: list, index: dict) -> np.ndarray:
    """Each side's entrant number (``sides`` has two or more), numbering new entrants in the order
    they first appear; one lookup each when the board brings no new entrant."""
    try:
        found = itemgetter(*sides)(index)
    except KeyError:
        fresh = [e for e in dict.fromkeys(sides) if e not in index]
        index.update(zip(fresh, range(len(index), len(index) + len(fresh))))
        found = itemgetter(*sides)(index)
    return np.array(found, dtype=np.intp)


def _mp_shown(shown: np.ndarray, top: float) -> dict:
    """A board's matchpoint columns; E-W's and the percentages are made when first read."""
    if top:
        return {"mp_ns": shown, "mp_ew": lambda: top - shown, "pct_ns": lambda: 100 * shown / top,
                "pct_ew": lambda: 100 * (top - shown) / top}
    return {"mp_ns": shown, "mp_ew": lambda: top - shown, "pct_ns": lambda: np.full(len(shown), 50.0),
            "pct_ew": lambda: np.full(len(shown), 50.0)}


def _standings(method: Method, entrants: list, totals: np.ndarray, tops: np.ndarray, played: np.ndarray,
               compared: np.ndarray, fields: Mapping[str, str] | None) -> "Standings":
    """``session.standings_of`` (without tie-breaks) on arrays: the same ranks, order and numbers."""
    imp = method.is_imps
    cross2 = method.kind == "cross-imps" and method.cross_style == "cross2"
    if not imp:
        with np.errstate(divide="ignore", invalid="ignore"):
            values = np.where(tops != 0, 100 * totals / tops, 50.0)
    elif cross2:
        with np.errstate(divide="ignore", invalid="ignore"):
            values = np.where(compared != 0, totals / compared, totals)
    else:
        values = totals
    if fields:
        labels = [fields.get(e, "") for e in entrants]
        members: dict[str, list[int]] = {}
        for i, label in enumerate(labels):
            members.setdefault(label, []).append(i)
        parts = [(label, np.array(members[label], dtype=np.intp)) for label in sorted(members, key=natural_key)]
    else:
        parts = [("", None)]
    own_top = method.short_boards == "own-top" and not imp
    shown_total = values if cross2 else totals
    keys = -rounded(values, method.rank_decimals)
    columns: dict[str, list] = {k: [] for k in ("rank", "entrant", "total", "top", "percentage", "boards", "field",
                                                "rank_tie")}
    for label, where in parts:
        names = entrants if where is None else [entrants[i] for i in where.tolist()]
        part_keys = keys if where is None else keys[where]
        ranks, order = rank_order(names, part_keys, method.ties)
        rows = order if where is None else where[order]
        total, top = shown_total[rows], tops[rows]
        boards = played[rows]
        if own_top:
            full = boards.max()
            short = boards < full
            total = np.where(short, total * full / boards, total)
            top = np.where(short, top * full / boards, top)
        columns["rank"] += ranks
        columns["entrant"] += map(names.__getitem__, order.tolist())
        columns["total"] += total.tolist()
        columns["top"] += [None] * len(rows) if imp else top.tolist()
        columns["percentage"] += [None] * len(rows) if imp else values[rows].tolist()
        columns["boards"] += boards.tolist()
        columns["field"] += [label] * len(rows)
        ends = tie_ends(zip(ranks, ranks))
        columns["rank_tie"] += [ends.get(r, "") for r in ranks] if ends else [""] * len(rows)
    return Standings(columns)


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


def _imp_columns(scores: np.ndarray, expected: int, method: Method):
    """As ``session._imp_board`` for one group: (N-S IMPs, datum, comparisons per result)."""
    ordered = np.sort(scores)
    # The datum of the same numbers (whole points are exact as floats; ``datum`` re-sorts a sorted list in one pass).
    board_datum = datum(ordered.tolist(), drop=method.datum_drop, rounding=method.datum_rounding,
                        drop_percent=method.datum_drop_percent)
    m = len(scores)
    if method.kind == "butler":
        return _imps(scores - board_datum), board_datum, m - 1
    totals = _cross_imps(scores, ordered)
    style = method.cross_style
    if style == "average":
        values = totals / (m - 1) if m > 1 else np.zeros(m)
    elif style == "cross2":
        values = totals
    else:
        factored = m > 1 and (m < expected or (m > expected and method.factor_long))
        values = totals * ((expected - 1) / (m - 1) if factored else (1.0 if m > 1 else 0.0))
    return values, board_datum, m - 1


_EDGES = np.array(IMP_THRESHOLDS, dtype=np.float64)


def _imps(differences: np.ndarray) -> np.ndarray:
    """``imps.imps`` of each difference (as floats): the number of table edges not above |d|, signed."""
    value = np.searchsorted(_EDGES, np.abs(differences), side="right").astype(np.float64)
    return np.where(differences >= 0, value, -value)


def _cross_imps(scores: np.ndarray, ordered: np.ndarray) -> np.ndarray:
    """``imps.cross_imps`` (as floats): per distinct score, sum over the table edges L of
    #{s <= x - L} - #{s >= x + L}, by binary searches in the sorted scores."""
    distinct, where = np.unique(scores, return_inverse=True)
    below = np.searchsorted(ordered, distinct[:, None] - _EDGES, side="right")
    above = len(ordered) - np.searchsorted(ordered, distinct[:, None] + _EDGES, side="left")
    return (below - above).sum(axis=1).astype(np.float64)[where]
