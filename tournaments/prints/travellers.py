"""Travellers: one per board, a row per scheduled play in movement order.

Blank travellers carry the pairs from the movement for paper play; completed ones add the
contract, declarer, tricks, the N-S or E-W score and the matchpoints or IMPs the scoring
engine gave each side. Whist travellers record the tricks won by N-S ("the tricks taken over
six are recorded", Standard Hoyle, Duplicate Whist).
"""
from __future__ import annotations

from tournaments.deals.boards import board_dealer, board_vulnerability

from .notation import VUL_TEXT, card_text, card_words, contract_parts, number, seat_name, signed, vulnerability_text
from .sheet import EventSheet, comparison, pair_in, plays_of_board, results_by_board, score_lookup

TEMPLATE = "print/travellers.html"


def result_cells(result, score=None, *, imps: bool, scoring: str) -> dict:
    """The filled-in cells of one row (blank when there is no result)."""
    if result is None:
        return {"played": False}
    cells = {"played": True, "contract": contract_parts(result.contract), "by": result.declarer,
             "tricks": "" if result.tricks is None else result.tricks,
             "tricks_ns": "" if result.tricks_ns is None else result.tricks_ns,
             "lead": result.lead, "adjusted": result.is_adjusted,
             "score_ns": "", "score_ew": "", "cmp_ns": "", "cmp_ew": ""}
    if result.is_adjusted:
        cells["score_ns"], cells["score_ew"] = result.adjusted_ns, result.adjusted_ew
    elif result.score_ns is not None:
        if result.score_ns > 0:
            cells["score_ns"] = number(result.score_ns)
        elif result.score_ns < 0:
            cells["score_ew"] = number(-result.score_ns)
        else:
            cells["score_ns"] = cells["score_ew"] = "0"
    if score is not None:
        shown = signed if imps else number
        cells["cmp_ns"], cells["cmp_ew"] = shown(score.value("ns", scoring)), shown(score.value("ew", scoring))
    return cells


def board_facts(sheet: EventSheet, number: int) -> dict:
    board = sheet.board(number)
    if board is None:
        dealer = board_dealer(number)
        vul = board_vulnerability(number) if not sheet.is_whist else ""
        return {"dealer": seat_name(dealer), "vulnerability": VUL_TEXT.get(vul, ""), "turn_up": "", "turn_up_words": ""}
    return {"dealer": seat_name(board.dealer), "vulnerability": vulnerability_text(board),
            "turn_up": card_text(board.turn_up) if board.turn_up else "",
            "turn_up_red": bool(board.turn_up and board.turn_up.suit in "HD"),
            "turn_up_words": card_words(board.turn_up) if board.turn_up else ""}


def traveller(sheet: EventSheet, number: int, results: list, lookup: dict, imps: bool) -> dict:
    by_pairs = {(r.ns, r.ew): r for r in results}
    rows, seen = [], set()
    for rnd, table, ns, ew in plays_of_board(sheet.movement, number):
        result = by_pairs.get((ns, ew))
        seen.add((ns, ew))
        score = lookup.get((number, ns, ew))
        rows.append({"round": rnd, "table": table, "ns": pair_in(ns, "NS"), "ew": pair_in(ew, "EW"),
                     **result_cells(result, score, imps=imps, scoring=sheet.scoring)})
    for r in results:  # results the movement did not schedule (a late change of seating)
        if (r.ns, r.ew) not in seen:
            rows.append({"round": r.round, "table": r.table, "ns": pair_in(r.ns, "NS"), "ew": pair_in(r.ew, "EW"),
                         **result_cells(r, lookup.get((number, r.ns, r.ew)), imps=imps, scoring=sheet.scoring)})
    return {"number": number, "heading": f"Board {number}", "facts": board_facts(sheet, number), "rows": rows,
            "completed": bool(results)}


def build(sheet: EventSheet, *, board: int | None = None) -> dict:
    numbers = [n for n in sheet.board_numbers() if board is None or n == board]
    by_board = results_by_board(sheet)
    lookup = score_lookup(sheet.scored)
    label, imps = comparison(sheet)
    travellers = [traveller(sheet, n, by_board.get(n, []), lookup, imps) for n in numbers]
    return {"sheet": sheet, "travellers": travellers, "cmp": label,
            "bridge": not sheet.is_whist, "whist": sheet.is_whist}
