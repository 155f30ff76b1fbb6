"""Club evening benchmark: runs the browser test of a whole 9-pair Mitchell played from the pages
(tests/browser/test_club_evening_browser.py: Debian Chromium, a director's laptop and ten table
phones) and reports what it measured: how long *Start* takes to answer (double dummy goes to a
thread, as under ``make run``) and to show the page, and the time from a table's confirmation on
its E-W phone to the live standings showing that board on another phone (a player at home; the
page polls every 5 s). Then table entry under load (``bench/table_entry.py``: thirty table phones
at once against gunicorn, POST and confirm p50/p95 beside a one-row-insert view, time inside the
worker, statements per table request), and the same figures measured before issue 18's work
(``bench/results/table_entry_before.json``, kept). Prints a table and writes bench/results/evening.json.

    python bench/evening.py [--runs 1] [--quick] [--no-browser]

``--quick`` (or BENCH_QUICK): one run, two boards per table phone. Table entry uses DATABASE_URL
(PostgreSQL is what it is meant for) or a fresh SQLite file.
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


def table_entry(quick: bool) -> dict:
    """bench/table_entry.py in a process of its own; its JSON, with the figures before issue 18."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, str(ROOT / "bench" / "table_entry.py"), *(["--quick"] if quick else [])],
                              cwd=ROOT, env={**os.environ, "BENCH_RESULTS_DIR": tmp}, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        out = Path(tmp) / "table_entry.json"
        if done.returncode != 0 or not out.exists():
            sys.stderr.write(done.stdout[-4000:])
            return {"error": f"bench/table_entry.py failed (exit {done.returncode})"}
        print(done.stdout.split("AXES")[-1].split("\n", 1)[-1])
        figures = json.loads(out.read_text())
    before = ROOT / "bench" / "results" / "table_entry_before.json"
    if before.exists():
        figures["before"] = json.loads(before.read_text())
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--quick", action="store_true", default=bool(os.environ.get("BENCH_QUICK")))
    parser.add_argument("--no-browser", action="store_true", help="table entry only")
    args = parser.parse_args()
    runs = [] if args.no_browser else [run_once() for _ in range(1 if args.quick else max(1, args.runs))]
    report = {"runs": len(runs)}
    for key in runs[0] if runs else ():
        values = sorted(r[key] for r in runs)
        report[key] = values[len(values) // 2]  # the median run
    print(f"{'measure (median of runs)':<40}{'value':>10}")
    for key, value in report.items():
        print(f"{key:<40}{value:>10}")
    report["table_entry"] = table_entry(args.quick)
    path = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "evening.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
