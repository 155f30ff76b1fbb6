"""Individual movements: each player partners every other player once where a design exists.

John Pain's criteria (EBU, "Unusual (but useful) movements for clubs"): partner everyone once,
oppose everyone twice. Designs here: the 8-player, 2-table, 7-round movement (bridgescorer
"Individual2Tables21Boards", boards shared between the tables) and cyclic whist tournaments
Wh(4n) over Z_(4n-1) plus a fixed player and Wh(4n+1) over Z_(4n+1) (one player sits out each
round; Wh(9) over Z_3 x Z_3, as no cyclic one exists). Players beyond the count asked for are phantoms: their tables sit out (a bye).
The Rainbow movement (Baron Barclay): N stationary, S up one, E up two, W down two, boards down
one; valid iff the table count is coprime to 6.
"""

from __future__ import annotations

from math import gcd, prod

from .individual_data import WHIST_GROUPS, WHIST_TOURNAMENTS
from .limits import within
from .model import Movement, RoundPlan, TablePlay, board_set
from .validate import check

# bridgescorer Individual2Tables21Boards: round 1 (N, S, E, W) per table; +1 mod 7 each round.
_EIGHT = ((8, 1, 5, 7), (2, 6, 4, 3))


class IndividualError(ValueError):
    """No individual movement for this request."""


def available_sizes() -> tuple[int, ...]:
    """Player counts with a full design (every player partners every other once)."""
    return tuple(sorted(set(WHIST_TOURNAMENTS) | {8}))


def individual(players: int, *, boards_per_round: int | None = None,
               rounds: int | None = None) -> Movement:
    """An individual movement for ``players`` players (byes for the phantoms)."""
    if players < 4:
        raise IndividualError("an individual needs at least 4 players")
    within("boards_per_round", boards_per_round)
    sizes = [v for v in available_sizes() if v >= players]
    if not sizes:
        raise IndividualError(f"individual designs are available up to {available_sizes()[-1]} "
                              "players; use a rainbow (4 players a table, tables coprime to 6)")
    v = sizes[0]
    grid, shared = (_eight(), True) if v == 8 else _whist(v)
    complete = len(grid)
    rounds = complete if rounds is None else rounds
    if not 1 <= rounds <= complete:
        raise IndividualError(f"the {v}-player individual has at most {complete} rounds")
    bpr = boards_per_round or max(1, round(24 / rounds))
    plans = []
    for i, (row, idle) in enumerate(grid[:rounds]):
        tables, out = [], [str(p) for p in idle if p <= players]
        for number, (seats, set_no) in enumerate(row, start=1):
            if any(p > players for p in seats):
                out.extend(str(p) for p in seats if p <= players)
                continue
            n, s, e, w = (str(p) for p in seats)
            tables.append(TablePlay(table=number, n=n, s=s, e=e, w=w,
                                    boards=board_set(set_no, bpr)))
        plans.append(RoundPlan(round=i + 1, tables=tuple(tables),
                               sit_out=tuple(sorted(out, key=int))))
    note = "" if v == players else f"{v}-player design with {v - players} phantom(s): byes"
    return check(Movement(kind="individual", winners=1, tables=v // 4, boards_per_round=bpr,
                          rounds_detail=tuple(plans), shared=shared, note=note))


def rainbow(tables: int, *, boards_per_round: int | None = None,
            rounds: int | None = None) -> Movement:
    """Rainbow individual: at table t, round r: N=t, S=t-r, E=t-2r, W=t+2r, set t+r (mod T)."""
    if tables < 5 or gcd(tables, 6) != 1:
        raise IndividualError(
            f"a Rainbow needs a table count coprime to 6 (5, 7, 11, 13, ...), not {tables}: "
            "East-West partners would meet twice or see a set twice. Use an individual "
            f"movement or a rainbow with {_next_rainbow(tables)} tables")
    within("tables", tables)
    within("boards_per_round", boards_per_round)
    rounds = tables if rounds is None else rounds
    if not 1 <= rounds <= tables:
        raise IndividualError(f"a {tables}-table Rainbow has at most {tables} rounds")
    bpr = boards_per_round or max(1, round(24 / rounds))
    within("board", tables * bpr)
    T = tables
    plans = []
    for r in range(rounds):
        tps = tuple(
            TablePlay(table=t + 1, n=str(t + 1), s=str(T + (t - r) % T + 1),
                      e=str(2 * T + (t - 2 * r) % T + 1), w=str(3 * T + (t + 2 * r) % T + 1),
                      boards=board_set((t + r) % T + 1, bpr))
            for t in range(T)
        )
        plans.append(RoundPlan(round=r + 1, tables=tps))
    return check(Movement(kind="rainbow", winners=2, tables=T, boards_per_round=bpr,
                          rounds_detail=tuple(plans), shared=False))


def _next_rainbow(tables: int) -> int:
    t = max(5, tables)
    while gcd(t, 6) != 1:
        t += 1
    return t


Grid = list[tuple[list[tuple[tuple[int, int, int, int], int]], list[int]]]


def _eight() -> Grid:
    grid: Grid = []
    for r in range(7):
        row = [(tuple(8 if p == 8 else (p - 1 + r) % 7 + 1 for p in seats), r + 1)
               for seats in _EIGHT]
        grid.append((row, []))
    return grid


def _whist(v: int) -> tuple[Grid, bool]:
    """Develop a cyclic whist tournament: element x -> player x+1, the fixed point -> player v.

    Round r adds the group element coded r (mixed radix over ``WHIST_GROUPS``, else Z_m).
    Returns the grid and whether boards are shared (all tables on the same set each round).
    """
    blocks, offsets = WHIST_TOURNAMENTS[v]
    shared = offsets is None
    offsets = offsets or (0,) * len(blocks)
    fixed = v % 4 == 0
    moduli = WHIST_GROUPS.get(v, (v - 1 if fixed else v,))
    grid: Grid = []
    for r in range(prod(moduli)):
        row = []
        for block, offset in zip(blocks, offsets):
            seats = tuple(v if x is None else _add(x, r, moduli) + 1 for x in block)
            row.append((seats, _add(offset, r, moduli) + 1))
        idle = [] if fixed else [r + 1]  # the element 0 is missing from the starter
        grid.append((row, idle))
    return grid, shared


def _add(x: int, y: int, moduli: tuple[int, ...]) -> int:
    """x + y in Z_m1 x Z_m2 x ..., elements coded in mixed radix (x = 3a + b in Z_3 x Z_3)."""
    total, scale = 0, 1
    for m in reversed(moduli):
        total += (x % m + y % m) % m * scale
        x, y, scale = x // m, y // m, scale * m
    return total
