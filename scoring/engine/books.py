"""The books' comparative methods, before matchpoints: each pair's total against the
average of its own direction.

Standard Hoyle, Duplicate Bridge: "Say the average is 250 and No. 4's score was 380, the
average taken from 380 would leave 130 for No. 4." Foster's Complete Hoyle, compass whist:
each pair totals the tricks it won and is scored plus or minus its direction's average.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping

from .errors import ScoringError


def above_average(totals: Mapping[str, float]) -> dict[str, float]:
    """Each entrant's total less the mean total of the entrants given (one direction)."""
    if not totals:
        return {}
    mean = sum(Fraction(v) for v in totals.values()) / len(totals)
    return {k: float(Fraction(v) - mean) for k, v in totals.items()}


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
