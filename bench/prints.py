"""Benchmark the prints: the full pack of a 13-table, 26-board Mitchell (seconds per page).

    .venv/bin/python bench/prints.py [--paper A4] [--no-analysis] [--no-previews] [--workers 2,4] [--no-pack]

Renders each kind of the pack (guide cards, travellers, score slips, score cards, whist hand
cards of a whist twin of the event, hand records with double-dummy grids, the results) from
one in-memory event, each beside its floor (WeasyPrint on the same text as one plain table, no
stylesheet but the paper, in the same process; CPU seconds, which a loaded machine stretches
less than wall seconds), joins the pack into one PDF as the Celery task does, prints a
table, writes PNG previews of each kind's first page with ``pdftoppm`` into bench/previews/
(git-ignored) and the figures to bench/results/prints.json.

Then the pack of the same event in the database as the Celery tasks make it (bench/prints_pack.py):
inline, on 2 and 4 worker processes, and again after one new result, beside the WeasyPrint floor
(the same text as plain table pages) measured in the same run; with BENCH_QUICK=1 (``make bench``)
without the inline renders (both pools, one after the other, on the same event). The workers need Redis: REDIS_URL,
else redis://127.0.0.1:6379/15 when it answers (only the bench's own keys are written there).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
os.environ.setdefault("DEBUG", "True")
os.environ.setdefault("CARDROOM_VAR_DIR", "/tmp/cardroom-bench-prints")


def _redis_answers(url: str) -> bool:
    import socket
    from urllib.parse import urlparse

    parsed = urlparse(url)
    try:
        socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=1).close()
    except OSError:
        return False
    return True


if "--no-pack" not in sys.argv and not os.environ.get("REDIS_URL") and _redis_answers("redis://127.0.0.1:6379/15"):
    os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/15"  # the workers' broker, results and cache

import django  # noqa: E402

django.setup()

from tournaments.deals.doubledummy import analyse_boards, analysis_available  # noqa: E402
from tournaments.movements.mitchell import mitchell  # noqa: E402
from tournaments.prints.demo import demo_sheet  # noqa: E402
from tournaments.prints.kinds import PACK_KINDS, build_print  # noqa: E402
from tournaments.prints.render import join_documents, render_document, render_html  # noqa: E402
from bench.prints_pack import floor_seconds  # noqa: E402

PREVIEWS = ROOT / "bench" / "previews"
RESULTS = Path(os.environ.get("BENCH_RESULTS_DIR") or ROOT / "bench" / "results") / "prints.json"
ORDER = ("guide-cards", "travellers", "score-slips", "score-cards", "hand-cards", "hand-records", "results")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", default="A4", choices=["A4", "Letter"])
    parser.add_argument("--no-analysis", action="store_true")
    parser.add_argument("--no-previews", action="store_true")
    parser.add_argument("--no-kinds", action="store_true", help="skip the in-memory kinds (the quick mode)")
    parser.add_argument("--no-pack", action="store_true", help="skip the database pack (inline and on workers)")
    parser.add_argument("--workers", default="2,4", help="worker process counts for the pack, e.g. 2,4 ('' for none)")
    parser.add_argument("--load-note", default="", help="what else ran on the machine (written to the JSON)")
    args = parser.parse_args()
    load_start = [round(x, 2) for x in os.getloadavg()]

    movement = mitchell(13, boards_per_round=2)
    bridge = demo_sheet(movement)
    analysed = not args.no_analysis and analysis_available()
    t_dd = 0.0
    if analysed:
        start = time.perf_counter()
        analyses = {a.number: a for a in analyse_boards(bridge.boards)}
        t_dd = time.perf_counter() - start
        bridge = demo_sheet(movement, analyses=analyses)
    whist = demo_sheet(movement, game="duplicate_whist", results=False)

    rows, documents, files = [], [], {}
    for kind in () if args.no_kinds else ORDER:
        sheet = whist if kind == "hand-cards" else bridge
        start, cpu = time.perf_counter(), time.process_time()
        template, context, title = build_print(sheet, kind)
        built = time.perf_counter()
        document = render_document(template, context, paper=args.paper, title=title)
        laid_out = time.perf_counter()
        pdf = document.write_pdf()
        done, cpu = time.perf_counter(), time.process_time() - cpu
        pages = len(document.pages)
        html = render_html(template, context, paper=args.paper, title=title)
        elements = html.count("<") - html.count("</") - html.count("<!")
        _floor_s, floor_pages, floor_cpu = floor_seconds([html])
        rows.append({"kind": kind, "pages": pages, "elements": elements, "context_s": round(built - start, 4),
                     "layout_s": round(laid_out - built, 3), "pdf_s": round(done - laid_out, 3),
                     "total_s": round(done - start, 3), "s_per_page": round((done - start) / pages, 4),
                     "cpu_s": round(cpu, 3), "floor_cpu_s": round(floor_cpu, 3), "floor_pages": floor_pages,
                     "load": round(os.getloadavg()[0], 2), "bytes": len(pdf)})
        if kind in PACK_KINDS:
            documents.append(document)
        files[kind] = pdf

    start = time.perf_counter()
    pack = join_documents(documents) if documents else b""
    t_join = time.perf_counter() - start
    pack_pages = sum(len(d.pages) for d in documents) or 1
    pack_seconds = sum(r["total_s"] for r in rows if r["kind"] in PACK_KINDS) + t_join

    print(f"{'kind':<14}{'pages':>6}{'elements':>9}{'layout s':>10}{'pdf s':>8}{'total s':>9}{'s/page':>9}"
          f"{'CPU s':>7}{'floor CPU s':>12}{'ratio':>6}{'load':>6}{'KiB':>6}")
    for r in rows:
        print(f"{r['kind']:<14}{r['pages']:>6}{r['elements']:>9}{r['layout_s']:>10.2f}{r['pdf_s']:>8.2f}"
              f"{r['total_s']:>9.2f}{r['s_per_page']:>9.3f}{r['cpu_s']:>7.2f}{r['floor_cpu_s']:>12.2f}"
              f"{r['cpu_s'] / r['floor_cpu_s']:>6.2f}{r['load']:>6.1f}{r['bytes'] / 1024:>6.0f}")
    print(f"{'pack':<14}{pack_pages:>6}{'':>10}{t_join:>8.2f}{pack_seconds:>9.2f}"
          f"{pack_seconds / pack_pages:>9.3f}{len(pack) / 1024:>8.0f}")
    if analysed:
        print(f"double-dummy analysis of {len(bridge.boards)} boards: {t_dd:.2f} s (not counted above)")

    previews = []
    if not args.no_previews and shutil.which("pdftoppm"):
        PREVIEWS.mkdir(parents=True, exist_ok=True)
        for kind, pdf in files.items():
            source = PREVIEWS / f"{kind}-{args.paper.lower()}.pdf"
            source.write_bytes(pdf)
            prefix = PREVIEWS / f"{kind}-{args.paper.lower()}"
            subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "2", str(source), str(prefix)], check=True)
            previews.extend(sorted(p.name for p in PREVIEWS.glob(f"{kind}-{args.paper.lower()}*.png")))
        (PREVIEWS / f"pack-{args.paper.lower()}.pdf").write_bytes(pack)
        print(f"previews in {PREVIEWS}")

    db_pack = None if args.no_pack else pack_figures(args)

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "event": {"movement": "mitchell", "tables": 13, "rounds": movement.rounds, "boards": movement.boards,
                  "pairs": len(movement.entrants), "analysed": analysed},
        "paper": args.paper, "kinds": rows,
        "pack": {"pages": pack_pages, "seconds": round(pack_seconds, 2), "s_per_page": round(pack_seconds / pack_pages, 4),
                 "bytes": len(pack)},
        "double_dummy_s": round(t_dd, 2), "previews": previews, "db_pack": db_pack,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform(),
                    "load_average_start": load_start, "load_average": [round(x, 2) for x in os.getloadavg()],
                    "note": args.load_note},
    }, indent=2) + "\n")
    print(f"wrote {RESULTS}")
    return 0


def pack_figures(args) -> dict:
    """The database pack inline, on workers and after one new result, beside the floor; a table."""
    from django.conf import settings
    from django.core.management import call_command

    from bench.prints_pack import bench_pack

    call_command("migrate", verbosity=0, interactive=False)
    counts = tuple(int(n) for n in args.workers.split(",") if n.strip()) if settings.REDIS_URL else ()
    figures = bench_pack(13, counts, args.paper, inline=not os.environ.get("BENCH_QUICK"))
    if args.workers and not settings.REDIS_URL:
        figures["note"] = "no Redis: the worker figures were skipped"
    floor, floor_cpu = figures["floor_s"], figures["floor_cpu_s"]
    print(f"\n{'pack in the database (13 tables, 26 boards)':<46}{'s':>8}{'floor s':>9}{'ratio':>7}"
          f"{'CPU s':>8}{'floor CPU s':>12}{'ratio':>7}{'load':>6}")
    for key, label in [("inline_s", "inline, one process"), ("inline_rerender_s", "inline, after one new result"),
                       *[(f"workers_{n}_s", f"{n} worker processes") for n in counts],
                       *[(f"workers_{n}_rerender_s", f"{n} worker processes, after one new result") for n in counts]]:
        if key not in figures:
            continue
        cpu = figures.get(key.replace("_s", "_cpu_s"))
        print(f"{label:<46}{figures[key]:>8.2f}{floor:>9.2f}{figures[key] / floor:>7.2f}{cpu:>8.2f}{floor_cpu:>12.2f}"
              f"{cpu / floor_cpu:>7.2f}{figures['load'][key]:>6.1f}")
    print(f"floor: WeasyPrint on plain table pages of the same text (one plain table a kind), {figures['floor_pages']} "
          f"pages, one process; {figures['parts']} parts; CPU: every process of the pool"
          + (f"; the floor again just after the first pool's pack: {figures['floor_after_cpu_s']} CPU s"
             if "floor_after_cpu_s" in figures else ""))
    return figures


if __name__ == "__main__":
    raise SystemExit(main())
