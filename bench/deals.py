"""Benchmark the deals package: dealing throughput and double-dummy time per board.

    .venv/bin/python bench/deals.py [--boards 36] [--deals 5000]

Prints a table and writes bench/results/deals.json.  "ours" is ``analyse_boards`` (batched
CalcAllTables + par for the set); "endplay direct" is ``calc_dd_table`` called per deal.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.deals.dealing import deal_index_for, deal_set  # noqa: E402
from tournaments.deals.doubledummy import analyse_boards, analysis_available  # noqa: E402
from tournaments.deals.numbering import deal_from_index, deal_index  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--deals", type=int, default=5000)
    args = parser.parse_args()
    rows = []

    t, _ = timed(lambda: [deal_index_for("bench", n) for n in range(1, args.deals + 1)])
    rows.append(("seeded index draws (HMAC-SHA256 + rejection)", args.deals / t, "per s"))
    t, boards = timed(lambda: deal_set("bench", args.deals))
    rows.append(("full boards dealt (draw + unrank + validate)", args.deals / t, "per s"))
    indexes = [deal_index(b.deal) for b in boards]
    t, _ = timed(lambda: [deal_from_index(i) for i in indexes])
    rows.append(("index -> deal", args.deals / t, "per s"))
    t, _ = timed(lambda: [deal_index(b.deal) for b in boards])
    rows.append(("deal -> index", args.deals / t, "per s"))

    if analysis_available():
        from endplay.dds import calc_dd_table
        from endplay.types import Deal as EpDeal

        subset = list(boards[: args.boards])
        t_ours, _ = timed(lambda: analyse_boards(subset))
        rows.append((f"ours: analyse_boards, {len(subset)} boards (DD + par)", 1000 * t_ours / len(subset), "ms/board"))
        rows.append((f"ours: whole set of {len(subset)}", t_ours, "s"))
        t_direct, _ = timed(lambda: [calc_dd_table(EpDeal(b.deal.to_pbn())) for b in subset])
        rows.append(("endplay calc_dd_table, one at a time", 1000 * t_direct / len(subset), "ms/board"))
    else:
        rows.append(("double dummy", float("nan"), "endplay unavailable"))

    width = max(len(r[0]) for r in rows)
    print(f"{'measure'.ljust(width)}  {'value':>12}  unit")
    for name, value, unit in rows:
        print(f"{name.ljust(width)}  {value:12.1f}  {unit}")
    out = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "deals.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "python": platform.python_version(),
        "machine": platform.machine(),
        "boards": args.boards,
        "deals": args.deals,
        "results": [{"measure": n, "value": round(v, 3), "unit": u} for n, v, u in rows],
    }, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
