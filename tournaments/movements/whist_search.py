"""Search for cyclic whist tournaments Wh(v): the starter round and the board-set offsets.

A Wh(4n+1) is developed over an abelian group G of order v (one player sits out each round,
the element 0 is absent from the starter); a Wh(4n) over G of order v - 1 plus a fixed player
``None``. The starter is n tables (N, S, E, W). It develops into a whist tournament iff the
partner differences +-(N-S), +-(E-W) cover every nonzero element of G exactly once and the
opponent differences (N or S against E or W) cover each exactly twice (pairs holding ``None``
do not count: the fixed player meets everyone through the translates). Board sets: table k plays
set r + offset_k; a player at seat b of table k meets set x - b + offset_k, so the offsets keep
every set at one table per round and no player on a set twice iff they are distinct and the
values offset_k - b are distinct (Baker 1975; Anderson, "Combinatorial designs and tournaments").

    python -m tournaments.movements.whist_search 21 [--seed S] [--shared] [--seconds T]

Groups are products of cyclic groups, elements coded in mixed radix (x = 3a + b in Z_3 x Z_3).
The default group is cyclic, except for 9: there is no Z-cyclic Wh(9) (``exhaustive`` proves it
in a fraction of a second), so Wh(9) is built over Z_3 x Z_3. Primes p = 1 mod 4 and, over
Z_p x Z_p, their squares use the primitive-root construction; other sizes are annealed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from itertools import combinations

Block = tuple  # (N, S, E, W): group elements, or None for the fixed player
NONCYCLIC = {9: (3, 3)}


class Group:
    """A product of cyclic groups of odd order, its elements coded 0..order-1 in mixed radix."""

    def __init__(self, moduli: tuple[int, ...]):
        self.moduli = tuple(moduli)
        self.order = math.prod(self.moduli)
        digits = [self._digits(x) for x in range(self.order)]
        code = {d: x for x, d in enumerate(digits)}
        self.add = [[code[tuple((p + q) % m for p, q, m in zip(a, b, self.moduli))]
                     for b in digits] for a in digits]
        self.sub = [[code[tuple((p - q) % m for p, q, m in zip(a, b, self.moduli))]
                     for b in digits] for a in digits]
        # the class {d, -d} of each nonzero difference, numbered 0 .. (order - 3) / 2
        self.klass = [0] * self.order
        seen: dict[int, int] = {}
        for d in range(1, self.order):
            neg = self.sub[0][d]
            if neg in seen:
                self.klass[d] = seen[neg]
            else:
                self.klass[d] = seen[d] = len(seen)
        self.classes = len(seen)

    def _digits(self, x: int) -> tuple[int, ...]:
        out = []
        for m in reversed(self.moduli):
            out.append(x % m)
            x //= m
        return tuple(reversed(out))


def group_for(v: int, moduli: tuple[int, ...] | None = None) -> Group:
    """The group a Wh(v) is developed over: order v (4n+1) or v - 1 (4n)."""
    order = v - 1 if v % 4 == 0 else v
    moduli = moduli or NONCYCLIC.get(v, (order,))
    if v < 4 or v % 4 not in (0, 1) or math.prod(moduli) != order or order % 2 == 0:
        raise ValueError(f"no whist tournament of this form for {v} players over {moduli}")
    return Group(moduli)


def starter_problems(v: int, blocks, offsets=None, moduli=None) -> list[str]:
    """Why ``blocks`` (and ``offsets``) do not develop into a Wh(v); empty when they do."""
    g = group_for(v, moduli)
    fixed = v % 4 == 0
    wanted = ([-1] if fixed else []) + list(range(0 if fixed else 1, g.order))
    got = [-1 if x is None else x for b in blocks for x in b]
    problems = []
    if len(blocks) != v // 4 or any(len(b) != 4 for b in blocks):
        problems.append(f"want {v // 4} tables of four")
    if sorted(got) != wanted:
        problems.append("the starter must seat each element once"
                        + ("" if fixed else ", all but 0"))
    partner, opponent = [0] * g.classes, [0] * g.classes
    for n, s, e, w in blocks:
        for a, b in ((n, s), (e, w)):
            if a is not None and b is not None:
                partner[g.klass[g.sub[a][b]]] += 1
        for a in (n, s):
            for b in (e, w):
                if a is not None and b is not None:
                    opponent[g.klass[g.sub[a][b]]] += 1
    if any(c != 1 for c in partner):
        problems.append("partner differences do not cover each element once")
    if any(c != 2 for c in opponent):
        problems.append("opponent differences do not cover each element twice")
    if offsets is not None:
        values = [g.sub[o][x] for o, b in zip(offsets, blocks) for x in b if x is not None]
        if len(set(offsets)) != len(offsets) or len(set(values)) != len(values):
            problems.append("a set would be at two tables in a round or meet a player twice")
    return problems


def find_offsets(v: int, blocks, moduli=None) -> tuple[int, ...] | None:
    """Set offsets for ``blocks`` by backtracking (offset of table 1 fixed at 0), or None."""
    g = group_for(v, moduli)
    seats = [[x for x in b if x is not None] for b in blocks]

    def extend(k: int, used: set, offsets: list) -> tuple[int, ...] | None:
        if k == len(seats):
            return tuple(offsets)
        for o in ([0] if k == 0 else range(g.order)):
            values = {g.sub[o][x] for x in seats[k]}
            if o in offsets or len(values) < len(seats[k]) or used & values:
                continue
            found = extend(k + 1, used | values, offsets + [o])
            if found:
                return found
        return None

    return extend(0, set(), [])


def exhaustive(v: int, moduli=None, limit: int | None = None) -> list[tuple[Block, ...]]:
    """Every starter (up to ``limit``), by backtracking on the smallest unseated element."""
    g = group_for(v, moduli)
    fixed = v % 4 == 0
    elements = ([None] if fixed else []) + list(range(0 if fixed else 1, g.order))
    found: list[tuple[Block, ...]] = []
    partner, opponent = [0] * g.classes, [0] * g.classes

    def k(a, b):
        return None if a is None or b is None else g.klass[g.sub[a][b]]

    def place(left: list, tables: list) -> bool:
        if not left:
            found.append(tuple(tables))
            return limit is not None and len(found) >= limit
        a, rest = left[0], left[1:]
        for b in rest:
            pab = k(a, b)
            if pab is not None and partner[pab]:
                continue
            others = [x for x in rest if x != b]
            for c, d in combinations(others, 2):
                pcd = k(c, d)
                if pcd is not None and (partner[pcd] or pcd == pab):
                    continue
                opp = [k(x, y) for x in (a, b) for y in (c, d)]
                opp = [o for o in opp if o is not None]
                for o in opp:
                    opponent[o] += 1
                for p in (pab, pcd):
                    if p is not None:
                        partner[p] += 1
                if all(opponent[o] <= 2 for o in opp) and place(
                        [x for x in others if x not in (c, d)], tables + [(a, b, c, d)]):
                    return True
                for o in opp:
                    opponent[o] -= 1
                for p in (pab, pcd):
                    if p is not None:
                        partner[p] -= 1
        return False

    place(elements, [])
    return found


def primitive_root_starter(p: int) -> tuple[Block, ...]:
    """Wh(p) for a prime p = 4t + 1: tables x^i * (1, -1, w, -w), i < t, w = x^t (w^2 = -1).

    Partner differences 2x^i(1, w) run over every power of x once; opponent differences
    (1 -+ w)x^i, with 1 + w = w(1 - w), run over (1 - w) times every power twice.
    """
    if p % 4 != 1 or any(p % q == 0 for q in range(2, math.isqrt(p) + 1)):
        raise ValueError(f"{p} is not a prime of the form 4t + 1")
    t = p // 4
    x = next(x for x in range(2, p)
             if all(pow(x, (p - 1) // q, p) != 1 for q in range(2, p) if
                    (p - 1) % q == 0 and all(q % r for r in range(2, q))))
    w = pow(x, t, p)
    return tuple(tuple(pow(x, i, p) * s % p for s in (1, p - 1, w, p - w)) for i in range(t))


def field_starter(p: int) -> tuple[Block, ...]:
    """The same construction in GF(p^2) = Z_p[a]/(a^2 - c), c a non-residue: Wh(9), Wh(25).

    Element x + y a is coded p x + y, i.e. over the group Z_p x Z_p.
    """
    c = next(c for c in range(2, p) if pow(c, (p - 1) // 2, p) == p - 1)

    def mul(u: int, v: int) -> int:
        (a, b), (x, y) = divmod(u, p), divmod(v, p)
        return (a * x + c * b * y) % p * p + (a * y + b * x) % p

    def power(u: int, k: int) -> int:
        out = p  # the element 1
        for _ in range(k):
            out = mul(out, u)
        return out

    q = p * p
    g = next(u for u in range(1, q) if u % p and all(
        power(u, (q - 1) // r) != p for r in range(2, q) if (q - 1) % r == 0 and all(
            r % s for s in range(2, r))))
    t = (q - 1) // 4
    w = power(g, t)
    minus = power(g, 2 * t)
    return tuple(tuple(mul(power(g, i), s) for s in (p, minus, w, mul(minus, w)))
                 for i in range(t))


def anneal(v: int, *, seed: int = 0, with_offsets: bool = True, seconds: float = 60.0,
           moduli=None) -> tuple[tuple[Block, ...], tuple[int, ...] | None] | None:
    """Simulated annealing on the seating (and offsets); swaps two seats or moves an offset.

    The cost is the sum of squares of the partner-class, opponent-class, set-value and offset
    counts; it reaches its floor exactly when every count is on target. Restarts when stuck.
    """
    g = group_for(v, moduli)
    rng = random.Random(seed)
    fixed = v % 4 == 0
    n = v // 4
    cls, sub = g.klass, g.sub
    positions = 4 * n
    floor = g.classes * (1 + 4) + (positions - fixed + n if with_offsets else 0)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seats = ([None] if fixed else []) + list(range(0 if fixed else 1, g.order))
        rng.shuffle(seats)
        offsets = [rng.randrange(g.order) for _ in range(n)]
        partner, opponent = [0] * g.classes, [0] * g.classes
        values, offs = [0] * g.order, [0] * g.order

        def table(k: int, sign: int) -> int:
            """Add (sign 1) or remove (sign -1) table k's counts; return the cost change."""
            a, b, c, d = seats[4 * k: 4 * k + 4]
            delta = 0
            for x, y, counts in ((a, b, partner), (c, d, partner), (a, c, opponent),
                                 (a, d, opponent), (b, c, opponent), (b, d, opponent)):
                if x is not None and y is not None:
                    i = cls[sub[x][y]]
                    if sign > 0:
                        delta += 2 * counts[i] + 1
                        counts[i] += 1
                    else:
                        counts[i] -= 1
                        delta -= 2 * counts[i] + 1
            if with_offsets:
                o = offsets[k]
                for i, counts in [(sub[o][x], values) for x in (a, b, c, d) if x is not None] \
                        + [(o, offs)]:
                    if sign > 0:
                        delta += 2 * counts[i] + 1
                        counts[i] += 1
                    else:
                        counts[i] -= 1
                        delta -= 2 * counts[i] + 1
            return delta

        cost = sum(table(k, 1) for k in range(n))
        temperature, steps, best = 2.0, 0, cost
        while cost > floor and steps < 200_000:
            steps += 1
            if with_offsets and rng.random() < 0.15:
                k = rng.randrange(n)
                old = offsets[k]
                delta = table(k, -1)
                offsets[k] = rng.randrange(g.order)
                delta += table(k, 1)
                if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                    table(k, -1)
                    offsets[k] = old
                    table(k, 1)
                    continue
            else:
                i, j = rng.sample(range(positions), 2)
                touched = {i // 4, j // 4}
                delta = sum(table(k, -1) for k in touched)
                seats[i], seats[j] = seats[j], seats[i]
                delta += sum(table(k, 1) for k in touched)
                if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                    for k in touched:
                        table(k, -1)
                    seats[i], seats[j] = seats[j], seats[i]
                    for k in touched:
                        table(k, 1)
                    continue
            cost += delta
            temperature = max(0.3, temperature * 0.99995)
            best = min(best, cost)
        if cost == floor:
            blocks = tuple(tuple(seats[4 * k: 4 * k + 4]) for k in range(n))
            return blocks, (normalised(g, offsets) if with_offsets else None)
    return None


def normalised(g: Group, offsets: list[int]) -> tuple[int, ...]:
    """Shift the offsets so table 1 plays set r (the same design, sets renumbered)."""
    return tuple(g.sub[o][offsets[0]] for o in offsets)


def search(v: int, *, seed: int = 0, with_offsets: bool | None = None, seconds: float = 60.0,
           moduli=None):
    """A starter and offsets for Wh(v): primitive root for primes p and (over Z_p x Z_p) p^2,
    else annealing.

    ``with_offsets`` None tries for offsets first, then settles for shared boards.
    """
    g = group_for(v, moduli)
    if g.moduli == (v,) and v % 4 == 1 and all(v % q for q in range(2, math.isqrt(v) + 1)):
        blocks = primitive_root_starter(v)
        offsets = find_offsets(v, blocks) if with_offsets is not False else None
        if offsets or with_offsets is False:
            return blocks, offsets
    if len(g.moduli) == 2 and g.moduli[0] == g.moduli[1] and v % 4 == 1:
        blocks = field_starter(g.moduli[0])
        offsets = find_offsets(v, blocks, g.moduli) if with_offsets is not False else None
        if offsets or with_offsets is False:
            return blocks, offsets
    if with_offsets is not False:
        found = anneal(v, seed=seed, with_offsets=True, moduli=moduli,
                       seconds=seconds if with_offsets else seconds / 2)
        if found or with_offsets:
            return found
    return anneal(v, seed=seed, with_offsets=False, seconds=seconds, moduli=moduli)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournaments.movements.whist_search",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--shared", action="store_true", help="do not look for set offsets")
    parser.add_argument("--group", help="moduli of the group, e.g. 3x3 (default: cyclic)")
    parser.add_argument("--exhaustive", action="store_true",
                        help="count every starter by backtracking (small sizes only)")
    args = parser.parse_args(argv)
    moduli = tuple(int(m) for m in args.group.split("x")) if args.group else None
    started = time.monotonic()
    if args.exhaustive:
        starters = exhaustive(args.players, moduli)
        with_sets = sum(1 for b in starters if find_offsets(args.players, b, moduli))
        print(f"{len(starters)} starters, {with_sets} with set offsets "
              f"({time.monotonic() - started:.1f}s)")
        return 0
    found = search(args.players, seed=args.seed, seconds=args.seconds, moduli=moduli,
                   with_offsets=False if args.shared else None)
    if not found:
        print(f"nothing found in {args.seconds:.0f}s; try another --seed", file=sys.stderr)
        return 1
    blocks, offsets = found
    assert not starter_problems(args.players, blocks, offsets, moduli)
    group = "x".join(map(str, group_for(args.players, moduli).moduli))
    print(f"# Wh({args.players}) over Z_{group}, seed {args.seed}, "
          f"{time.monotonic() - started:.1f}s")
    print(f"{args.players}: ({blocks!r}, {offsets!r}),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
