"""Victory-point scales as data: the WBF continuous 20-point scale (2013) for any match length,
the older discrete scales by match length (where a table was found), and a plain win/draw/loss.

The WBF 2013 continuous scale (Technical Report of the WBF Scoring Panel, "The New WBF IMP to VP
Scales", Bavin, Bethe, Bramley, Buchen): the winner of a match of N boards by I IMPs scores
``min(20, 10 + 10 (1 - R^(I/X)) / (1 - R))`` with ``R = tau^3`` (tau the golden ratio's inverse)
and the blitz ``X = 15 sqrt(N)``, rounded to two decimals for each whole IMP margin; the
published tables are then corrected so that each extra IMP is worth no more than the one before
(concavity): while some second difference is positive, the middle value of the first one gains
0.01. This
is the procedure as implemented by Marc Shearer's BridgeScore (``Bridge Calculations.swift``,
``BridgeImps.vp``); it reproduces the figures quoted from the published 14-board scale (Ron
Klinger, IBPA Bulletin, May 2013: 1 and 2 IMPs 0.33 VP each, 3 and 4 0.31, 5 0.30, 6 and 7 0.29;
10 IMPs 12.97, 20 IMPs 15.26) and the 20-board start quoted by BC Star (bcstar.nl: 1 IMP 10.28,
2 IMPs 10.55). The tables give whole margins only; a fractional margin (an adjusted board in
percent) is interpolated between the two whole margins' values and rounded to two decimals
(Cardroom's choice).
"""
from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from .errors import ScoringError

_R = ((math.sqrt(5) - 1) / 2) ** 3
MAX_BOARDS = 200


@dataclass(frozen=True)
class VPScale:
    """A named scale: ``total`` is what the two teams' VPs add up to (None for no VPs)."""

    name: str
    label: str
    total: float | None
    discrete: bool


VP_SCALES: Mapping[str, VPScale] = {
    "wbf_continuous": VPScale("wbf_continuous", "WBF continuous 20-point scale (2013)", 20.0, False),
    "wbf_30": VPScale("wbf_30", "30-point discrete scale (North American Swiss teams)", 30.0, True),
    "wbf_25": VPScale("wbf_25", "WBF 25-point discrete scale (pre-2013)", 25.0, True),
    "acbl_20": VPScale("acbl_20", "ACBL 20-point discrete scale", 20.0, True),
    "win_draw_loss": VPScale("win_draw_loss", "Win/draw/loss", None, True),
    "none": VPScale("none", "IMPs only (no VPs)", None, True),
}


def _check_boards(boards: int) -> None:
    if not isinstance(boards, int) or isinstance(boards, bool) or not 1 <= boards <= MAX_BOARDS:
        raise ScoringError(f"a match has 1 to {MAX_BOARDS} boards, not {boards!r}")


@lru_cache(maxsize=256)
def wbf_continuous_table(boards: int) -> tuple[float, ...]:
    """The winner's VPs for each whole IMP margin 0, 1, ... up to the first margin worth 20."""
    _check_boards(boards)
    blitz = 15 * math.sqrt(boards)
    top = math.ceil(blitz)
    hundredths = [2000 if i >= blitz else
                  round(100 * (10 + 10 * (1 - _R ** (i / blitz)) / (1 - _R)) + 1e-7)
                  for i in range(top + 1)]
    changed = True
    while changed:  # concavity: the first positive second difference lifts its middle value
        changed = False
        for i in range(2, len(hundredths)):
            if hundredths[i] - hundredths[i - 1] > hundredths[i - 1] - hundredths[i - 2]:
                hundredths[i - 1] += 1
                changed = True
                break
    return tuple(h / 100 for h in hundredths)


def wbf_continuous(margin: float, boards: int) -> tuple[float, float]:
    """(home, away) VPs on the WBF continuous scale for the home team's IMP ``margin``."""
    table = wbf_continuous_table(boards)
    size = abs(margin)
    whole = math.floor(size)
    if whole >= len(table) - 1:
        win = table[-1]
    else:
        low, high = table[whole], table[whole + 1]
        win = low + (high - low) * (size - whole)
    win = round(win + 1e-9, 2)
    lose = round(20 - win, 2)
    return (win, lose) if margin >= 0 else (lose, win)


def _steps(edges: tuple[int, ...], draw: int) -> tuple[tuple[int, int, int], ...]:
    """A scale that goes up one VP a step: (lowest margin, winner, loser) rows from its edges."""
    return ((0, draw, draw),) + tuple((edge, draw + k, draw - k) for k, edge in enumerate(edges, 1))


# Discrete scales: for a range of match lengths, rows (lowest IMP margin, winner's VPs, loser's VPs).
DISCRETE_TABLES: dict[str, tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...]] = {
    # The 30-point scale of North American Swiss teams as tabled by bridgehands.com ("Victory
    # Points", server.bridgehands.com/V/Victory_Points.htm): 6-8 and 9-11 boards only. No WBF
    # 30-point table was found; this is the scale the ``wbf_30`` option serves.
    "wbf_30": (
        (6, 8, ((0, 15, 15), (1, 18, 12), (2, 19, 11), (3, 20, 10), (4, 21, 9), (5, 22, 8), (7, 23, 7),
                (9, 24, 6), (11, 25, 5), (14, 26, 4), (17, 27, 3), (20, 28, 2), (24, 29, 1), (28, 30, 0))),
        (9, 11, ((0, 15, 15), (1, 18, 12), (2, 19, 11), (3, 20, 10), (5, 21, 9), (7, 22, 8), (9, 23, 7),
                 (12, 24, 6), (15, 25, 5), (18, 26, 4), (22, 27, 3), (26, 28, 2), (31, 29, 1), (36, 30, 0))),
    ),
    # The older WBF 25-point scale: no complete published table was found (only its 14/16-board
    # draw band 0-2 and 16-14 for 3-7 IMPs, quoted by Ron Klinger, IBPA Bulletin May 2013), so
    # every length is refused rather than guessed.
    "wbf_25": (),
    # The ACBL 20-point discrete scale: bridgehands.com (6-8 and 9-11 boards) and Marc Shearer's
    # BridgeScore (``impsToVpsAcbl``: 1-8, 9-11, 12-15, 16-20, 21-27, 28-36 boards) agree.
    "acbl_20": tuple((first, last, _steps(edges, 10)) for first, last, edges in (
        (1, 8, (1, 3, 5, 8, 11, 14, 17, 20, 24, 28)),
        (9, 11, (1, 3, 6, 10, 14, 18, 22, 26, 31, 36)),
        (12, 15, (1, 4, 7, 11, 15, 20, 25, 30, 36, 42)),
        (16, 20, (2, 5, 9, 14, 19, 25, 32, 39, 47, 56)),
        (21, 27, (3, 7, 12, 18, 25, 33, 42, 51, 61, 72)),
        (28, 36, (4, 9, 15, 22, 30, 39, 49, 60, 72, 85)),
    )),
}


def discrete(scale: str, margin: float, boards: int) -> tuple[float, float]:
    """(home, away) on a discrete scale; a fractional margin does not reach the next step."""
    _check_boards(boards)
    tables = DISCRETE_TABLES.get(scale, ())
    for first, last, rows in tables:
        if first <= boards <= last:
            index = bisect_right([edge for edge, _, _ in rows], abs(margin)) - 1
            _, win, lose = rows[index]
            return (float(win), float(lose)) if margin >= 0 else (float(lose), float(win))
    if not tables:
        raise ScoringError(f"the {VP_SCALES[scale].label} is not available: no published table was found")
    covered = ", ".join(f"{a}-{b}" for a, b, _ in tables)
    raise ScoringError(f"the {VP_SCALES[scale].label} has no table for {boards}-board matches "
                       f"(tables for {covered} boards)")


def victory_points_on(scale: str, margin: float, boards: int, *,
                      win_draw_loss: tuple[float, float, float] = (2.0, 1.0, 0.0)) -> tuple[float, float]:
    """(home, away) VPs for the home team's IMP ``margin`` in a match of ``boards`` boards.

    ``win_draw_loss`` are the points of a won, drawn and lost match on the ``win_draw_loss``
    scale. The ``none`` scale awards no VPs and is refused here (callers keep VPs empty).
    """
    if scale not in VP_SCALES:
        raise ScoringError(f"unknown VP scale {scale!r}: expected one of {', '.join(VP_SCALES)}")
    if not isinstance(margin, (int, float)) or isinstance(margin, bool) or math.isnan(margin):
        raise ScoringError(f"bad IMP margin {margin!r}")
    if scale == "wbf_continuous":
        return wbf_continuous(margin, boards)
    if scale == "win_draw_loss":
        _check_boards(boards)
        win, draw, loss = (float(p) for p in win_draw_loss)
        if margin > 0:
            return win, loss
        return (draw, draw) if margin == 0 else (loss, win)
    if scale == "none":
        raise ScoringError("the 'none' scale awards no victory points")
    return discrete(scale, margin, boards)
