"""Rankings with ties shown as ties ("3=") and optional tie-breaks.

EBU White Book 143.1: "Contestants are tied when they have the same percentage score by the
final method of scoring" -- so values are compared after rounding to what is published.
"""
from __future__ import annotations

import re
from typing import Hashable, Mapping, Sequence

from .errors import ScoringError


TIE_STYLES = ("equals", "shared")
_DIGITS = re.compile(r"(\d+)")


def natural_key(value: Hashable) -> tuple:
    """Sort "2" before "10" and "A2" before "A10"."""
    parts = _DIGITS.split(str(value))
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def rank(
    values: Mapping[str, float],
    *,
    tiebreaks: Sequence[Mapping[str, float]] = (),
    ndigits: int | None = 2,
    higher_is_better: bool = True,
    ties: str = "equals",
) -> list[tuple[str, str]]:
    """Order entrants by value, then by each tie-break in turn (higher better unless told).

    Returns (rank, entrant) in order; entrants still equal share a rank written ``"3="``
    (``ties="equals"``, EBU/Magic Contest style) or plainly ``"3"`` (``ties="shared"``).
    """
    if ties not in TIE_STYLES:
        raise ScoringError(f"bad tie style {ties!r}: expected one of {', '.join(TIE_STYLES)}")
    sign = -1 if higher_is_better else 1
    keys = {}
    for entrant, value in values.items():
        main = value if ndigits is None else round(value, ndigits)
        keys[entrant] = (sign * main,) + tuple(sign * tb.get(entrant, 0) for tb in tiebreaks)
    ordered = sorted(values, key=lambda e: (keys[e], natural_key(e)))
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and keys[ordered[j + 1]] == keys[ordered[i]]:
            j += 1
        label = f"{i + 1}=" if j > i and ties == "equals" else str(i + 1)
        out.extend((label, ordered[k]) for k in range(i, j + 1))
        i = j + 1
    return out
