"""Club evening benchmark: runs the browser test of a whole 9-pair Mitchell played from the pages
(tests/browser/test_club_evening_browser.py: Debian Chromium, a director's laptop and ten table
phones) and reports what it measured: how long *Start* takes to answer (double dummy goes to a
thread, as under ``make run``) and to show the page, and the time from a table's confirmation on
its E-W phone to the live standings showing that board on another phone (a player at home; the
page polls every 5 s). Prints a table and writes bench/results/evening.json.

    python bench/evening.py [--runs 1]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/browser/test_club_evening_browser.py"


def run_once() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "evening.json"
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", TEST, "-q", "-p", "no:logging"], cwd=ROOT,
                              env={**os.environ, "CARDROOM_BENCH_EVENING": str(out)},
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0 or not out.exists():
            sys.stderr.write(done.stdout[-4000:])
            raise SystemExit(f"the evening test failed (exit {done.returncode})")
        figures = json.loads(out.read_text())
        figures["whole_evening_s"] = round(time.perf_counter() - started, 1)
        return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    runs = [run_once() for _ in range(max(1, args.runs))]
    report = {"runs": len(runs)}
    for key in runs[0]:
        values = sorted(r[key] for r in runs)
        report[key] = values[len(values) // 2]  # the median run
    print(f"{'measure (median of runs)':<40}{'value':>10}")
    for key, value in report.items():
        print(f"{key:<40}{value:>10}")
    path = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "evening.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
