"""Mitchell movements (two fields: N-S stationary, E-W move up one table, boards down one).

Standard Hoyle, Duplicate Bridge: "A and B at all tables move in the same direction ... the trays
... always go in the opposite direction"; with an even number of tables "A and B skip the fourth
table in a six-table game, the fifth in an eight-table game" (skip after T/2 rounds). The relay
and bye-stand Mitchell puts a bye stand between tables T/2 and T/2+1 and has tables 1 and T share
a set. Arrow-switched rounds turn the boards so the fields merge into one winner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .limits import within
from .model import Movement, RoundPlan, TablePlay, board_set
from .validate import MovementError, check


class MitchellError(ValueError):
    """No Mitchell of this shape; the message says why and what to use instead."""


def default_boards_per_round(rounds: int) -> int:
    """About 24-28 boards a session (Baron Barclay: 7 tables 3-4 boards, 13 tables 2)."""
    return max(1, round(26 / rounds))


def mitchell(tables: int, *, boards_per_round: int | None = None, rounds: int | None = None,
             arrow_switch: Iterable[int] = (), phantom: bool = False,
             rover: bool = False) -> Movement:
    """Plain Mitchell, odd table counts only: E-W pair e plays set e + 2r, distinct iff T odd."""
    if tables < 3 or tables % 2 == 0:
        raise MitchellError(
            f"a plain Mitchell needs an odd number of tables (3 or more); with {tables} tables "
            "E-W pairs would meet boards they have already played. Use skip-mitchell or "
            "relay-mitchell (or a howell for small fields)")
    return _build("mitchell", tables, tables, rounds, boards_per_round,
                  ew_table=lambda e, r: (e + r) % tables,
                  set_at=lambda t, r: (t + r) % tables,
                  arrow_switch=arrow_switch, phantom=phantom, rover=rover, shared=False)


def skip_mitchell(tables: int, *, boards_per_round: int | None = None,
                  rounds: int | None = None, arrow_switch: Iterable[int] = (),
                  phantom: bool = False, rover: bool = False) -> Movement:
    """Even tables: E-W skip one table after T/2 rounds (Standard Hoyle: the N/2+1 table)."""
    if tables < 4 or tables % 2:
        raise MitchellError(f"a skip Mitchell needs an even number of tables (4 or more), not "
                            f"{tables}; use mitchell for odd table counts")
    half = tables // 2
    return _build("skip-mitchell", tables, tables - 1, rounds, boards_per_round,
                  ew_table=lambda e, r: (e + r + (1 if r >= half else 0)) % tables,
                  set_at=lambda t, r: (t + r) % tables,
                  arrow_switch=arrow_switch, phantom=phantom, rover=rover, shared=False)


def relay_mitchell(tables: int, *, boards_per_round: int | None = None,
                   rounds: int | None = None, arrow_switch: Iterable[int] = (),
                   phantom: bool = False, rover: bool = False) -> Movement:
    """Even tables, share-and-bye: a bye stand between T/2 and T/2+1; tables 1 and T share."""
    if tables < 4 or tables % 2:
        raise MitchellError(f"a relay-and-bye Mitchell needs an even number of tables "
                            f"(4 or more), not {tables}; use mitchell for odd table counts")
    half = tables // 2

    def set_at(t: int, r: int) -> int:
        if t == tables - 1:
            t = 0  # the last table shares table 1's set
        slot = t if t < half else t + 1  # slots: T1..T(T/2), bye, T(T/2+1)..T(T-1)
        return (slot + r) % tables

    return _build("relay-mitchell", tables, tables, rounds, boards_per_round,
                  ew_table=lambda e, r: (e + r) % tables, set_at=set_at,
                  arrow_switch=arrow_switch, phantom=phantom, rover=rover, shared=True)


def bye_stand_set(tables: int, round_number: int) -> int:
    """The set resting on the bye stand of a relay Mitchell in a round (1-based)."""
    return (tables // 2 + round_number - 1) % tables + 1


def _build(kind: str, tables: int, complete: int, rounds: int | None, bpr: int | None, *,
           ew_table: Callable[[int, int], int], set_at: Callable[[int, int], int],
           arrow_switch: Iterable[int], phantom: bool, rover: bool, shared: bool) -> Movement:
    within("tables", tables)
    within("rounds", rounds)
    within("boards_per_round", bpr)
    if rover:
        complete -= 1  # Bump Mitchell: T + 1/2 tables play T rounds at most, less the bump
    rounds = complete if rounds is None else rounds
    if not 1 <= rounds <= complete:
        raise MitchellError(f"a {tables}-table {kind} has at most {complete} rounds")
    if phantom and rover:
        raise MitchellError("choose a phantom pair or a rover, not both")
    bpr = bpr or default_boards_per_round(rounds)
    within("board", tables * bpr)  # the highest board: set T holds boards b(T-1)+1 .. bT
    switched = frozenset(arrow_switch)
    if not switched <= set(range(1, rounds + 1)):
        raise MitchellError(f"arrow-switch rounds must lie between 1 and {rounds}")
    winners = 1 if switched else 2

    def ns_label(k: int) -> str:
        return str(k) if winners == 1 else f"{k}NS"

    def ew_label(k: int) -> str:
        return str(tables + k) if winners == 1 else f"{k}EW"

    plans = []
    for r in range(rounds):
        seats = {ew_table(e, r): e for e in range(tables)}
        home = _rover_seating(tables, r) if rover else {t: t for t in range(tables)}
        tps, out = [], []
        for t in range(tables):
            ns = ns_label(home[t] + 1) if home[t] < tables else ns_label(tables + 1)
            e = seats[t]
            if phantom and e == tables - 1:
                out.append(ns)
                continue
            ew = ew_label(e + 1)
            if r + 1 in switched:
                ns, ew = ew, ns
            tps.append(TablePlay(table=t + 1, ns=ns, ew=ew,
                                 boards=board_set(set_at(t, r) + 1, bpr)))
        if rover:
            out.extend(ns_label(k + 1) if k < tables else ns_label(tables + 1)
                       for k in range(tables + 1) if k not in home.values())
        plans.append(RoundPlan(round=r + 1, tables=tuple(tps), sit_out=tuple(out)))
    movement = Movement(kind=kind, winners=winners, tables=tables, boards_per_round=bpr,
                        rounds_detail=tuple(plans), shared=shared,
                        note="with rover" if rover else ("half table" if phantom else ""))
    try:
        return check(movement)
    except MovementError as exc:
        raise MitchellError(f"{kind} with these options does not work: {exc}") from exc


def _rover_seating(tables: int, r: int) -> dict[int, int]:
    """Bump Mitchell: the rover (N-S pair T+1) bumps table 1 in round 2; the bumped pair sits
    out, then bumps the next table, and so on (bridge-results.de, "Bump Mitchell").

    Returns table -> index of the N-S pair seated there (index ``tables`` = the rover).
    """
    home = {t: t for t in range(tables)}
    if r >= 1:
        home[0] = tables
    for k in range(tables - 1):  # pair k bumped in round k+2 (1-based), bumps table k+1 later
        if r >= k + 2:
            home[k + 1] = k
    return home
