"""IMPs (WBF scale, Law 78B), datum and Butler, cross-IMPs, team matches and the WBF
continuous victory-point scale (2013).
"""
from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from .errors import ScoringError
from .vpscales import wbf_continuous

# Lower edges of the WBF IMP table: 20-40 -> 1 ... 4000+ -> 24 (Law 78B).
ROUNDINGS = ("half-even", "half-away")

IMP_THRESHOLDS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
                  1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: float) -> int:
    """IMPs for a difference in points: sign(d) * number of table edges not above |d|."""
    size = abs(difference)
    value = bisect_right(IMP_THRESHOLDS, size)
    return value if difference >= 0 else -value


def datum(scores: Sequence[float], *, drop: int = 1, round_to: int = 10, rounding: str = "half-even",
          drop_percent: float = 0.0) -> int:
    """Mean of the board's N-S scores after dropping the top and bottom results, rounded to ``round_to``.

    ``drop`` results (or ``drop_percent`` of them, rounded down, when that is more) go at each end,
    only while at least one score remains. A trailing five goes to the even ten with ``"half-even"``
    (ACBLscore manual p.83: 425 -> 420, 435 -> 440; Magic Contest) or away from zero with
    ``"half-away"`` (Compscore: 425 -> 430, -425 -> -430).
    """
    if not scores:
        raise ScoringError("a datum needs at least one score")
    if rounding not in ROUNDINGS:
        raise ScoringError(f"bad datum rounding {rounding!r}: expected one of {', '.join(ROUNDINGS)}")
    ordered = sorted(scores)
    drop = min(max(drop, int(len(ordered) * drop_percent / 100)), (len(ordered) - 1) // 2)
    if drop > 0:  # as many as asked while one score remains (Magic Contest "Butler-2" on 3 results: the middle one)
        ordered = ordered[drop:-drop]
    steps = Fraction(sum(ordered)) / len(ordered) / round_to  # exact for the usual whole-point scores
    if rounding == "half-even":
        return int(round(steps)) * round_to
    whole = math.floor(abs(steps) + Fraction(1, 2))
    return (whole if steps >= 0 else -whole) * round_to


def butler(scores: Sequence[float], *, drop: int = 1) -> tuple[int, list[int]]:
    """Butler scoring: each N-S result IMPed against the board's datum."""
    board_datum = datum(scores, drop=drop)
    return board_datum, [imps(s - board_datum) for s in scores]


def cross_imps(scores: Sequence[float]) -> list[int]:
    """Total cross-IMPs of each N-S score against every other score on the board.

    Uses sum_j IMP(x - s_j) = sum_L (#{s <= x - L} - #{s >= x + L}): one sort, then two
    binary searches per table edge and distinct score -- O(n log n), not O(n^2).
    """
    ordered = sorted(scores)
    n = len(ordered)
    total_of = {}
    for x in Counter(scores):
        total = 0
        for edge in IMP_THRESHOLDS:
            total += bisect_right(ordered, x - edge) - (n - bisect_left(ordered, x + edge))
        total_of[x] = total
    return [total_of[s] for s in scores]


def cross_imps_all_pairs(scores: Sequence[float]) -> list[int]:
    """The straightforward O(n^2) definition, kept as the reference for tests and benchmarks."""
    return [sum(imps(x - s) for s in scores) for x in scores]


def cross_imps_average(scores: Sequence[float]) -> list[float]:
    """Average cross-IMPs: the total divided by the number of comparisons (n - 1)."""
    if len(scores) < 2:
        return [0.0] * len(scores)
    return [t / (len(scores) - 1) for t in cross_imps(scores)]


def victory_points(margin: float, boards: int) -> tuple[float, float]:
    """WBF continuous VP scale (2013) for an IMP ``margin`` in a match of ``boards`` boards: the
    published table (formula rounded to two decimals, then made concave; ``vpscales``), so the
    pair always sums to 20."""
    return wbf_continuous(margin, boards)


@dataclass(frozen=True)
class TeamMatch:
    board_imps: tuple[int, ...]
    imps_a: int
    imps_b: int
    vp_a: float
    vp_b: float


def team_match(rooms: Sequence[tuple[float, float]]) -> TeamMatch:
    """A teams-of-four match: per board (N-S score in room 1, N-S score in room 2), team A
    sitting N-S in room 1 and E-W in room 2; IMPs per board, totals and WBF VPs."""
    board_imps = tuple(imps(r1 - r2) for r1, r2 in rooms)
    won = sum(i for i in board_imps if i > 0)
    lost = -sum(i for i in board_imps if i < 0)
    vp_a, vp_b = victory_points(won - lost, max(1, len(rooms)))
    return TeamMatch(board_imps, won, lost, vp_a, vp_b)
