"""Every benchmark in its quick mode, one after another, then one table of the figures that
matter, each beside its target and its floor measured in the same run (issue 18).

    .venv/bin/python bench/summary.py [--only scoring,start] [--skip evening]   (make bench)

Each script writes its JSON to bench/results/quick/ (git-ignored; BENCH_RESULTS_DIR); this
collects a row per figure, ``{"figure", "value", "target", "floor", "unit", "higher_is_better"}``
(plus a ``note``), into bench/results/summary.json and prints the same as a table. A script
that is absent (bench/teams.py, bench/rating.py come from other work) is skipped with a note; one
that fails leaves a row saying so. The Django benchmarks run on a fresh SQLite file unless
DATABASE_URL is set; the live-standings one uses a Celery worker when REDIS_URL is set.
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

ROOT = Path(__file__).resolve().parents[1]
QUICK = ROOT / "bench" / "results" / "quick"
OUT = ROOT / "bench" / "results" / "summary.json"
PYTHON = sys.executable


def row(figure, value, *, target=None, floor=None, unit="s", higher_is_better=False, note="") -> dict:
    return {"figure": figure, "value": value, "target": target, "floor": floor, "unit": unit,
            "higher_is_better": higher_is_better, "note": note}


def own_rows(report: dict) -> list[dict]:
    """A script that writes its own summary rows (scoring, start, and any that follow suit)."""
    return list(report.get("summary") or [])


def deals_rows(report: dict) -> list[dict]:
    by = {r["measure"]: r for r in report.get("results", [])}
    ours = next((r for m, r in by.items() if m.startswith("ours: analyse_boards")), None)
    direct = by.get("endplay calc_dd_table, one at a time")
    out = [row("full boards dealt", by["full boards dealt (draw + unrank + validate)"]["value"], unit="per s",
               higher_is_better=True)]
    if ours and direct:
        out.append(row("double dummy + par per board (analyse_boards)", ours["value"], unit="ms",
                       floor=direct["value"], note="floor: endplay calc_dd_table per board, same run"))
    return out


def movements_rows(report) -> list[dict]:
    worst = max(report, key=lambda r: r["generate_ms"] + r["validate_ms"])
    return [row(f"movement generate + validate, worst ({worst['kind']} {worst['tables']} tables)",
                round(worst["generate_ms"] + worst["validate_ms"], 2), unit="ms")]


def prints_rows(report: dict) -> list[dict]:
    pack, db = report.get("pack") or {}, report.get("db_pack") or {}
    if not db:
        return [row("print pack, 13 tables x 26 boards, one process", pack.get("seconds"), target=15.0,
                    note="target: < 15 s with 2 worker processes (issue 18); here one process renders every kind")]
    floor, note = db.get("floor_s"), "floor: WeasyPrint on plain table pages of the same text, one process, same run"
    out = [row("print pack, 13 tables x 26 boards, inline (one process)", db.get("inline_s"),
               target=round(1.3 * floor, 2) if floor else None, floor=floor, note=note + "; target 1.3x the floor")]
    for n, target in ((2, 15.0), (4, 8.0)):
        if f"workers_{n}_s" in db:
            out.append(row(f"print pack, 13 tables x 26 boards, {n} worker processes", db[f"workers_{n}_s"],
                           target=target, floor=floor, note=note))
    rerender = min((v for k, v in db.items() if k.endswith("rerender_s")), default=None)
    out.append(row("print pack again after one new result (best of inline and workers)", rerender, target=5.0,
                   floor=floor, note="only the travellers, score cards and results are laid out again"))
    return out


def event_rows(report: dict) -> list[dict]:
    live, big, stand = report.get("live", {}), report.get("rescore", {}), report.get("standings", {})
    worker = "a worker" if live.get("worker") else "tasks inline (no REDIS_URL)"
    return [row(f"confirmed result -> standings, p50 ({worker})", live.get("latency_median_ms"), target=100,
                unit="ms"),
            row(f"confirmed result -> standings, p95 ({worker})", live.get("latency_p95_ms"), target=300, unit="ms"),
            row(f"rescore {big.get('tables')} tables x 26 boards from the database", big.get("rescore_s"), unit="s"),
            row("standings GET, a poll that finds nothing new: 304 (requests/s, one client)", stand.get("rps_304"),
                floor=stand.get("rps"), unit="per s", higher_is_better=True,
                note="floor: the same GET answered 200 with the standings, same run")]


def evening_rows(report: dict) -> list[dict]:
    rows = [row("club evening in a browser: Start answers", report.get("start_returns_s"), target=0.2),
            row("club evening: a confirmation shows on another phone (page polls every 5 s)",
                report.get("confirm_to_other_phone_s"), note="includes the page's 5 s poll interval")]
    return rows + table_entry_rows(report.get("table_entry") or {})


def table_entry_rows(entry: dict) -> list[dict]:
    """Table entry, 30 phones at once (bench/table_entry.py, run by bench/evening.py)."""
    if not entry or entry.get("error"):
        return [row("table entry: no figures", None, note=entry.get("error", "not run"))]
    inside, alone = entry.get("inside_worker_ms") or {}, entry.get("alone") or {}
    floor = entry.get("insert_floor_p50_ms")
    note = f"{entry.get('database')}, floor: a one-row-insert view under the same load"
    out = [row(f"table {kind} p{p}, {entry.get('phones')} phones at once", entry.get(f"{kind}_p{p}_ms"),
               target=100.0 if p == 50 else 250.0, floor=floor if p == 50 else entry.get("insert_floor_p95_ms"),
               unit="ms", note=note)
           for kind in ("post", "confirm") for p in (50, 95)]
    for kind in ("post", "confirm"):
        mine, base = (inside.get(kind) or {}).get("p50"), (inside.get("insert") or {}).get("p50")
        out.append(row(f"table {kind}: time inside the worker, p50", mine, floor=base, unit="ms",
                       target=None if base is None else round(2 * base, 1), note="target: 2x the floor's"))
    out.append(row("statements per table GET / POST / confirm (worst)",
                   max(alone.get(k, 0) for k in ("get_queries", "post_queries", "confirm_queries")), target=6,
                   unit="count", note=f"{alone.get('get_queries')}/{alone.get('post_queries')}/"
                                      f"{alone.get('confirm_queries')}"))
    return out


def teams_rows(report: dict) -> list[dict]:
    return [row(r["task"], r.get("seconds"), target=r.get("target_seconds"), floor=r.get("floor_seconds"),
                note=r.get("note", "")) for r in report.get("rows", [])]


def rating_rows(report: dict) -> list[dict]:
    if isinstance(report, dict) and report.get("summary"):
        return own_rows(report)
    rows = report.get("rows", []) if isinstance(report, dict) else report
    return [row(r.get("task") or r.get("measure") or r.get("figure") or "rating", r.get("seconds", r.get("value")),
                target=r.get("target_seconds", r.get("target")), floor=r.get("floor_seconds", r.get("floor")),
                note=r.get("note", "")) for r in rows if isinstance(r, dict)]


# name, quick arguments, what needs a database, rows from its JSON, time limit (s)
BENCHES = [
    ("scoring", ["--quick"], False, own_rows, 300),
    ("start", ["--quick"], True, own_rows, 300),
    ("movements", [], False, movements_rows, 120),
    ("deals", ["--boards", "6", "--deals", "1000"], False, deals_rows, 300),
    ("event", ["--tables", "200", "--live-tables", "5", "--seconds", "2"], True, event_rows, 300),
    ("prints", ["--no-analysis", "--no-previews", "--no-kinds"], True, prints_rows, 420),
    ("evening", [], True, evening_rows, 420),
    ("teams", [], False, teams_rows, 300),
    ("rating", [], True, rating_rows, 300),
    # its own PostgreSQL database (BENCH_PG_URL) and Redis (BENCH_REDIS_URL), Celery workers started by it
    ("sim", ["--quick"], False, own_rows, 900),
]


def migrated_sqlite() -> str:
    path = Path(tempfile.gettempdir()) / f"cardroom-bench-{os.getpid()}.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "DEBUG": "True"}
    subprocess.run([PYTHON, str(ROOT / "manage.py"), "migrate", "--noinput", "-v", "0"], env=env, check=True,
                   cwd=ROOT, timeout=300)
    return env["DATABASE_URL"]


def run(name: str, args: list[str], needs_db: bool, limit: int, database: str | None) -> tuple[dict | list | None, str]:
    script = ROOT / "bench" / f"{name}.py"
    if not script.exists():
        return None, f"bench/{name}.py is absent: skipped"
    env = {**os.environ, "BENCH_RESULTS_DIR": str(QUICK), "BENCH_QUICK": "1", "DEBUG": "True"}
    if needs_db and database:
        env["DATABASE_URL"] = database
    out = QUICK / f"{name}.json"
    out.unlink(missing_ok=True)
    full = ROOT / "bench" / "results" / f"{name}.json"
    kept = full.read_bytes() if full.exists() else None  # the full run's figures, committed
    started = time.perf_counter()
    try:
        done = subprocess.run([PYTHON, str(script), *args], env=env, cwd=ROOT, capture_output=True, text=True,
                              timeout=limit)
        seconds = time.perf_counter() - started
        if done.returncode != 0:
            return None, f"failed ({done.returncode}): {(done.stderr or done.stdout).strip().splitlines()[-1:]}"
        if not out.exists() and full.exists() and full.read_bytes() != kept:
            out = full  # a script that writes only its full results file
        if not out.exists():
            return None, "wrote no JSON"
        return json.loads(out.read_text()), f"{seconds:.0f} s"
    except subprocess.TimeoutExpired:
        return None, f"stopped after {limit} s"
    finally:
        if kept is not None and full.read_bytes() != kept:
            full.write_bytes(kept)  # a quick run does not replace them


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    parser.add_argument("--skip", default=os.environ.get("BENCH_SKIP", ""), help="comma-separated names to skip")
    args = parser.parse_args()
    only = {n for n in args.only.split(",") if n}
    skip = {n for n in args.skip.split(",") if n}
    QUICK.mkdir(parents=True, exist_ok=True)
    database = os.environ.get("DATABASE_URL") or migrated_sqlite()
    rows, notes = [], {}
    started = time.perf_counter()
    for name, quick_args, needs_db, to_rows, limit in BENCHES:
        if (only and name not in only) or name in skip:
            continue
        print(f"-- {name} ...", flush=True)
        report, how = run(name, quick_args, needs_db, limit, database)
        notes[name] = how
        if report is None:
            rows.append({**row(f"{name}: no figures", None, note=how), "bench": name})
            continue
        try:
            rows += [{**r, "bench": name} for r in to_rows(report)]
        except (KeyError, TypeError, ValueError) as exc:
            rows.append({**row(f"{name}: its JSON was not understood", None, note=f"{type(exc).__name__}: {exc}"),
                         "bench": name})
    if only and OUT.exists():  # the other benchmarks' rows of the last run stay
        ran = {r.get("bench") for r in rows} | only
        rows = [r for r in json.loads(OUT.read_text()) if r.get("bench") not in ran] + rows
    OUT.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print_table(rows)
    print(f"\n{len(rows)} figures in {time.perf_counter() - started:.0f} s; "
          + "; ".join(f"{n}: {h}" for n, h in notes.items()))
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


def met(r: dict) -> str:
    value, target = r.get("value"), r.get("target")
    if value is None or target is None:
        return ""
    return "yes" if (value >= target if r.get("higher_is_better") else value <= target) else "NO"


def print_table(rows: list[dict]) -> None:
    width = min(78, max((len(r["figure"]) for r in rows), default=10))
    print(f"\n{'figure':<{width}}  {'value':>10}  {'target':>8}  {'floor':>8}  {'unit':<6} {'met':<3}")
    for r in rows:
        cells = ["" if r.get(k) is None else f"{r[k]:.4g}" if isinstance(r[k], float) else str(r[k])
                 for k in ("value", "target", "floor")]
        print(f"{r['figure'][:width]:<{width}}  {cells[0]:>10}  {cells[1]:>8}  {cells[2]:>8}  {r['unit']:<6} {met(r):<3}")


if __name__ == "__main__":
    raise SystemExit(main())
