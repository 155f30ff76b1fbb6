"""Artificial adjusted scores (Law 12C): Average, Average-plus, Average-minus, percentages.

Average-plus is "60 % or session average, whichever is greater"; Average-minus "40 % or
session average, whichever is less" (WBF Laws Committee). In IMP scoring Average is 0 and
Average-plus +3 IMPs (ACBLscore); a percentage p counts as 3 * (p - 50) / 10 IMPs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import ScoringError

_PCT = re.compile(r"^(?:A|AV|AVE)?\s*(\d{1,3}(?:\.\d+)?)\s*%?$")


@dataclass(frozen=True)
class Adjustment:
    """``kind`` is ``"A+"``, ``"A"``, ``"A-"`` or ``"%"`` (a fixed percentage in ``percent``)."""

    kind: str
    percent: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("A+", "A", "A-", "%"):
            raise ScoringError(f"bad adjustment kind {self.kind!r}")
        if self.kind == "%" and (self.percent is None or not 0 <= self.percent <= 100):
            raise ScoringError(f"bad adjusted percentage {self.percent!r}: 0-100")

    @property
    def label(self) -> str:
        return self.kind if self.kind != "%" else f"{self.percent:g}%"

    def mp_percent(self, session_percent: float | None) -> float:
        """The percentage of the top this side receives."""
        if self.kind == "%":
            return float(self.percent)
        if self.kind == "A":
            return 50.0
        if self.kind == "A+":
            return 60.0 if session_percent is None else max(60.0, session_percent)
        return 40.0 if session_percent is None else min(40.0, session_percent)

    def imps(self, a_plus: float = 3.0) -> float:
        """IMPs per comparison (Butler: per board) when Average-plus is worth ``a_plus``: A+ is
        ``a_plus``, A 0, A- ``-a_plus``, p% ``a_plus * (p - 50) / 10`` (3 IMPs: ACBLscore; Ruter 1.5)."""
        if self.kind == "%":
            return a_plus * ((self.percent if self.percent is not None else 50) - 50) / 10
        return {"A+": a_plus, "A": 0.0, "A-": -a_plus}[self.kind]

    def complement(self) -> "Adjustment":
        """The other side's usual award: A+ against A-, A against A, p% against (100-p)%."""
        if self.kind == "%":
            return Adjustment("%", 100 - float(self.percent))
        return Adjustment({"A+": "A-", "A": "A", "A-": "A+"}[self.kind])


def parse_adjustment(text: str) -> Adjustment | None:
    """Read ``A+``, ``A``, ``A-``, ``AVE+``, ``A60``, ``40%`` (a PBN ``^`` prefix is allowed).

    Returns None for text that is not an arbitral score (e.g. a number of points, or 101%).
    """
    raw = str(text).strip().upper().lstrip("^").replace(" ", "")
    if raw in ("A+", "AV+", "AVE+", "AVG+"):
        return Adjustment("A+")
    if raw in ("A", "AV", "AVE", "AVG", "A=", "AV="):
        return Adjustment("A")
    if raw in ("A-", "AV-", "AVE-", "AVG-"):
        return Adjustment("A-")
    if raw.startswith("A") or raw.endswith("%"):
        match = _PCT.match(raw)
        if match and float(match.group(1)) <= 100:
            return Adjustment("%", float(match.group(1)))
    return None
