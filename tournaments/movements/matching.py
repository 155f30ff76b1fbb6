"""Maximum matching in a general graph (Edmonds' blossom algorithm), pure Python.

Used by the Swiss draw as a feasibility oracle: "can the teams still unpaired be paired without
a rematch?" is "has the graph of allowed opponents a perfect matching?". Edmonds, "Paths, trees
and flowers" (1965); the augmenting-path search with blossom contraction as in the classic
O(V^3) formulation (one breadth-first search per exposed vertex, blossoms contracted to a base).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


class Matching:
    """A matching on vertices 0..n-1 with adjacency ``adj``; vertices may be removed
    (``remove``) and the search then ignores them. ``mate[v]`` is v's partner or -1."""

    def __init__(self, adj: Sequence[Sequence[int]]):
        self.n = len(adj)
        self.adj = [list(a) for a in adj]
        self.mate = [-1] * self.n
        self.alive = [True] * self.n

    def greedy(self) -> None:
        """A quick maximal matching to start from (fewer augmentations afterwards)."""
        for v in range(self.n):
            if self.mate[v] == -1 and self.alive[v]:
                for w in self.adj[v]:
                    if self.mate[w] == -1 and self.alive[w] and w != v:
                        self.mate[v], self.mate[w] = w, v
                        break

    def maximize(self) -> int:
        """Augment until maximum; return the number of exposed live vertices."""
        self.greedy()
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == -1:
                self.augment_from(v)
        return sum(1 for v in range(self.n) if self.alive[v] and self.mate[v] == -1)

    def remove(self, v: int) -> None:
        self.alive[v] = False

    def augment_from(self, root: int) -> bool:
        """Find an augmenting path from exposed ``root`` and flip it; False if there is none
        (the matching is then unchanged)."""
        end, parent = self._search(root)
        if end == -1:
            return False
        v = end
        while v != -1:
            pv = parent[v]
            nxt = self.mate[pv]
            self.mate[v], self.mate[pv] = pv, v
            v = nxt
        return True

    def _search(self, root: int) -> tuple[int, list[int]]:
        n, mate, adj, alive = self.n, self.mate, self.adj, self.alive
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in adj[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to, parent
                    used[mate[to]] = True
                    queue.append(mate[to])
        return -1, parent
