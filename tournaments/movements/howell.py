"""Howell movements (one winner): every pair meets every other pair, moving by guide cards.

Complete Howell: P pairs play P - 1 rounds (Wikipedia "Duplicate bridge movements"); an odd pair
count gets a phantom and the pair drawn against it sits out. 4-12 tables use the published
howellki movements; 13-30 tables the circle method with a stationary pair (pairs r+k v r-k, set
offsets found by search, some tables turned round to even out the comparisons); 2 tables relay every board (ACBL's standard 2-table Howell, 3 rounds of
8 boards); 3 tables share boards in halves (bridgescorer's "Howell 3 tables, no relay").
"""

from __future__ import annotations

from .howell_data import CYCLIC_FLIPS, CYCLIC_SET_OFFSETS, HOWELLKI
from .limits import within
from .model import Movement, RoundPlan, TablePlay, board_set
from .validate import check

MAX_TABLES = max(CYCLIC_SET_OFFSETS)

# bridgescorer "Howell3TableNoRelay": (table, NS, EW, half-sets) per round; pair 6 stationary.
_THREE_TABLE_HALVES = (
    ((3, 6, 1, (1, 2)), (2, 5, 2, (6, 7)), (1, 4, 3, (3, 9))),
    ((3, 6, 2, (3, 4)), (2, 1, 3, (7, 10)), (1, 5, 4, (2, 5))),
    ((3, 6, 3, (5, 6)), (2, 2, 4, (1, 10)), (1, 1, 5, (3, 8))),
    ((3, 6, 4, (7, 8)), (2, 3, 5, (1, 4)), (1, 2, 1, (5, 9))),
    ((3, 6, 5, (9, 10)), (2, 4, 1, (4, 6)), (1, 3, 2, (2, 8))),
)


class HowellError(ValueError):
    """No Howell for this request."""


def default_boards_per_round(rounds: int) -> int:
    """About 24 boards a session (N. American open sessions run 24-28 boards)."""
    return max(1, round(24 / rounds))


def howell(tables: int | None = None, *, pairs: int | None = None,
           boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A Howell for ``tables`` tables (or ``pairs`` pairs; odd pairs get a phantom sit-out).

    ``rounds`` below the complete count gives a partial (e.g. 3/4) Howell: howellki's
    published partial movement where there is one, else the first rounds of the complete one.
    """
    if pairs is not None:
        if pairs < 3:
            raise HowellError("a Howell needs at least 3 pairs")
        tables = (pairs + 1) // 2
    if tables is None:
        raise HowellError("give the number of tables or pairs")
    if tables < 2:
        raise HowellError("a Howell needs at least 2 tables (4 pairs); use a single match")
    if tables > MAX_TABLES:
        raise HowellError(f"Howells are supported up to {MAX_TABLES} tables; "
                          "use a Mitchell for larger fields")
    within("boards_per_round", boards_per_round)
    complete = 2 * tables - 1
    rounds = complete if rounds is None else rounds
    if not 1 <= rounds <= complete:
        raise HowellError(f"a {tables}-table Howell has at most {complete} rounds")
    bpr = boards_per_round or (4 if tables == 3 else default_boards_per_round(rounds))
    if tables == 3 and bpr % 2 == 0:
        grid, shared = _three_table(bpr), False
    elif tables <= 3:
        grid, shared = _cyclic(tables, (0,) * tables, bpr), True
    elif f"{tables}-{rounds}" in HOWELLKI:
        grid, shared = _howellki(HOWELLKI[f"{tables}-{rounds}"], bpr), False
    elif f"{tables}-{complete}" in HOWELLKI:
        grid, shared = _howellki(HOWELLKI[f"{tables}-{complete}"], bpr), False
    else:
        grid, shared = _cyclic(tables, CYCLIC_SET_OFFSETS[tables], bpr), False
    grid = grid[:rounds]
    plans = tuple(_with_phantom(i + 1, row, pairs, tables) for i, row in enumerate(grid))
    note = "boards relayed between all tables each round" if shared else ""
    if tables == 3 and not shared:
        note = "boards move in halves; no relay"
    return check(Movement(kind="howell", winners=1, tables=tables, boards_per_round=bpr,
                          rounds_detail=plans, shared=shared, note=note))


def _with_phantom(number: int, row: list[TablePlay], pairs: int | None,
                  tables: int) -> RoundPlan:
    """Drop the phantom pair (the highest number) and seat its opponent out."""
    if pairs is None or pairs == 2 * tables:
        return RoundPlan(round=number, tables=tuple(row))
    phantom = str(2 * tables)
    kept, out = [], []
    for tp in row:
        if phantom in tp.entrants:
            out.extend(e for e in tp.entrants if e != phantom)
        else:
            kept.append(tp)
    return RoundPlan(round=number, tables=tuple(kept), sit_out=tuple(out))


def _howellki(spec: dict, bpr: int) -> list[list[TablePlay]]:
    """Expand howellki's compact form: seats move along the cycle, sets rotate right."""
    positions = list(spec["positions"])
    cycle = [_seat_index(s) for s in spec["movement"]]
    sets = spec["sets"]
    grid = []
    for r in range(spec["rounds"]):
        holding = {sets[(i - r) % len(sets)]: i + 1 for i in range(len(sets))}
        row = [TablePlay(table=t, ns=str(positions[2 * t - 2]), ew=str(positions[2 * t - 1]),
                         boards=board_set(holding[t], bpr))
               for t in range(1, spec["tables"] + 1)]
        grid.append(row)
        moved = positions[:]
        for k, seat in enumerate(cycle):
            moved[cycle[(k + 1) % len(cycle)]] = positions[seat]
        positions = moved
    return grid


def _seat_index(seat: str) -> int:
    table, direction = int(seat[:-1]), seat[-1]
    return 2 * (table - 1) + (1 if direction == "E" else 0)


def _cyclic(tables: int, offsets: tuple[int, ...], bpr: int) -> list[list[TablePlay]]:
    """Circle method: pair 2n stationary v pair r; table k+1 seats r+k (NS) v r-k (EW), with
    the tables listed in ``CYCLIC_FLIPS`` turned round for balance (see ``howell_tune``)."""
    m = 2 * tables - 1
    flips = CYCLIC_FLIPS.get(tables, "0" * tables)
    grid = []
    for r in range(m):
        row = []
        for k in range(tables):
            ns, ew = (2 * tables, r + 1) if k == 0 else ((r + k) % m + 1, (r - k) % m + 1)
            if flips[k] == "1":
                ns, ew = ew, ns
            row.append(TablePlay(table=k + 1, ns=str(ns), ew=str(ew), boards=board_set((r + offsets[k]) % m + 1, bpr)))
        grid.append(row)
    return grid


def _three_table(bpr: int) -> list[list[TablePlay]]:
    half = bpr // 2
    grid = []
    for plan in _THREE_TABLE_HALVES:
        row = [TablePlay(table=t, ns=str(ns), ew=str(ew),
                         boards=board_set(h1, half) + board_set(h2, half))
               for t, ns, ew, (h1, h2) in sorted(plan)]
        grid.append(row)
    return grid
