"""The project's migration state "as it was" when one app stood at an older migration: that
migration plus, for every other app, its newest migration that needs nothing of the first app
beyond it (an app added later, e.g. accounts on tournaments 0023, stays out or at an older one)."""
from __future__ import annotations


def state_at(executor, target: tuple[str, str]) -> list[tuple[str, str]]:
    graph = executor.loader.graph
    app = target[0]
    allowed = set(graph.forwards_plan(target))
    nodes = [target]
    for other in sorted({node[0] for node in graph.leaf_nodes()} - {app}):
        chain = [n for n in graph.forwards_plan(max(n for n in graph.leaf_nodes() if n[0] == other)) if n[0] == other]
        fits = [n for n in chain
                if all(dep in allowed for dep in graph.forwards_plan(n) if dep[0] == app)]
        if fits:  # none: the app's first migration needs more of ``app`` (migrating back unapplies it)
            nodes.append(fits[-1])
    return nodes
