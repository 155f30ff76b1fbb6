"""Score slips (pick-up slips): one per table per round, several a page, cut apart.

Two layouts. The Standard Hoyle's duplicate score slip (Duplicate Bridge): "The names of the
players, with their pair numbers, the number of the table at which they started, are entered
at the top of the slips. The first column on the slip shows the number of the deal, the
second the number of their adversaries, the third the trump, then points and honors won,
and points and honors lost, then in the last column the gross loss and gross gain." And the
modern contract-bridge slip: board, contract, by, tricks, score N-S / E-W.
"""
from __future__ import annotations

from .sheet import EventSheet, pair_in, pair_text

TEMPLATE = "print/score_slips.html"
LAYOUTS = ("hoyle", "contract")
USABLE_MM = 245  # printable height of the smaller paper (Letter) less the footer


def layout_for(sheet: EventSheet, layout: str | None = None) -> str:
    if layout:
        if layout not in LAYOUTS:
            raise ValueError(f"slip layout {layout!r} is not one of {', '.join(LAYOUTS)}")
        return layout
    return "contract" if sheet.game == "duplicate_bridge" else "hoyle"


def slips_per_page(boards_per_round: int) -> int:
    """How many slips fit a page: a slip is about 40 mm plus 8 mm a board."""
    return max(1, min(6, USABLE_MM // (40 + 8 * max(1, boards_per_round))))


def _starting_tables(sheet: EventSheet) -> dict[str, int]:
    first = sheet.movement.round(sheet.movement.first_round)
    out = {}
    for t in (first.tables if first else ()):
        for side in t.sides:
            for label in side:
                out[label] = t.table
    return out


def slips(sheet: EventSheet, *, table: int | None = None, pair: str | None = None) -> list[dict]:
    starts = _starting_tables(sheet)
    out = []
    for plan in sheet.movement:
        for tp in plan.tables:
            ns_side, ew_side = tp.sides
            if table is not None and tp.table != table:
                continue
            if pair is not None and pair not in ns_side + ew_side:
                continue
            ns, ew = " & ".join(ns_side), " & ".join(ew_side)
            out.append({
                "round": plan.round, "table": tp.table, "boards": list(tp.boards),
                "ns": pair_in(ns, "NS") if len(ns_side) == 1 else ns,
                "ew": pair_in(ew, "EW") if len(ew_side) == 1 else ew,
                "ns_label": pair_text(ns), "ew_label": pair_text(ew),
                "ns_names": " & ".join(sheet.name_of(x) for x in ns_side if sheet.name_of(x)),
                "ew_names": " & ".join(sheet.name_of(x) for x in ew_side if sheet.name_of(x)),
                "ns_start": starts.get(ns_side[0], ""), "ew_start": starts.get(ew_side[0], ""),
            })
    return out


def build(sheet: EventSheet, *, table: int | None = None, pair: str | None = None,
          layout: str | None = None) -> dict:
    items = slips(sheet, table=table, pair=pair)
    per = slips_per_page(sheet.movement.boards_per_round)
    pages = [items[i:i + per] for i in range(0, len(items), per)]
    return {"sheet": sheet, "pages": pages, "layout": layout_for(sheet, layout), "per_page": per}
