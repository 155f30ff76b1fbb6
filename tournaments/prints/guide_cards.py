"""Guide cards (table cards) and the movement wall chart, from the movement alone.

Per table, per round: the N-S and E-W pairs, the boards, where the E-W pair goes next and
where the boards go next. Relays (two tables sharing a set), the bye stand and the skip are
spelled out: Standard Hoyle, Duplicate Bridge: "A and B skip the fourth table in a six-table
game"; the trays "always go in the opposite direction from A and B".
"""
from __future__ import annotations

from tournaments.movements.model import Movement, RoundPlan, TablePlay

from .sheet import EventSheet, pair_in, pair_text

TEMPLATE = "print/guide_cards.html"


def _side_text(side: tuple[str, ...], direction: str = "") -> str:
    return " & ".join(pair_in(x, direction) if direction else pair_text(x) for x in side)


def _boards_text(boards: tuple[int, ...]) -> str:
    if not boards:
        return ""
    if list(boards) == list(range(boards[0], boards[0] + len(boards))) and len(boards) > 1:
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def _seat_of(plan: RoundPlan, label: str) -> tuple[int, str] | None:
    """(table, "N-S"/"E-W") where the entrant sits in the round, None when sitting out."""
    for t in plan.tables:
        ns, ew = t.sides
        if label in ns:
            return t.table, "N-S"
        if label in ew:
            return t.table, "E-W"
    return None


def _moves_text(movement: Movement, plan: RoundPlan, nxt: RoundPlan | None, side: tuple[str, ...],
                table: int) -> str:
    if nxt is None:
        return "End of session"
    places = []
    for label in side:
        seat = _seat_of(nxt, label)
        who = f"{pair_text(label)}: " if len(side) > 1 else ""
        if seat is None:
            places.append(f"{pair_text(label)} sits out")
        elif seat[0] == table:
            places.append(f"{who}stay ({seat[1]})")
        else:
            step = (seat[0] - table) % movement.tables
            skip = " — skip one table" if "mitchell" in movement.kind and step == 2 else ""
            places.append(f"{who}table {seat[0]} {seat[1]}{skip}")
    unique = list(dict.fromkeys(places))
    return "; ".join(unique)


def _boards_next(movement: Movement, index: int, tp: TablePlay) -> str:
    rounds = tuple(movement)
    first = tp.boards[0] if tp.boards else None
    if index + 1 >= len(rounds) or not any(first in t.boards for r in rounds[index + 1:] for t in r.tables):
        return "To the director"  # the set is finished
    tables = [t.table for t in rounds[index + 1].tables if first in t.boards]
    if not tables:
        return "Bye stand"
    if tables == [tp.table]:
        return "Stay"
    return " and ".join(f"table {x}" for x in tables)


def _sharing(plan: RoundPlan, tp: TablePlay) -> list[int]:
    return [t.table for t in plan.tables if t.table != tp.table and set(t.boards) & set(tp.boards)]


def bye_stand(movement: Movement, plan: RoundPlan) -> tuple[int, ...]:
    """Boards in the movement that no table plays in this round (they rest on the bye stand)."""
    in_play = {b for t in plan.tables for b in t.boards}
    return tuple(b for b in movement.board_numbers() if b not in in_play)


def guide_rows(movement: Movement, table: int) -> list[dict]:
    rounds = tuple(movement)
    rows = []
    for i, plan in enumerate(rounds):
        nxt = rounds[i + 1] if i + 1 < len(rounds) else None
        tp = plan.table(table)
        if tp is None:
            rows.append({"round": plan.round, "idle": True})
            continue
        ns, ew = tp.sides
        share = _sharing(plan, tp)
        rows.append({
            "round": plan.round, "idle": False,
            "ns": _side_text(ns, "NS"), "ew": _side_text(ew, "EW"), "boards": _boards_text(tp.boards),
            "ns_next": _moves_text(movement, plan, nxt, ns, table),
            "ew_next": _moves_text(movement, plan, nxt, ew, table),
            "boards_next": _boards_next(movement, i, tp),
            "relay": ", ".join(f"table {x}" for x in share),
            "sit_out": ", ".join(pair_text(x) for x in plan.sit_out),
        })
    return rows


def wall_chart(movement: Movement) -> dict:
    """The room's chart: a row per round, a cell per table, the bye stand and sit-outs."""
    tables = list(movement.table_numbers())
    rows = []
    for plan in movement:
        cells = []
        for number in tables:
            tp = plan.table(number)
            if tp is None:
                cells.append(None)
                continue
            ns, ew = tp.sides
            cells.append({"ns": _side_text(ns, "NS"), "ew": _side_text(ew, "EW"), "boards": _boards_text(tp.boards),
                          "relay": bool(_sharing(plan, tp))})
        rows.append({"round": plan.round, "cells": cells, "bye": _boards_text(bye_stand(movement, plan)),
                     "sit_out": ", ".join(pair_text(x) for x in plan.sit_out)})
    return {"tables": tables, "rows": rows, "has_bye": any(r["bye"] for r in rows),
            "has_sit_out": any(r["sit_out"] for r in rows)}


def movement_title(movement: Movement) -> str:
    kind = movement.kind.replace("-", " ").capitalize()
    return (f"{kind}: {movement.tables} tables, {movement.rounds} rounds of "
            f"{movement.boards_per_round} boards ({movement.boards} boards)")


def build(sheet: EventSheet, *, table: int | None = None, chart: bool = True) -> dict:
    movement = sheet.movement
    numbers = list(movement.table_numbers())
    if table is not None:
        numbers = [n for n in numbers if n == table]
    cards = [{"table": n, "heading": f"Table {n}", "rows": guide_rows(movement, n)} for n in numbers]
    return {"sheet": sheet, "cards": cards, "chart": wall_chart(movement) if chart else None,
            "movement_title": movement_title(movement), "individual": movement.is_individual}
