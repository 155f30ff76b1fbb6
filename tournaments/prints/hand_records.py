"""Hand records: compass diagrams, dealer, vulnerability or turn-up, double-dummy grid and par
when analysed, and the dealing seed so anyone can re-derive the deals; six boards a page.

Cavendish, Laws of Whist (hands "played completely through"): the four hands set out with the
turn-up card named; suits listed spades, hearts, diamonds, clubs as in PBN.
"""
from __future__ import annotations

from tournaments.deals.cards import SEATS

from .notation import DD_STRAINS, card_text, card_words, hand_rows, seat_name, strain_cell, vulnerability_text
from .sheet import EventSheet

TEMPLATE = "print/hand_records.html"
PER_PAGE = 6
DD_SEATS = ("N", "S", "E", "W")


def _dd(analysis) -> dict | None:
    if analysis is None:
        return None
    rows = [{"seat": s, "tricks": [analysis.double_dummy[s, t] for t in DD_STRAINS]} for s in DD_SEATS]
    par = analysis.par
    whist = dict(analysis.whist_tricks) if analysis.whist_tricks else None
    return {"strains": [strain_cell(t) for t in DD_STRAINS], "rows": rows,
            "par": par.label if par else "", "par_contracts": ", ".join(par.contracts) if par else "",
            "whist": whist}


def record(board, analysis=None) -> dict:
    turn_up = board.turn_up
    return {
        "number": board.number, "dealer": board.dealer, "dealer_name": seat_name(board.dealer),
        "vulnerability": board.vulnerability or "", "vulnerability_text": vulnerability_text(board),
        "vul_ns": board.vulnerability in ("NS", "All"), "vul_ew": board.vulnerability in ("EW", "All"),
        "turn_up": card_text(turn_up) if turn_up else "", "turn_up_words": card_words(turn_up) if turn_up else "",
        "turn_up_red": bool(turn_up and turn_up.suit in "HD"),
        "hands": {seat: hand_rows(board, seat) for seat in SEATS},
        "dd": _dd(analysis),
    }


def build(sheet: EventSheet, *, board: int | None = None, per_page: int = PER_PAGE) -> dict:
    boards = [b for b in sheet.boards if board is None or b.number == board]
    records = [record(b, sheet.analyses.get(b.number)) for b in boards]
    pages = []
    for i in range(0, len(records), per_page):
        chunk = records[i:i + per_page]
        pages.append([chunk[j:j + 2] for j in range(0, len(chunk), 2)])
    return {"sheet": sheet, "pages": pages, "analysed": any(r["dd"] for r in records)}
