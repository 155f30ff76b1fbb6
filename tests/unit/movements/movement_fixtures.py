"""Readers for the published movement fixtures copied into ``data/`` (bridgescorer YAML,
the expanded howellki text), returning pure ``Movement`` objects."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import yaml

from tournaments.movements import Movement, RoundPlan, TablePlay

DATA = Path(__file__).parent / "data"


def bridgescorer(name: str, *, shared: bool = False) -> Movement:
    doc = yaml.safe_load((DATA / name).read_text())
    rounds = defaultdict(list)
    for hand in doc["hands"]:
        rounds[hand["round"]].append(TablePlay(table=hand["table"], ns=str(hand["ns"]),
                                               ew=str(hand["ew"]), boards=tuple(hand["boards"])))
    plans = tuple(RoundPlan(round=r, tables=tuple(sorted(rounds[r], key=lambda t: t.table)))
                  for r in sorted(rounds))
    tables = max(t.table for p in plans for t in p.tables)
    return Movement(kind=doc["name"], winners=1, tables=tables,
                    boards_per_round=len(doc["hands"][0]["boards"]), rounds_detail=plans,
                    shared=shared)


def howellki_expanded(key: str) -> list[tuple[int, int, str, str, int]]:
    """Rows (round, table, NS, EW, set) of one movement in the derived howellki file."""
    rows, active = [], False
    for line in (DATA / "52_derived_howellki_expanded.txt").read_text().splitlines():
        if line.startswith("== "):
            active = line.startswith(f"== {key}:")
            continue
        parts = line.split("\t")
        if active and len(parts) == 5 and parts[0].isdigit():
            r, t, ns, ew, s = parts
            rows.append((int(r), int(t), ns, ew, int(s)))
    return rows


def signature(movement: Movement, report) -> tuple:
    """Invariants preserved by relabelling pairs, tables and board sets."""
    return (movement.rounds, movement.tables, movement.boards,
            tuple(sorted(report.meetings.values())), tuple(sorted(report.board_plays.values())),
            tuple(sorted(report.comparisons.values())))
