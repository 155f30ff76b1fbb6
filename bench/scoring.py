"""Scoring benchmark: an Epson-scale field (26 boards x 21,000 results) by matchpoints and
cross-IMPs, and one 2,000-result board by cross-IMPs against the all-pairs baseline.

Run: .venv/bin/python bench/scoring.py [--quick]
Prints a table and writes bench/results/scoring.json.
"""
from __future__ import annotations

import json
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the repository's ``scoring`` package, not this file

from scoring.engine import (BoardResults, Method, Result, cross_imps, cross_imps_all_pairs,  # noqa: E402
                            duplicate_score, matchpoints, score_session)
from scoring.engine.matchpoints import matchpoints_bisect  # noqa: E402

SEED = 1988  # the Epson Worldwide Bridge Contest's year
CONTRACTS = ["1NT", "2H", "2S", "3C", "3D", "3NT", "4H", "4S", "5C", "5D", "6NT", "4HX", "3NTX", "2SX"]


def board_field(rng: random.Random, board: int, n: int) -> list[int]:
    """n plausible N-S results on one board: a few popular contracts, tricks spread round par."""
    popular = rng.sample(CONTRACTS, 5)
    vul = ("None", "NS", "EW", "All")[(board - 1 + (board - 1) // 4) % 4]
    scores = []
    for _ in range(n):
        contract = popular[min(int(rng.expovariate(1.0)), 4)]
        declarer = rng.choice("NESW")
        need = int(contract[0]) + 6
        tricks = max(0, min(13, need + round(rng.gauss(0, 1.2))))
        scores.append(duplicate_score(contract, declarer, tricks, vul))
    return scores


def timed(fn, *args, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - start)
    return best


def main(quick: bool = False) -> dict:
    rng = random.Random(SEED)
    tables = 2_100 if quick else 21_000
    field = [board_field(rng, b, tables) for b in range(1, 27)]
    n_results = sum(len(s) for s in field)
    distinct = sum(len(set(s)) for s in field) / len(field)
    rows = []

    def record(task, results, seconds, baseline=None):
        rows.append({"task": task, "results": results, "seconds": round(seconds, 4),
                     "results_per_s": round(results / seconds) if seconds else None,
                     "speed_up": round(baseline / seconds, 1) if baseline else None})

    record("Epson field, matchpoints (run-length counting)", n_results,
           timed(lambda: [matchpoints(s) for s in field], repeat=3))
    record("Epson field, matchpoints (sort + bisect)", n_results,
           timed(lambda: [matchpoints_bisect(s) for s in field], repeat=3))
    record("Epson field, cross-IMPs (sort + threshold counts)", n_results,
           timed(lambda: [cross_imps(s) for s in field], repeat=3))
    # Every pair plays every board (the Epson field all played the same hands): 2 x 21,000 entrants.
    boards = [BoardResults(b + 1, tuple(Result(f"N{i}", f"E{i}", s) for i, s in enumerate(scores)))
              for b, scores in enumerate(field)]
    record("Epson field, score_session matchpoints (all rankings)", n_results,
           timed(score_session, boards, Method("matchpoints")))
    record("Epson field, score_session cross-IMPs (all rankings)", n_results,
           timed(score_session, boards, Method("cross-imps")))

    big = board_field(random.Random(SEED + 1), 7, 2_000)
    big = [s + 10 * random.Random(i).randint(-3, 3) for i, s in enumerate(big)]  # more distinct scores
    base = timed(cross_imps_all_pairs, big)
    fast = timed(cross_imps, big, repeat=3)
    assert cross_imps(big) == cross_imps_all_pairs(big)
    record("2,000-result board, cross-IMPs all pairs O(n^2)", len(big), base)
    record("2,000-result board, cross-IMPs sort + counts", len(big), fast, baseline=base)

    report = {
        "seed": SEED, "boards": len(field), "results_per_board": tables,
        "mean_distinct_scores_per_board": round(distinct, 1),
        "python": platform.python_version(), "machine": platform.machine(), "rows": rows,
    }
    width = max(len(r["task"]) for r in rows)
    print(f"{'task':<{width}}  {'results':>8}  {'seconds':>8}  {'results/s':>11}  {'speed-up':>8}")
    for r in rows:
        speed = f"{r['speed_up']}x" if r["speed_up"] else ""
        print(f"{r['task']:<{width}}  {r['results']:>8}  {r['seconds']:>8.4f}  {r['results_per_s']:>11,}  {speed:>8}")
    out = ROOT / "bench" / "results" / "scoring.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    if not quick:
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out.relative_to(ROOT)}")
    return report


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
