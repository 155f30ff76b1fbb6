"""Personal score cards: one per pair, a row per board in the order the pair plays them.

Blank cards come from the movement (round, table, direction, opponents, boards) for the
players' own record; completed cards add the result, the pair's score, the matchpoints or
IMPs and a running total, ending with the pair's total and percentage.
"""
from __future__ import annotations

from .notation import contract_parts, number, signed
from .sheet import EventSheet, comparison, entrant_label, pair_text, score_lookup

TEMPLATE = "print/score_cards.html"
COMPACT_ROWS = 18  # longer cards print tighter rows so a card stays on one page (26 boards fit)


def pair_rounds(sheet: EventSheet, label: str) -> list[dict]:
    """Where the entrant sits each round: table, direction, opponents and boards (or sits out)."""
    out = []
    for plan in sheet.movement:
        seat = None
        for tp in plan.tables:
            ns, ew = tp.sides
            if label in ns:
                seat = (tp, "NS", ns, ew)
            elif label in ew:
                seat = (tp, "EW", ew, ns)
        if seat is None:
            out.append({"round": plan.round, "sits_out": True})
            continue
        tp, direction, own, other = seat
        if other and all(x in sheet.absent for x in other):  # against the phantom: a sit-out
            out.append({"round": plan.round, "sits_out": True})
            continue
        out.append({"round": plan.round, "sits_out": False, "table": tp.table, "direction": direction,
                    "opponents": " & ".join(pair_text(x) for x in other), "boards": list(tp.boards),
                    "ns": " & ".join(tp.sides[0]), "ew": " & ".join(tp.sides[1])})
    return out


def card(sheet: EventSheet, label: str, results: dict, lookup: dict, imps: bool, standing=None) -> dict:
    rows, running, completed = [], 0.0, False
    for rnd in pair_rounds(sheet, label):
        if rnd["sits_out"]:
            rows.append({"round": rnd["round"], "sits_out": True})
            continue
        first = True
        for board in rnd["boards"]:
            result = results.get((board, rnd["ns"], rnd["ew"]))
            row = {"round": rnd["round"] if first else "", "table": rnd["table"] if first else "",
                   "direction": ("N-S" if rnd["direction"] == "NS" else "E-W") if first else "",
                   "opponents": rnd["opponents"] if first else "", "board": board, "sits_out": False,
                   "ahead": first, "contract": None, "by": "", "tricks": "", "score": "", "cmp": "", "running": ""}
            first = False
            if result is not None:
                completed = True
                own_ns = rnd["direction"] == "NS"
                row.update(contract=contract_parts(result.contract), by=result.declarer,
                           tricks=result.tricks if result.tricks is not None else (result.tricks_ns if result.tricks_ns is not None else ""))
                if result.is_adjusted:
                    row["score"] = result.adjusted_ns if own_ns else result.adjusted_ew
                elif result.score_ns is not None:
                    row["score"] = signed(result.score_ns if own_ns else -result.score_ns) or "0"
                scored = lookup.get((board, rnd["ns"], rnd["ew"]))
                if scored is not None:
                    value = scored.value("ns" if own_ns else "ew", sheet.scoring)
                    if value is not None:
                        running += value
                        row["cmp"] = signed(value) if imps else number(value)
                        row["running"] = signed(running) if imps else number(running)
            rows.append(row)
    total = {}
    if standing is not None:
        total = {"rank": standing.rank, "total": signed(standing.total) if imps else number(standing.total),
                 "top": number(standing.top), "percentage": f"{standing.percentage:.2f}%" if standing.percentage is not None else ""}
    return {"label": label, "heading": f"Score card · {'player' if sheet.movement.is_individual else 'pair'} {pair_text(label)}", "names": sheet.name_of(label),
            "rows": rows, "completed": completed, "total": total, "compact": len(rows) > COMPACT_ROWS}


def build(sheet: EventSheet, *, pair: str | None = None) -> dict:
    labels = [x for x in sheet.pairs if (pair is None or x == pair) and x not in sheet.absent]
    session = sheet.scored
    lookup = score_lookup(session)
    standings = {s.entrant: s for s in (session.standings if session else ())}
    for key, s in list(standings.items()):  # a late pair under its own key: its number's card is the pair now holding it
        if "/" in key and sheet.name_of(key) == sheet.name_of(entrant_label(key)):
            standings.setdefault(entrant_label(key), s)
    label, imps = comparison(sheet)
    results = {(r.board, r.ns, r.ew): r for r in sheet.results}
    cards = [card(sheet, x, results, lookup, imps, standings.get(x)) for x in labels]
    return {"sheet": sheet, "cards": cards, "cmp": label, "whist": sheet.is_whist}
