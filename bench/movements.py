"""Benchmark: generate + validate every movement kind at 2..30 tables; prints a table and
writes bench/results/movements.json."""

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.movements import generate, suggest, validate  # noqa: E402


def timed(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    rows = []
    for kind, sizes in (("mitchell", range(3, 31, 2)), ("skip-mitchell", range(4, 31, 2)),
                        ("relay-mitchell", range(4, 31, 2)), ("howell", range(2, 31)),
                        ("rainbow", (5, 7, 11, 13, 17, 19, 23, 25, 29)),
                        ("team-round-robin", range(2, 31))):
        for t in (min(sizes), max(sizes)):
            gen = timed(lambda: generate(kind, tables=t))
            movement = generate(kind, tables=t)
            val = timed(lambda: validate(movement))
            rows.append({"kind": kind, "tables": t, "rounds": movement.rounds,
                         "generate_ms": round(gen * 1000, 2), "validate_ms": round(val * 1000, 2)})
    rows.append({"kind": "suggest 3..30 pairs", "tables": 0, "rounds": 0,
                 "generate_ms": round(timed(lambda: [suggest(pairs=p) for p in range(3, 31)],
                                            1) * 1000, 1), "validate_ms": 0})
    print(f"{'kind':22} {'tables':>6} {'rounds':>6} {'gen ms':>8} {'val ms':>8}")
    for r in rows:
        print(f"{r['kind']:22} {r['tables']:>6} {r['rounds']:>6} {r['generate_ms']:>8} "
              f"{r['validate_ms']:>8}")
    out = Path(os.environ.get("BENCH_RESULTS_DIR") or Path(__file__).resolve().parents[1] / "bench" / "results") / "movements.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
