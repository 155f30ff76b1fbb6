"""The books' comparative methods, before matchpoints: each pair's total against the
average of its own direction.

Standard Hoyle, Duplicate Bridge: "Say the average is 250 and No. 4's score was 380, the
average taken from 380 would leave 130 for No. 4." Foster's Complete Hoyle, compass whist:
each pair totals the tricks it won and is scored plus or minus its direction's average.
``books_session`` scores a whole session by these methods, in the same shape as
``score_session``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from .errors import ScoringError
from .ranking import rank
from .session import BoardResults, BoardScore, ResultScore, SessionScore, Standing

BOOKS_METHODS = ("average", "total_tricks")


def above_average(totals: Mapping[str, float]) -> dict[str, float]:
    """Each entrant's total less the mean total of the entrants given (one direction)."""
    if not totals:
        return {}
    mean = sum(Fraction(v) for v in totals.values()) / len(totals)
    return {k: float(Fraction(v) - mean) for k, v in totals.items()}


def plus_minus_the_average(boards: Iterable[Sequence[tuple[str, str, float]]]
                           ) -> tuple[list[list[float]], dict[str, float], dict[str, int]]:
    """The books' method board by board, so a session part-played reads as the travellers do.

    Each board's results ``(ns, ew, score_ns)`` score N-S plus or minus the board's N-S average
    and E-W the opposite; a pair's total is the sum over the boards it played that were compared
    (two or more results). When every pair of a direction has played the same boards, as at the
    end of a Mitchell, this equals Standard Hoyle's "net total less its direction's average"
    (Duplicate Bridge, L3437-3441): the sum of (score - board mean) is net less the sum of the
    means, which is the direction's average. Returns (per-board plus/minus per result, entrant ->
    total, entrant -> boards compared)."""
    per_board: list[list[float]] = []
    totals: dict[str, float] = {}
    compared: dict[str, int] = {}
    for results in boards:
        results = list(results)
        if len(results) < 2:
            per_board.append([0.0] * len(results))
            continue
        mean = sum(Fraction(score) for _ns, _ew, score in results) / len(results)
        plus = [float(Fraction(score) - mean) for _ns, _ew, score in results]
        per_board.append(plus)
        for (ns, ew, _score), value in zip(results, plus):
            totals[ns] = totals.get(ns, 0.0) + value
            totals[ew] = totals.get(ew, 0.0) - value
            compared[ns] = compared.get(ns, 0) + 1
            compared[ew] = compared.get(ew, 0) + 1
    return per_board, totals, compared


@dataclass(frozen=True)
class CompassResult:
    """One board's whist result: N-S pair, E-W pair and the tricks N-S won (E-W won the rest)."""

    ns: str
    ew: str
    ns_tricks: int


def compass_trick_totals(results: Iterable[CompassResult]) -> tuple[dict[str, int], dict[str, int]]:
    """Tricks won by each N-S pair and each E-W pair over the session (Foster)."""
    ns: dict[str, int] = {}
    ew: dict[str, int] = {}
    for r in results:
        if not 0 <= r.ns_tricks <= 13:
            raise ScoringError(f"bad tricks {r.ns_tricks!r} for {r.ns} v {r.ew}: 0-13")
        ns[r.ns] = ns.get(r.ns, 0) + r.ns_tricks
        ew[r.ew] = ew.get(r.ew, 0) + 13 - r.ns_tricks
    return ns, ew


def compass_scores(ns_totals: Mapping[str, float], ew_totals: Mapping[str, float]) -> dict[str, float]:
    """Plus or minus each direction's average; the best "above average" pair wins overall."""
    scores = above_average(ns_totals)
    overlap = set(scores) & set(ew_totals)
    if overlap:
        raise ScoringError(f"pairs listed in both directions: {sorted(overlap)}")
    scores.update(above_average(ew_totals))
    return scores


def scaled_to_card(tricks: float, played: int, card: int) -> float:
    """Total tricks ranked fairly when pairs played different numbers of boards: the pair's
    tricks a board times the boards of a full card, so a pair with an extra sit-out (a late
    pair's missed rounds, a withdrawn pair's later opponents) is not ranked down for boards it
    never had. The books compare raw trick totals only because every pair plays every deal
    (Foster's compass whist, algorithms.md 2.9); for unequal cards this is simple factoring by
    "Boards/Boards" ("multiply by 32/28", qldbridge *Factoring scores*, algorithms.md 2.3).
    A full-card pair's total is its raw total."""
    if not played or played >= card:
        return tricks
    return tricks * card / played


def books_session(boards: Sequence[BoardResults], method: str = "average", *,
                  fields: Mapping[str, str] | None = None, card: int = 0) -> SessionScore:
    """The books' methods over a session. Every real result is scored plus or minus its board's
    average (``plus_minus_the_average``; in ``ResultScore.plus_ns``/``plus_ew``); entrants are
    ranked within their field by their plus/minus total ("average"), or by the tricks they won
    (Foster's compass whist, "total_tricks": ``Result.tricks_ns``, scaled to a ``card`` of
    boards by ``scaled_to_card``, with the percentage of the tricks there were to win)."""
    if method not in BOOKS_METHODS:
        raise ScoringError(f"bad method {method!r}: expected one of {', '.join(BOOKS_METHODS)}")
    real = [[r for r in board.results if not r.artificial] for board in boards]
    per_board, totals, compared = plus_minus_the_average([(r.ns, r.ew, r.score_ns) for r in rs] for rs in real)
    scored = tuple(BoardScore(board.board, None, None,
                              tuple(ResultScore(r, plus_ns=plus, plus_ew=-plus) for r, plus in zip(rs, pluses)))
                   for board, rs, pluses in zip(boards, real, per_board))
    if method == "average":
        values = {e: (v, compared[e]) for e, v in totals.items()}
    else:
        compass = [CompassResult(r.ns, r.ew, r.tricks_ns or 0) for rs in real for r in rs]
        won_ns, won_ew = compass_trick_totals(compass)
        played: dict[str, int] = {}
        for r in compass:
            for side in (r.ns, r.ew):
                played[side] = played.get(side, 0) + 1
        values = {e: (scaled_to_card(float(won_ns.get(e, 0) + won_ew.get(e, 0)), n, card), n)
                  for e, n in played.items()}
    by_field: dict[str, dict[str, float]] = {}
    for e, (v, _n) in values.items():
        by_field.setdefault((fields or {}).get(e, ""), {})[e] = v
    standings = []
    for field in sorted(by_field):
        for position, e in rank(by_field[field]):
            v, n = values[e]
            pct = 100 * v / (13 * max(n, card)) if method == "total_tricks" and n else None
            standings.append(Standing(position, e, v, None, pct, n, field))
    return SessionScore(method, scored, tuple(standings))
