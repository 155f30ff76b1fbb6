"""Matchpoints (Law 78A) on both scales, and Neuberg factoring for boards played a different
number of times (EBU/WBF/ACBL "Neuberg formula").

Scales: ``"ebu"`` gives 2 per result beaten, 1 per tie (top 2(n-1)); ``"acbl"`` gives
1 and 1/2 (top n-1) -- "the two methods are equivalent". Counting runs of equal scores
makes a board O(n log d) for d distinct scores.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from typing import Hashable, Sequence

from .errors import ScoringError

SCALES = ("ebu", "acbl")
FACTORINGS = ("neuberg", "ties", "none")


def _unit(scale: str) -> float:
    if scale not in SCALES:
        raise ScoringError(f"bad matchpoint scale {scale!r}: expected 'ebu' (2/1/0) or 'acbl' (1/0.5/0)")
    return 1.0 if scale == "ebu" else 0.5


def top(results: int, scale: str = "ebu") -> float:
    """The top on a board with ``results`` results: 2(n-1), or n-1 on the ACBL scale."""
    return max(0, results - 1) * 2 * _unit(scale)


def matchpoints(scores: Sequence[float], scale: str = "ebu") -> list[float]:
    """Matchpoints of each N-S score against all the others (E-W get top minus N-S)."""
    unit = _unit(scale)
    counts = Counter(scores)
    below = 0
    value_of: dict[float, float] = {}
    for value in sorted(counts):
        equal = counts[value]
        value_of[value] = (2 * below + equal - 1) * unit
        below += equal
    return [value_of[s] for s in scores]


def matchpoints_bisect(scores: Sequence[float], scale: str = "ebu") -> list[float]:
    """The same by sort and binary search: MP2 = #below + #below-or-equal - 1 (reference form)."""
    unit = _unit(scale)
    ordered = sorted(scores)
    return [(bisect_left(ordered, s) + bisect_right(ordered, s) - 1) * unit for s in scores]


def neuberg(mp: float, actual: int, expected: int, scale: str = "ebu") -> float:
    """Neuberg: score as if each of ``actual`` results occurred expected/actual times.

    EBU scale (MP + 1) * N/n - 1; ACBL scale (MP + 1/2) * N/n - 1/2.
    """
    if actual < 1 or expected < 1:
        raise ScoringError("Neuberg needs at least one actual and one expected result")
    half = _unit(scale)
    return (mp + half) * expected / actual - half


def neuberg_percent(percent: float, actual: int, expected: int) -> float:
    """The percentage form: (P - 50) * ((n-1)/n) * (N/(N-1)) + 50."""
    if actual < 1 or expected < 2:
        raise ScoringError("Neuberg percentages need n >= 1 and N >= 2")
    return (percent - 50) * ((actual - 1) / actual) * (expected / (expected - 1)) + 50


def board_matchpoints(
    scores: Sequence[float | None],
    *,
    groups: Sequence[Hashable] | None = None,
    expected: int | None = None,
    scale: str = "ebu",
    factoring: str = "neuberg",
) -> tuple[list[float | None], float]:
    """N-S matchpoints of one board and its top.

    ``None`` marks an artificial result: it is left out of the comparison and gets no value
    here (the caller gives it its percentage of the top). Each group (fouled boards: the
    results obtained with the same cards) is matchpointed on its own; every group with a
    different number of results than ``expected`` (default: all results, artificial included)
    is Neuberg-factored to it, so the board's top is that of ``expected`` results. With
    ``factoring="ties"`` each missing result counts as a tie with every result present instead
    (ScoreBridge); ``"none"`` leaves each group on its own top and the board on the top of its results.
    """
    n_all = len(scores)
    expected = n_all if expected is None else expected
    if expected < n_all:
        raise ScoringError(f"board has {n_all} results but only {expected} were expected")
    groups = [None] * n_all if groups is None else list(groups)
    if len(groups) != n_all:
        raise ScoringError("one group label per result is needed")
    if factoring not in FACTORINGS:
        raise ScoringError(f"bad factoring {factoring!r}: expected one of {', '.join(FACTORINGS)}")
    members: dict[Hashable, list[int]] = {}
    for i, (score, group) in enumerate(zip(scores, groups)):
        if score is not None:
            members.setdefault(group, []).append(i)
    out: list[float | None] = [None] * n_all
    for idx in members.values():
        mps = matchpoints([scores[i] for i in idx], scale)
        n = len(idx)
        for i, mp in zip(idx, mps):
            if factoring == "neuberg" and n != expected:
                mp = neuberg(mp, n, expected, scale)
            elif factoring == "ties":
                mp += (expected - n) * _unit(scale)  # one tie with each missing result
            out[i] = mp
    board_top = top(expected if factoring != "none" else max(1, n_all), scale)
    return out, board_top
