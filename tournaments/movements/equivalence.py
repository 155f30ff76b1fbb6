"""Are two movements the same up to relabelling of entrants, tables, rounds and board sets?

Published movements number pairs, tables and boards their own way; what matters is the
structure. Both movements become coloured graphs (a node per entrant, table, round, board set
and play; a play joins its round, table, set and its entrants by seat), coloured by kind, and
the test is a coloured-graph isomorphism: colour refinement, then individualisation with
backtracking where refinement leaves ties. The answer is an explicit relabelling, checked by
applying it, so a "yes" is never taken on trust.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .model import Movement

Node = tuple


@dataclass(frozen=True)
class Relabelling:
    """How the names of one movement map onto the other's."""

    entrants: dict[str, str]
    tables: dict[int, int]
    rounds: dict[int, int]
    board_sets: dict[tuple[int, ...], tuple[int, ...]]


def _graph(m: Movement, directions: bool) -> dict[Node, list[tuple[str, Node]]]:
    adj: dict[Node, list[tuple[str, Node]]] = {}

    def edge(a: Node, label: str, b: Node) -> None:
        adj.setdefault(a, []).append((label, b))
        adj.setdefault(b, []).append((label, a))

    for plan in m.rounds_detail:
        adj.setdefault(("round", plan.round), [])
        for t in plan.tables:
            play = ("play", plan.round, t.table)
            edge(play, "round", ("round", plan.round))
            edge(play, "table", ("table", t.table))
            edge(play, "set", ("set", tuple(t.boards)))
            seats = zip("nsew", (t.n, t.s, t.e, t.w)) if t.is_individual else (("ns", t.ns), ("ew", t.ew))
            for seat, who in seats:
                edge(play, seat if directions else "seat", ("entrant", who))
        for who in plan.sit_out:
            edge(("round", plan.round), "out", ("entrant", who))
    return adj


def _refine(adj, colours: dict[Node, int]) -> dict[Node, int]:
    """Colour refinement (1-dimensional Weisfeiler-Leman) to a stable partition."""
    while True:
        signatures = {v: (colours[v], tuple(sorted((lab, colours[w]) for lab, w in adj[v]))) for v in adj}
        palette = {sig: i for i, sig in enumerate(sorted(set(signatures.values())))}
        fresh = {v: palette[signatures[v]] for v in adj}
        if len(set(fresh.values())) == len(set(colours.values())):
            return fresh
        colours = fresh


def _search(adj, colours: dict[Node, int], side_a: set, depth: int = 0) -> dict[Node, Node] | None:
    colours = _refine(adj, colours)
    count_a = Counter(c for v, c in colours.items() if v in side_a)
    count_b = Counter(c for v, c in colours.items() if v not in side_a)
    if count_a != count_b:
        return None
    ties = sorted(c for c, n in count_a.items() if n > 1)
    if not ties:
        by_colour = {c: v for v, c in colours.items() if v not in side_a}
        return {v: by_colour[c] for v, c in colours.items() if v in side_a}
    colour = ties[0]
    a = min((v for v in side_a if colours[v] == colour), key=repr)
    fresh = max(colours.values()) + 1
    for b in sorted((v for v in colours if v not in side_a and colours[v] == colour), key=repr):
        trial = dict(colours)
        trial[a] = trial[b] = fresh
        found = _search(adj, trial, side_a, depth + 1)
        if found is not None:
            return found
    return None


def relabelling(a: Movement, b: Movement, *, directions: bool = True) -> Relabelling | None:
    """An explicit relabelling that turns movement ``a`` into ``b``, or None if none exists.

    With ``directions=False`` a table's two sides may also be swapped (a published Howell
    that seats the same pairs at the same tables on the same boards, but N-S where ours has
    E-W, is the same movement turned round; its comparison balance may differ)."""
    if (a.rounds, a.tables, len(a.entrants)) != (b.rounds, b.tables, len(b.entrants)):
        return None
    ga, gb = _graph(a, directions), _graph(b, directions)
    adj = {("A",) + v: [(lab, ("A",) + w) for lab, w in edges] for v, edges in ga.items()}
    adj.update({("B",) + v: [(lab, ("B",) + w) for lab, w in edges] for v, edges in gb.items()})
    kinds = {"entrant": 0, "table": 1, "round": 2, "set": 3, "play": 4}
    colours = {v: kinds[v[1]] for v in adj}
    side_a = {v for v in adj if v[0] == "A"}
    found = _search(adj, colours, side_a)
    if found is None:
        return None
    parts: dict[str, dict] = {k: {} for k in kinds}
    for va, vb in found.items():
        if va[1] != "play":
            parts[va[1]][va[2]] = vb[2]
    mapping = Relabelling(entrants=parts["entrant"], tables=parts["table"], rounds=parts["round"],
                          board_sets=parts["set"])
    return mapping if _applies(a, b, mapping, directions) else None


def _seated(t, directions: bool, name=str) -> tuple:
    sides = tuple(tuple(name(e) for e in side) for side in t.sides)
    return sides if directions else tuple(sorted(sides))


def _rows(m: Movement, directions: bool) -> set[tuple]:
    return {(p.round, t.table, tuple(t.boards), _seated(t, directions)) for p in m.rounds_detail for t in p.tables} \
        | {(p.round, "out", who) for p in m.rounds_detail for who in p.sit_out}


def _applies(a: Movement, b: Movement, r: Relabelling, directions: bool) -> bool:
    """Check the relabelling by rewriting ``a`` with it and comparing every seat with ``b``."""
    rewritten = set()
    for p in a.rounds_detail:
        for t in p.tables:
            rewritten.add((r.rounds[p.round], r.tables[t.table], r.board_sets[tuple(t.boards)],
                           _seated(t, directions, r.entrants.__getitem__)))
        rewritten |= {(r.rounds[p.round], "out", r.entrants[who]) for who in p.sit_out}
    return rewritten == _rows(b, directions)


def equivalent(a: Movement, b: Movement, *, directions: bool = True) -> bool:
    return relabelling(a, b, directions=directions) is not None
