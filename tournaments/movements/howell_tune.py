"""Tune the circle-method Howells (13-30 tables) for comparison balance.

Turning a table round for the whole session (its N-S pairs sit E-W and the reverse) changes
nobody's opponents or boards, only who is compared with whom: two pairs are compared on a
board when they sit in the same direction on it. The search flips tables to make the
comparisons as even as possible -- smallest spread (most minus fewest comparisons between
two pairs), then smallest variance -- by hill climbing from random starts.

``python -m tournaments.movements.howell_tune 13 14 --seconds 30`` prints the flips for
``howell_data.CYCLIC_FLIPS``, as a string of 0/1 per table (table 1 first).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from itertools import combinations

from .howell_data import CYCLIC_SET_OFFSETS


def cyclic_plays(tables: int) -> list[tuple[int, int, int, int]]:
    """(set, table index, N-S pair, E-W pair) of the circle-method Howell, one board set a play."""
    m = 2 * tables - 1
    offsets = CYCLIC_SET_OFFSETS[tables]
    plays = []
    for r in range(m):
        plays.append(((r + offsets[0]) % m, 0, 2 * tables, r + 1))
        for k in range(1, tables):
            plays.append(((r + offsets[k]) % m, k, (r + k) % m + 1, (r - k) % m + 1))
    return plays


def balance(tables: int, plays, flips) -> tuple[int, float]:
    """(spread, variance) of the comparison counts between every two pairs."""
    groups: dict[tuple[int, int], list[int]] = {}
    for board_set, k, ns, ew in plays:
        if flips[k]:
            ns, ew = ew, ns
        groups.setdefault((board_set, 0), []).append(ns)
        groups.setdefault((board_set, 1), []).append(ew)
    compared: Counter = Counter()
    for members in groups.values():
        compared.update(combinations(sorted(members), 2))
    pairs = 2 * tables
    counts = [compared.get((a, b), 0) for a in range(1, pairs + 1) for b in range(a + 1, pairs + 1)]
    mean = sum(counts) / len(counts)
    return max(counts) - min(counts), sum((c - mean) ** 2 for c in counts) / len(counts)


def tune(tables: int, *, seconds: float = 30.0, seed: int = 1) -> tuple[str, tuple, tuple]:
    """Best flips found in ``seconds``: (flips as "0101...", balance unflipped, balance flipped)."""
    rng = random.Random(seed)
    plays = cyclic_plays(tables)
    start = balance(tables, plays, [0] * tables)
    best_flips, best = [0] * tables, start
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        flips = [rng.randint(0, 1) for _ in range(tables)]
        flips[0] = 0  # turning every table round is the same movement: keep table 1 as it is
        current = balance(tables, plays, flips)
        improved = True
        while improved and time.monotonic() < deadline:
            improved = False
            for k in range(1, tables):
                flips[k] ^= 1
                trial = balance(tables, plays, flips)
                if trial < current:
                    current, improved = trial, True
                else:
                    flips[k] ^= 1
        if current < best:
            best, best_flips = current, flips[:]
    return "".join(map(str, best_flips)), start, best


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="+", type=int)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for tables in args.tables:
        flips, start, best = tune(tables, seconds=args.seconds, seed=args.seed)
        print(f"{tables}: {flips!r}  spread {start[0]} -> {best[0]}, variance {start[1]:.3f} -> {best[1]:.3f}")


if __name__ == "__main__":
    main()
