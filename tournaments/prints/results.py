"""Results: the ranking (one field, or N-S and E-W for a two-winner movement) with totals,
percentages and ties ("3=", EBU White Book 143.1 via the scoring engine's rank), then a
board-by-board summary: how many results, the top, and the best score each way.
"""
from __future__ import annotations

from .notation import number, signed
from .sheet import EventSheet, pair_text, results_by_board

TEMPLATE = "print/results.html"
FIELD_NAMES = {"": "", "NS": "North-South", "EW": "East-West"}


def ranking(sheet: EventSheet, session) -> list[dict]:
    imps = session.method not in ("matchpoints", "neuberg")
    overall = {(o.section, o.entrant): o.overall for o in sheet.overall}
    fields: dict[str, list] = {}
    for s in session.standings:
        fields.setdefault(s.field, []).append({
            "rank": s.rank, "pair": pair_text(s.entrant), "names": sheet.name_of(s.entrant),
            "total": signed(s.total) if imps else number(s.total), "top": number(s.top),
            "percentage": f"{s.percentage:.2f}" if s.percentage is not None else "", "boards": s.boards,
            "tied": s.rank.endswith("="), "overall": overall.get((sheet.section, s.entrant), "")})
    order = sorted(fields, key=lambda k: {"": 0, "NS": 1, "EW": 2}.get(k, 3))
    return [{"name": FIELD_NAMES.get(k, k), "rows": fields[k]} for k in order]


def overall_ranking(sheet: EventSheet, imps: bool) -> list[dict]:
    """An event scored across the field: every section's entrants in one ranking (per direction)."""
    fields: dict[str, list] = {}
    for o in sheet.overall:
        fields.setdefault(o.field, []).append({
            "overall": o.overall, "section": o.section, "pair": pair_text(o.entrant), "names": o.names,
            "total": signed(o.total) if imps else number(o.total), "top": number(o.top),
            "percentage": f"{o.percentage:.2f}" if o.percentage is not None else "", "rank": o.rank})
    return [{"name": FIELD_NAMES.get(k, k), "rows": rows} for k, rows in fields.items()]


def board_summary(sheet: EventSheet, session) -> list[dict]:
    by_board = results_by_board(sheet)
    tops = {int(b.board): b for b in session.boards}
    rows = []
    for number_, results in sorted(by_board.items()):
        real = [r for r in results if r.score_ns is not None and not r.is_adjusted]
        best_ns = max(real, key=lambda r: r.score_ns, default=None)
        best_ew = min(real, key=lambda r: r.score_ns, default=None)
        scored = tops.get(number_)
        rows.append({
            "board": number_, "results": len(results), "adjusted": sum(1 for r in results if r.is_adjusted),
            "top": number(scored.top) if scored and scored.top is not None else "",
            "datum": signed(scored.datum) if scored and scored.datum is not None else "",
            "best_ns": signed(best_ns.score_ns) if best_ns else "", "best_ns_by": pair_text(best_ns.ns) if best_ns else "",
            "best_ew": signed(-best_ew.score_ns) if best_ew else "", "best_ew_by": pair_text(best_ew.ew) if best_ew else "",
        })
    return rows


def build(sheet: EventSheet) -> dict:
    session = sheet.scored
    if session is None:
        return {"sheet": sheet, "scored": False, "fields": [], "boards": [], "imps": False, "overall": []}
    imps = session.method not in ("matchpoints", "neuberg")
    return {"sheet": sheet, "scored": True, "fields": ranking(sheet, session), "boards": board_summary(sheet, session),
            "imps": imps, "overall": overall_ranking(sheet, imps), "method": {"matchpoints": "matchpoints", "butler": "IMPs against the datum (Butler)",
                                     "cross-imps": "Cross-IMPs", "neuberg": "Matchpoints (Neuberg)",
                                     "average": "plus or minus the average (Standard Hoyle)",
                                     "total_tricks": "total tricks"}.get(session.method, session.method)}
